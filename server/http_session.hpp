#pragma once
// http_session: HTTP on the game port (health, metrics, room list, game records, the browser
// client's files) and the upgrade of GET /ws to a websocket_session, over plain TCP or TLS alike (a
// transport). One request at a time, keep-alive for at most --http-keepalive-time and
// --http-keepalive-requests.

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <optional>

#include "net/transport.hpp"
#include "server/context.hpp"

namespace ringside::server {

class http_session : public std::enable_shared_from_this<http_session> {
 public:
  // Takes a freshly accepted socket whose executor is a strand.
  // `spare`, when not null, says the connection holds one of the listener's spare
  // descriptors (the process is at its open-files limit): it gets one request, only /healthz
  // and /metrics, and a short deadline.
  // `connection` counts it against its peer address (client_limits::admit_connection) until
  // it ends, and goes to the websocket_session when it upgrades.
  http_session(boost::asio::ip::tcp::socket&& socket, context& ctx, client_slot connection = {},
               std::shared_ptr<void> spare = {});
  // Takes a connection whose TLS handshake is done, with any bytes read past it.
  http_session(ringside::net::transport&& stream, boost::beast::flat_buffer&& buffer, context& ctx,
               client_slot connection = {}, std::shared_ptr<void> spare = {});
  ~http_session();

  // Starts reading the first request.
  void run();

 private:
  using request = boost::beast::http::request<boost::beast::http::string_body>;
  using response = boost::beast::http::response<boost::beast::http::string_body>;

  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // Answers one whole request: an upgrade, or route().
  void answer(request req);
  void route(request req);
  // Answers 500 and closes, after a handler threw (or closes, if even that fails).
  void fail_request();
  // Answers 429 with Retry-After, and returns true, when `rate` refuses this address another
  // request this window; `what` names the budget in the answer ("for the page's files ").
  bool over_rate(const request& req, address_rate& rate, std::size_t limit,
                 std::atomic<std::uint64_t>& refused, std::string_view what);
  // Answers an upgrade that a per-address limit refused: 429 with Retry-After.
  void refuse_upgrade(const request& req, const client_limits::refusal& why);
  // Answers `req` from any thread: the write is posted to this session's strand.
  // `retry_after_s` > 0 adds a Retry-After header (a 429 or 503).
  // `allow` sets the Allow header (a 405).
  void reply(const request& req, boost::beast::http::status status, std::string content_type,
             std::string body, int retry_after_s = 0, std::string_view allow = {});
  // 302 to `location` (a path on this server).
  void redirect(const request& req, const std::string& location);
  // Answers a request that was not read to its end (headers or body over the limit), then
  // closes once the client has stopped sending, or after a short while.
  void refuse_unread(boost::beast::http::status status, std::string why);
  void do_drain();
  // Writes `res` (any body type) on this session's strand, then reads the next request.
  template <class Response>
  void send(std::shared_ptr<Response> res);
  // GET /api/rooms?game=&status=&limit=&before=: one page of the room list, as `rooms`.
  // 421 for a request naming a host that is not a --public-host.
  void refuse_host(const request& req, std::string_view host);
  void list_rooms(request req, std::string_view query);
  // GET /api/rooms/{id}/positions: the state document after every ply (protocol.md).
  void positions(request req, std::string id);
  // GET /api/players/{name} (`rest` "name") or /api/players/{name}/games ("name/games"):
  // the player's page or games, read from the journal; 400 for a bad name or query, 404 for
  // a name nobody played under.
  void player_page(request req, std::string_view rest, std::string_view query);
  // 503 with Retry-After: what a connection on a spare descriptor gets but for monitoring.
  void refuse_at_fd_limit(const request& req);
  // Whether the answer to `req` keeps the connection open: what the client asked, unless the
  // connection is on a spare descriptor or has lived --http-keepalive-time or answered
  // --http-keepalive-requests (counted when that ends it).
  bool keep_alive_after(const request& req);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  // Ends the connection politely: TLS's close_notify first when there is TLS, then our
  // half of the TCP connection.
  void shut_down();
  void fail(boost::beast::error_code ec, const char* what);

  // Declared first, so given back only once the socket below is closed.
  client_slot connection_;
  std::shared_ptr<void> spare_;
  ringside::net::transport stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> pending_;  // the response being written
  context& ctx_;
  std::shared_ptr<std::atomic<std::int64_t>> open_count_;  // ctx_.http_sessions
  std::string peer_;  // the connection's remote address (address_text), without the port
  // The client's, as limits count it: peer_, or X-Forwarded-For from a trusted proxy, IPv6 by
  // its --ipv6-prefix (address_limit_key).
  std::string address_;
  bool draining_ = false;  // see refuse_unread
  std::chrono::steady_clock::time_point opened_ = std::chrono::steady_clock::now();
  std::size_t requests_ = 0;  // read on this connection so far
  std::size_t drained_ = 0;
};

}  // namespace ringside::server
