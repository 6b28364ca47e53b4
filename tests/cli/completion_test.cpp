// Tab offers only what the state allows: legal placements and removals, only the chains when
// a capture is due, DVONN's legal list, and the interactive commands.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "clients/cli/completion.hpp"
#include "clients/cli/move_tokens.hpp"

using namespace ringside::cli;
using nlohmann::json;
using v = std::vector<std::string>;

namespace {

json zertz_state() {
  return {
      {"game", "zertz"},
      {"status", "playing"},
      {"to_move", 1},
      {"rings", {{"a1", ""}, {"d4", ""}, {"d5", "W"}, {"g1", ""}}},
      {"pool", {{"W", 1}, {"G", 0}, {"B", 2}}},
      {"captured", json::array({{{"W", 0}, {"G", 3}, {"B", 0}}, {{"W", 0}, {"G", 0}, {"B", 0}}})},
      {"must_capture", false},
      {"captures", json::array()},
      {"removable", {"a1", "d4"}}};
}

}  // namespace

TEST_CASE("placements: vacant rings, colours in the pool, then any other free ring") {
  const auto t = legal_tokens(zertz_state());
  // d5 holds a marble; G is not in the pool; the placed ring cannot also be the removed one.
  CHECK(t == v{"Ba1-d4", "Bd4-a1", "Bg1-a1", "Bg1-d4", "Wa1-d4", "Wd4-a1", "Wg1-a1", "Wg1-d4"});
  json only_one = zertz_state();
  only_one["removable"] = {"d4"};
  // Placing on the only free ring leaves nothing to remove: the token has no removal.
  const auto u = legal_tokens(only_one);
  CHECK(std::find(u.begin(), u.end(), "Wd4") != u.end());
  CHECK(std::find(u.begin(), u.end(), "Wa1-d4") != u.end());
}

TEST_CASE("an empty pool: the mover's own captures") {
  json s = zertz_state();
  s["pool"] = {{"W", 0}, {"G", 0}, {"B", 0}};
  for (const auto& t : legal_tokens(s)) CHECK(t[0] == 'G');
  s["to_move"] = 2;  // seat 2 holds nothing: nothing to place (the server passes for it)
  CHECK(legal_tokens(s).empty());
}

TEST_CASE("a compulsory capture: only the chains, named by the jumping marble") {
  json s = zertz_state();
  s["rings"] = {{"d1", "B"}, {"d2", "W"}, {"d3", ""}, {"c2", "G"}, {"e3", ""}};
  s["must_capture"] = true;
  s["captures"] = json::array({json::array({"d1", "d3"}), json::array({"c2", "d3", "e3"})});
  CHECK(legal_tokens(s) == v{"Bd1xd3", "Gc2xd3xe3"});
  CHECK(capture_tokens(s) == v{"Bd1xd3", "Gc2xd3xe3"});
}

TEST_CASE("DVONN: the state's legal list, without the pass the server plays itself") {
  const json s = {{"game", "dvonn"}, {"status", "playing"}, {"legal", {"c3e3", "pass", "a1b1"}}};
  CHECK(legal_tokens(s) == v{"a1b1", "c3e3"});
  CHECK(legal_tokens({{"game", "dvonn"}, {"status", "finished"}, {"legal", {"c3"}}}).empty());
}

TEST_CASE("moves complete step by step, only to legal tokens") {
  const auto moves = legal_tokens(zertz_state());
  CHECK(complete_move("Wd4-", moves) == v{"Wd4-a1"});  // not d4 itself, not d5 or g1
  CHECK(complete_move("Wg1-", moves) == v{"Wg1-a1", "Wg1-d4"});
  CHECK(complete_move("W", moves) == v{"Wa1-", "Wd4-", "Wg1-"});
  CHECK(complete_move("wd", moves) == v{"Wd4-a1"});  // lower case finds the move
  CHECK(complete_move("G", moves).empty());
  CHECK(is_partial_move("Wa1-"));
  CHECK_FALSE(is_partial_move("Wd4-a1"));
  const v chains{"Bd1xd3xd5", "Bd1xd3xf3", "Ge3xc4"};
  CHECK(complete_move("Bd", chains) == v{"Bd1x"});
  CHECK(complete_move("Bd1xd", chains) == v{"Bd1xd3x"});
  CHECK(complete_move("Bd1xd3xd", chains) == v{"Bd1xd3xd5"});
  CHECK(complete_move("G", chains) == v{"Ge3xc4"});
  CHECK(complete_move("", chains) == v{"B", "G"});
  CHECK(complete_move("Gd", chains).empty());
}

TEST_CASE("an empty line on our turn lists the moves; otherwise the commands") {
  completion_context ctx{{"Wd4-a1", "Wd5-a1"}, {"k3x9q2"}, "zertz"};
  CHECK(complete_word("", "", ctx) == v{"W"});
  completion_context dvonn{{"c3e3", "c3c4", "d1d2"}, {}, "dvonn"};
  CHECK(complete_word("", "", dvonn) == v{"c3c4", "c3e3", "d1d2"});
  CHECK(complete_word("", "", completion_context{{"c3e3"}, {}, "dvonn"}) == v{"c3e3"});
}

TEST_CASE("the first word: interactive commands, and moves once something is typed") {
  completion_context ctx{{}, {"k3x9q2"}, "zertz"};
  const auto all = complete_word("", "", ctx);
  CHECK(std::find(all.begin(), all.end(), "help") != all.end());
  CHECK(std::find(all.begin(), all.end(), "decline") != all.end());
  for (const char* script_only : {"wait-turn", "state", "expect-error", "room-file"})
    CHECK(std::find(all.begin(), all.end(), script_only) == all.end());
  CHECK(std::find(all.begin(), all.end(), "Wd4-a1") == all.end());
  ctx.moves = {"Wd4-a1", "Wd5-a1"};
  CHECK(complete_word("wa", "", ctx) == v{"watch"});
  CHECK(complete_word("W", "", ctx) == v{"Wd4-", "Wd5-"});
  CHECK(complete_word("", "move", ctx) == v{"W"});
  CHECK(complete_move("", legal_tokens(zertz_state())) == v{"B", "W"});
  CHECK(is_partial_move("W"));
  CHECK(complete_word("Wd5", "move", ctx) == v{"Wd5-a1"});
  CHECK(complete_word("k", "join", ctx) == v{"k3x9q2"});
  CHECK(complete_word("c", "board", ctx) == v{"coords"});
  CHECK(complete_word("m", "help", ctx) == v{"moves"});
  CHECK(complete_word("bl", "new", ctx) == v{"blitz"});
  CHECK(complete_word("dv", "new", ctx) == v{"dvonn"});
  CHECK(complete_word("", "say", ctx).empty());
}
