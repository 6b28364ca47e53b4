#pragma once
// http_get — one GET to the server a client is connected to (the same host, port and TLS as
// its WebSocket), for what the server serves over HTTP only: a room's positions, its record.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <functional>
#include <memory>
#include <string>

#include "clients/common/ws_url.hpp"

namespace ringside::client {

struct http_answer {
  int status = 0;  // 0 when there was no answer
  std::string body;
  std::string error;  // why there was no answer
};

// GETs `target` ("/api/rooms/k3x9/positions") from `server` and calls `done` on `io` with the
// answer. `tls` checks a wss:// server's certificate (null: the system's authorities). Gives
// up after 15 seconds; a body over 8 MiB is an error.
void http_get(boost::asio::io_context& io, const ws_url& server,
              std::shared_ptr<boost::asio::ssl::context> tls, std::string target,
              std::function<void(http_answer)> done);

}  // namespace ringside::client
