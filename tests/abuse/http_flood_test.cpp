// GET /api/rooms used to build the whole list (942 KB at 5,700 rooms) on the
// lobby's strand for every 38-byte request; 16 pipelining clients pushed a `hello` from
// 1.6 ms to 1.6 s. The list is now one cached page, and one address gets 429 (with
// Retry-After) past --http-rate-limit requests per 10 s.
#include <doctest/doctest.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
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

struct hammer_result {
  std::atomic<int> ok{0};
  std::atomic<int> limited{0};        // 429 with a Retry-After header
  std::atomic<int> limited_bare{0};   // 429 without one
  std::atomic<int> other{0};
  std::atomic<std::size_t> biggest{0};  // the largest body
};

// One keep-alive connection sending `target` in batches of 20 pipelined requests, reading
// the answers, until `until`.
void hammer(std::uint16_t port, const std::string& target,
            std::chrono::steady_clock::time_point until, hammer_result& out) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  std::string batch;
  for (int i = 0; i < 20; ++i) batch += "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n";
  beast::flat_buffer buffer;
  while (std::chrono::steady_clock::now() < until) {
    beast::error_code ec;
    net::write(stream.socket(), net::buffer(batch), ec);
    if (ec) return;
    for (int i = 0; i < 20; ++i) {
      http::response<http::string_body> res;
      http::read(stream, buffer, res, ec);
      if (ec) return;
      std::size_t seen = out.biggest.load();
      while (res.body().size() > seen && !out.biggest.compare_exchange_weak(seen, res.body().size())) {
      }
      if (res.result() == http::status::ok) {
        ++out.ok;
      } else if (res.result() == http::status::too_many_requests) {
        ++(res.count(http::field::retry_after) != 0 ? out.limited : out.limited_bare);
      } else {
        ++out.other;
      }
    }
  }
}

}  // namespace

TEST_CASE("16 clients pipelining GET /api/rooms: 429 past the limit, hello and moves stay fast") {
  // The newcomers and makers all come from 127.0.0.1, as the players do: the limit on new
  // identities per address (address_limits_test.cpp) is off.
  server_process srv({"--http-rate-limit", "200", "--identities-per-address", "0"});
  // Rooms to list: 27 waiting ones (the address's cap is 30: the players make one too).
  std::vector<std::unique_ptr<ws_client>> makers;
  for (int i = 0; i < 9; ++i) {
    makers.push_back(std::make_unique<ws_client>(srv.port()));
    makers.back()->hello("maker " + std::to_string(i));
    for (int r = 0; r < 3; ++r) {
      INFO("maker " << i << ", room " << r);
      makers.back()->request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}},
                             "joined");
    }
  }
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  hammer_result result;
  const auto until = std::chrono::steady_clock::now() + 3s;
  std::vector<std::thread> clients;
  for (int i = 0; i < 16; ++i) {
    clients.emplace_back([&] { hammer(srv.port(), "/api/rooms", until, result); });
  }
  // Meanwhile newcomers say hello: each answered as fast as on an idle server.
  double worst_hello_ms = 0;
  for (int i = 0; i < 10; ++i) {
    std::this_thread::sleep_for(200ms);
    ws_client newcomer(srv.port());
    const auto t0 = std::chrono::steady_clock::now();
    newcomer.hello("newcomer");
    worst_hello_ms = std::max(
        worst_hello_ms,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  for (auto& t : clients) t.join();

  MESSAGE("/api/rooms: " << result.ok << " answered, " << result.limited
                         << " refused with 429; the largest body " << result.biggest
                         << " bytes; the slowest hello " << worst_hello_ms << " ms");
  CHECK(result.ok <= 200);  // the address's allowance in 10 s
  CHECK(result.ok >= 100);
  CHECK(result.limited > 0);
  CHECK(result.limited_bare == 0);
  CHECK(result.other == 0);
  CHECK(result.biggest < 64 * 1024);  // one page
  CHECK(worst_hello_ms < slowest_move_ms);
  CHECK(metric(srv.port(), "ringside_http_rate_limited_total") == result.limited);
  // Monitoring is never refused, even from the limited address.
  CHECK(http_get(srv.port(), "/healthz").first == 200);
  const auto [status, body] = http_get(srv.port(), "/api/rooms");
  CHECK(status == 429);
  CHECK(body.find("try again in") != std::string::npos);

  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
