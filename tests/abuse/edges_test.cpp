// The smaller holes, each tried while two players play beside it:
// - HTTP answered other methods with 404 (now 405 with Allow), `/ws?x=1` with 404 (now the
//   upgrade: the query is not the path), a plain GET /ws with 404 (now 426), and headers over
//   8 KiB with a bare close (now 431; a body over 16 KiB gets 413);
// - any page's script could open a WebSocket (now 403 for an Origin that is neither the
//   server's own page nor one of --allow-origin's; clients without Origin are let in);
// - pings and pongs were not rate-limited (20,000 answered in 0.43 s): they count as
//   messages now, and a ping flood is closed 1008 like any other;
// - the rooms gauge only grew: every fetch of an old game's record added one for good.
#include <doctest/doctest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <optional>
#include <string>
#include <thread>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/table.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

struct raw_answer {
  int status = 0;
  std::string text;  // status line, headers and body as received

  bool has(std::string_view s) const { return text.find(s) != std::string::npos; }
};

// Sends `request` as it is and reads one answer: its headers and as much body as its
// Content-Length says (a 101 has none), or until the server closes or `limit` passes. What a
// client written by hand, or an attacker, sees.
raw_answer exchange(std::uint16_t port, const std::string& request,
                    std::chrono::milliseconds limit = 3s) {
  net::io_context ioc;
  tcp::socket s(ioc);
  s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(s, net::buffer(request));
  raw_answer a;
  const auto complete = [&] {
    const auto end = a.text.find("\r\n\r\n");
    if (end == std::string::npos) return false;
    const auto length = a.text.find("Content-Length: ");
    if (length == std::string::npos || length > end) return true;
    return a.text.size() >= end + 4 + std::stoul(a.text.substr(length + 16));
  };
  const auto deadline = std::chrono::steady_clock::now() + limit;
  s.non_blocking(true);
  char buf[4096];
  while (!complete() && std::chrono::steady_clock::now() < deadline) {
    boost::system::error_code ec;
    const auto n = s.read_some(net::buffer(buf), ec);
    if (ec == net::error::would_block) {
      std::this_thread::sleep_for(1ms);
      continue;
    }
    if (ec) break;
    a.text.append(buf, n);
  }
  if (a.text.rfind("HTTP/1.1 ", 0) == 0 && a.text.size() >= 12) {
    a.status = std::stoi(a.text.substr(9, 3));
  }
  return a;
}

std::string upgrade(std::uint16_t port, std::string_view target, std::string_view origin = {}) {
  std::string r =
      cat({"GET ", target, " HTTP/1.1\r\nHost: 127.0.0.1:", std::to_string(port),
           "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"});
  if (!origin.empty()) r += cat({"Origin: ", origin, "\r\n"});
  return r + "\r\n";
}

std::string plain(std::string_view method, std::string_view target, std::string_view extra = {}) {
  return cat({method, " ", target, " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n", extra,
              "\r\n"});
}

}  // namespace

TEST_CASE(
    "HTTP: 405 with Allow for other methods, 426 for a plain GET /ws, /ws?x=1 upgrades, 431 and "
    "413") {
  // 300 requests from one address in a few seconds: --http-rate-limit is not what is tested.
  server_process srv({"--http-rate-limit", "0"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  for (const char* method : {"POST", "DELETE", "PUT", "OPTIONS", "PATCH"}) {
    const auto a = exchange(srv.port(), plain(method, "/api/rooms"));
    CHECK_MESSAGE(a.status == 405, method);
    CHECK_MESSAGE(a.has("Allow: GET, HEAD\r\n"), method);
  }
  const auto post_ws = exchange(srv.port(), plain("POST", "/healthz"));
  CHECK(post_ws.status == 405);

  const auto ws_plain = exchange(srv.port(), plain("GET", "/ws"));
  CHECK(ws_plain.status == 426);
  CHECK(ws_plain.has("Upgrade: websocket\r\n"));
  CHECK(ws_plain.has("WebSocket"));

  // The query is not the path: the handshake is answered 101 Switching Protocols.
  const auto query = exchange(srv.port(), upgrade(srv.port(), "/ws?x=1"));
  CHECK(query.status == 101);
  CHECK(exchange(srv.port(), upgrade(srv.port(), "/nows")).status == 404);

  // 9 KiB of headers: a 431 that says why, not a bare close; 20 KiB of body: 413.
  const std::string big_header = cat({"X-Padding: ", std::string(9 * 1024, 'a'), "\r\n"});
  const auto headers = exchange(srv.port(), plain("GET", "/healthz", big_header));
  CHECK(headers.status == 431);
  CHECK(headers.has("over 8 KiB"));
  const std::string body(20 * 1024, 'b');
  const auto big_body = exchange(
      srv.port(), plain("GET", "/healthz",
                        cat({"Content-Length: ", std::to_string(body.size()), "\r\n\r\n", body})));
  CHECK(big_body.status == 413);

  // The same, 300 times over, beside the game.
  for (int i = 0; i < 100; ++i) {
    CHECK(exchange(srv.port(), plain("DELETE", "/api/rooms")).status == 405);
    CHECK(exchange(srv.port(), plain("GET", "/ws")).status == 426);
    CHECK(exchange(srv.port(), plain("GET", "/healthz", big_header)).status == 431);
  }
  CHECK(metric(srv.port(), "ringside_http_oversize_total") == 102);
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("WebSocket from another site's page: 403 unless --allow-origin names it") {
  server_process srv({"--allow-origin", "https://friend.example"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const std::string own = cat({"http://127.0.0.1:", std::to_string(srv.port())});

  for (int i = 0; i < 50; ++i) {
    const auto evil = exchange(srv.port(), upgrade(srv.port(), "/ws", "https://evil.example"));
    CHECK(evil.status == 403);
    CHECK(evil.has("https://evil.example may not open a WebSocket here"));
  }
  // A look-alike of the server's own host on another port, or under another scheme's port.
  CHECK(exchange(srv.port(), upgrade(srv.port(), "/ws", "http://127.0.0.1:1")).status == 403);
  CHECK(exchange(srv.port(), upgrade(srv.port(), "/ws", "null")).status == 403);
  // The server's own page, a named friend (any case), and clients without Origin are let in.
  CHECK(exchange(srv.port(), upgrade(srv.port(), "/ws", own)).status == 101);
  CHECK(exchange(srv.port(), upgrade(srv.port(), "/ws", "HTTPS://Friend.Example")).status == 101);
  CHECK(exchange(srv.port(), upgrade(srv.port(), "/ws")).status == 101);
  CHECK(metric(srv.port(), "ringside_origins_refused_total") == 52);

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

// Another site could frame the page (clickjacking), and `/?server=ws://evil/ws` made the real
// page talk to an attacker's server. Every answer now carries a policy that forbids both, and
// the page no longer reads `server=`: what a browser is told, checked beside the game.
TEST_CASE("framing the page or pointing it elsewhere: every answer's policy says no") {
  server_process srv({"--allow-origin", "https://friend.example"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  for (int i = 0; i < 30; ++i) {
    for (const char* target :
         {"/?server=ws://127.0.0.1:1/ws", "/js/connection.js", "/api/rooms", "/nowhere"}) {
      const auto a =
          exchange(srv.port(), cat({"GET ", target, " HTTP/1.1\r\nHost: 127.0.0.1:",
                                    std::to_string(srv.port()), "\r\nConnection: close\r\n\r\n"}));
      CHECK_MESSAGE(a.has("frame-ancestors 'none'"), target);
      CHECK_MESSAGE(a.has("connect-src 'self' https://friend.example wss://friend.example"),
                    target);
      CHECK(a.has("X-Content-Type-Options: nosniff"));
      CHECK(a.has("Referrer-Policy: "));
      CHECK_FALSE(a.has("Strict-Transport-Security"));  // only over TLS
    }
  }
  const auto script = exchange(srv.port(), cat({"GET /js/connection.js HTTP/1.1\r\nHost: x\r\n"
                                                "Connection: close\r\n\r\n"}));
  CHECK(script.status == 200);
  CHECK_FALSE(script.has(".get('server')"));  // the page asks nobody but its own host
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

// A request naming `host` in Host, with `extra` header lines; an upgrade when `ws`.
std::string for_host(std::string_view host, std::string_view target, bool ws = false,
                     std::string_view extra = {}) {
  return cat({"GET ", target, " HTTP/1.1\r\nHost: ", host, "\r\n",
              ws ? "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 : "Connection: close\r\n",
              extra, "\r\n"});
}

// A page on a name its owner points at the server (DNS rebinding) is same-origin with it:
// Host and Origin both say evil.example, so without --public-host its script reads the rooms
// and opens a WebSocket in its visitor's name.
TEST_CASE("DNS rebinding: with --public-host, a request for another name is refused 421") {
  server_process srv({"--public-host", "play.example.org", "--http-rate-limit", "0"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const std::string port = std::to_string(srv.port());
  const std::string evil = cat({"evil.example:", port});
  const std::string evil_origin = cat({"Origin: http://", evil, "\r\n"});
  const std::string record = cat({"/api/rooms/", game.room(), "/record"});

  int refused = 0;
  for (int i = 0; i < 50; ++i) {
    const auto ws = exchange(srv.port(), for_host(evil, "/ws", true, evil_origin));
    CHECK(ws.status == 421);
    CHECK(ws.has("this server answers to play.example.org (its --public-host), not to evil"));
    CHECK(exchange(srv.port(), for_host(evil, "/api/rooms")).status == 421);
    CHECK(exchange(srv.port(), for_host(evil, record)).status == 421);
    refused += 3;
  }
  CHECK(exchange(srv.port(), for_host("EVIL.example", "/healthz")).status == 421);
  CHECK(exchange(srv.port(), for_host("play.example.org.evil.example", "/")).status == 421);
  refused += 2;
  // The server's own name (any port, any case), its addresses and localhost are answered.
  const std::string own = cat({"play.example.org:", port});
  CHECK(exchange(srv.port(), for_host(own, "/ws", true, cat({"Origin: http://", own, "\r\n"})))
            .status == 101);
  CHECK(exchange(srv.port(), for_host("Play.Example.Org", "/api/rooms")).status == 200);
  CHECK(exchange(srv.port(), for_host(cat({"127.0.0.1:", port}), record)).status == 200);
  CHECK(exchange(srv.port(), for_host(cat({"localhost:", port}), "/healthz")).status == 200);
  CHECK(metric(srv.port(), "ringside_hosts_refused_total") == refused);

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("--public-host behind a proxy judges X-Forwarded-Host; without it any name is answered") {
  {
    server_process srv({"--public-host", "play.example.org", "--trust-proxy", "127.0.0.1"});
    const auto via = [&](std::string_view forwarded) {
      return exchange(srv.port(), for_host("127.0.0.1:8080", "/api/rooms", false,
                                           cat({"X-Forwarded-Host: ", forwarded, "\r\n"})))
          .status;
    };
    CHECK(via("evil.example") == 421);
    CHECK(via("play.example.org") == 200);
    CHECK(metric(srv.port(), "ringside_hosts_refused_total") == 1);
  }
  {
    server_process srv;
    CHECK(exchange(srv.port(), for_host("evil.example", "/api/rooms")).status == 200);
    CHECK(metric(srv.port(), "ringside_hosts_refused_total") == 0);
  }
  // A value no Host header could match is a typo, told at start.
  for (const char* bad : {"https://play.example.org", "play.example.org/", ":8080"}) {
    const std::string cmd = cat({RINGSIDE_SERVER_PATH, " --host 127.0.0.1 --port 0 --data ",
                                 "/dev/null/ringside --public-host '", bad, "' 2>&1"});
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
    CHECK_MESSAGE(pclose(p) != 0, bad);
    CHECK_MESSAGE(out.find("--public-host") != std::string::npos, out);
  }
}

TEST_CASE("--allow-origin refuses what no browser sends, and '*' lets any page in") {
  server_process any({"--allow-origin", "*"});
  CHECK(exchange(any.port(), upgrade(any.port(), "/ws", "https://evil.example")).status == 101);
  for (const char* bad : {"friend.example", "https://friend.example/play", "https://"}) {
    const std::string cmd =
        cat({RINGSIDE_SERVER_PATH, " --port 0 --allow-origin '", bad, "' 2>&1"});
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
    CHECK_MESSAGE(pclose(p) != 0, bad);
    CHECK_MESSAGE(out.find("--allow-origin") != std::string::npos, out);
  }
}

TEST_CASE(
    "a ping flood: past the rate limit pings are counted, then the connection is closed 1008") {
  // The flooder's address cools down as any flooder's does (tested in address_limits_test);
  // the calm client below comes from the same loopback address.
  server_process srv({"--flood-cooldown", "0"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  ws_client pinger(srv.port());
  pinger.hello("pinger");
  int sent = 0;
  while (sent < 20000 && !pinger.closed()) {
    for (int i = 0; i < 10 && pinger.ping(); ++i) ++sent;
    pinger.recv(1ms);  // reads the pongs; the close frame ends the read
  }
  CHECK(pinger.wait_closed(3s) == 1008);
  CHECK(pinger.close_reason() == "flooding");
  MESSAGE("the pinger got " << sent << " pings out before it was closed");
  CHECK(sent < 1000);  // 40 a connection in 10 s, closed at three times that
  CHECK(metric(srv.port(), "ringside_control_frames_over_limit_total") >= 70);
  CHECK(metric(srv.port(), "ringside_flooders_closed_total") == 1);

  // A client that pings now and then, as keep-alives do, is never troubled.
  ws_client calm(srv.port());
  calm.hello("calm");
  for (int i = 0; i < 20; ++i) {
    REQUIRE(calm.ping());
    std::this_thread::sleep_for(50ms);
  }
  CHECK(calm.request({{"type", "list_rooms"}}, "rooms").contains("rooms"));

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE(
    "impersonators: the seated players' names, invisible characters and the computer's name are "
    "refused") {
  // 60 new identities in a few seconds from one address: that cap is address_limits_test's.
  server_process srv({"--identities-per-address", "0"});
  timed_game_beside game(srv.port());  // alice and bob are seated
  rss_sampler rss(srv);
  const json watch{{"type", "join"}, {"room", game.room()}, {"as", "spectator"}, {"id", 2}};
  for (int i = 0; i < 20; ++i) {
    // Under a seated player's name, in any case: name_taken, for watching too (its chat would
    // read as that player's).
    for (const char* name : {"alice", "BOB"}) {
      ws_client fake(srv.port());
      fake.hello(name);
      const auto e = fake.request(watch, "error");
      CHECK(e.at("code") == "name_taken");
    }
    // Names that look like another, or like nothing, or like the computer: bad_name at hello.
    for (const std::string name :
         {"al\u200Bice", "\u202EboB", "bob\u00A0", "\u3164", "computer 5"}) {
      ws_client fake(srv.port());
      CHECK(fake.request({{"type", "hello"}, {"name", name}, {"id", 1}}, "error").at("code") ==
            "bad_name");
    }
    // A spectator asking for a seat in a game under way hears why not, and stays a spectator.
    ws_client carol(srv.port());
    carol.hello("carol");
    REQUIRE(carol.send(watch));
    CHECK(carol.next_of("joined").at("seat").is_null());
    REQUIRE(carol.send({{"type", "join"}, {"room", game.room()}, {"as", "player"}, {"id", 3}}));
    CHECK(carol.next_of("error").at("code") == "room_full");
  }
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("fetching finished games' records over and over: the rooms gauge stays where it was") {
  server_process srv({"--http-rate-limit", "0"});  // 300 fetches from one address
  std::vector<std::string> finished;
  for (int i = 0; i < 3; ++i) {
    table t(srv.port());
    REQUIRE(t.seat(1).conn->send({{"type", "resign"}, {"room", t.room()}}));
    t.take_patch(2);
    finished.push_back(t.room());
  }  // everybody leaves: the finished rooms leave memory
  const auto rooms_now = [&] {
    // One reading: the game beside may finish while the gauges are read.
    return metrics_sum(srv.port(),
                       {"ringside_rooms{status=\"finished\"}", "ringside_rooms{status=\"playing\"}",
                        "ringside_rooms{status=\"waiting\"}"});
  };
  std::this_thread::sleep_for(200ms);
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const auto before = rooms_now();
  CHECK(before == 1);  // the game beside; the finished ones are in the journal only
  for (int i = 0; i < 300; ++i) {
    const auto& room = finished[static_cast<std::size_t>(i) % finished.size()];
    const auto [status, record] = http_get(srv.port(), cat({"/api/rooms/", room, "/record"}));
    REQUIRE(status == 200);
    CHECK(record.find("[Termination \"resignation\"]") != std::string::npos);
  }
  std::this_thread::sleep_for(200ms);
  CHECK(rooms_now() == before);
  const auto [hs, health] = http_get(srv.port(), "/healthz");
  CHECK(json::parse(health).at("rooms") == before);

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
