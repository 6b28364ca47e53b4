// What the server says it plays: GET /api/games and welcome's `games` and `clocks` give the
// same list, built from the engine's registry, and every variant, board and computer level in
// it is one create_room accepts (a client that builds its form from the list offers nothing
// the server refuses).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

std::vector<std::string> flags() {
  auto f = unlimited_messages;
  for (const char* more : {"--waiting-rooms-per-player", "0", "--waiting-rooms-per-address", "0",
                           "--seats-per-player", "0"}) {
    f.emplace_back(more);
  }
  return f;
}

const json& game_named(const json& list, std::string_view name) {
  for (const auto& g : list.at("games")) {
    if (g.at("name") == name) return g;
  }
  FAIL("no game " << name);
  return list;
}

}  // namespace

TEST_CASE("GET /api/games lists the registry's games, variants, boards, levels and clocks") {
  server_process srv;
  const auto [status, body] = http_get(srv.port(), "/api/games");
  CHECK(status == 200);
  const auto list = json::parse(body);
  REQUIRE(list.at("games").size() == 2);
  CHECK(list.at("games").at(0).at("name") == "zertz");  // engine/games.hpp order

  const json& zertz = game_named(list, "zertz");
  CHECK(zertz.at("title") == "ZÈRTZ");
  // Each variant with the captures that win it (zertz-rules.md §2).
  const json standard_win{{"W", 4}, {"G", 5}, {"B", 6}, {"each", 3}};
  CHECK(zertz.at("variants") ==
        json::array({{{"name", "standard"}, {"board", 37}, {"win", standard_win}},
                     {{"name", "blitz"},
                      {"board", 37},
                      {"win", {{"W", 3}, {"G", 4}, {"B", 5}, {"each", 2}}}},
                     {{"name", "tournament"}, {"board", 48}, {"win", standard_win}}}));
  CHECK(zertz.at("boards") == json::array({37, 40, 43, 44, 48, 61}));
  CHECK(zertz.at("board_unit") == "rings");
  CHECK(zertz.at("computer_levels") == 5);

  const json& dvonn = game_named(list, "dvonn");
  CHECK(dvonn.at("title") == "DVONN");
  CHECK(dvonn.at("variants") == json::array({{{"name", "standard"}, {"board", 49}}}));
  CHECK(dvonn.at("boards") == json::array({49}));
  CHECK(dvonn.at("board_unit") == "cells");
  CHECK(dvonn.at("computer_levels") == 5);

  REQUIRE(!list.at("clocks").empty());
  for (const auto& c : list.at("clocks")) {
    CHECK(c.at("initial_s").get<int>() > 0);
    CHECK(c.at("increment_s").get<int>() >= 0);
  }
}

TEST_CASE("welcome carries the same games and clocks as GET /api/games") {
  server_process srv;
  const auto list = json::parse(http_get(srv.port(), "/api/games").second);
  ws_client c(srv.port());
  const auto welcome = c.request({{"type", "hello"}, {"name", "alice"}}, "welcome");
  CHECK(welcome.at("games") == list.at("games"));
  CHECK(welcome.at("clocks") == list.at("clocks"));
  CHECK(welcome.at("name") == "alice");  // the fields it had are all still there
  CHECK(welcome.contains("token"));
}

TEST_CASE("every variant, board and clock the list offers is a room create_room makes") {
  server_process srv(flags());
  const auto list = json::parse(http_get(srv.port(), "/api/games").second);
  ws_client c(srv.port());
  c.hello("alice");
  int made = 0;
  for (const auto& g : list.at("games")) {
    for (const auto& v : g.at("variants")) {
      for (const auto& board : g.at("boards")) {
        CAPTURE(g.at("name"));
        CAPTURE(v.at("name"));
        CAPTURE(board);
        const auto joined = c.request({{"type", "create_room"},
                                       {"game", g.at("name")},
                                       {"variant", v.at("name")},
                                       {"board", board}},
                                      "joined");
        const auto& st = joined.at("state");
        CHECK(st.at("game") == g.at("name"));
        if (st.contains("board")) CHECK(st.at("board") == board);
        ++made;
      }
      // A variant's own board is the one a room gets when the player names none.
      const auto joined = c.request(
          {{"type", "create_room"}, {"game", g.at("name")}, {"variant", v.at("name")}}, "joined");
      const auto& st = joined.at("state");
      if (st.contains("board")) CHECK(st.at("board") == v.at("board"));
      CHECK(st.at("variant") == v.at("name"));
    }
  }
  CHECK(made == 3 * 6 + 1);
  for (const auto& clock : list.at("clocks")) {
    c.request(
        {{"type", "create_room"}, {"game", "zertz"}, {"variant", "standard"}, {"clock", clock}},
        "joined");
  }
}

}  // namespace ringside::test
