// A WebSocket that never said hello used to stay open for good (still open
// at 330 s): Beast's keep-alive pings, which the client answers, kept it alive. Such a
// connection is now closed with 1008 after --hello-timeout (10 s by default), whatever it
// pings.
#include <doctest/doctest.h>

#include <memory>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {

TEST_CASE("100 WebSockets that never say hello, one pinging: closed 1008 after --hello-timeout") {
  // 100 connections from one address: the per-address cap (64) is not what is tested here.
  server_process srv({"--hello-timeout", "1", "--connections-per-address", "0"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<ws_client>> silent;
  for (int i = 0; i < 100; ++i) silent.push_back(std::make_unique<ws_client>(srv.port()));
  ws_client pinger(srv.port());
  ws_client greeted(srv.port());
  greeted.hello("on time");
  // Pings every 100 ms for 2 s: the server answers them, and closes the connection anyway.
  for (int i = 0; i < 20 && pinger.ping(); ++i) std::this_thread::sleep_for(100ms);
  CHECK(pinger.wait_closed(3s) == 1008);
  CHECK(pinger.close_reason() == "no hello in time");
  int closed = 0;
  for (auto& c : silent) {
    if (c->wait_closed(3s) == 1008 && c->close_reason() == "no hello in time") ++closed;
  }
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE(closed << " of 100 silent connections closed 1008 within " << took << " s");
  CHECK(closed == 100);
  // A connection that said hello is not timed: it is still served after the deadline.
  CHECK(greeted.request({{"type", "list_rooms"}}, "rooms").contains("rooms"));
  CHECK(metric(srv.port(), "ringside_hello_timeouts_total") == 101);
  silent.clear();

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
