#pragma once
// echo_session: one WebSocket connection of the echo baseline; every text frame read is
// written back unchanged. Same Beast stack and settings as the game server, no game logic.

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <memory>

namespace ringside::load {

class echo_session : public std::enable_shared_from_this<echo_session> {
 public:
  explicit echo_session(boost::asio::ip::tcp::socket&& socket);
  // Accepts the upgrade on the session's strand, then echoes until the peer goes away.
  void run();

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t n);
  void on_write(boost::beast::error_code ec, std::size_t n);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
};

}  // namespace ringside::load
