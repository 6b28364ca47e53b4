// DVONN notation (dvonn-rules.md §6): move text in every accepted form, position text and game
// records round trips, and garbage refused with a reason.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "dvonn_positions.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/record.hpp"

namespace ringside::dvonn::test {

namespace {

std::string refusal(std::string_view text) {
  auto m = read_move_text(text);
  REQUIRE_FALSE(m.has_value());
  return m.error();
}

std::string position_refusal(std::string_view text) {
  auto p = parse_position(text);
  REQUIRE_FALSE(p.has_value());
  return p.error();
}

// A game played with seeded random moves, to the end or for `plies` plies.
game random_game(std::uint64_t seed, int plies = 1000) {
  std::mt19937_64 rng(seed);
  auto g = game::create("standard", 0);
  REQUIRE(g);
  while (!g->outcome() && g->ply() < plies) {
    const auto moves = g->legal_moves();
    REQUIRE(g->play(moves[rng() % moves.size()]));
  }
  return std::move(*g);
}

}  // namespace

TEST_CASE("dvonn move text: every accepted spelling reads to the same move") {
  const auto at = [](std::string_view t) {
    auto m = read_move_text(t);
    REQUIRE_MESSAGE(m.has_value(), t);
    return *m;
  };
  CHECK(at("c3").kind == move_kind::place);
  CHECK(at("C3").from == find_square("c3"));
  for (const char* t : {"c3e3", "c3-e3", "C3E3", "c3-E3", "C3-e3"}) {
    const move_text m = at(t);
    CHECK(m.kind == move_kind::stack);
    CHECK(m.from == find_square("c3"));
    CHECK(m.to == find_square("e3"));
    CHECK(move::stack(m.from, m.to).text() == "c3e3");
  }
  for (const char* t : {"pass", "PASS", "Pass"}) CHECK(at(t).kind == move_kind::pass);
  // Every cell name reads back to its cell.
  int cells = 0;
  for (square s = 0; s < grid_squares; ++s) {
    if (!on_board(s)) continue;
    ++cells;
    CHECK(find_square(name_of(s)) == s);
    CHECK(at(name_of(s)).from == s);
  }
  CHECK(cells == 49);
}

TEST_CASE("dvonn move text: garbage is refused with a reason") {
  CHECK(refusal("") == "an empty move: write c3 to place a piece, c3e3 to move a stack, or pass");
  CHECK(refusal("a5") == "a5 is not on the DVONN board (columns a-k, rows 1-5)");
  CHECK(refusal("k1") == "k1 is not on the DVONN board (columns a-k, rows 1-5)");
  CHECK(refusal("l3") == "l3 is not on the DVONN board (columns a-k, rows 1-5)");
  CHECK(refusal("c0") == "c0 is not on the DVONN board (columns a-k, rows 1-5)");
  CHECK(refusal("c3e6") == "e6 is not on the DVONN board (columns a-k, rows 1-5)");
  CHECK(refusal("3c") == "'3c' is not a cell name like c3");
  CHECK(refusal("c3xe3") ==
        "'c3xe3' is not a DVONN move: write c3 to place a piece, c3e3 to move a stack, or pass");
  for (const char* t : {"c", "c3e", "c3 e3", " c3", "c3e3 ", "pass2", "passe", "c3--e3", "c3-e",
                        "e3-", "-c3e3", "c3e3e4", "ps", "\x01\x02", "c3\te3"}) {
    CAPTURE(t);
    CHECK_FALSE(read_move_text(t).has_value());
  }
  // Control characters never reach a message.
  const std::string weird = refusal(std::string("\x1b[2J\n\x7f!", 7));
  CHECK(weird.find('\x1b') == std::string::npos);
  CHECK(weird.find('\n') == std::string::npos);
  // A long text is cut in the message.
  CHECK(refusal(std::string(5000, 'x')).size() < 120);
}

TEST_CASE("dvonn position text: written in field order, read back equal, any order and case in") {
  auto p = parse_position(full_board);
  REQUIRE(p);
  CHECK(write_position(*p) == full_board);
  auto empty = parse_position("- 1 0");
  REQUIRE(empty);
  CHECK(*empty == position());
  CHECK(write_position(position()) == "- 1 0");
  auto shuffled = parse_position("c5:d,I3:D,j4:D,a1:b 1 4");
  REQUIRE(shuffled);
  CHECK(write_position(*shuffled) == "a1:B,i3:D,j4:D,c5:D 1 4");
  // Every position of random games reads back from its text.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const game g = random_game(seed);
    auto again = parse_position(g.position_text());
    REQUIRE(again);
    CHECK(*again == g.current());
  }
}

TEST_CASE("dvonn position text: garbage and unreachable positions are refused with a reason") {
  CHECK(position_refusal("") ==
        "a position is three fields separated by one space: <stacks> <to_move> <placed>, e.g. "
        "'- 1 0'");
  CHECK(position_refusal("-  1 0").find("three fields") != std::string::npos);
  CHECK(position_refusal("- 3 0") == "to_move must be 1 or 2, not '3'");
  CHECK(position_refusal("- 1 50") == "placed must be a number from 0 to 49, not '50'");
  CHECK(position_refusal("- 1 -1") == "placed must be a number from 0 to 49, not '-1'");
  CHECK(position_refusal("- 1 01") == "placed must be a number from 0 to 49, not '01'");
  CHECK(position_refusal("c3D 2 1") == "'c3D' is not cell:stack (e.g. c3:BWD)");
  CHECK(position_refusal("c3: 2 1") == "'c3:' is not cell:stack (e.g. c3:BWD)");
  CHECK(position_refusal("c3:D, 2 1") == "'' is not cell:stack (e.g. c3:BWD)");
  CHECK(position_refusal("c3:X 2 1") ==
        "'X' on c3 is not a stack: write its pieces bottom to top with W, B and D");
  CHECK(position_refusal("a5:D 2 1") == "a5 is not on the DVONN board (columns a-k, rows 1-5)");
  CHECK(position_refusal("c3:D,c3:D 1 2") == "c3 is written twice");
  CHECK(position_refusal("c3:D 1 1") == "with 1 piece placed player 2 places next, not player 1");
  CHECK(
      position_refusal("c3:W 2 1") ==
      "with 1 piece placed the board must hold 1 DVONN, 0 white and 0 black pieces, not 0 DVONN, 1 "
      "white and 0 black");
  CHECK(position_refusal("c3:D,d3:D,e3:D,f3:W 2 4").find("with 4 pieces placed") == 0);
  CHECK(position_refusal("c3:DW 2 1").find("cannot exist while placing") != std::string::npos);
  CHECK(position_refusal("c3:D,d3:D 1 49") ==
        "the board must hold all 3 DVONN pieces (they are never removed), not 2");
  CHECK(position_refusal("c3:D,d3:D,e3:D,f3:" + std::string(24, 'W') + " 1 49") ==
        "each player has 23 pieces, but the board holds 24 white and 0 black");
  CHECK(position_refusal("c3:D,d3:D,e3:D,f3:WD 1 49") ==
        "the stack on f3 has a DVONN piece on top; only a lone DVONN piece is topped by one");
  CHECK(position_refusal("c3:D,d3:D,e3:D,g3:W 1 49") ==
        "the stack on g3 is cut off from every DVONN piece; it would have been removed");
  CHECK(position_refusal("c3:" + std::string(50, 'W') + " 1 49") ==
        "the stack on c3 is taller than all 49 pieces together");
  for (const char* t : {"- 1", "- 1 0 ", " - 1 0", "- 1 0x", "x 1 0", "- 1 4 9", "-,- 1 0",
                        "c3:D;d3:D 1 2", "c33:D 2 1", "\xff 1 0", "- 2 0", "- 1 49"}) {
    CAPTURE(t);
    CHECK_FALSE(parse_position(t).has_value());
  }
}

TEST_CASE("dvonn records: written, read and replayed to the same game") {
  for (std::uint64_t seed = 100; seed < 140; ++seed) {
    CAPTURE(seed);
    const game g = random_game(seed, seed % 2 ? 1000 : static_cast<int>(seed % 90));
    const record_tags tags{"Ringside casual", "2026.11.24", "ann \"the\" first", "bob\\2", ""};
    const std::string text = g.write_record(tags);
    auto rec = parse_record(text);
    REQUIRE_MESSAGE(rec.has_value(), (rec ? std::string() : rec.error()));
    CHECK(rec->tags.event == tags.event);
    CHECK(rec->tags.player1 == tags.player1);
    CHECK(rec->tags.player2 == tags.player2);
    CHECK(rec->moves == g.history());
    auto again = replay(*rec);
    REQUIRE_MESSAGE(again.has_value(), (again ? std::string() : again.error()));
    CHECK(again->history() == g.history());
    CHECK(again->position_text() == g.position_text());
    CHECK(again->outcome() == g.outcome());
    CHECK(again->write_record(tags) == text);
  }
}

TEST_CASE("dvonn records: the layout of the spec") {
  auto g = game::create("standard", 0);
  REQUIRE(g);
  for (const char* m : {"i3", "j4", "c5", "a1"}) REQUIRE(g->play(m));
  const std::string text = g->write_record({"", "2026.11.24", "ann", "bob", ""});
  CHECK(text ==
        "[Game \"DVONN\"]\n[Event \"\"]\n[Date \"2026.11.24\"]\n[Player1 \"ann\"]\n"
        "[Player2 \"bob\"]\n[Result \"*\"]\n[Score \"0-1\"]\n\n1. i3 j4 2. c5 a1 *\n");
  // A game decided outside the rules takes its result from the tags.
  CHECK(g->write_record({"", "", "", "", "0-1"}).find("[Result \"0-1\"]") != std::string::npos);
}

TEST_CASE(
    "dvonn records: numbers mark White's turns, across the phase change and from a "
    "position") {
  auto g = game::from_position(full_board_but_k5);
  REQUIRE(g);
  REQUIRE(g->play("k5"));
  REQUIRE(g->play("a3a2"));
  const auto moves = g->legal_moves();
  REQUIRE(g->play(moves.front()));
  const std::string text = g->write_record({});
  CHECK(text.find("[Position \"" + full_board_but_k5 + "\"]") != std::string::npos);
  CHECK(text.find("\n1. k5 2. a3a2 " + moves.front() + " *\n") != std::string::npos);
  auto black = game::from_position(
      "a1:B,b1:W,i3:D,j4:D,c5:D 2 5");  // Black places next: the movetext opens "1..."
  REQUIRE(black);
  REQUIRE(black->play("e3"));
  REQUIRE(black->play("e4"));
  CHECK(black->write_record({}).find("\n1... e3 2. e4 *\n") != std::string::npos);
  auto rec = parse_record(black->write_record({}));
  REQUIRE(rec);
  auto again = replay(*rec);
  REQUIRE(again);
  CHECK(again->position_text() == black->position_text());
}

TEST_CASE("dvonn records: malformed or inconsistent records are refused with a reason") {
  auto err = [](std::string_view text) {
    auto r = parse_record(text);
    REQUIRE_FALSE(r.has_value());
    return r.error();
  };
  CHECK(err("[Game \"ZERTZ\"]\n1. a1\n") == "this is a record of ZERTZ, not of DVONN");
  CHECK(err("1. i3\n[Game \"DVONN\"]\n") == "tag pairs must come before the moves");
  CHECK(err("[Score \"27:19\"]\n") == "the Score tag must be two heights like 27-19, not '27:19'");
  CHECK(err("[Result \"2-0\"]\n") == "unknown result '2-0'");
  CHECK(err("1. i3 zz 2. c5\n") == "move 2: 'zz' is not a cell name like c3");
  CHECK(err("1. i3 j4 1-0 c5\n") == "text after the result: 'c5'");
  CHECK(err("[Result \"1-0\"]\n1. i3 0-1\n") ==
        "the movetext ends 0-1 but the Result tag says 1-0");
  CHECK(err("[Game \"DVONN\"\n") == "tag Game is not closed as [Game \"value\"]");

  auto replay_err = [](std::string_view text) {
    auto r = parse_record(text);
    REQUIRE(r.has_value());
    auto g = replay(*r);
    REQUIRE_FALSE(g.has_value());
    return g.error();
  };
  CHECK(replay_err("1. i3 i3\n") ==
        "move 2 (i3): i3 is occupied: place the piece on an empty cell");
  CHECK(replay_err("1. i3 j4 2. c5e5\n") ==
        "move 3 (c5e5): it is the placing phase: place a piece on an empty cell");
  CHECK(replay_err("[Score \"3-0\"]\n1. i3 j4 2. c5 a1\n") ==
        "the Score tag says 3-0 but the moves give 0-1");
  CHECK(replay_err("[Position \"- 2 0\"]\n") ==
        "the Position tag: with 0 pieces placed player 1 places next, not player 2");
  // A finished game's record must state the result its moves give.
  const std::string tie = "[Position \"b3:D,c3:BW,d3:D,f3:D,g3:WB 1 49\"]\n1-0\n";
  CHECK(replay_err(tie) == "the moves end the game 1/2-1/2 but the record says 1-0");
}

}  // namespace ringside::dvonn::test
