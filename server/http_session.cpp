#include "server/http_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <nlohmann/json.hpp>

#include "common/version.hpp"
#include "protocol/game_list.hpp"
#include "protocol/wire/decode.hpp"
#include "protocol/wire/encode.hpp"
#include "protocol/wire/utf8.hpp"
#include "server/client_address.hpp"
#include "server/room_registry.hpp"
#include "server/metrics.hpp"
#include "server/room.hpp"
#include "server/journal_writer.hpp"
#include "server/player_page.hpp"
#include "server/room_list_query.hpp"
#include "server/static_files.hpp"
#include "server/websocket_session.hpp"

namespace ringside::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;

namespace {
constexpr auto http_timeout = std::chrono::seconds(30);
// A connection on a spare descriptor: an operator's probe has sent its request by the time it
// is accepted; an idle attacker must not hold the spare.
constexpr auto spare_timeout = std::chrono::milliseconds(250);
constexpr std::uint64_t http_body_limit = 16 * 1024;
constexpr std::uint32_t http_header_limit = 8 * 1024;
// After refusing a request it did not read to its end, the server reads (and drops) what the
// client still sends for this long, so the close is not a reset that loses the answer.
constexpr auto drain_time = std::chrono::seconds(2);
constexpr std::size_t drain_bytes = 256 * 1024;
constexpr std::string_view rooms_prefix = "/api/rooms/";
constexpr std::string_view record_suffix = "/record";
constexpr std::string_view positions_suffix = "/positions";

// The room id of "/api/rooms/{id}{suffix}", or empty when `path` is not that.
std::string room_path_id(std::string_view path, std::string_view suffix) {
  if (path.size() <= rooms_prefix.size() + suffix.size() || !path.starts_with(rooms_prefix) ||
      !path.ends_with(suffix)) {
    return {};
  }
  return std::string(
      path.substr(rooms_prefix.size(), path.size() - rooms_prefix.size() - suffix.size()));
}

// "/room/ab12" -> "ab12": a room id as the page's links spell it (letters, digits, - and _).
std::optional<std::string_view> room_page_id(std::string_view path) {
  constexpr std::string_view prefix = "/room/";
  if (!path.starts_with(prefix)) return std::nullopt;
  const auto id = path.substr(prefix.size());
  if (id.empty() || id.size() > 64) return std::nullopt;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    if (!ok) return std::nullopt;
  }
  return id;
}
constexpr std::string_view players_prefix = "/api/players/";
constexpr std::string_view games_suffix = "/games";
// A name is at most 24 characters of up to 4 bytes each: a longer one names nobody.
constexpr std::size_t longest_name_bytes = 96;

// "/api/rooms?game=dvonn" -> "/api/rooms" and "game=dvonn".
std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}
std::string_view query_of(std::string_view target) {
  const auto q = target.find('?');
  return q == std::string_view::npos ? std::string_view() : target.substr(q + 1);
}

}  // namespace

http_session::http_session(net::ip::tcp::socket&& socket, context& ctx, client_slot connection,
                           std::shared_ptr<void> spare)
    : http_session(ringside::net::transport(beast::tcp_stream(std::move(socket))),
                   beast::flat_buffer(), ctx, std::move(connection), std::move(spare)) {}

http_session::http_session(ringside::net::transport&& stream, beast::flat_buffer&& buffer,
                           context& ctx, client_slot connection, std::shared_ptr<void> spare)
    : connection_(std::move(connection)),
      spare_(std::move(spare)),
      stream_(std::move(stream)),
      buffer_(std::move(buffer)),
      ctx_(ctx),
      open_count_(ctx.http_sessions) {
  open_count_->fetch_add(1);
  beast::error_code ec;
  const auto ep = stream_.tcp().socket().remote_endpoint(ec);
  if (!ec) {
    peer_ = address_text(ep.address());
    address_ = address_limit_key(ep.address(), ctx_.opts.clients.ipv6_prefix);
  }
}

// Never touches ctx_: this may run inside ~io_context, after the context is gone.
http_session::~http_session() {
  open_count_->fetch_sub(1);
}

template <class Response>
void http_session::send(std::shared_ptr<Response> res) {
  net::post(stream_.get_executor(), [self = shared_from_this(), res] {
    self->pending_ = res;
    http::async_write(self->stream_, *res,
                      beast::bind_front_handler(&http_session::on_write, self, res->keep_alive()));
  });
}

void http_session::run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::do_read() {
  if (ctx_.stopping.load()) return;
  parser_.emplace();
  parser_->body_limit(http_body_limit);
  parser_->header_limit(http_header_limit);
  if (spare_)
    stream_.tcp().expires_after(spare_timeout);
  else
    stream_.tcp().expires_after(http_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t bytes) {
  (void)bytes;
  if (ec == http::error::end_of_stream) return shut_down();
  // A request we will not read to its end still gets an answer saying why, not a bare close.
  if (ec == http::error::header_limit) {
    return refuse_unread(
        http::status::request_header_fields_too_large,
        "request headers over " + std::to_string(http_header_limit / 1024) + " KiB\n");
  }
  if (ec == http::error::body_limit) {
    return refuse_unread(http::status::payload_too_large,
                         "request body over " + std::to_string(http_body_limit / 1024) + " KiB\n");
  }
  if (ec) return fail(ec, "read");
  // Whatever the request holds, it may fail only this connection: never the server.
  try {
    answer(parser_->release());
  } catch (...) {
    ctx_.stats.faults.report_current("an HTTP request from " + address_);
    fail_request();
  }
}

void http_session::answer(request req) {
  ++requests_;
  address_ = ctx_.clients.client_address(peer_, req);
  if (const auto host = ctx_.clients.request_host(peer_, req); !ctx_.hosts.allows(host)) {
    return refuse_host(std::move(req), host);
  }
  if (websocket::is_upgrade(req)) {
    if (spare_) return refuse_at_fd_limit(req);
    if (path_of(req.target()) == "/ws" && !ctx_.stopping.load()) {
      // Another site's page must not open a socket in a player's name (it would speak for
      // whoever uses that browser); the check is the browser's Origin, which pages cannot forge.
      if (!ctx_.origins.allows(req[http::field::origin], ctx_.clients.request_host(peer_, req))) {
        ctx_.stats.origins_refused.fetch_add(1);
        spdlog::info("upgrade from {} refused: origin {} is not allowed", address_,
                     std::string(req[http::field::origin]));
        return reply(req, http::status::forbidden, "text/plain",
                     "a page at " + std::string(req[http::field::origin]) +
                         " may not open a WebSocket here (the server's --allow-origin)\n");
      }
      client_slot slot;
      if (const auto no = ctx_.clients.admit(address_, slot)) return refuse_upgrade(req, *no);
      // The socket (and its strand) move to the WebSocket session; this object ends here.
      stream_.tcp().expires_never();
      std::make_shared<websocket_session>(std::move(stream_), ctx_, std::move(slot),
                                          std::move(connection_))
          ->run(std::move(req));
      return;
    }
    return reply(req, http::status::not_found, "text/plain", "no WebSocket here; use /ws\n");
  }
  route(std::move(req));
}

void http_session::fail_request() {
  try {
    request req{http::verb::get, "/", 11};
    req.keep_alive(false);
    reply(req, http::status::internal_server_error, "text/plain",
          "the server could not answer this request; it has been logged\n");
  } catch (...) {
    beast::error_code ignored;
    stream_.tcp().socket().close(ignored);
  }
}

void http_session::route(request req) {
  const std::string path(path_of(req.target()));
  const std::string query(query_of(req.target()));
  const bool read_only = req.method() == http::verb::get || req.method() == http::verb::head;
  const bool monitoring = path == "/healthz" || path == "/metrics";
  // The page's files come from memory on this connection's own strand and touch nothing
  // shared, like /healthz; counting them would turn a page load (13 requests) and its
  // reloads, or a classroom behind one address, into 429s.
  const bool web_file = read_only && !monitoring && static_files::embedded().has(path);
  // On a spare descriptor (the process at its open-files limit) only monitoring is answered.
  if (spare_ && !monitoring) return refuse_at_fd_limit(req);
  // They have a budget of their own, many page loads' worth: a script fetching them in a
  // loop from one address is still stopped, for little cost to anyone else.
  if (web_file && over_rate(req, ctx_.static_requests, ctx_.opts.static_rate_limit,
                            ctx_.stats.static_rate_limited, "for the page's files ")) {
    return;
  }
  // Monitoring is never limited either: an operator must see the server while it is attacked.
  if (!monitoring && !web_file &&
      over_rate(req, ctx_.http_requests, ctx_.opts.http_rate_limit, ctx_.stats.http_limited, "")) {
    return;
  }
  // Everything here is read only: any other method is refused by name, as HTTP says.
  if (!read_only) {
    return reply(req, http::status::method_not_allowed, "text/plain",
                 std::string(req.method_string()) + " is not allowed here; use GET or HEAD\n", 0,
                 "GET, HEAD");
  }
  if (path == "/ws") {
    return reply(req, http::status::upgrade_required, "text/plain",
                 "/ws speaks WebSocket: connect with a WebSocket client (the page at / or "
                 "the terminal client), not plain HTTP\n");
  }
  if (path == "/healthz") {
    nlohmann::json j{{"status", "ok"},
                     {"rooms", ctx_.stats.rooms()},
                     {"connections", ctx_.stats.connections.load()},
                     {"uptime_s", ctx_.stats.uptime_s()}};
    return reply(req, http::status::ok, "application/json", j.dump() + "\n");
  }
  if (path == "/metrics") {
    return reply(req, http::status::ok, "text/plain; version=0.0.4", ctx_.stats.render());
  }
  if (path == "/api/rooms") return list_rooms(std::move(req), query);
  if (path == "/api/stats") {
    // The lobby's counts, for a page that has not connected yet (list_seeks has them too).
    nlohmann::json j{{"online", ctx_.speakers.size()},
                     {"playing", ctx_.stats.rooms_playing.load()},
                     {"waiting", ctx_.stats.rooms_waiting.load()},
                     {"seeks", ctx_.stats.seeks_open.load()}};
    return reply(req, http::status::ok, "application/json", j.dump() + "\n");
  }
  if (path == "/api/games") {
    return reply(req, http::status::ok, "application/json", protocol::game_list().dump() + "\n");
  }
  if (path.size() > players_prefix.size() && path.starts_with(players_prefix)) {
    return player_page(std::move(req), path.substr(players_prefix.size()), query);
  }
  if (auto id = room_path_id(path, record_suffix); !id.empty()) {
    auto self = shared_from_this();
    return ctx_.rooms.find_room(id, [self, req = std::move(req)](room_registry::room_ptr r) {
      if (!r) return self->reply(req, http::status::not_found, "text/plain", "no such room\n");
      r->record([self, req](std::string zen) {
        self->reply(req, http::status::ok, "text/plain; charset=utf-8", std::move(zen));
      });
    });
  }
  // A room's link typed or shared without its `#`: the page shows rooms at `/#/room/ID`, and
  // the page's files are relative to `/`, so the path is sent there rather than served.
  if (const auto room = room_page_id(path)) {
    return redirect(req, "/#/room/" + std::string(*room));
  }
  if (auto id = room_path_id(path, positions_suffix); !id.empty()) {
    return positions(std::move(req), std::move(id));
  }
  // The browser client last: the routes above keep their paths whatever the client holds.
  if (auto file = static_files::embedded().answer(req, path)) {
    file->set(http::field::server, product_token);
    ctx_.browser_headers.apply(*file, stream_.tls() != nullptr);
    file->keep_alive(keep_alive_after(req));
    return send(std::make_shared<static_files::response>(std::move(*file)));
  }
  reply(req, http::status::not_found, "text/plain", "not found\n");
}

bool http_session::over_rate(const request& req, address_rate& rate, std::size_t limit,
                             std::atomic<std::uint64_t>& refused, std::string_view what) {
  const auto wait = rate.refuse(address_, limit);
  if (!wait) return false;
  refused.fetch_add(1);
  const auto secs = std::chrono::ceil<std::chrono::seconds>(*wait).count();
  const int retry = static_cast<int>(std::max<std::int64_t>(1, secs));
  reply(req, http::status::too_many_requests, "text/plain",
        "too many requests " + std::string(what) + "from your address: at most " +
            std::to_string(limit) + " in 10 seconds; try again in " + std::to_string(retry) +
            " s\n",
        retry);
  return true;
}

// Per-address limits answer an upgrade before it becomes a WebSocket: a browser's socket then
// fails at once (its onclose says 1006), and a client that reads the answer learns why.
void http_session::refuse_upgrade(const request& req, const client_limits::refusal& why) {
  (why.cooling_down ? ctx_.stats.cooldown_refused : ctx_.stats.address_connections_refused)
      .fetch_add(1);
  spdlog::info("upgrade from {} refused: {}", address_, why.why);
  reply(req, http::status::too_many_requests, "text/plain", why.why + "\n", why.retry_after_s);
}

// A name that is not one of --public-host's is refused before anything else: a page on a
// rebound name must learn nothing, open nothing and cost no more than this answer.
void http_session::refuse_host(const request& req, std::string_view host) {
  ctx_.stats.hosts_refused.fetch_add(1);
  constexpr std::size_t shown = 100;
  const std::string named(host.substr(0, shown));
  spdlog::debug("request from {} for host {} refused (not a --public-host)", address_, named);
  reply(req, http::status::misdirected_request, "text/plain",
        "this server answers to " + ctx_.hosts.listed() + " (its --public-host), not to " +
            named + "\n");
}

void http_session::list_rooms(request req, std::string_view query) {
  const auto parsed = parse_room_list_query(query);
  if (!parsed.error.empty()) {
    return reply(req, http::status::bad_request, "text/plain", parsed.error + "\n");
  }
  auto decoded = protocol::decode(protocol::to_wire(parsed.message));
  auto* msg = std::get_if<protocol::client_message>(&decoded);
  auto* q = msg ? std::get_if<protocol::list_rooms>(msg) : nullptr;
  if (q == nullptr) {
    const auto* e = std::get_if<protocol::decode_error>(&decoded);
    return reply(req, http::status::bad_request, "text/plain",
                 (e ? e->message : std::string("bad query")) + "\n");
  }
  auto self = shared_from_this();
  ctx_.rooms.list_rooms(std::move(*q),
                        [self, req = std::move(req)](std::shared_ptr<const room_page> page) {
                          if (!page) {
                            return self->reply(req, http::status::bad_request, "text/plain",
                                               "'before' must be a 'next' this server gave\n");
                          }
                          self->reply(req, http::status::ok, "application/json",
                                      protocol::encode_rooms({}, page->rooms, page->next) + "\n");
                        });
}

void http_session::positions(request req, std::string id) {
  auto self = shared_from_this();
  ctx_.rooms.find_room(id, [self, req = std::move(req)](room_registry::room_ptr r) {
    if (!r) return self->reply(req, http::status::not_found, "text/plain", "no such room\n");
    r->positions([self, req](std::shared_ptr<const std::string> body) {
      if (!body) {
        return self->reply(req, http::status::internal_server_error, "text/plain",
                           "this room's moves could not be replayed; it has been logged\n");
      }
      self->reply(req, http::status::ok, "application/json", *body);
    });
  });
}

void http_session::player_page(request req, std::string_view rest, std::string_view query) {
  // "alice" is the page, "alice/games" the list alone; the name is %-decoded after the split,
  // so "%2F" in a name is a character of it, not a path separator.
  const bool games_only = rest.ends_with(games_suffix);
  if (games_only) rest.remove_suffix(games_suffix.size());
  if (rest.empty() || rest.find('/') != std::string_view::npos) {
    return reply(req, http::status::not_found, "text/plain", "not found\n");
  }
  const std::string name = url_decode(rest);
  if (!protocol::is_valid_utf8(name) || name.empty()) {
    ctx_.stats.player_queries_refused.fetch_add(1);
    return reply(req, http::status::bad_request, "text/plain",
                 "the player's name is not UTF-8 text once %-decoded\n");
  }
  if (name.size() > longest_name_bytes) {
    return reply(req, http::status::not_found, "text/plain",
                 "no name is that long: nobody has played here under it\n");
  }
  auto q = parse_player_games_query(query, ctx_.opts.player_games_default,
                                    ctx_.opts.player_games_page);
  if (!q.error.empty()) {
    ctx_.stats.player_queries_refused.fetch_add(1);
    return reply(req, http::status::bad_request, "text/plain", q.error + "\n");
  }
  auto* journal = ctx_.rooms.journal();
  if (journal == nullptr) {
    return reply(req, http::status::service_unavailable, "text/plain",
                 "players' pages are read from the journal, which this server has not\n");
  }
  // On the journal's thread, after the writes queued before: a game just finished is listed.
  journal->read([self = shared_from_this(), req = std::move(req), name, q = std::move(q),
                 games_only](server::journal& j) {
    try {
      const auto answer = read_player_page(j, name, q, !games_only);
      if (answer.status == 200) self->ctx_.stats.player_pages.fetch_add(1);
      const auto status = static_cast<http::status>(answer.status);
      self->reply(req, status, answer.status == 200 ? "application/json" : "text/plain",
                  answer.body);
    } catch (...) {
      self->ctx_.stats.faults.report_current("a player's page");
      self->fail_request();
    }
  });
}

void http_session::reply(const request& req, http::status status, std::string content_type,
                         std::string body, int retry_after_s, std::string_view allow) {
  auto res = std::make_shared<response>(status, req.version());
  res->set(http::field::server, product_token);
  if (!allow.empty()) res->set(http::field::allow, allow);
  if (status == http::status::upgrade_required) {
    res->set(http::field::upgrade, "websocket");
    res->set(http::field::connection, "Upgrade");
  }
  if (retry_after_s > 0) res->set(http::field::retry_after, std::to_string(retry_after_s));
  res->set(http::field::content_type, content_type);
  ctx_.browser_headers.apply(*res, stream_.tls() != nullptr);
  res->keep_alive(keep_alive_after(req));
  const bool head = req.method() == http::verb::head;
  res->body() = std::move(body);
  res->prepare_payload();
  if (head) res->body().clear();
  send(std::move(res));
}

void http_session::redirect(const request& req, const std::string& location) {
  auto res = std::make_shared<response>(http::status::found, req.version());
  res->set(http::field::server, product_token);
  res->set(http::field::location, location);
  res->set(http::field::content_type, "text/plain");
  ctx_.browser_headers.apply(*res, stream_.tls() != nullptr);
  res->keep_alive(keep_alive_after(req));
  const bool head = req.method() == http::verb::head;
  res->body() = "the room's page is at " + location + "\n";
  res->prepare_payload();
  if (head) res->body().clear();
  send(std::move(res));
}

void http_session::refuse_at_fd_limit(const request& req) {
  reply(req, http::status::service_unavailable, "text/plain",
        "the server has as many connections open as it can; try again in a moment\n", 1);
}

bool http_session::keep_alive_after(const request& req) {
  if (!req.keep_alive()) return false;
  if (spare_) return false;  // a spare descriptor goes back at once
  const auto& o = ctx_.opts;
  const bool too_old =
      o.http_keepalive_time_s > 0 && std::chrono::steady_clock::now() - opened_ >=
                                         std::chrono::duration<double>(o.http_keepalive_time_s);
  const bool too_many = o.http_keepalive_requests > 0 && requests_ >= o.http_keepalive_requests;
  if (!too_old && !too_many) return true;
  ctx_.stats.keepalive_ended.fetch_add(1);
  return false;
}

void http_session::refuse_unread(http::status status, std::string why) {
  ctx_.stats.http_oversize.fetch_add(1);
  draining_ = true;
  request req{http::verb::get, "/", 11};
  req.keep_alive(false);
  reply(req, status, "text/plain", std::move(why));
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t bytes) {
  (void)bytes;
  pending_.reset();
  if (ec) return fail(ec, "write");
  if (!keep_alive) return shut_down();
  do_read();
}

void http_session::shut_down() {
  if (auto* tls = stream_.tls()) {
    stream_.tcp().expires_after(http_timeout);
    return tls->async_shutdown([self = shared_from_this()](beast::error_code) {
      beast::error_code ignored;
      self->stream_.tcp().socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
    });
  }
  beast::error_code ignored;
  stream_.tcp().socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  if (draining_) {
    stream_.tcp().expires_after(drain_time);
    do_drain();
  }
}

void http_session::do_drain() {
  if (drained_ >= drain_bytes) return;
  buffer_.consume(buffer_.size());
  stream_.async_read_some(buffer_.prepare(16 * 1024),
                          [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                            self->drained_ += n;
                            if (!ec) self->do_drain();
                          });
}

void http_session::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == beast::error::timeout) return;
  spdlog::debug("http {}: {}", what, ec.message());
}

}  // namespace ringside::server
