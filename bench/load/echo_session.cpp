#include "echo_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>

namespace ringside::load {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

echo_session::echo_session(boost::asio::ip::tcp::socket&& socket) : ws_(std::move(socket)) {}

void echo_session::run() {
  boost::asio::dispatch(ws_.get_executor(), [self = shared_from_this()] {
    self->ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    self->ws_.read_message_max(16 * 1024);
    self->ws_.async_accept([self](beast::error_code ec) { self->on_accept(ec); });
  });
}

void echo_session::on_accept(beast::error_code ec) {
  if (ec) return;
  beast::get_lowest_layer(ws_).socket().set_option(boost::asio::ip::tcp::no_delay(true));
  do_read();
}

void echo_session::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
    self->on_read(ec, n);
  });
}

void echo_session::on_read(beast::error_code ec, std::size_t) {
  if (ec) return;  // closed, reset or timed out: the session simply ends
  ws_.text(ws_.got_text());
  ws_.async_write(buffer_.data(), [self = shared_from_this()](beast::error_code e, std::size_t n) {
    self->on_write(e, n);
  });
}

void echo_session::on_write(beast::error_code ec, std::size_t) {
  if (ec) return;
  buffer_.consume(buffer_.size());
  do_read();
}

}  // namespace ringside::load
