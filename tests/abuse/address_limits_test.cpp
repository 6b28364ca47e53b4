// Nothing used to be counted per client address or per identity. One identity
// sent 1,140 moves in 10 s over 30 connections sharing its token, and a client closed for
// flooding reconnected at once. Now an address may hold --connections-per-address connections
// and send --address-rate-limit messages per 10 s over all of them, make
// --identities-per-address new identities a minute, and waits --flood-cooldown after a flood;
// an identity may speak on --connections-per-identity connections.
//
// Every client here is on 127.0.0.1, so the servers trust 127.0.0.1 as a proxy and the
// attackers claim their own addresses in X-Forwarded-For (the players send none).
#include <doctest/doctest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <string>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

struct upgrade_answer {
  int status = 0;  // 101 when the WebSocket was accepted (it is then closed at once)
  int retry_after = 0;
  std::string body;
};

// A bare WebSocket upgrade request to /ws, as a client behind a proxy at `forwarded_for`;
// the server's answer to it.
upgrade_answer try_upgrade(std::uint16_t port, const std::string& forwarded_for) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  stream.expires_after(std::chrono::seconds(5));
  http::request<http::empty_body> req{http::verb::get, "/ws", 11};
  req.set(http::field::host, "127.0.0.1");
  req.set(http::field::upgrade, "websocket");
  req.set(http::field::connection, "Upgrade");
  req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  req.set(http::field::sec_websocket_version, "13");
  if (!forwarded_for.empty()) req.set("X-Forwarded-For", forwarded_for);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(false);
  http::read_header(stream, buffer, parser);
  upgrade_answer a;
  a.status = static_cast<int>(parser.get().result_int());
  if (a.status != 101) {
    http::read(stream, buffer, parser);
    a.body = parser.get().body();
    if (const auto it = parser.get().find(http::field::retry_after); it != parser.get().end())
      a.retry_after = std::stoi(std::string(it->value()));
  }
  beast::error_code ec;
  stream.socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
  return a;
}

std::unique_ptr<ws_client> from(std::uint16_t port, const std::string& address) {
  return std::make_unique<ws_client>(port, ws_client::via_proxy{address});
}

// Polls `until` every 50 ms for up to 3 s.
template <class F>
bool eventually(F until) {
  for (int i = 0; i < 60; ++i) {
    if (until()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return until();
}

}  // namespace

TEST_CASE("30 connections sharing a token: 8 speak for it, the address's budget holds them all") {
  server_process srv({"--trust-proxy", "127.0.0.1"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const std::string attacker = "203.0.113.7";
  int welcomed = 0;
  int too_many = 0;
  int refused_moves = 0;  // not_a_player: the room judged them
  int limited = 0;        // rate_limited: never reached the room
  {
    auto first = from(srv.port(), attacker);
    const std::string token = first->hello("mallory").at("token");
    std::vector<std::unique_ptr<ws_client>> conns;
    for (int i = 0; i < 29; ++i) {
      conns.push_back(from(srv.port(), attacker));
      conns.back()->send({{"type", "hello"}, {"name", "mallory"}, {"token", token}});
      const auto reply = conns.back()->recv(5s).value_or(json::object());
      if (reply.at("type") == "welcome") ++welcomed;
      if (reply.at("type") == "error" && reply.at("code") == "too_many_connections") {
        ++too_many;
        // Still connected, with no identity: it may say hello as someone new.
        conns.back()->hello("mallory " + std::to_string(i));
      }
    }
    CHECK(welcomed == 7);  // with `first`: --connections-per-identity 8
    CHECK(too_many == 22);
    conns.push_back(std::move(first));
    // Every connection under its own limit (40 per 10 s, its hellos included): 30 x 38 moves.
    for (int n = 0; n < 38; ++n) {
      for (auto& c : conns) {
        c->send({{"type", "move"}, {"room", game.room()}, {"move", "Wd4-a1"}, {"version", 3}});
      }
    }
    for (auto& c : conns) {
      for (int n = 0; n < 38; ++n) {
        const auto m = c->recv(5s);
        REQUIRE(m.has_value());
        const std::string code = m->value("code", "");
        if (code == "rate_limited") ++limited;
        if (code == "not_a_player") ++refused_moves;
      }
      CHECK_FALSE(c->closed());
    }
  }
  MESSAGE(refused_moves << " moves reached the room, " << limited << " were refused at the door");
  // 600 messages per 10 s from the address, its 52 hellos included (a slow run may see the
  // first ones leave the window).
  CHECK(refused_moves >= 600 - 52);
  CHECK(refused_moves <= 600);
  CHECK(limited == 30 * 38 - refused_moves);
  CHECK(metric(srv.port(), "ringside_identity_connections_refused_total") == 22);
  CHECK(metric(srv.port(), "ringside_address_rate_limited_total") == limited);
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("a client closed for flooding cannot reconnect until its address has cooled down") {
  server_process srv({"--trust-proxy", "127.0.0.1", "--flood-cooldown", "3"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const std::string flooder = "192.0.2.5";
  {
    auto c = from(srv.port(), flooder);
    c->hello("flood");
    for (int i = 0; i < 200; ++i) {
      if (!c->send({{"type", "list_rooms"}})) break;
    }
    while (!c->closed() && c->recv(5s)) {
    }
    CHECK(c->close_code() == 1008);
  }
  const auto refused = try_upgrade(srv.port(), flooder);
  CHECK(refused.status == 429);
  CHECK(refused.retry_after >= 1);
  CHECK(refused.retry_after <= 3);
  CHECK(refused.body.find("flooding") != std::string::npos);
  // Nobody else is kept out.
  from(srv.port(), "192.0.2.6")->hello("neighbour");
  CHECK(metric(srv.port(), "ringside_cooldown_refused_total") == 1);
  // Once the cool-down is over, the same address is welcome again.
  std::this_thread::sleep_for(std::chrono::seconds(refused.retry_after) + 200ms);
  from(srv.port(), flooder)->hello("reformed");

  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("one address holds 64 connections; the 65th is refused with 429 until one closes") {
  server_process srv({"--trust-proxy", "127.0.0.1"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const std::string crowd = "198.51.100.9";
  {
    std::vector<std::unique_ptr<ws_client>> conns;
    for (int i = 0; i < 64; ++i) conns.push_back(from(srv.port(), crowd));
    const auto refused = try_upgrade(srv.port(), crowd);
    CHECK(refused.status == 429);
    CHECK(refused.retry_after > 0);
    CHECK(refused.body.find("64 connections") != std::string::npos);
    CHECK(try_upgrade(srv.port(), "198.51.100.10").status == 101);  // another address
    conns.pop_back();  // one leaves: its place is free once the server has seen it go
    CHECK(eventually([&] { return try_upgrade(srv.port(), crowd).status == 101; }));
    CHECK(metric(srv.port(), "ringside_address_connections_refused_total") >= 1);
  }
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE(
    "an address makes 30 new identities a minute; then too_many_identities, tokens still work") {
  server_process srv({"--trust-proxy", "127.0.0.1"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const std::string maker = "192.0.2.77";
  {
    std::vector<std::unique_ptr<ws_client>> conns;
    std::string token;
    for (int i = 0; i < 30; ++i) {
      conns.push_back(from(srv.port(), maker));
      token = conns.back()->hello("sock " + std::to_string(i)).at("token");
    }
    auto late = from(srv.port(), maker);
    const auto refused =
        late->request({{"type", "hello"}, {"name", "sock 30"}, {"id", 1}}, "error");
    CHECK(refused.at("code") == "too_many_identities");
    CHECK(refused.at("re") == 1);
    MESSAGE(refused.at("message").get<std::string>());
    // The same connection may still come back as someone it already is.
    CHECK(
        late->request({{"type", "hello"}, {"name", "x"}, {"token", token}}, "welcome").at("name") ==
        "sock 29");
    from(srv.port(), "192.0.2.78")->hello("elsewhere");  // another address is not counted
  }
  CHECK(metric(srv.port(), "ringside_identities_refused_total") == 1);
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("X-Forwarded-For counts only from a --trust-proxy address, and only its last entry") {
  {
    // Not trusted: the header is the client's own claim, and the peer's address counts.
    server_process srv({"--connections-per-address", "2"});
    auto a = from(srv.port(), "10.0.0.1");
    auto b = from(srv.port(), "10.0.0.2");
    CHECK(try_upgrade(srv.port(), "10.0.0.3").status == 429);
  }
  {
    server_process srv({"--trust-proxy", "127.0.0.1", "--connections-per-address", "1"});
    // What the client wrote comes first; the proxy appends what it saw, which is what counts.
    auto a = from(srv.port(), "10.9.9.9, 203.0.113.7");
    CHECK(try_upgrade(srv.port(), "203.0.113.7").status == 429);
    CHECK(try_upgrade(srv.port(), "203.0.113.7, 203.0.113.8").status == 101);
    CHECK(try_upgrade(srv.port(), "").status == 101);  // the proxy's own, 127.0.0.1
  }
}

}  // namespace ringside::test

namespace ringside::test {

// A server listening on an IPv6 socket sees IPv4 peers as "::ffff:a.b.c.d"; the proxy's own
// address must still match --trust-proxy 127.0.0.1, or every client behind it would count as
// the proxy (and X-Forwarded-For would be ignored). "::ffff:127.0.0.1" is where "--host ::"
// sees them too, and it listens on loopback only.
TEST_CASE("on an IPv6 socket, a trusted proxy's IPv4-mapped address matches; IPv6 counts by /64") {
  server_process srv({"--host", "::ffff:127.0.0.1", "--trust-proxy", "127.0.0.1",
                      "--connections-per-address", "1"});
  CHECK(srv.banner().find("::ffff:127.0.0.1") != std::string::npos);
  auto a = from(srv.port(), "203.0.113.7");
  CHECK(try_upgrade(srv.port(), "203.0.113.7").status == 429);
  CHECK(try_upgrade(srv.port(), "203.0.113.8").status == 101);
  // One subscriber's /64 is one client, whichever of its addresses it uses.
  auto b = from(srv.port(), "2001:db8:1:2::1");
  CHECK(try_upgrade(srv.port(), "2001:db8:1:2:ffff::9").status == 429);
  CHECK(try_upgrade(srv.port(), "2001:db8:1:3::1").status == 101);
  CHECK(metric(srv.port(), "ringside_address_connections_refused_total") == 2);
  check_server_fine(srv);
}

}  // namespace ringside::test
