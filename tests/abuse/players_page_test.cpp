// Players' pages are read on the journal's thread, the one that also makes every move durable:
// three clients asking for the largest pages as fast as they can, and one asking for pages
// whose name or query is wrong, must not delay the moves of a game beside it, and each bad
// request gets its 400 without reaching the journal.
#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {

namespace {

// A game `a` made and `b` resigned, so there is something to list.
void finish_one(ws_client& a, ws_client& b) {
  REQUIRE(a.send({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}}));
  const std::string room = a.next_of("joined").at("room");
  REQUIRE(b.send({{"type", "join"}, {"room", room}, {"as", "player"}}));
  b.next_of("joined");
  REQUIRE(b.send({{"type", "resign"}, {"room", room}}));
  a.next_of("patch");
}

}  // namespace

TEST_CASE("players' pages asked for flat out, and bad ones: the game beside moves on time") {
  // The HTTP budget per address would stop one attacker early; without it the journal's
  // thread itself is what is tested.
  server_process srv({"--http-rate-limit", "0"});
  {
    ws_client mallory(srv.port());
    ws_client rival(srv.port());
    mallory.hello("mallory");
    rival.hello("rival");
    for (int i = 0; i < 20; ++i) finish_one(mallory, rival);
  }
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  const std::vector<std::string> bad{
      "/api/players/mallory?limit=201", "/api/players/mallory/games?before=x",
      "/api/players/mallory?game=chess", "/api/players/%ff",
      "/api/players/mallory?limit=%c3%28"};
  std::atomic<int> pages{0};
  std::atomic<int> refused{0};
  std::atomic<int> wrong{0};
  std::vector<std::thread> attackers;
  for (int t = 0; t < 4; ++t) {
    attackers.emplace_back([&, t] {
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
      for (int i = 0; std::chrono::steady_clock::now() < until; ++i) {
        if (t == 3) {
          const auto [status, body] = http_get(srv.port(), bad[static_cast<std::size_t>(i) % bad.size()]);
          (status == 400 ? refused : wrong).fetch_add(1);
          // Paced: refusals flat out, with the HTTP budget off, are an HTTP flood that would
          // starve the two cores whatever they asked for (http_flood_test's attack).
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        } else {
          const auto [status, body] =
              http_get(srv.port(), i % 2 ? "/api/players/MALLORY?limit=200"
                                         : "/api/players/mallory/games?limit=200");
          (status == 200 && body.find("\"games\"") != std::string::npos ? pages : wrong)
              .fetch_add(1);
        }
      }
    });
  }
  for (auto& a : attackers) a.join();
  CHECK(wrong.load() == 0);
  CHECK(pages.load() > 100);
  MESSAGE("pages served: " << pages.load() << ", refused: " << refused.load());
  check_players_unharmed(game.stop());
  CHECK(metric(srv.port(), "ringside_player_queries_refused_total") == refused.load());
  CHECK(metric(srv.port(), "ringside_player_pages_total") >= pages.load());
  CHECK(metric(srv.port(), "ringside_handler_faults_total") == 0);
  check_server_fine(srv);
  rss.check_settles();
}

}  // namespace ringside::test
