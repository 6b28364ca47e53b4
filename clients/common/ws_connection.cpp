#include "clients/common/ws_connection.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>
#include <utility>

#include "clients/common/tls_client_context.hpp"

namespace ringside::client {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

namespace {

bool certificate_rejected(const boost::system::error_code& ec) {
  return ec.category() == boost::asio::error::get_ssl_category() &&
         ERR_GET_REASON(static_cast<unsigned long>(ec.value())) == SSL_R_CERTIFICATE_VERIFY_FAILED;
}

// The first line of a declined upgrade's body, kept only if it is short plain text: a server
// could put anything there, and people read this on a terminal.
std::string first_line(const std::string& body) {
  std::string line = body.substr(0, body.find('\n'));
  if (line.size() > 160) return {};
  for (const char c : line)
    if (c < 0x20 || c > 0x7e) return {};
  return line;
}

std::shared_ptr<ssl::context> tls_for(const ws_url& url, const ws_options& options) {
  if (!url.secure) return nullptr;
  if (options.tls) return options.tls;
  std::string ignored;
  if (auto made = make_tls_client_context({}, ignored)) return made;
  // No system store: a context that trusts nobody, so every certificate is refused.
  auto nobody = std::make_shared<ssl::context>(ssl::context::tls_client);
  nobody->set_verify_mode(ssl::verify_peer);
  return nobody;
}

// A TLS handshake answered by something that is not TLS: a plain server's HTTP error (a
// record OpenSSL cannot read), or its close (the stream ends mid-handshake).
bool plain_server(const boost::system::error_code& ec, const std::string& stage) {
  if (stage != "tls") return false;
  if (ec == ssl::error::stream_truncated || ec == boost::asio::error::eof) return true;
  if (ec.category() != boost::asio::error::get_ssl_category()) return false;
  const auto reason = ERR_GET_REASON(static_cast<unsigned long>(ec.value()));
  return reason == SSL_R_WRONG_VERSION_NUMBER || reason == SSL_R_PACKET_LENGTH_TOO_LONG ||
         reason == SSL_R_HTTP_REQUEST;
}

}  // namespace

std::string ws_close_info::describe() const {
  if (error == websocket::error::closed) {
    std::string why = "the server closed the connection";
    if (close_code != 0) {
      why += " (code " + std::to_string(close_code);
      if (!close_reason.empty()) why += ", " + close_reason;
      why += ")";
    }
    return why;
  }
  if (http_status != 0) {
    std::string why = "handshake declined: the server answered HTTP " + std::to_string(http_status);
    if (http_status == 404) why += " (no WebSocket at this path; Ringside's is /ws)";
    if (!http_reason.empty()) why += ": " + http_reason;
    return why;
  }
  if (certificate_rejected(error)) {
    return stage + ": " + error.message() +
           " (the server's certificate is not trusted here: --ca FILE trusts a given authority, "
           "--insecure skips the check)";
  }
  if (plain_server(error, stage)) {
    return stage + ": " + error.message() + " (this server does not speak TLS; try ws://)";
  }
  return stage + ": " + error.message();
}

std::string ws_close_info::tag() const {
  if (error == websocket::error::closed) return "closed_" + std::to_string(close_code);
  if (error == boost::asio::error::eof || error == boost::asio::error::connection_reset)
    return stage + "_reset";
  if (error == beast::error::timeout) return stage + "_timeout";
  return stage;
}

ws_connection::ws_connection(boost::asio::io_context& io, ws_url url, ws_options options,
                             handlers h)
    : resolver_(io),
      tls_(tls_for(url, options)),
      ws_(make_transport(io, tls_.get())),
      url_(std::move(url)),
      options_(std::move(options)),
      handlers_(std::move(h)) {}

net::transport ws_connection::make_transport(boost::asio::io_context& io, ssl::context* tls) {
  if (tls) return net::transport(beast::tcp_stream(io), *tls);
  return net::transport(beast::tcp_stream(io));
}

void ws_connection::start() {
  resolver_.async_resolve(
      url_.host, url_.port,
      beast::bind_front_handler(&ws_connection::on_resolve, shared_from_this()));
}

void ws_connection::start(const tcp::endpoint& resolved) {
  tcp().expires_after(options_.connect_timeout);
  tcp().async_connect(resolved,
                      [self = shared_from_this()](beast::error_code ec) { self->on_connect(ec); });
}

void ws_connection::on_resolve(beast::error_code ec, tcp::resolver::results_type results) {
  if (ec) return fail(ec, "resolve");
  tcp().expires_after(options_.connect_timeout);
  tcp().async_connect(results,
                      [self = shared_from_this()](beast::error_code e, const tcp::endpoint&) {
                        self->on_connect(e);
                      });
}

void ws_connection::on_connect(beast::error_code ec) {
  if (ec) return fail(ec, "connect");
  beast::error_code ignored;
  tcp().socket().set_option(tcp::no_delay(true), ignored);
  if (auto* tls = ws_.next_layer().tls()) return do_tls_handshake(*tls);
  // The WebSocket's own timeouts take over from here; the stream's expiry would cut a quiet
  // game.
  tcp().expires_never();
  do_handshake();
}

void ws_connection::do_tls_handshake(net::transport::tls_stream& layer) {
  // SNI, so a server with several names picks the right certificate (never for an address).
  beast::error_code not_an_address;
  boost::asio::ip::make_address(url_.host, not_an_address);
  // SSL_set_tlsext_host_name, without the macro's old-style cast.
  if (not_an_address &&
      SSL_ctrl(layer.native_handle(), SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name,
               const_cast<char*>(url_.host.c_str())) != 1) {
    const auto code = ERR_get_error();
    ERR_clear_error();
    return fail(beast::error_code(static_cast<int>(code), boost::asio::error::get_ssl_category()),
                "tls");
  }
  if ((SSL_CTX_get_verify_mode(tls_->native_handle()) & SSL_VERIFY_PEER) != 0)
    layer.set_verify_callback(ssl::host_name_verification(url_.host));
  tcp().expires_after(options_.handshake_timeout);
  layer.async_handshake(ssl::stream_base::client,
                        [self = shared_from_this()](beast::error_code ec) {
                          if (ec) return self->fail(ec, "tls");
                          self->tcp().expires_never();
                          self->do_handshake();
                        });
}

void ws_connection::do_handshake() {
  websocket::stream_base::timeout limits{};
  limits.handshake_timeout = options_.handshake_timeout;
  limits.idle_timeout = options_.idle_timeout
                            ? beast::websocket::stream_base::duration(*options_.idle_timeout)
                            : websocket::stream_base::none();
  limits.keep_alive_pings = options_.idle_timeout && options_.keep_alive_pings;
  ws_.set_option(limits);
  if (!options_.user_agent.empty())
    ws_.set_option(websocket::stream_base::decorator(
        [agent = options_.user_agent](websocket::request_type& req) {
          req.set(beast::http::field::user_agent, agent);
        }));
  ws_.read_message_max(options_.read_message_max);
  upgrade_response_ = std::make_unique<websocket::response_type>();
  ws_.async_handshake(*upgrade_response_, url_.host + ":" + url_.port, url_.path,
                      beast::bind_front_handler(&ws_connection::on_handshake, shared_from_this()));
}

void ws_connection::on_handshake(beast::error_code ec) {
  if (ec) return fail(ec, "handshake");
  upgrade_response_.reset();
  ws_.text(true);
  open_ = true;
  // Anything queued before the handshake goes first; sends made from on_open queue behind it,
  // so only one write is ever in flight (Beast asserts that).
  if (!queue_.empty() && !writing_) do_write();
  if (handlers_.on_open) handlers_.on_open();
  if (!done_) do_read();
}

void ws_connection::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&ws_connection::on_read, shared_from_this()));
}

void ws_connection::on_read(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  if (!done_ && handlers_.on_message) {
    const auto data = buffer_.cdata();
    handlers_.on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
  }
  buffer_.consume(buffer_.size());
  if (!done_) do_read();
}

void ws_connection::send(std::string text) {
  if (done_) return;
  queue_.push_back(std::move(text));
  if (open_ && !writing_) do_write();
}

void ws_connection::do_write() {
  writing_ = true;
  ws_.async_write(boost::asio::buffer(queue_.front()),
                  beast::bind_front_handler(&ws_connection::on_write, shared_from_this()));
}

void ws_connection::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) return fail(ec, "write");
  queue_.pop_front();
  if (!queue_.empty() && !done_) do_write();
}

void ws_connection::shut() {
  if (done_) return;
  done_ = true;
  open_ = false;
  resolver_.cancel();
  beast::error_code ignored;
  // An abrupt close is enough: the server treats any close as "went away" and keeps seats.
  tcp().socket().shutdown(tcp::socket::shutdown_both, ignored);
  tcp().socket().close(ignored);
}

void ws_connection::fail(beast::error_code ec, const char* stage) {
  if (done_) return;  // our own shut(), or a second error from the other direction
  ws_close_info info;
  info.stage = stage;
  info.error = ec;
  info.was_open = open_;
  if (ec == websocket::error::closed) {
    info.close_code = static_cast<int>(ws_.reason().code);
    info.close_reason.assign(ws_.reason().reason.data(), ws_.reason().reason.size());
  }
  if (upgrade_response_ && ec == websocket::error::upgrade_declined) {
    info.http_status = static_cast<int>(upgrade_response_->result_int());
    info.http_reason = first_line(upgrade_response_->body());
  }
  upgrade_response_.reset();
  done_ = true;
  open_ = false;
  beast::error_code ignored;
  tcp().socket().close(ignored);
  if (handlers_.on_close) handlers_.on_close(info);
}

}  // namespace ringside::client
