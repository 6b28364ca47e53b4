#include "support/ws_client.hpp"

#include <doctest/doctest.h>
#include <boost/beast/http.hpp>
#include <stdexcept>

namespace ringside::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

ws_client::ws_client(std::uint16_t port, int receive_buffer) : ws_(ioc_) {
  auto& sock = beast::get_lowest_layer(ws_).socket();
  sock.open(tcp::v4());
  if (receive_buffer > 0) sock.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  ws_.text(true);
}

ws_client::~ws_client() {
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
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
