#include "clients/cli/ws_connection.hpp"

#include <boost/asio/connect.hpp>
#include <chrono>

namespace ringside::cli {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

ws_connection::ws_connection(boost::asio::io_context& io, ws_url url, handlers h)
    : resolver_(io), ws_(io), url_(std::move(url)), handlers_(std::move(h)) {}

void ws_connection::start() {
  resolver_.async_resolve(
      url_.host, url_.port,
      beast::bind_front_handler(&ws_connection::on_resolve, shared_from_this()));
}

void ws_connection::on_resolve(beast::error_code ec, tcp::resolver::results_type results) {
  if (ec) return fail(ec, "resolve");
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(5));
  beast::get_lowest_layer(ws_).async_connect(
      results, [self = shared_from_this()](beast::error_code e, const tcp::endpoint&) {
        self->on_connect(e);
      });
}

void ws_connection::on_connect(beast::error_code ec) {
  if (ec) return fail(ec, "connect");
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
  // Beast's own timeouts take over from here; the stream's expiry would cut a quiet game.
  beast::get_lowest_layer(ws_).expires_never();
  websocket::stream_base::timeout limits{};
  limits.handshake_timeout = std::chrono::seconds(5);
  // Pings after 10 s of silence and a 20 s limit notice a connection that died without a FIN
  // (a sleeping laptop, a dropped NAT entry), so the reconnect starts on its own.
  limits.idle_timeout = std::chrono::seconds(20);
  limits.keep_alive_pings = true;
  ws_.set_option(limits);
  ws_.set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
    req.set(beast::http::field::user_agent, "ringside-cli");
  }));
  ws_.read_message_max(4 * 1024 * 1024);
  const std::string host = url_.host + ":" + url_.port;
  ws_.async_handshake(host, url_.path,
                      beast::bind_front_handler(&ws_connection::on_handshake, shared_from_this()));
}

void ws_connection::on_handshake(beast::error_code ec) {
  if (ec) return fail(ec, "handshake");
  ws_.text(true);
  open_ = true;
  if (handlers_.on_open) handlers_.on_open();
  do_read();
  // on_open may have queued (and started writing) the hello already; one write in flight.
  if (!queue_.empty() && !writing_) do_write();
}

void ws_connection::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&ws_connection::on_read, shared_from_this()));
}

void ws_connection::on_read(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  if (!done_ && handlers_.on_message) handlers_.on_message(std::move(text));
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
  handlers_ = {};
  resolver_.cancel();
  beast::error_code ignored;
  // An abrupt close is enough: the server treats any close as "went away" and keeps seats.
  beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(ws_).close();
}

void ws_connection::fail(beast::error_code ec, const char* what) {
  if (done_) return;
  done_ = true;
  open_ = false;
  auto on_close = std::move(handlers_.on_close);
  handlers_ = {};
  std::string why = ec == websocket::error::closed ? std::string("the server closed the connection")
                                                   : std::string(what) + ": " + ec.message();
  if (ec == websocket::error::closed && ws_.reason().code != websocket::close_code::none) {
    const auto& reason = ws_.reason();
    why += " (code " + std::to_string(reason.code);
    if (!reason.reason.empty())
      why += ", " + std::string(reason.reason.data(), reason.reason.size());
    why += ")";
  }
  if (on_close) on_close(why);
}

}  // namespace ringside::cli
