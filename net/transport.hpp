#pragma once
// transport: one connection's byte stream, plain TCP or TLS over TCP, chosen at run time. It
// is itself a Beast stream (reads and writes, teardown, close on timeout), so the HTTP and
// WebSocket sessions are written once, over a transport, for both; so are the clients'
// ws_connection and the tests' client (with the synchronous calls).

#include <array>
#include <boost/asio/async_result.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_prefix.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstddef>
#include <memory>
#include <span>
#include <utility>
#include <variant>

#include "net/erased_handler.hpp"

namespace ringside::net {

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

  // Reads and writes take any buffer sequence but hand the stream a plain one: the first
  // buffer to read into, at most `max_write_buffers` to write (a *_some call may do less
  // than asked). Asynchronous calls type-erase their handler. So the TLS and TCP operations
  // are compiled once, in transport.cpp, not once per Beast operation that reads or writes:
  // that was half the compile time of the server.
  static constexpr std::size_t max_write_buffers = 16;
  // A fixed list of const buffers: a ConstBufferSequence that needs no allocation.
  class write_buffers {
   public:
    template <class ConstBuffers>
    explicit write_buffers(const ConstBuffers& buffers) {
      for (auto it = boost::asio::buffer_sequence_begin(buffers),
                end = boost::asio::buffer_sequence_end(buffers);
           it != end && count_ < max_write_buffers; ++it) {
        const boost::asio::const_buffer b(*it);
        if (b.size() != 0) items_[count_++] = b;
      }
    }
    const boost::asio::const_buffer* begin() const { return items_.data(); }
    const boost::asio::const_buffer* end() const { return items_.data() + count_; }

   private:
    std::array<boost::asio::const_buffer, max_write_buffers> items_{};
    std::size_t count_ = 0;
  };
  using io_handler = erased_handler<boost::beast::error_code, std::size_t>;
  using teardown_handler = erased_handler<boost::beast::error_code>;

  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers, boost::beast::error_code& ec) {
    return read_some_into(boost::beast::buffers_front(buffers), ec);
  }
  template <class MutableBuffers>
  std::size_t read_some(const MutableBuffers& buffers) {
    boost::beast::error_code ec;
    const std::size_t n = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers, boost::beast::error_code& ec) {
    return write_some_from(write_buffers(buffers), ec);
  }
  template <class ConstBuffers>
  std::size_t write_some(const ConstBuffers& buffers) {
    boost::beast::error_code ec;
    const std::size_t n = write_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

  template <class MutableBuffers, class Token>
  auto async_read_some(const MutableBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto&& handler, boost::asio::mutable_buffer b) {
          start_read_some(b, io_handler(std::move(handler), get_executor()));
        },
        token, boost::asio::mutable_buffer(boost::beast::buffers_front(buffers)));
  }

  template <class ConstBuffers, class Token>
  auto async_write_some(const ConstBuffers& buffers, Token&& token) {
    return boost::asio::async_initiate<Token, void(boost::beast::error_code, std::size_t)>(
        [this](auto&& handler, const write_buffers& b) {
          start_write_some(b, io_handler(std::move(handler), get_executor()));
        },
        token, write_buffers(buffers));
  }

  // Whole WebSocket frames written straight to the TCP socket, past Beast's write operation
  // (plain TCP only: TLS frames each need their own encryption). Beast's own writes (the pongs
  // it answers pings with, its keep-alive pings, the close) must never land inside one: while
  // a direct write is under way they wait for it, and one may start only while Beast writes
  // nothing. `buffers` must stay valid until `handler` runs, on this transport's executor.
  bool can_write_direct() const {
    return std::holds_alternative<plain_stream>(stream_) && !stream_writing_ && !direct_writing_ &&
           !deferred_;
  }
  template <class Handler>
  void async_write_direct(std::span<const boost::asio::const_buffer> buffers, Handler&& handler) {
    direct_writing_ = true;
    boost::asio::async_write(
        tcp().socket(), buffers,
        boost::asio::bind_executor(
            get_executor(), [this, h = std::forward<Handler>(handler)](boost::beast::error_code ec,
                                                                       std::size_t n) mutable {
              end_direct_write();
              std::move(h)(ec, n);
            }));
  }

  // The WebSocket close: TLS's close_notify first when there is TLS, then the TCP teardown.
  template <class Handler>
  friend void async_teardown(boost::beast::role_type role, transport& t, Handler&& handler) {
    t.start_teardown(role, teardown_handler(std::forward<Handler>(handler), t.get_executor()));
  }

  friend void teardown(boost::beast::role_type role, transport& t, boost::beast::error_code& ec) {
    t.teardown_now(role, ec);
  }

  // What Beast calls when a WebSocket times out.
  friend void beast_close_socket(transport& t) {
    boost::beast::error_code ignored;
    t.tcp().socket().close(ignored);
  }

 private:
  std::size_t read_some_into(boost::asio::mutable_buffer b, boost::beast::error_code& ec);
  std::size_t write_some_from(const write_buffers& b, boost::beast::error_code& ec);
  void start_read_some(boost::asio::mutable_buffer b, io_handler handler);
  void start_write_some(const write_buffers& b, io_handler handler);
  void start_teardown(boost::beast::role_type role, teardown_handler handler);
  void teardown_now(boost::beast::role_type role, boost::beast::error_code& ec);
  // Starts the write of Beast's that waited for a direct write, if any.
  void end_direct_write();

  // A write of Beast's that arrived during a direct write; rare (a pong during a broadcast),
  // so allocated only then rather than carried by every idle connection.
  struct deferred_write {
    write_buffers buffers;
    io_handler handler;
  };

  std::variant<plain_stream, tls_stream> stream_;
  std::unique_ptr<deferred_write> deferred_;
  bool stream_writing_ = false;  // a write through the stream (Beast's path) is under way
  bool direct_writing_ = false;
};

}  // namespace ringside::net
