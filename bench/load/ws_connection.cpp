#include "ws_connection.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>
#include <utility>

namespace ringside::load {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

ws_connection::ws_connection(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint ep,
                             std::string target, callbacks cb)
    : ws_(ioc), ep_(std::move(ep)), target_(std::move(target)), cb_(std::move(cb)) {}

void ws_connection::start() {
  // Connect time is bounded so a saturated listen backlog shows up as an error, not a hang.
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(ws_).async_connect(
      ep_, [self = shared_from_this()](beast::error_code ec) { self->on_connect(ec); });
}

void ws_connection::on_connect(beast::error_code ec) {
  if (ec) return fail(ec, "connect");
  beast::get_lowest_layer(ws_).socket().set_option(boost::asio::ip::tcp::no_delay(true));
  ws_.async_handshake(ep_.address().to_string() + ":" + std::to_string(ep_.port()), target_,
                      [self = shared_from_this()](beast::error_code e) { self->on_handshake(e); });
}

void ws_connection::on_handshake(beast::error_code ec) {
  if (ec) return fail(ec, "handshake");
  // From here on the run decides how long a connection lives, not a timer.
  beast::get_lowest_layer(ws_).expires_never();
  websocket::stream_base::timeout t{};
  t.handshake_timeout = std::chrono::seconds(10);
  t.idle_timeout = websocket::stream_base::none();
  t.keep_alive_pings = false;
  ws_.set_option(t);
  ws_.text(true);
  open_ = true;
  // Start the write for anything queued before the handshake first: sends made from on_open
  // then queue behind it, so only one async_write is ever in flight (Beast asserts that).
  if (!queue_.empty()) do_write();
  if (cb_.on_open) cb_.on_open();
  do_read();
}

void ws_connection::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
    self->on_read(ec, n);
  });
}

void ws_connection::on_read(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  const auto data = buffer_.cdata();
  if (cb_.on_message) {
    cb_.on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
  }
  buffer_.consume(buffer_.size());
  if (!closed_) do_read();
}

void ws_connection::send(std::string text) {
  if (closed_) return;
  queue_.push_back(std::move(text));
  if (open_ && queue_.size() == 1) do_write();
}

void ws_connection::do_write() {
  ws_.async_write(
      boost::asio::buffer(queue_.front()),
      [self = shared_from_this()](beast::error_code ec, std::size_t n) { self->on_write(ec, n); });
}

void ws_connection::on_write(beast::error_code ec, std::size_t) {
  if (ec) return fail(ec, "write");
  queue_.pop_front();
  if (!queue_.empty()) do_write();
}

void ws_connection::drop() {
  if (closed_) return;
  closed_ = true;
  open_ = false;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

void ws_connection::fail(beast::error_code ec, const char* stage) {
  if (closed_) return;  // our own drop(), or a second error from the other direction
  closed_ = true;
  open_ = false;
  std::string why = stage;
  if (ec == websocket::error::closed) {
    why = "closed_" + std::to_string(ws_.reason().code);
  } else if (ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) {
    why += "_reset";
  } else if (ec == beast::error::timeout) {
    why += "_timeout";
  }
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (cb_.on_close) cb_.on_close(why);
}

}  // namespace ringside::load
