// Only WebSockets were counted per address: plain TCP connections, keep-alive HTTP and TLS
// connections that never upgraded were not. 10,000 idle connections from one address were all
// accepted (10,021 descriptors of the server's 20,000); fetching /style.css every 20 s kept
// 2,000 of them open past the idle timeout (the page's files had no budget); at 128 open files,
// 200 such connections left a real player 0 of 7 connects; 650 TLS handshakes a second from
// one address cost 4.1 CPU-s in 8 s. Now every connection is counted against its peer address
// from accept (--tcp-connections-per-address), TLS handshakes have a budget per address
// (--tls-handshakes-per-address), the page's files have theirs (--static-rate-limit), and a
// keep-alive connection ends after --http-keepalive-time or --http-keepalive-requests.
//
// The attackers connect from 127.0.0.2 (any 127/8 address is this machine's loopback), the
// players and newcomers from 127.0.0.1.
#include <doctest/doctest.h>

#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/test_certificate.hpp"
#include "support/timed_game.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

const std::string attacker = "127.0.0.2";
const std::string page_loader = "127.0.0.3";

// A connection from `source` to the server; a closed socket when the connect failed.
tcp::socket connect_from(net::io_context& ioc, const std::string& source, std::uint16_t port) {
  tcp::socket s(ioc);
  beast::error_code ec;
  s.open(tcp::v4(), ec);
  if (!ec) s.bind(tcp::endpoint(net::ip::make_address(source), 0), ec);
  if (!ec) s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
  if (ec) s.close(ec);
  return s;
}

// Blocking reads on `s` give up after `limit` (a test must not hang on a server that keeps
// a connection open).
void read_timeout(tcp::socket& s, std::chrono::milliseconds limit) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(limit.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((limit.count() % 1000) * 1000);
  setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

// Everything the server sends on `s` until it closes it (or 2 s pass).
std::string read_to_close(tcp::socket& s) {
  read_timeout(s, std::chrono::milliseconds(2000));
  std::string got;
  char chunk[1024];
  for (;;) {
    beast::error_code ec;
    const auto n = s.read_some(net::buffer(chunk), ec);
    got.append(chunk, n);
    if (ec) return got;
  }
}

// Waits (up to `limit`) for the counter `name` to reach `at_least`; returns its last value.
std::int64_t wait_for_metric(std::uint16_t port, const std::string& name, std::int64_t at_least,
                             std::chrono::milliseconds limit = std::chrono::seconds(5)) {
  const auto until = std::chrono::steady_clock::now() + limit;
  auto v = metric(port, name);
  while (v < at_least && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    v = metric(port, name);
  }
  return v;
}

// Connections from one address that connect and then say nothing.
class silent_crowd {
 public:
  silent_crowd(std::uint16_t port, std::string source) : port_(port), source_(std::move(source)) {}
  void add(int n) {
    for (int i = 0; i < n; ++i) {
      auto s = connect_from(ioc_, source_, port_);
      if (s.is_open()) sockets_.push_back(std::move(s));
    }
  }
  std::size_t size() const { return sockets_.size(); }
  tcp::socket& last() { return sockets_.back(); }

 private:
  std::uint16_t port_;
  std::string source_;
  net::io_context ioc_;
  std::vector<tcp::socket> sockets_;
};

// One keep-alive HTTP connection from `source`, one GET at a time.
class keep_alive_client {
 public:
  keep_alive_client(std::uint16_t port, const std::string& source)
      : socket_(connect_from(ioc_, source, port)) {
    read_timeout(socket_, std::chrono::milliseconds(3000));
  }
  bool connected() const { return socket_.is_open(); }
  // The answer to GET `target`, or nothing when the connection is gone.
  std::optional<http::response<http::string_body>> get(const std::string& target) {
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(true);
    beast::error_code ec;
    http::write(socket_, req, ec);
    if (ec) return std::nullopt;
    http::response<http::string_body> res;
    http::read(socket_, buffer_, res, ec);
    if (ec) return std::nullopt;
    return res;
  }
  // Whether the server has closed the connection (a read sees its end within 2 s).
  bool closed_by_server() {
    read_timeout(socket_, std::chrono::milliseconds(2000));
    char byte = 0;
    beast::error_code ec;
    socket_.read_some(net::buffer(&byte, 1), ec);
    return ec == net::error::eof || ec == net::error::connection_reset;
  }

 private:
  net::io_context ioc_;
  tcp::socket socket_;
  beast::flat_buffer buffer_;
};

// The counter `name` on the /metrics of a TLS server.
std::int64_t tls_metric(std::uint16_t port, const std::string& ca_file, const std::string& name) {
  const auto page = https_get(port, ca_file, "/metrics").body;
  const auto at = page.find("\n" + name + " ");
  REQUIRE_MESSAGE(at != std::string::npos, name << " is not on /metrics");
  return std::stoll(page.substr(at + name.size() + 2));
}

// A fresh player from 127.0.0.1 says hello and gets its welcome.
bool newcomer_gets_in(std::uint16_t port, const std::string& name) {
  try {
    ws_client c(port);
    return c.hello(name).value("type", "") == "welcome";
  } catch (const std::exception& e) {
    MESSAGE(name << " could not connect: " << e.what());
    return false;
  }
}

}  // namespace

TEST_CASE("idle connections from one address: closed at accept past its cap, others get in") {
  constexpr int cap = 64;
  constexpr int attempts = 300;
  server_process srv({"--tcp-connections-per-address", std::to_string(cap)});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  const long descriptors_before = descriptors_open(srv.pid());
  {
    silent_crowd crowd(srv.port(), attacker);
    crowd.add(attempts);
    REQUIRE(crowd.size() == attempts);  // the kernel completes every connect; the server decides
    const auto refused =
        wait_for_metric(srv.port(), "ringside_tcp_connections_refused_total", attempts - cap);
    const long held = descriptors_open(srv.pid()) - descriptors_before;
    MESSAGE(attempts << " idle connections from one address: " << refused << " refused, the "
                     << "server holds " << held << " more descriptors");
    CHECK(refused == attempts - cap);
    CHECK(held <= cap + 2);  // the metric scrape's own connection, at most
    // The last one was told why before the close.
    const auto told = read_to_close(crowd.last());
    CHECK(told.starts_with("HTTP/1.1 429"));
    CHECK(told.find("Retry-After: 10") != std::string::npos);
    // Another address is not held back by it, be it a player or a page.
    CHECK(newcomer_gets_in(srv.port(), "carol"));
    CHECK(http_get(srv.port(), "/api/rooms").first == 200);
  }
  // The crowd has gone: its address may connect again.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (descriptors_open(srv.pid()) > descriptors_before + 1 &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  keep_alive_client back(srv.port(), attacker);
  const auto again = back.get("/healthz");
  REQUIRE(again);
  CHECK(again->result_int() == 200);

  std::this_thread::sleep_for(std::chrono::seconds(1));
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("keep-alive connections fetching the page's files: ended by age and count, budgeted") {
  server_process srv({"--http-keepalive-time", "3", "--http-keepalive-requests", "5",
                      "--static-rate-limit", "150"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  // 20 connections each fetching /style.css once a second: each is closed after the answer
  // that follows its third second, whatever it asks for, and counted.
  {
    constexpr std::size_t crowd = 20;
    std::vector<std::unique_ptr<keep_alive_client>> clients;
    for (std::size_t i = 0; i < crowd; ++i) {
      clients.push_back(std::make_unique<keep_alive_client>(srv.port(), attacker));
      REQUIRE(clients.back()->connected());
    }
    std::vector<double> ended_at(crowd, -1);
    const auto t0 = std::chrono::steady_clock::now();
    for (int second = 0; second < 5; ++second) {
      for (std::size_t i = 0; i < crowd; ++i) {
        if (ended_at[i] >= 0) continue;
        const auto res = clients[i]->get("/style.css");
        REQUIRE(res);
        CHECK(res->result_int() == 200);
        if (!res->keep_alive()) {
          ended_at[i] =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          CHECK(clients[i]->closed_by_server());
        }
      }
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    for (std::size_t i = 0; i < crowd; ++i) {
      INFO("connection " << i << " ended after " << ended_at[i] << " s");
      CHECK(ended_at[i] >= 3.0);
      CHECK(ended_at[i] < 5.0);
    }
    const auto ended = static_cast<std::int64_t>(crowd);
    CHECK(wait_for_metric(srv.port(), "ringside_http_keepalive_ended_total", ended) == ended);
  }
  // Five requests, then the connection ends however young it is.
  {
    const auto ended_before = metric(srv.port(), "ringside_http_keepalive_ended_total");
    keep_alive_client c(srv.port(), attacker);
    for (int i = 1; i <= 5; ++i) {
      const auto res = c.get("/index.html");
      REQUIRE(res);
      CHECK(res->keep_alive() == (i < 5));
    }
    CHECK(c.closed_by_server());
    CHECK(metric(srv.port(), "ringside_http_keepalive_ended_total") == ended_before + 1);
  }
  // The page's files' own budget: 150 in 10 s from one address, the rest 429 with a
  // Retry-After; a page load from another address is untouched.
  {
    int ok = 0;
    int limited = 0;
    for (int i = 0; i < 200 && ok + limited < 200; ++i) {
      keep_alive_client c(srv.port(), page_loader);
      for (int k = 0; k < 4; ++k) {
        const auto res = c.get("/style.css");
        if (!res) break;
        if (res->result_int() == 200) ++ok;
        if (res->result_int() == 429) {
          ++limited;
          CHECK(!(*res)[http::field::retry_after].empty());
        }
      }
    }
    MESSAGE("the page's files from one address: " << ok << " answered, " << limited << " 429");
    CHECK(ok == 150);
    CHECK(limited == 50);
    CHECK(metric(srv.port(), "ringside_static_rate_limited_total") == limited);
    CHECK(http_get(srv.port(), "/style.css").first == 200);
    CHECK(http_get(srv.port(), "/index.html").first == 200);
  }

  std::this_thread::sleep_for(std::chrono::seconds(1));
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

// A reverse proxy carries every client's connections from its one address: it is not capped
// (its clients are counted by X-Forwarded-For once their request is read).
TEST_CASE("a trusted proxy's connections are not capped at accept") {
  constexpr int cap = 10;
  server_process srv(
      {"--tcp-connections-per-address", std::to_string(cap), "--trust-proxy", attacker});
  const long descriptors_before = descriptors_open(srv.pid());
  silent_crowd proxy(srv.port(), attacker);
  proxy.add(3 * cap);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (descriptors_open(srv.pid()) < descriptors_before + 3 * cap &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(descriptors_open(srv.pid()) >= descriptors_before + 3 * cap);
  CHECK(metric(srv.port(), "ringside_tcp_connections_refused_total") == 0);
}

// timed_game_beside speaks plain WebSocket, so this one has no game beside it: a player over
// wss:// from another address must still get in, and the server's CPU stay low.
TEST_CASE("a TLS handshake flood from one address: handshakes past its budget never start") {
  constexpr int budget = 20;
  constexpr int attempts = 120;
  test_certificate cert;
  server_process srv({"--tls-cert", cert.cert_file(), "--tls-key", cert.key_file(),
                      "--tls-handshakes-per-address", std::to_string(budget)});
  auto trust = trusting(cert.cert_file());
  net::io_context ioc;
  int handshakes = 0;
  const double cpu_before = cpu_seconds(srv.pid());
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < attempts; ++i) {
    beast::ssl_stream<tcp::socket> stream(connect_from(ioc, attacker, srv.port()), *trust);
    read_timeout(stream.next_layer(), std::chrono::milliseconds(3000));
    beast::error_code ec;
    stream.handshake(ssl::stream_base::client, ec);
    if (!ec) ++handshakes;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = cpu_seconds(srv.pid()) - cpu_before;
  const auto refused =
      tls_metric(srv.port(), cert.cert_file(), "ringside_tls_handshakes_refused_total");
  MESSAGE(attempts << " TLS handshakes from one address in " << wall << " s: " << handshakes
                   << " done, " << refused << " refused; server CPU " << cpu << " s");
  CHECK(handshakes == budget);
  CHECK(refused == attempts - budget);
  // A player from elsewhere is not held back by the flood.
  ws_client player(srv.port(), cert.cert_file());
  CHECK(player.hello("carol").value("type", "") == "welcome");
  CHECK(https_get(srv.port(), cert.cert_file(), "/healthz").status == 200);
}

TEST_CASE("at a low open-files limit, one address's idle connections hold only their cap") {
  constexpr long open_files = 128;
  constexpr int cap = 48;
  constexpr int attempts = 200;
  const std::string log = std::filesystem::temp_directory_path() /
                          ("ringside-conn-" + std::to_string(getpid()) + ".log");
  server_process srv({"--tcp-connections-per-address", std::to_string(cap)}, {open_files, log});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  {
    silent_crowd crowd(srv.port(), attacker);
    crowd.add(attempts);
    const auto refused =
        wait_for_metric(srv.port(), "ringside_tcp_connections_refused_total", attempts - cap);
    CHECK(refused == attempts - cap);
    CHECK(descriptors_open(srv.pid()) < open_files);
    // Seven connects in a row by a real player, each saying hello: all of them get in.
    int got_in = 0;
    for (int i = 0; i < 7; ++i) got_in += newcomer_gets_in(srv.port(), "dave" + std::to_string(i));
    MESSAGE(crowd.size() << " idle connections from one address, " << refused
                         << " refused; a newcomer got in " << got_in << " times of 7");
    CHECK(got_in == 7);
    CHECK(metric(srv.port(), "ringside_accepts_out_of_fds_total") == 0);
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
  std::filesystem::remove(log);
}

}  // namespace ringside::test
