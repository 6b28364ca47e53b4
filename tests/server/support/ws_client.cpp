#include "support/ws_client.hpp"

#include <doctest/doctest.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <stdexcept>

namespace ringside::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

std::shared_ptr<ssl::context> trusting(const std::string& ca_file) {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
  SSL_CTX_set_min_proto_version(ctx->native_handle(), TLS1_2_VERSION);
  ctx->load_verify_file(ca_file);
  ctx->set_verify_mode(ssl::verify_peer);
  return ctx;
}

ws_client::ws_client(std::uint16_t port, int receive_buffer)
    : ws_(ringside::net::transport(beast::tcp_stream(ioc_))) {
  auto& sock = ws_.next_layer().tcp().socket();
  sock.open(tcp::v4());
  if (receive_buffer > 0) sock.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  ws_.text(true);
}

ws_client::ws_client(std::uint16_t port, const std::string& ca_file)
    : tls_(trusting(ca_file)), ws_(ringside::net::transport(beast::tcp_stream(ioc_), *tls_)) {
  ws_.next_layer().tcp().socket().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  auto& layer = *ws_.next_layer().tls();
  layer.set_verify_callback(ssl::host_name_verification("127.0.0.1"));
  layer.handshake(ssl::stream_base::client);
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  ws_.text(true);
}

ws_client::ws_client(std::uint16_t port, via_proxy from)
    : ws_(ringside::net::transport(beast::tcp_stream(ioc_))) {
  ws_.next_layer().tcp().socket().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws_.set_option(websocket::stream_base::decorator(
      [f = std::move(from.forwarded_for)](websocket::request_type& req) {
        req.set("X-Forwarded-For", f);
      }));
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  ws_.text(true);
}

ws_client::ws_client(std::uint16_t port, at_path where)
    : ws_(ringside::net::transport(beast::tcp_stream(ioc_))) {
  ws_.next_layer().tcp().socket().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws_.handshake("127.0.0.1:" + std::to_string(port), where.path);
  ws_.text(true);
}

ws_client::~ws_client() {
  beast::error_code ec;
  ws_.next_layer().tcp().socket().close(ec);
}

bool ws_client::send_text(std::string_view text) {
  if (closed_) return false;
  beast::error_code ec;
  ws_.text(true);
  ws_.write(net::buffer(text.data(), text.size()), ec);
  return !ec;
}

bool ws_client::send_binary(std::string_view bytes) {
  if (closed_) return false;
  beast::error_code ec;
  ws_.binary(true);
  ws_.write(net::buffer(bytes.data(), bytes.size()), ec);
  ws_.text(true);
  return !ec;
}

bool ws_client::ping() {
  if (closed_) return false;
  beast::error_code ec;
  ws_.ping({}, ec);
  return !ec;
}

bool ws_client::pump(std::chrono::milliseconds timeout) {
  if (closed_) return false;
  if (!reading_) {
    reading_ = true;
    ready_ = false;
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
      reading_ = false;
      if (ec) {
        closed_ = true;
        close_code_ = ws_.reason().code == websocket::close_code::none
                          ? -1
                          : static_cast<int>(ws_.reason().code);
      } else {
        ready_ = true;
      }
    });
  }
  ioc_.restart();
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (reading_ && std::chrono::steady_clock::now() < deadline) {
    ioc_.run_one_until(deadline);
  }
  return ready_;
}

std::optional<json> ws_client::recv(std::chrono::milliseconds timeout) {
  if (!pump(timeout)) return std::nullopt;
  ready_ = false;
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return json::parse(text);
}

json ws_client::expect(std::string_view type, std::chrono::milliseconds timeout) {
  auto m = recv(timeout);
  REQUIRE_MESSAGE(m.has_value(), "expected a '" << type << "' message, got nothing");
  INFO("message: " << m->dump());
  REQUIRE(m->value("type", "") == type);
  return *m;
}

json ws_client::next_of(std::string_view type, std::chrono::milliseconds timeout) {
  for (int i = 0; i < 1000; ++i) {
    const auto m = recv(timeout);
    REQUIRE_MESSAGE(m.has_value(), "no '" << type << "' message");
    if (m->value("type", "") == type) return *m;
  }
  FAIL("no '" << type << "' among 1000 messages");
  return {};
}

json ws_client::request(const json& msg, std::string_view type) {
  REQUIRE(send(msg));
  return expect(type);
}

json ws_client::hello(const std::string& name) {
  return request(json{{"type", "hello"}, {"name", name}}, "welcome");
}

int ws_client::wait_closed(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!closed_ && std::chrono::steady_clock::now() < deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (recv(left)) continue;  // drain whatever was still queued
  }
  return closed_ ? close_code_ : -1;
}

std::pair<int, std::string> http_get(std::uint16_t port, const std::string& target) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.keep_alive(false);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return {static_cast<int>(res.result_int()), res.body()};
}

}  // namespace ringside::test

namespace ringside::test {

https_answer https_get(std::uint16_t port, const std::string& ca_file, const std::string& target) {
  net::io_context ioc;
  const auto ctx = trusting(ca_file);
  beast::ssl_stream<beast::tcp_stream> stream(ioc, *ctx);
  beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(stream).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  stream.set_verify_callback(ssl::host_name_verification("127.0.0.1"));
  stream.handshake(ssl::stream_base::client);
  https_answer answer;
  if (X509* cert = SSL_get1_peer_certificate(stream.native_handle())) {
    if (BIGNUM* bn = ASN1_INTEGER_to_BN(X509_get0_serialNumber(cert), nullptr)) {
      char* hex = BN_bn2hex(bn);
      answer.serial = hex;
      OPENSSL_free(hex);
      BN_free(bn);
    }
    X509_free(cert);
  }
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.keep_alive(false);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  answer.status = static_cast<int>(res.result_int());
  answer.body = res.body();
  beast::error_code ec;
  stream.shutdown(ec);  // the server's close_notify, or its TCP close: either ends it
  return answer;
}

}  // namespace ringside::test
