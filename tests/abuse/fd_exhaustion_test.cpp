// With the open-files limit reached, the accept loop used to spin: 9.7 s of CPU
// in 5 s, 2.1 million `accept: Too many open files` lines (158 MB of log), /healthz timing
// out. The listener now waits 50 ms after such a failure, warns at most once a second, and
// lets /healthz and /metrics in on spare descriptors held for the purpose (anything else gets
// 503); the server raises its soft limit to the hard one at start.
#include <doctest/doctest.h>

#include <unistd.h>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

constexpr long server_open_files = 128;

std::string text_of(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

long occurrences(const std::string& text, std::string_view what) {
  long n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The server's own log lines, each one spdlog write ("[...] [ringside] [warning] ...").
long lines_in(const std::string& path) {
  return occurrences(text_of(path), "] [ringside] [");
}

struct answer {
  int status = 0;
  std::string body;
  double ms = 0;
};

// GET `target` with its own deadline (the shared http_get would wait for ever).
std::optional<answer> get_within(std::uint16_t port, const std::string& target,
                                 std::chrono::milliseconds limit) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.keep_alive(false);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  bool done = false;
  const auto t0 = std::chrono::steady_clock::now();
  stream.expires_after(limit);
  stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                       [&](beast::error_code ec) {
                         if (ec) return;
                         http::async_write(stream, req, [&](beast::error_code e, std::size_t) {
                           if (e) return;
                           http::async_read(stream, buffer, res,
                                            [&](beast::error_code r, std::size_t) { done = !r; });
                         });
                       });
  ioc.run();
  if (!done) return std::nullopt;
  return answer{
      static_cast<int>(res.result_int()), res.body(),
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()};
}

// Connections that only connect: each costs the server a descriptor once accepted.
class idle_crowd {
 public:
  explicit idle_crowd(std::uint16_t port) : port_(port) {}
  void add() {
    tcp::socket s(ioc_);
    beast::error_code ec;
    s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_), ec);
    if (!ec) sockets_.push_back(std::move(s));
  }
  std::size_t size() const { return sockets_.size(); }

 private:
  std::uint16_t port_;
  net::io_context ioc_;
  std::vector<tcp::socket> sockets_;
};

}  // namespace

TEST_CASE(
    "connections past the open-files limit: no spin, a quiet log, /healthz answers, the game goes "
    "on") {
  const std::string log =
      std::filesystem::temp_directory_path() / ("ringside-fd-" + std::to_string(getpid()) + ".log");
  server_process srv({}, {server_open_files, log});
  timed_game_beside game(srv.port());  // its two connections are open before the attack
  rss_sampler rss(srv);
  CHECK(metric(srv.port(), "ringside_open_files_limit") == server_open_files);

  {
    // Up to the limit: the server holds every descriptor it may.
    idle_crowd crowd(srv.port());
    const auto full_by = std::chrono::steady_clock::now() + 10s;
    while (descriptors_open(srv.pid()) < server_open_files &&
           std::chrono::steady_clock::now() < full_by) {
      crowd.add();
      std::this_thread::sleep_for(2ms);
    }
    REQUIRE_MESSAGE(srv.running(), "the server ended at its limit; its log:\n" << text_of(log));
    REQUIRE(descriptors_open(srv.pid()) >= server_open_files);
    for (int i = 0; i < 30; ++i) crowd.add();  // these wait in the backlog

    // For 3 s, 20 more a second: the backlog is never empty, as when an attacker keeps at it.
    const double cpu_before = cpu_seconds(srv.pid());
    const long lines_before = lines_in(log);
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 60; ++i) {
      crowd.add();
      std::this_thread::sleep_for(50ms);
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_seconds(srv.pid()) - cpu_before;
    const long lines = lines_in(log) - lines_before;

    // Monitoring still answers, at the limit, promptly.
    const auto health = get_within(srv.port(), "/healthz", 20s);
    const auto api = get_within(srv.port(), "/api/rooms", 2s);
    const auto out_of_fds = metric(srv.port(), "ringside_accepts_out_of_fds_total");
    const auto spared = metric(srv.port(), "ringside_spare_fd_connections_total");
    MESSAGE(crowd.size() << " idle connections; server CPU " << cpu << " s in " << wall
                         << " s at the limit, " << lines << " log lines; /healthz in "
                         << (health ? health->ms : -1) << " ms; " << out_of_fds
                         << " accepts out of descriptors, " << spared
                         << " connections let in on a spare");
    CHECK(cpu < 0.25 * wall);  // a spinning accept loop burns every I/O thread: 2 s a second
    CHECK(lines <= wall + 2);  // one warning a second at most
    REQUIRE(health);
    CHECK(health->status == 200);
    CHECK(health->body.find("\"status\":\"ok\"") != std::string::npos);
    REQUIRE(api);
    CHECK(api->status == 503);
    CHECK(out_of_fds > 0);
    CHECK(spared >= 2);
  }
  // The crowd has gone: the server accepts as before.
  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
  const auto ok = get_within(srv.port(), "/api/rooms", 2s);
  REQUIRE(ok);
  CHECK(ok->status == 200);
  // A clean exit: under the sanitizers, no report and no leak (the log has them if not).
  const int exit_status = srv.stop(SIGTERM);
  CHECK_MESSAGE(exit_status == 0, text_of(log));
  std::filesystem::remove(log);
}

}  // namespace ringside::test
