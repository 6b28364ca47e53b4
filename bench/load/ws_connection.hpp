#pragma once
// ws_connection: one client WebSocket over TCP, with a write queue and a read loop. It knows
// nothing about the protocol; owners get callbacks on the connection's executor.

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace ringside::load {

class ws_connection : public std::enable_shared_from_this<ws_connection> {
 public:
  using clock = std::chrono::steady_clock;
  struct callbacks {
    std::function<void()> on_open;                     // handshake done; send() allowed
    std::function<void(std::string_view)> on_message;  // one text frame
    std::function<void(const std::string&)> on_close;  // why: "closed_1008", "connect", ...
  };

  // Does not connect yet; `target` is the HTTP path of the upgrade (e.g. "/ws").
  ws_connection(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint ep, std::string target,
                callbacks cb);

  // Connects, upgrades and starts reading. Calls on_open or on_close exactly once first.
  void start();
  // Queues one text frame; frames go out in order, one write in flight at a time.
  void send(std::string text);
  // Closes the socket without the closing handshake (the run is over, nobody waits for it).
  void drop();
  bool is_open() const { return open_; }

 private:
  void on_connect(boost::beast::error_code ec);
  void on_handshake(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t n);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t n);
  void fail(boost::beast::error_code ec, const char* stage);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::asio::ip::tcp::endpoint ep_;
  std::string target_;
  callbacks cb_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool open_ = false;
  bool closed_ = false;
};

}  // namespace ringside::load
