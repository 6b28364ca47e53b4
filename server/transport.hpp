#pragma once
// transport: one connection's byte stream, plain TCP or TLS over TCP, chosen at run time. It
// is itself a Beast stream (reads and writes, teardown, close on timeout), so the HTTP and
// WebSocket sessions are written once, over a transport, for both. (The tests' client uses
// it too, with the synchronous calls.)

#include <boost/asio/async_result.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstddef>
#include <utility>
#include <variant>

namespace ringside::server {

class transport {
 public:
  using plain_stream = boost::beast::tcp_stream;
  using tls_stream = boost::beast::ssl_stream<boost::beast::tcp_stream>;
  using executor_type = plain_stream::executor_type;

  // Plain TCP.
  explicit transport(plain_stream&& tcp)
      : stream_(std::in_place_type<plain_stream>, std::move(tcp)) {}
  // TLS over `tcp`, with `tls`'s certificate; the handshake is still to be done, on tls().
  // `tls` may go once this returns: OpenSSL counts the connection's reference to it.
  transport(plain_stream&& tcp, boost::asio::ssl::context& tls)
      : stream_(std::in_place_type<tls_stream>, std::move(tcp), tls) {}

  executor_type get_executor() { return tcp().get_executor(); }
  // The TCP stream underneath: its socket, its timeouts.
  plain_stream& tcp() {
    return std::visit([](auto& s) -> plain_stream& { return boost::beast::get_lowest_layer(s); },
                      stream_);
  }
  // The TLS layer; null on a plain connection.
  tls_stream* tls() { return std::get_if<tls_stream>(&stream_); }

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, boost::beast::error_code& ec) {
    return std::visit([&](auto& s) { return s.read_some(buffers, ec); }, stream_);
  }
  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    return std::visit([&](auto& s) { return s.read_some(buffers); }, stream_);
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers, boost::beast::error_code& ec) {
    return std::visit([&](auto& s) { return s.write_some(buffers, ec); }, stream_);
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers) {
    return std::visit([&](auto& s) { return s.write_some(buffers); }, stream_);
  }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto handler, const MutableBuffers& b) {
          std::visit([&](auto& s) { s.async_read_some(b, std::move(handler)); }, stream_);
        },
        token, buffers);
  }

  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto handler, const ConstBuffers& b) {
          std::visit([&](auto& s) { s.async_write_some(b, std::move(handler)); }, stream_);
        },
        token, buffers);
  }

  // The WebSocket close: TLS's close_notify first when there is TLS, then the TCP teardown.
  template <class Handler>
  friend void async_teardown(boost::beast::role_type role, transport& t, Handler&& handler) {
    using boost::beast::websocket::async_teardown;
    std::visit([&](auto& s) { async_teardown(role, s, std::forward<Handler>(handler)); },
               t.stream_);
  }

  friend void teardown(boost::beast::role_type role, transport& t, boost::beast::error_code& ec) {
    using boost::beast::websocket::teardown;
    std::visit([&](auto& s) { teardown(role, s, ec); }, t.stream_);
  }

  // What Beast calls when a WebSocket times out.
  friend void beast_close_socket(transport& t) {
    boost::beast::error_code ignored;
    t.tcp().socket().close(ignored);
  }

 private:
  std::variant<plain_stream, tls_stream> stream_;
};

}  // namespace ringside::server
