// The state document: exactly the fields of protocol.md, filled from the engine and the room.
#include <doctest/doctest.h>

#include "protocol/state.hpp"

namespace ringside::protocol {

using nlohmann::json;

TEST_CASE("the start of a standard game") {
  const auto g = *zertz::game::create("standard", 0);
  room_view v;
  v.room = "k3x9q2";
  v.players[0] = player_view{"alice", true, 300000, 0, true};
  const auto s = build_state(v, g);
  std::vector<std::string> keys;
  for (const auto& [k, val] : s.items()) keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  CHECK(keys == std::vector<std::string>{"board",      "captured",      "captures",   "draw_offer",
                                         "game",       "history",       "history_by", "last_move",
                                         "must_capture", "players",     "ply",        "pool",
                                         "rated",      "rematch",       "rematch_offer",
                                         "removable",  "result",
                                         "rings",      "room",          "spectators", "status",
                                         "takeback_offer", "takebacks", "to_move",    "variant",
                                         "zip"});
  CHECK(s.at("room") == "k3x9q2");
  CHECK(s.at("game") == "zertz");
  CHECK(s.at("variant") == "standard");
  CHECK(s.at("board") == 37);
  CHECK(s.at("status") == "waiting");
  CHECK(s.at("rated") == false);
  CHECK(s.at("players") ==
        json::array({{{"name", "alice"}, {"online", true}, {"guest", true}, {"clock_ms", 300000}},
                     nullptr}));
  CHECK(s.at("to_move") == 1);
  CHECK(s.at("ply") == 0);
  CHECK(s.at("rings").size() == 37);
  for (const auto& [cell, occupant] : s.at("rings").items()) CHECK(occupant == "");
  CHECK(s.at("rings").contains("a1"));
  CHECK(s.at("rings").contains("d7"));
  CHECK(s.at("pool") == json{{"W", 6}, {"G", 8}, {"B", 10}});
  CHECK(s.at("captured") ==
        json::array({{{"W", 0}, {"G", 0}, {"B", 0}}, {{"W", 0}, {"G", 0}, {"B", 0}}}));
  CHECK(s.at("must_capture") == false);
  CHECK(s.at("captures") == json::array());
  CHECK(s.at("removable").size() == 18);
  CHECK(s.at("history") == json::array());
  CHECK(s.at("history_by") == json::array());
  CHECK(s.at("last_move").is_null());
  CHECK(s.at("draw_offer").is_null());
  CHECK(s.at("result").is_null());
  CHECK(s.at("zip") == "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1");
}

TEST_CASE("after a move, and a finished room") {
  auto g = *zertz::game::create("blitz", 0);
  const auto report = g.play("Wd4-a1");
  REQUIRE(report);
  room_view v;
  v.room = "r";
  v.status = room_status::finished;
  v.last_move = *report;
  v.draw_offer = 2;
  v.result = result_view{0, "agreement", {}};
  v.spectators = 3;
  const auto s = build_state(v, g);
  CHECK(s.at("rings").at("d4") == "W");
  CHECK(!s.at("rings").contains("a1"));
  CHECK(s.at("pool") == json{{"W", 4}, {"G", 7}, {"B", 9}});
  CHECK(s.at("history") == json::array({"Wd4-a1"}));
  CHECK(s.at("history_by") == json::array({1}));
  CHECK(s.at("to_move") == 2);
  CHECK(s.at("last_move").at("move") == "Wd4-a1");
  CHECK(s.at("last_move").at("by") == 1);
  CHECK(s.at("last_move").at("isolated") == json::array());
  CHECK(s.at("last_move").at("captured") == json{{"W", 0}, {"G", 0}, {"B", 0}});
  CHECK(s.at("draw_offer") == 2);
  CHECK(s.at("result") == json{{"winner", nullptr}, {"reason", "agreement"}});
  CHECK(s.at("status") == "finished");
  CHECK(s.at("spectators") == 3);
  // Deterministic: the same inputs build the same document, so diffs are only real changes.
  CHECK(json::diff(s, build_state(v, g)).empty());
}

}  // namespace ringside::protocol
