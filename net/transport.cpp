// The stream operations of a transport, compiled once for both kinds of stream (see
// transport.hpp: the handlers arrive type-erased).
#include "net/transport.hpp"

#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/teardown.hpp>

namespace ringside::net {

std::size_t transport::read_some_into(boost::asio::mutable_buffer b, boost::beast::error_code& ec) {
  return std::visit([&](auto& s) { return s.read_some(b, ec); }, stream_);
}

std::size_t transport::write_some_from(const write_buffers& b, boost::beast::error_code& ec) {
  return std::visit([&](auto& s) { return s.write_some(b, ec); }, stream_);
}

void transport::start_read_some(boost::asio::mutable_buffer b, io_handler handler) {
  std::visit([&](auto& s) { s.async_read_some(b, std::move(handler)); }, stream_);
}

void transport::start_write_some(const write_buffers& b, io_handler handler) {
  if (auto* tls_layer = tls()) return tls_layer->async_write_some(b, std::move(handler));
  if (direct_writing_) {
    deferred_ = std::make_unique<deferred_write>(deferred_write{b, std::move(handler)});
    return;
  }
  // Beast continues a partial write from inside this completion, so the flag stays up from a
  // frame's first byte to its last.
  stream_writing_ = true;
  const auto executor = handler.get_executor();
  std::get<plain_stream>(stream_).async_write_some(
      b, io_handler(
             [this, h = std::move(handler)](boost::beast::error_code ec, std::size_t n) mutable {
               stream_writing_ = false;
               h(ec, n);
             },
             executor));
}

void transport::end_direct_write() {
  direct_writing_ = false;
  if (auto waiting = std::move(deferred_)) {
    start_write_some(waiting->buffers, std::move(waiting->handler));
  }
}

void transport::start_teardown(boost::beast::role_type role, teardown_handler handler) {
  using boost::beast::websocket::async_teardown;
  std::visit([&](auto& s) { async_teardown(role, s, std::move(handler)); }, stream_);
}

void transport::teardown_now(boost::beast::role_type role, boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  std::visit([&](auto& s) { teardown(role, s, ec); }, stream_);
}

}  // namespace ringside::net
