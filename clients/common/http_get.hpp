#pragma once
// http_get — one GET of a path on the server a ws:// or wss:// address names (http:// or
// https:// to the same host and port), for the JSON pages the server offers beside its
// WebSocket (players' pages). Single-threaded like ws_connection: `done` runs once, on the
// io_context, with the answer or why there is none.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "clients/common/ws_url.hpp"

namespace ringside::client {

struct http_answer {
  int status = 0;     // 0 when no answer came
  std::string body;   // at most 1 MiB
  std::string error;  // why no answer came ("connect: Connection refused"); empty otherwise
};

// GETs `target` ("/api/players/alice") from `server`'s host and port. With wss://, `tls`
// checks the certificate (null: the system's authorities). The whole exchange is bounded by
// `timeout`.
void http_get(boost::asio::io_context& io, const ws_url& server, std::string target,
              std::shared_ptr<boost::asio::ssl::context> tls,
              std::function<void(http_answer)> done,
              std::chrono::milliseconds timeout = std::chrono::seconds(10));

// `text` %-encoded for a path segment or a query value: everything but letters, digits and
// -._~ as %XX.
std::string url_encode(std::string_view text);

}  // namespace ringside::client
