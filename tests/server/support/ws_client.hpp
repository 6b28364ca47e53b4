#pragma once
// A small synchronous WebSocket client (Beast) for tests, with bounded waits: a read that
// times out stays pending and is picked up by the next call, so no message is ever lost.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "net/transport.hpp"

namespace ringside::test {

using nlohmann::json;
using namespace std::chrono_literals;

class ws_client {
 public:
  // Connects to ws://127.0.0.1:port/ws. `receive_buffer` > 0 shrinks the socket's receive
  // buffer first (a client that reads slowly or never).
  explicit ws_client(std::uint16_t port, int receive_buffer = 0);
  // Connects to wss://127.0.0.1:port/ws, trusting the certificate in `ca_file` and checking
  // the server's is valid for 127.0.0.1.
  ws_client(std::uint16_t port, const std::string& ca_file);
  // Connects to ws://127.0.0.1:port/ws as if through a proxy: the upgrade request carries
  // `X-Forwarded-For: forwarded_for` (a server started with --trust-proxy 127.0.0.1 counts
  // the client as that address).
  struct via_proxy {
    std::string forwarded_for;
  };
  ws_client(std::uint16_t port, via_proxy from);
  // Connects to ws://127.0.0.1:port<path>: a proxy that routes by path (/node/<id>/ws).
  struct at_path {
    std::string path;
  };
  ws_client(std::uint16_t port, at_path where);
  ~ws_client();

  // Sends one text frame; returns false when the connection is gone.
  bool send_text(std::string_view text);
  bool send(const json& msg) { return send_text(msg.dump()); }
  // Sends raw bytes as a binary frame.
  bool send_binary(std::string_view bytes);
  // Sends a WebSocket ping (the pong is consumed by the next read).
  bool ping();

  // The next message, or nullopt on timeout or once the connection is closed.
  std::optional<json> recv(std::chrono::milliseconds timeout = 5s);
  // The next message, which must be of `type` (a doctest failure otherwise).
  json expect(std::string_view type, std::chrono::milliseconds timeout = 5s);
  // The next message of `type`, passing over any others (a watched room's patches and chat);
  // a doctest failure when none comes within `timeout` of the last message, or 1000 pass.
  json next_of(std::string_view type, std::chrono::milliseconds timeout = 5s);
  // Sends `msg` and returns the next message, which must be of `type`.
  json request(const json& msg, std::string_view type);
  // hello with `name`; returns the welcome.
  json hello(const std::string& name);

  // Waits (bounded) for the server to close; returns the close code, or -1 if none came.
  int wait_closed(std::chrono::milliseconds timeout = 5s);
  bool closed() const { return closed_; }
  int close_code() const { return close_code_; }
  // The reason the server gave with its close frame.
  std::string close_reason() const { return ws_.reason().reason.c_str(); }

 private:
  bool pump(std::chrono::milliseconds timeout);

  boost::asio::io_context ioc_;
  std::shared_ptr<boost::asio::ssl::context> tls_;  // wss:// only; before ws_, made with it
  boost::beast::websocket::stream<net::transport> ws_;
  boost::beast::flat_buffer buffer_;
  bool reading_ = false;
  bool ready_ = false;
  bool closed_ = false;
  int close_code_ = -1;
};

// A bare HTTP GET to 127.0.0.1:port; returns {status, body}.
std::pair<int, std::string> http_get(std::uint16_t port, const std::string& target);

// The same over TLS, trusting `ca_file` and checking the name 127.0.0.1.
struct https_answer {
  int status = 0;
  std::string body;
  std::string serial;  // the served certificate's serial, in hex
};
https_answer https_get(std::uint16_t port, const std::string& ca_file, const std::string& target);

// A context that trusts only `ca_file`, and checks certificates (TLS 1.2 at least).
std::shared_ptr<boost::asio::ssl::context> trusting(const std::string& ca_file);

}  // namespace ringside::test
