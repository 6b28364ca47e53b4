#pragma once
// ws_connection — one client WebSocket: resolve (or a given endpoint), connect, handshake, a
// read loop, and writes one at a time from a queue. It knows nothing of the protocol; its
// owner decides what to send and what a message means. Single-threaded: every handler runs on
// the io_context it was built with, and no handler fires after shut().
//
// The WebSocket runs over a net::transport: plain TCP for ws://, TLS over TCP for wss:// (a
// TLS handshake between on_connect and the WebSocket handshake), the same stream the server's
// sessions use.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "clients/common/ws_url.hpp"
#include "net/transport.hpp"

namespace ringside::client {

// Timeouts and limits of one connection; the defaults suit a person's client.
struct ws_options {
  std::chrono::milliseconds connect_timeout{5000};    // TCP connect (per address tried)
  std::chrono::milliseconds handshake_timeout{5000};  // the HTTP upgrade
  // Silence after which the link counts as dead; with keep_alive_pings a ping goes out at
  // half of it. Empty: never (a load generator decides itself how long a connection lives).
  std::optional<std::chrono::milliseconds> idle_timeout = std::chrono::milliseconds(20000);
  bool keep_alive_pings = true;
  std::size_t read_message_max = 4 * 1024 * 1024;
  std::string user_agent;  // empty: Beast's own
  // How a wss:// server's certificate is checked (make_tls_client_context); null: against
  // the system's authorities, host name included. Shared by every connection given it.
  std::shared_ptr<boost::asio::ssl::context> tls;
};

// Why a connection ended, for people (describe) and for counting (tag).
struct ws_close_info {
  std::string stage;  // "resolve", "connect", "tls", "handshake", "read" or "write"
  boost::system::error_code error;
  bool was_open = false;     // the handshake had succeeded
  int close_code = 0;        // the server's close frame code, 0 when there was none
  std::string close_reason;  // and its reason text
  int http_status = 0;       // the status of a declined upgrade (404, 426...), else 0
  std::string http_reason;   // the first line of its body, printable ASCII only

  // "connect: Connection refused", "the server closed the connection (code 1008, rate)",
  // "handshake declined: the server answered HTTP 404 (is the path /ws?)".
  std::string describe() const;
  // A short key: "closed_1008", "connect_reset", "read_timeout", "handshake".
  std::string tag() const;
};

class ws_connection : public std::enable_shared_from_this<ws_connection> {
 public:
  struct handlers {
    std::function<void()> on_open;                       // handshake done; send() allowed
    std::function<void(std::string_view)> on_message;    // one text frame, valid for the call
    std::function<void(const ws_close_info&)> on_close;  // once, when it fails or ends
  };

  ws_connection(boost::asio::io_context& io, ws_url url, ws_options options, handlers h);

  // Resolves url.host, connects and handshakes; on_open or on_close follows.
  void start();
  // The same without the lookup, for callers that resolved once for many connections.
  void start(const boost::asio::ip::tcp::endpoint& resolved);

  // Queues a text frame; frames go out in order, one write in flight. Frames queued before the
  // handshake go out right after it; dropped once the connection has ended.
  void send(std::string text);

  // Closes the socket without the closing handshake and silences every handler, so nothing
  // fires after the owner has moved on (to a new connection, or to exiting).
  void shut();

  bool is_open() const { return open_; }

 private:
  static net::transport make_transport(boost::asio::io_context& io, boost::asio::ssl::context* tls);
  boost::beast::tcp_stream& tcp() { return ws_.next_layer().tcp(); }

  void on_resolve(boost::beast::error_code ec,
                  boost::asio::ip::tcp::resolver::results_type results);
  void on_connect(boost::beast::error_code ec);
  void do_tls_handshake(net::transport::tls_stream& layer);
  void do_handshake();
  void on_handshake(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void fail(boost::beast::error_code ec, const char* stage);

  boost::asio::ip::tcp::resolver resolver_;
  std::shared_ptr<boost::asio::ssl::context> tls_;  // wss:// only; before ws_, made with it
  boost::beast::websocket::stream<net::transport> ws_;
  boost::beast::flat_buffer buffer_;
  // Held only during the handshake, so a declined upgrade can say what the server answered.
  std::unique_ptr<boost::beast::websocket::response_type> upgrade_response_;
  ws_url url_;
  ws_options options_;
  handlers handlers_;
  std::deque<std::string> queue_;
  bool writing_ = false;
  bool open_ = false;
  bool done_ = false;
};

}  // namespace ringside::client
