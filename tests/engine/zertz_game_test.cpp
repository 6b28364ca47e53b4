// The game facade: the reasons check_move gives, forced passes, ties, results and records.
#include <doctest/doctest.h>

#include "helpers.hpp"

namespace ringside::zertz::test {

namespace {

std::string play_ok(game& g, std::string_view text) {
  auto r = g.play(text);
  REQUIRE_MESSAGE(r.has_value(), text << ": " << (r ? "" : r.error()));
  return r->text;
}

}  // namespace

TEST_CASE("game: the empty start of each variant") {
  auto s = game::create("standard", 0);
  REQUIRE(s.has_value());
  CHECK(s->board_rings() == 37);
  CHECK(s->pool() == marble_counts{{6, 8, 10}});
  CHECK(s->to_move() == 1);
  CHECK(s->ply() == 0);
  CHECK(s->rings().size() == 37);
  CHECK(s->rings().front().cell == "a1");
  CHECK(s->removable().size() == 18);
  CHECK(s->legal_moves().size() == 1944);
  CHECK_FALSE(s->must_capture());
  CHECK_FALSE(s->outcome().has_value());
  auto b = game::create("blitz", 0);
  REQUIRE(b.has_value());
  CHECK(b->pool() == marble_counts{{5, 7, 9}});
  auto t = game::create("tournament", 0);
  REQUIRE(t.has_value());
  CHECK(t->board_rings() == 48);
  CHECK(game::create("standard", 61)->board_rings() == 61);
  auto bad = game::create("standard", 39);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error() == "there is no 39-ring board; boards have 37, 40, 43, 44, 48 or 61 rings");
}

TEST_CASE("game: check_move explains each refusal") {
  game g = *game::create("standard", 0);
  CHECK(*g.check_move("Wd4,a1") == "Wd4-a1");
  play_ok(g, "Wd4-a1");
  auto r = g.check_move("Gd4-a2");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error() == "d4 is not vacant");
  CHECK(g.check_move("Ga1-a2").error() == "there is no ring at a1 any more");
  CHECK(g.check_move("Gc3-b2").error() == "ring b2 is not free");
  CHECK(g.check_move("Gd5-d4").error() == "ring d4 is not free");
  play_ok(g, "Gd5-g1");  // now d4/d5 can jump each other
  CHECK(g.must_capture());
  CHECK(g.capture_chains() == std::vector<std::vector<std::string>>{{"d4", "d6"}, {"d5", "d3"}});
  CHECK(g.check_move("Bc3-b1").error() == "a capture is compulsory: Gd5xd3, Wd4xd6");
  CHECK(*g.check_move("x d5Wd3") == "Gd5xd3");
  auto report = g.play("Wd4xd6");
  REQUIRE(report.has_value());
  CHECK(report->by == 1);
  CHECK(report->captured == marble_counts{{0, 1, 0}});
  CHECK(report->isolated.empty());
  CHECK_FALSE(report->removed.has_value());
  CHECK(g.captured(1) == marble_counts{{0, 1, 0}});
  CHECK(g.history() == std::vector<std::string>{"Wd4-a1", "Gd5-g1", "Wd4xd6"});
}

TEST_CASE("game: no colour left to place") {
  game g = build_game({.marbles = {{"a1", 'W'}}, .caps1 = {3, 2, 5}, .caps2 = {2, 3, 5}});
  CHECK(g.pool() == marble_counts{{0, 3, 0}});
  CHECK(g.check_move("Wd4-b1").error() == "no white marble left to place");
}

TEST_CASE("game: a forced pass is played for the player who has nothing to place") {
  game g = build_game(locked_61_rings());
  CHECK(g.removable().empty());
  CHECK(g.legal_moves().size() == 59 - 23);  // white on any vacant ring, nothing removed
  play_ok(g, "We5");
  CHECK(g.legal_moves() == std::vector<std::string>{"Ge4xe6", "We5xe3"});
  play_ok(g, "Ge4xe6");
  // Player 1 placed their only marble and the pool is empty: a pass, then player 2 again.
  CHECK(g.history().back() == "pass");
  CHECK(g.to_move() == 2);
  CHECK(g.ply() == 3);
  CHECK_FALSE(g.outcome().has_value());
  CHECK(g.check_move("pass").error() == "passing is allowed only when there is nothing to place");
}

TEST_CASE("game: two passes in a row end the game in a tie") {
  game g = build_game(locked_61_rings());
  play_ok(g, "We7");
  CHECK(g.history() == std::vector<std::string>{"We7", "pass", "pass"});
  REQUIRE(g.outcome().has_value());
  CHECK(*g.outcome() == game_outcome{0, "no_moves"});
  CHECK(g.check_move("Wd4").error() == "the game is over");
  CHECK_FALSE(g.play("Wd4").has_value());
  CHECK(g.legal_moves().empty());
}

TEST_CASE("game: the third occurrence of a position is a tie") {
  game g = build_game(locked_61_rings());
  for (int cycle = 0; cycle < 2; ++cycle) {
    CAPTURE(cycle);
    CHECK_FALSE(g.outcome().has_value());
    play_ok(g, "We5");
    play_ok(g, "Ge4xe6");
    play_ok(g, "We5");
    play_ok(g, "Ge6xe4");
  }
  CHECK(g.ply() == 12);
  REQUIRE(g.outcome().has_value());
  CHECK(*g.outcome() == game_outcome{0, "repetition"});
}

TEST_CASE("game: a decided position cannot start a game, a pass at the start is played") {
  auto won = game::from_zip(variant::standard,
                            "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 2/8/10 4/0/0 0/0/0 2");
  REQUIRE_FALSE(won.has_value());
  CHECK(won.error() == "the position is already decided: player 1 has won");
  setup s = locked_61_rings();
  s.caps1 = {0, 0, 0};
  s.caps2 = {1, 0, 0};
  game g = build_game(s);  // player 1 holds nothing: passes at once
  CHECK(g.history() == std::vector<std::string>{"pass"});
  CHECK(g.to_move() == 2);
}

TEST_CASE("game: a ZEN record reads back into the same game") {
  game g = build_game({.removed = {"a2", "b2", "c2"},
                       .marbles = {{"d1", 'W'}},
                       .caps1 = {2, 0, 0},
                       .caps2 = {1, 4, 2}});
  play_ok(g, "Bc1-g1");
  play_ok(g, "Wd1xb1");
  play_ok(g, "Wa1-c1");
  const std::string text =
      write_zen_record(g, {"Club \"night\"", "2026.11.23", "ann\r\n\\x41", "bob", ""});
  CHECK(text.find("[Event \"Club \\\"night\\\"\"]") != std::string::npos);
  CHECK(text.find("[ZIP \"") != std::string::npos);
  CHECK(text.find("1. Bc1-g1 Wd1xb1 2. Wa1-c1 1-0") != std::string::npos);
  CHECK(text.find("[Termination \"" + std::string(g.outcome()->reason) + "\"]") !=
        std::string::npos);  // the rules' own reason
  auto rec = parse_zen_record(text);
  REQUIRE_MESSAGE(rec.has_value(), (rec ? "" : rec.error()));
  CHECK(rec->tags.event == "Club \"night\"");
  CHECK(rec->tags.player1 == "ann\r\n\\x41");  // control characters and backslashes survive
  CHECK(rec->tags.player2 == "bob");
  CHECK(rec->result == "1-0");
  CHECK(rec->moves == g.history());
  auto again = replay(*rec);
  REQUIRE_MESSAGE(again.has_value(), (again ? "" : again.error()));
  CHECK(again->history() == g.history());
  CHECK(again->zip() == g.zip());
  CHECK(again->outcome() == g.outcome());
}

TEST_CASE("game: a record carries a result decided outside the rules, never over the rules") {
  game g = build_game(locked_61_rings());
  REQUIRE_FALSE(g.outcome().has_value());
  zen_tags resigned;
  resigned.result = "0-1";  // player 1 resigned
  resigned.termination = "resignation";
  const std::string text = write_zen_record(g, resigned);
  CHECK(text.find("[Result \"0-1\"]") != std::string::npos);
  CHECK(text.find("[Termination \"resignation\"]") != std::string::npos);
  auto rec = parse_zen_record(text);
  REQUIRE_MESSAGE(rec.has_value(), (rec ? "" : rec.error()));
  CHECK(rec->result == "0-1");
  auto again = replay(*rec);
  REQUIRE_MESSAGE(again.has_value(), (again ? "" : again.error()));
  CHECK_FALSE(again->outcome().has_value());  // the rules still have not decided it

  zen_tags nonsense;
  nonsense.result = "2-0";  // not a result: ignored
  CHECK(write_zen_record(g, nonsense).find("[Result \"*\"]") != std::string::npos);
  CHECK(write_zen_record(g, nonsense).find("[Termination") == std::string::npos);  // not over
}

TEST_CASE("game: records with passes, player 2 first, and bad records") {
  setup s = locked_61_rings();
  s.to_move = 2;
  s.caps1 = {0, 0, 0};
  s.caps2 = {1, 0, 0};
  game g = build_game(s);
  play_ok(g, "We5");
  play_ok(g, "Ge4xe6");
  const std::string text = write_zen_record(g, {});
  CHECK(text.find("1... We5 2. Ge4xe6 pass") != std::string::npos);
  auto again = replay(*parse_zen_record(text));
  REQUIRE_MESSAGE(again.has_value(), (again ? "" : again.error()));
  CHECK(again->history() == g.history());

  auto bad_move = parse_zen_record("[Variant \"standard\"]\n1. Wd4-a1 Qq 1-0\n");
  REQUIRE_FALSE(bad_move.has_value());
  CHECK(bad_move.error().find("move 2: cannot read 'Qq'") == 0);
  auto bad_variant = parse_zen_record("[Variant \"speed\"]\n");
  CHECK(bad_variant.error() == "unknown variant 'speed'; use standard, blitz or tournament");
  auto illegal = replay(*parse_zen_record("1. Wd4-a1 Wd4-a2 *"));
  REQUIRE_FALSE(illegal.has_value());
  CHECK(illegal.error() == "move 2 (Wd4-a2): d4 is not vacant");
  auto mismatch = parse_zen_record("[Result \"1-0\"]\n1. Wd4-a1 0-1\n");
  REQUIRE_FALSE(mismatch.has_value());
  auto board = parse_zen_record("[Board \"37x\"]\n");
  REQUIRE_FALSE(board.has_value());
  CHECK(board.error() == "unknown board '37x'; boards have 37, 40, 43, 44, 48 or 61 rings");
  // Without a Board tag the variant's own board is meant: 48 rings for tournament.
  auto t = parse_zen_record("[Variant \"tournament\"]\n1.\tWh4-a1 *\n");
  REQUIRE(t.has_value());
  CHECK(t->board == 48);
  auto tg = replay(*t);
  REQUIRE_MESSAGE(tg.has_value(), (tg ? "" : tg.error()));
  CHECK(tg->board_rings() == 48);
  CHECK(tg->history() == std::vector<std::string>{"Wh4-a1"});
}

}  // namespace ringside::zertz::test
