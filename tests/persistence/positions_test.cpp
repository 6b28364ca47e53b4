// The board at any ply: /api/rooms/ID/positions replays a room's moves into the state document
// after each ply, for a game being played, for a finished one, and after a restart.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "journaled_server.hpp"
#include "support/game_search.hpp"
#include "support/server_checks.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {

TEST_CASE("positions: every ply of a game being played, finished, and after a restart") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 8 && end.outcome()->winner != 0;
  });
  temp_dir dir;
  std::string room;
  std::string finished_body;
  // What the players saw after each move, to hold the replayed positions against.
  std::vector<std::string> zips;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    table t(srv.port());
    room = t.room();
    zips.push_back(t.seat(1).state().at("zip").get<std::string>());
    const std::string path = "/api/rooms/" + room + "/positions";

    // At the start: one position, the first.
    const auto [s0, body0] = http_get(srv.port(), path);
    REQUIRE(s0 == 200);
    const auto start = json::parse(body0);
    CHECK(start.at("room") == room);
    CHECK(start.at("game") == "zertz");
    CHECK(start.at("status") == "playing");
    CHECK(start.at("ply") == 0);
    REQUIRE(start.at("positions").size() == 1);
    CHECK(start.at("positions").at(0).at("zip") == zips.front());

    const std::size_t half = g.moves.size() / 2;
    for (std::size_t i = 0; i < half; ++i) {
      t.play(t.seat(1).state().at("to_move").get<int>(), g.moves[i]);
      zips.push_back(t.seat(1).state().at("zip").get<std::string>());
    }
    // In the middle of the game, and fetched twice: one replay, the second answer kept.
    const auto built = metric(srv.port(), "ringside_positions_built_total");
    const auto [s1, body1] = http_get(srv.port(), path);
    REQUIRE(s1 == 200);
    CHECK(http_get(srv.port(), path).second == body1);
    CHECK(metric(srv.port(), "ringside_positions_built_total") == built + 1);
    const auto live = json::parse(body1);
    CHECK(live.at("history") == t.seat(1).state().at("history"));
    REQUIRE(live.at("positions").size() == half + 1);
    for (std::size_t k = 0; k <= half; ++k) {
      const auto& p = live.at("positions").at(k);
      CHECK_MESSAGE(p.at("zip") == zips[k], "ply ", k);
      CHECK(p.at("ply") == k);
      CHECK(p.at("status") == "playing");
      CHECK_FALSE(p.contains("history"));
    }
    CHECK(live.at("positions").at(half).at("last_move") == t.seat(1).state().at("last_move"));

    for (std::size_t i = half; i < g.moves.size(); ++i) {
      t.play(t.seat(1).state().at("to_move").get<int>(), g.moves[i]);
      zips.push_back(t.seat(1).state().at("zip").get<std::string>());
    }
    REQUIRE(t.seat(1).state().at("status") == "finished");
    const auto [s2, body2] = http_get(srv.port(), path);
    REQUIRE(s2 == 200);
    finished_body = body2;
    const auto done = json::parse(body2);
    CHECK(done.at("status") == "finished");
    REQUIRE(done.at("positions").size() == zips.size());
    const auto& last = done.at("positions").back();
    CHECK(last.at("zip") == zips.back());
    CHECK(last.at("status") == "finished");
    CHECK(last.at("result") == t.seat(1).state().at("result"));
    CHECK(done.at("positions").at(1).at("result").is_null());
    srv.kill9();
  }
  // The finished game is read back from the journal and gives the same answer.
  journaled_server srv(dir.path(), unlimited_messages);
  const auto [s3, body3] = http_get(srv.port(), "/api/rooms/" + room + "/positions");
  CHECK(s3 == 200);
  CHECK(body3 == finished_body);
  CHECK(http_get(srv.port(), "/api/rooms/nosuchroom/positions").first == 404);
  CHECK(http_get(srv.port(), "/api/rooms//positions").first == 404);
}

}  // namespace ringside::test
