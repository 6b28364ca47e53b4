// Results, last moves and room events in names and words.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "clients/cli/game_words.hpp"
#include "clients/cli/room_events.hpp"

using namespace ringside::cli;
using nlohmann::json;

namespace {

json finished(json result, std::string variant = "standard") {
  return {
      {"game", "zertz"},
      {"variant", std::move(variant)},
      {"status", "finished"},
      {"players", json::array({{{"name", "alice"}}, {{"name", "bob"}}})},
      {"captured", json::array({{{"W", 1}, {"G", 5}, {"B", 0}}, {{"W", 3}, {"G", 3}, {"B", 3}}})},
      {"result", std::move(result)}};
}

}  // namespace

TEST_CASE("results say who won and why") {
  CHECK(result_words(finished({{"winner", 1}, {"reason", "win_condition"}})) ==
        "alice wins with 5 grey marbles");
  CHECK(result_words(finished({{"winner", 2}, {"reason", "win_condition"}})) ==
        "bob wins with 3 marbles of each colour");
  CHECK(result_words(finished({{"winner", 2}, {"reason", "win_condition"}}, "blitz")) ==
        "bob wins with 3 marbles of each colour");
  CHECK(result_words(finished({{"winner", 1}, {"reason", "resignation"}})) ==
        "bob resigned: alice wins");
  CHECK(result_words(finished({{"winner", 2}, {"reason", "time"}})) ==
        "alice ran out of time: bob wins");
  CHECK(result_words(finished({{"winner", 2}, {"reason", "abandoned"}})) ==
        "alice left the game: bob wins");
  CHECK(result_words(finished({{"winner", nullptr}, {"reason", "agreement"}})) ==
        "a draw by agreement");
  CHECK(result_words(finished({{"winner", 0}, {"reason", "cancelled"}})) ==
        "cancelled before it began");
  CHECK(result_words(finished({{"winner", 1}, {"reason", "board_full"}})) ==
        "alice wins: the board is full");
  CHECK(result_words(finished({{"winner", nullptr}, {"reason", "no_moves"}})) ==
        "a draw: neither player can place or capture");
  CHECK(result_words(finished({{"winner", nullptr}, {"reason", "repetition"}})).find("third") !=
        std::string::npos);
  CHECK(result_words(finished(nullptr)).empty());
}

TEST_CASE("last moves in words") {
  json s = finished(nullptr);
  s["last_move"] = {{"move", "Wd4-g3"}, {"by", 2}, {"isolated", json::array()}};
  CHECK(last_move_words(s) == "bob placed white on d4 and removed g3");
  s["last_move"] = {{"move", "Gc3"}, {"by", 1}};
  CHECK(last_move_words(s) == "alice placed grey on c3");
  s["last_move"] = {{"move", "Bd1xd3xd5"}, {"by", 1}, {"captured", {{"W", 1}, {"G", 1}, {"B", 0}}}};
  CHECK(last_move_words(s) == "alice jumped black from d1 to d5, capturing 1 white, 1 grey");
  s["last_move"] = {{"move", "pass"}, {"by", 2}};
  CHECK(last_move_words(s) == "bob passed: nothing to place");
  s["game"] = "dvonn";
  s["stacks"] = {{"c3", "D"}};
  s["last_move"] = {{"move", "c3"}, {"by", 1}};
  CHECK(last_move_words(s) == "alice placed a DVONN piece on c3");
  s["last_move"] = {{"move", "e1e3"}, {"by", 2}, {"removed", {{"a1", "B"}}}};
  CHECK(last_move_words(s) == "bob moved e1 onto e3; 1 stack cut off and removed");
}

TEST_CASE("room events: joins, presence, the start and draw offers, from both sides") {
  const json waiting = {{"status", "waiting"},
                        {"players", json::array({{{"name", "alice"}, {"online", true}}, nullptr})},
                        {"draw_offer", nullptr}};
  json playing = waiting;
  playing["status"] = "playing";
  playing["players"][1] = {{"name", "bob"}, {"online", true}};
  auto ev = events_between(facts_of(waiting), facts_of(playing));
  REQUIRE(ev.size() == 2);
  CHECK(event_text(ev[0], 1, facts_of(playing)) == "bob took seat 2.");
  CHECK(event_text(ev[1], 1, facts_of(playing)) ==
        "The game starts: alice vs bob, alice moves first. That is you.");

  json away = playing;
  away["players"][1]["online"] = false;
  ev = events_between(facts_of(playing), facts_of(away));
  REQUIRE(ev.size() == 1);
  CHECK(event_text(ev[0], 1, facts_of(away)).starts_with("bob is away"));
  ev = events_between(facts_of(away), facts_of(playing));
  REQUIRE(ev.size() == 1);
  CHECK(event_text(ev[0], 1, facts_of(playing)) == "bob is back.");

  json offer = playing;
  offer["draw_offer"] = 2;
  ev = events_between(facts_of(playing), facts_of(offer));
  REQUIRE(ev.size() == 1);
  CHECK(event_text(ev[0], 1, facts_of(offer)) ==
        "bob offers a draw: type `draw` to accept, or `decline` (or just move).");
  CHECK(event_text(ev[0], 2, facts_of(offer)).starts_with("You offered a draw"));
  CHECK(event_text(ev[0], std::nullopt, facts_of(offer)) == "bob offers a draw.");
  ev = events_between(facts_of(offer), facts_of(playing));
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].what == room_event::kind::draw_off);
  CHECK(events_between(facts_of(playing), facts_of(playing)).empty());
}

TEST_CASE("a takeback request and a rematch offer are told, with what to type") {
  json playing{{"status", "playing"},
               {"players",
                json::array({json{{"name", "alice"}, {"online", true}},
                             json{{"name", "bob"}, {"online", true}}})},
               {"draw_offer", nullptr},
               {"takeback_offer", nullptr},
               {"rematch_offer", nullptr},
               {"rematch", nullptr}};
  json asked = playing;
  asked["takeback_offer"] = 2;
  auto ev = events_between(facts_of(playing), facts_of(asked));
  REQUIRE(ev.size() == 1);
  CHECK(event_text(ev[0], 1, facts_of(asked)) ==
        "bob asks to take back their last move: type `takeback` to accept, or `decline`.");
  CHECK(event_text(ev[0], 2, facts_of(asked)).starts_with("You asked"));
  ev = events_between(facts_of(asked), facts_of(playing));
  REQUIRE(ev.size() == 1);
  CHECK(ev[0].what == room_event::kind::takeback_off);

  json finished = playing;
  finished["status"] = "finished";
  json offered = finished;
  offered["rematch_offer"] = 1;
  ev = events_between(facts_of(finished), facts_of(offered));
  REQUIRE(ev.size() == 1);
  CHECK(event_text(ev[0], 2, facts_of(offered)) ==
        "alice offers a rematch: type `rematch` to accept, or `decline`.");
  json made = finished;
  made["rematch"] = "k3x9q2ab";
  ev = events_between(facts_of(offered), facts_of(made));
  REQUIRE(ev.size() == 1);
  CHECK(event_text(ev[0], 1, facts_of(made)) ==
        "The rematch is played in room k3x9q2ab (you are seated there).");
  CHECK(event_text(ev[0], std::nullopt, facts_of(made)) ==
        "The rematch is played in room k3x9q2ab: `watch k3x9q2ab`.");
}
