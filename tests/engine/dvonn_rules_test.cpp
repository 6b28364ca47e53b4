// One test per DVONN rule (rulebook sections D-G, dvonn-rules.md §3-5), each from a position
// set up like the book's diagrams, checking the exact legal moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/dvonn/game.hpp"
#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/notation.hpp"

namespace ringside::dvonn::test {

namespace {

using tokens = std::vector<std::string>;

game from(const std::string& text) {
  auto g = game::from_position(text);
  REQUIRE_MESSAGE(g.has_value(), (g ? std::string() : g.error()));
  return std::move(*g);
}

std::string reason(const game& g, const std::string& move) {
  auto r = g.check_move(move);
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

// Player 1 to move: a stack of height 2 on e3, single pieces on e1 and e4, DVONN pieces on
// d2, d3 and g2, black pieces around. Everything hangs together through e3's neighbours.
const std::string open_position = "e1:W,d2:D,e2:B,f2:B,g2:D,c3:B,d3:D,e3:BW,g3:B,e4:W 1 49";

}  // namespace

TEST_CASE("rule D: the three DVONN pieces come first (White, Black, White), then Black, White") {
  auto g = game::create("standard", 0);
  REQUIRE(g);
  CHECK(g->legal_moves().size() == 49);
  const tokens order{"i3", "j4", "c5", "a1", "b1"};
  const std::vector<int> seats{1, 2, 1, 2, 1};
  for (std::size_t i = 0; i < order.size(); ++i) {
    CHECK(g->to_move() == seats[i]);
    auto r = g->play(order[i]);
    REQUIRE(r);
    CHECK(r->by == seats[i]);
    CHECK(r->removed.empty());
  }
  CHECK(g->stacks() ==
        std::vector<stack_view>{{"a1", "B"}, {"b1", "W"}, {"i3", "D"}, {"j4", "D"}, {"c5", "D"}});
  CHECK(g->position_text() == "a1:B,b1:W,i3:D,j4:D,c5:D 2 5");
}

TEST_CASE("rule D.2: a piece goes on any vacant cell, never on a piece") {
  game g = from("i3:D,j4:D 1 2");
  CHECK(g.legal_moves().size() == 47);
  CHECK(reason(g, "i3") == "i3 is occupied: place the piece on an empty cell");
  CHECK(reason(g, "i3j4") == "it is the placing phase: place a piece on an empty cell");
  CHECK(reason(g, "pass") == "it is the placing phase: place a piece on an empty cell");
}

TEST_CASE("rule E.1: White places the 49th piece and makes the first move as well") {
  auto g = game::create("standard", 49);
  REQUIRE(g);
  // Fill the board in field order; placement 49 is White's.
  int k = 0;
  while (g->phase() == game_phase::placement) {
    const int seat = g->to_move();
    CHECK(seat == (k % 2 == 0 ? 1 : 2));
    const std::string cell = g->legal_moves().front();
    REQUIRE(g->play(cell));
    ++k;
  }
  CHECK(k == 49);
  CHECK(g->placed() == 49);
  CHECK(g->to_move() == 1);  // again
  CHECK(g->history().size() == 49);
  CHECK(g->to_place(1) == supply{0, 0, 'W'});
  CHECK(g->to_place(2) == supply{0, 0, 'B'});
  CHECK(g->score() == std::array<int, 2>{23, 23});
}

TEST_CASE(
    "rule E.2-5: a stack moves exactly its height in a straight line, over empty cells, "
    "onto a stack") {
  game g = from(open_position);
  // e3 (height 2) reaches c3, e1 and g3 (over the empty f3); e5, g5 and c1 are empty.
  CHECK(g.legal_moves() == tokens{"e1e2", "e1f2", "e3c3", "e3e1", "e3g3", "e4d3", "e4e3"});
  CHECK(reason(g, "e3e5") == "e5 is empty: a stack must land on another stack");
  CHECK(reason(g, "e3f3") == "a stack of height 2 moves exactly 2 cells");
  CHECK(reason(g, "e3f4") == "a stack of height 2 moves exactly 2 cells");
  CHECK(reason(g, "e4e2") == "a stack of height 1 moves exactly 1 cell");
  CHECK(reason(g, "e3d4") ==
        "d4 is not in a straight line from e3: a stack moves along a row, a column or a diagonal");
  CHECK(reason(g, "e3e3") == "a stack of height 2 moves exactly 2 cells");
  CHECK(reason(g, "f3g3") == "f3 is empty");
  CHECK(reason(g, "c3d3") == "c3 holds a stack of player 2");
  CHECK(reason(g, "e3") == "all 49 pieces are placed: move one of your stacks, e.g. e1e2");
  CHECK(reason(g, "pass") == "you have a move, so you cannot pass");
  auto r = g.play("e3-G3");
  REQUIRE(r);
  CHECK(r->text == "e3g3");
  CHECK(r->removed.empty());
  CHECK(g.position_text() == "e1:W,d2:D,e2:B,f2:B,g2:D,c3:B,d3:D,g3:BBW,e4:W 2 49");
}

TEST_CASE("rule E.6: a stack surrounded on all six sides cannot move; one on the edge can") {
  // e3 is ringed by d3 f3 e4 f4 d2 e2. a1 is on the edge: its three neighbours are all
  // occupied, yet it moves.
  game g = from("a1:W,b1:B,a2:B,b2:D,d2:B,e2:B,d3:D,e3:W,f3:B,e4:D,f4:B,c2:B,c3:B 1 49");
  CHECK(g.legal_moves() == tokens{"a1a2", "a1b1", "a1b2"});
  CHECK(reason(g, "e3d3") == "the stack on e3 is surrounded on all six sides and cannot move");
  // With one neighbour gone the same stack moves: here f4 is empty.
  game h = from("a1:W,b1:B,a2:B,b2:D,d2:B,e2:B,d3:D,e3:W,f3:B,e4:D,c2:B,c3:B 1 49");
  CHECK(h.legal_moves() == tokens{"a1a2", "a1b1", "a1b2", "e3d2", "e3d3", "e3e2", "e3e4", "e3f3"});
}

TEST_CASE("rule E.6: on the full board only the edge stacks move") {
  const std::string full =
      "a1:B,b1:B,c1:B,d1:W,e1:W,f1:W,g1:B,h1:W,i1:W,a2:B,b2:B,c2:W,d2:B,e2:W,f2:W,g2:B,h2:B,"
      "i2:B,j2:B,a3:W,b3:B,c3:B,d3:B,e3:W,f3:W,g3:W,h3:W,i3:D,j3:W,k3:B,b4:B,c4:B,d4:B,e4:B,"
      "f4:B,g4:W,h4:W,i4:B,j4:D,k4:B,c5:D,d5:W,e5:W,f5:W,g5:W,h5:B,i5:W,j5:W,k5:W 1 49";
  game g = from(full);
  const tokens moves = g.legal_moves();
  CHECK(moves.size() == 49);
  const tokens edge_white{"a3", "d1", "e1", "f1", "h1", "i1", "d5",
                          "e5", "f5", "g5", "i5", "j5", "k5"};
  for (const auto& m : moves) {
    CHECK(std::find(edge_white.begin(), edge_white.end(), m.substr(0, 2)) != edge_white.end());
  }
  CHECK(std::count_if(moves.begin(), moves.end(), [](const std::string& m) {
          return m.substr(0, 2) == "a3";
        }) == 3);  // a3's neighbours are a2, b3 and b4
  CHECK(reason(g, "e3e4") == "the stack on e3 is surrounded on all six sides and cannot move");
}

TEST_CASE("rule E.7: a lone DVONN piece never moves; a stack holding one moves for its owner") {
  // d3 is a lone DVONN piece; e3 holds one under a white piece and is White's.
  game g = from("c3:B,d3:D,e3:DW,f3:D,g3:B 1 49");
  CHECK(g.legal_moves() == tokens{"e3c3", "e3g3"});
  CHECK(reason(g, "d3c3") == "a lone DVONN piece cannot move");
  auto r = g.play("e3g3");
  REQUIRE(r);
  // The DVONN piece went along to g3; c3 still hangs on the lone DVONN piece d3.
  CHECK(r->removed.empty());
  CHECK(g.stacks() ==
        std::vector<stack_view>{{"c3", "B"}, {"d3", "D"}, {"f3", "D"}, {"g3", "BDW"}});
  // Black's c3 may land on the lone DVONN piece d3.
  CHECK(g.legal_moves() == tokens{"c3d3"});
}

TEST_CASE("rule F: stacks cut off from every DVONN piece leave the game at once, the mover's too") {
  // Diagram 3: White moving d3 cuts c3, b3 and a3 off from the DVONN pieces on e3-g3.
  const std::string chain = "a3:B,b3:W,c3:B,d3:W,e3:D,f3:D,g3:D 1 49";
  game g = from(chain);
  CHECK(g.legal_moves() == tokens{"b3a3", "b3c3", "d3c3", "d3e3"});
  {
    game h = g;
    auto r = h.play("d3e3");
    REQUIRE(r);
    CHECK(r->removed == std::vector<stack_view>{{"a3", "B"}, {"b3", "W"}, {"c3", "B"}});
    CHECK(h.score() == std::array<int, 2>{2, 0});
  }
  {
    // The moved stack itself is cut off with the others.
    game h = g;
    auto r = h.play("d3c3");
    REQUIRE(r);
    CHECK(r->removed == std::vector<stack_view>{{"a3", "B"}, {"b3", "W"}, {"c3", "BW"}});
    CHECK(h.position_text() == "e3:D,f3:D,g3:D 2 49");
    CHECK(h.outcome() == game_outcome{0, "no_moves"});  // nothing left to move: 0-0
  }
  {
    game h = g;
    auto r = h.play("b3a3");
    REQUIRE(r);
    CHECK(r->removed == std::vector<stack_view>{{"a3", "BW"}});
  }
}

TEST_CASE("rule E.8 / G.1: a player with no move passes, and moves again once a move exists") {
  // Black's only stack, e3, is ringed: Black passes. White's d2d1 empties d2, so e3 is free
  // again and Black must move.
  game g = from("d1:W,d2:W,e2:W,d3:D,e3:B,f3:D,e4:D,f4:W 2 49");
  CHECK(g.history() == tokens{"pass"});
  CHECK(g.to_move() == 1);
  CHECK(g.legal_moves() == tokens{"d1d2", "d1e2", "d2d1", "d2d3", "d2e2", "d2e3", "e2d1", "e2d2",
                                  "e2e3", "e2f3", "f4e3", "f4e4", "f4f3"});
  REQUIRE(g.play("d2d1"));
  CHECK(g.to_move() == 2);
  CHECK(g.legal_moves() == tokens{"e3d3", "e3e2", "e3e4", "e3f3", "e3f4"});
  // The position itself offers the pass as its one move.
  auto p = parse_position("d1:W,d2:W,e2:W,d3:D,e3:B,f3:D,e4:D,f4:W 2 49");
  REQUIRE(p);
  move_list list;
  generate_moves(*p, list);
  REQUIRE(list.size() == 1);
  CHECK(list[0] == move::pass());
}

TEST_CASE("rule G: the game ends when neither can move; the higher controlled height wins") {
  // Diagram 4 in small: White's one movable stack, b3, must move, and either move cuts White's
  // own a3 off (a3, of height 2, has nowhere to land).
  game g = from("a3:WW,b3:W,c4:D,d4:D,e4:D,e5:B 1 49");
  CHECK(g.legal_moves() == tokens{"b3a3", "b3c4"});
  {
    game h = g;
    auto r = h.play("b3a3");
    REQUIRE(r);
    CHECK(r->removed == std::vector<stack_view>{{"a3", "WWW"}});
  }
  auto r = g.play("b3c4");
  REQUIRE(r);
  CHECK(r->removed == std::vector<stack_view>{{"a3", "WW"}});
  CHECK(g.legal_moves() == tokens{"e5d4", "e5e4"});
  // Play on until nobody can move; then the scores decide.
  while (!g.outcome()) REQUIRE(g.play(g.legal_moves().front()));
  const auto s = *g.score();
  CHECK(g.outcome()->winner == (s[0] > s[1] ? 1 : s[1] > s[0] ? 2 : 0));
  CHECK(g.outcome()->reason == "no_moves");
  CHECK(g.legal_moves().empty());
  CHECK(reason(g, "e5e4") == "the game is over");
}

TEST_CASE("rule G.3: equal controlled heights tie; a lone DVONN piece counts for nobody") {
  // Both stacks of height 2 land only on empty cells; three lone DVONN pieces stand by.
  game g = from("b3:D,c3:BW,d3:D,f3:D,g3:WB 1 49");
  CHECK(g.score() == std::array<int, 2>{2, 2});
  CHECK(g.outcome() == game_outcome{0, "no_moves"});
  CHECK(g.legal_moves().empty());
  CHECK(g.history().empty());
  game w = from("b3:D,c3:WBW,d3:D,g3:WB,h3:D 2 49");
  CHECK(w.score() == std::array<int, 2>{3, 2});
  CHECK(w.outcome() == game_outcome{1, "no_moves"});
}

}  // namespace ringside::dvonn::test
