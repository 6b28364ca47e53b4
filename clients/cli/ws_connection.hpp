#pragma once
// ws_connection — one WebSocket connection to the server: connect, read frames, write frames
// one at a time from a queue. It knows nothing of the protocol; the session above it decides
// what to send and what a message means. Single-threaded: everything runs on one io_context.

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "clients/cli/ws_url.hpp"

namespace ringside::cli {

class ws_connection : public std::enable_shared_from_this<ws_connection> {
 public:
  struct handlers {
    std::function<void()> on_open;                     // the handshake succeeded
    std::function<void(std::string)> on_message;       // one text frame
    std::function<void(const std::string&)> on_close;  // once, when it fails or ends
  };

  ws_connection(boost::asio::io_context& io, ws_url url, handlers h);

  // Resolves, connects and handshakes; on_open or on_close follows.
  void start();

  // Queues a text frame; frames go out in order, one write in flight. Dropped when not open.
  void send(std::string text);

  // Closes the connection and silences every handler, so nothing fires after the owner has
  // moved on (to a new connection, or to exiting).
  void shut();

  bool is_open() const { return open_; }

 private:
  void on_resolve(boost::beast::error_code ec,
                  boost::asio::ip::tcp::resolver::results_type results);
  void on_connect(boost::beast::error_code ec);
  void on_handshake(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void fail(boost::beast::error_code ec, const char* what);

  boost::asio::ip::tcp::resolver resolver_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  ws_url url_;
  handlers handlers_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  bool open_ = false;
  bool done_ = false;
};

}  // namespace ringside::cli
