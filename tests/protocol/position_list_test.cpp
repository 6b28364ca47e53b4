// The positions answer: one state document per ply, forced passes included, each the document
// the room had then (the room's own facts aside), and moves that do not replay refused.
#include <doctest/doctest.h>

#include <random>

#include "protocol/position_list.hpp"

namespace ringside::protocol {

using nlohmann::json;

TEST_CASE("positions of random DVONN games: one per ply, passes showing their move's board") {
  int passes = 0;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    std::mt19937 rng(seed * 7919U);
    const any_game start(*dvonn::game::create("standard", 0));
    any_game g = start;
    std::vector<std::string> moves;
    std::vector<json> boards{build_state(room_view{}, g).at("stacks")};
    while (!g.outcome()) {
      const auto legal = g.legal_moves();
      moves.push_back(legal[rng() % legal.size()]);
      REQUIRE(g.play(moves.back()));
      while (static_cast<int>(boards.size()) <= g.ply()) {
        boards.push_back(build_state(room_view{}, g).at("stacks"));
      }
    }
    for (const auto& h : g.history()) passes += h == "pass" ? 1 : 0;
    room_view now;
    now.room = "dv";
    now.status = room_status::finished;
    now.players[0] = player_view{"alice", true, std::int64_t{1000}};
    now.result = result_view{g.outcome()->winner, std::string(g.outcome()->reason), g.score()};
    const auto out = build_positions(now, start, moves);
    REQUIRE(out);
    CHECK(out->at("ply") == g.ply());
    CHECK(out->at("history") == g.history());
    const auto& positions = out->at("positions");
    REQUIRE(positions.size() == static_cast<std::size_t>(g.ply()) + 1);
    for (std::size_t k = 0; k < positions.size(); ++k) {
      CAPTURE(k);
      CHECK(positions[k].at("stacks") == boards[k]);
      CHECK_FALSE(positions[k].contains("history"));
      // Presence and clocks are not replayed.
      CHECK(positions[k].at("players").at(0).at("online") == false);
      CHECK(positions[k].at("players").at(0).at("clock_ms").is_null());
    }
    CHECK(positions.back().at("status") == "finished");
    CHECK(positions.back().at("result").at("winner") ==
          json(now.result->winner == 0 ? json(nullptr) : json(now.result->winner)));
    CHECK(positions.front().at("status") == "playing");
    CHECK(positions.front().at("result").is_null());
  }
  MESSAGE(passes << " forced passes replayed");
  CHECK(passes > 0);
}

TEST_CASE("a move that does not replay is refused, naming it") {
  room_view now;
  now.room = "z";
  const auto out =
      build_positions(now, any_game(*zertz::game::create("standard", 0)), {"Wd4-a1", "Wq9"});
  REQUIRE_FALSE(out);
  CHECK(out.error().find("move 2 Wq9") != std::string::npos);
}

}  // namespace ringside::protocol
