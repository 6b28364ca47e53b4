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
  std::visit([&](auto& s) { s.async_write_some(b, std::move(handler)); }, stream_);
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
