// dvonn::game as the server uses it: creation, the board_game seam, what the state document
// reads (phase, placed, stacks, pieces to place, score), and refusals that leave the game as
// it was.
#include <doctest/doctest.h>

#include "dvonn_positions.hpp"
#include "engine/dvonn/game.hpp"

namespace ringside::dvonn::test {

TEST_CASE("dvonn game: created as standard on 49 cells, refused otherwise with a sentence") {
  CHECK(game::name == "dvonn");
  auto g = game::create("standard", 0);
  REQUIRE(g);
  CHECK(g->variant_name() == "standard");
  CHECK(g->board_size() == 49);
  CHECK(game::create("standard", 49).has_value());
  auto board = game::create("standard", 37);
  REQUIRE_FALSE(board);
  CHECK(board.error() == "DVONN has one board, of 49 cells; there is no 37-cell board");
  auto variant = game::create("blitz", 0);
  REQUIRE_FALSE(variant);
  CHECK(variant.error() == "DVONN has no variant \"blitz\"; it is played in one way, standard");
}

TEST_CASE("dvonn game: the empty start as the state document shows it") {
  auto g = game::create("standard", 0);
  REQUIRE(g);
  CHECK(g->phase() == game_phase::placement);
  CHECK(to_string(g->phase()) == "placement");
  CHECK(g->placed() == 0);
  CHECK(g->stacks().empty());
  CHECK(g->to_move() == 1);
  CHECK(g->ply() == 0);
  CHECK(g->history().empty());
  CHECK(g->score() == std::array<int, 2>{0, 0});
  CHECK_FALSE(g->outcome());
  CHECK(g->position_text() == "- 1 0");
  CHECK_FALSE(g->start_position());
  // White holds two DVONN pieces, Black one, as the rulebook hands them out.
  CHECK(g->to_place(1) == supply{2, 23, 'W'});
  CHECK(g->to_place(2) == supply{1, 23, 'B'});
  CHECK(g->to_place(3) == supply{0, 0, 'W'});
}

TEST_CASE("dvonn game: pieces to place count down by the placing order") {
  auto g = game::create("standard", 0);
  REQUIRE(g);
  REQUIRE(g->play("i3"));
  CHECK(g->to_place(1) == supply{1, 23, 'W'});
  CHECK(g->to_place(2) == supply{1, 23, 'B'});
  REQUIRE(g->play("j4"));
  REQUIRE(g->play("c5"));
  CHECK(g->to_place(1) == supply{0, 23, 'W'});
  CHECK(g->to_place(2) == supply{0, 23, 'B'});
  REQUIRE(g->play("a1"));
  CHECK(g->to_place(2) == supply{0, 22, 'B'});
  for (int i = 0; i < 10; ++i) REQUIRE(g->play(g->legal_moves().back()));
  CHECK(g->to_place(1) == supply{0, 18, 'W'});
  CHECK(g->to_place(2) == supply{0, 17, 'B'});
  CHECK(g->placed() == 14);
  int stacked = 0;
  for (const auto& s : g->stacks()) stacked += static_cast<int>(s.pieces.size());
  CHECK(stacked == 14);
}

TEST_CASE("dvonn game: check_move gives the canonical token and changes nothing") {
  auto g = game::from_position(full_board);
  REQUIRE(g);
  CHECK(g->phase() == game_phase::movement);
  CHECK(g->start_position() == full_board);
  CHECK(g->check_move("A3-A2").value() == "a3a2");
  CHECK(g->ply() == 0);
  auto bad = g->play("e3e4");
  REQUIRE_FALSE(bad);
  CHECK(bad.error() == "the stack on e3 is surrounded on all six sides and cannot move");
  CHECK(g->position_text() == full_board);
  CHECK(g->ply() == 0);
  CHECK(g->check_move("k4").error() ==
        "all 49 pieces are placed: move one of your stacks, e.g. d1c1");
  CHECK(g->check_move("i3j4").error() == "a lone DVONN piece cannot move");
  CHECK(g->check_move("k3j3").error() == "k3 holds a stack of player 2");
  CHECK(g->check_move("nonsense").error() ==
        "'nonsense' is not a DVONN move: write c3 to place a piece, c3e3 to move a stack, or pass");
}

TEST_CASE("dvonn game: a copy plays on alone") {
  auto g = game::from_position(full_board);
  REQUIRE(g);
  game copy = *g;
  auto r = copy.play("a3a2");
  REQUIRE(r);
  CHECK(r->by == 1);
  CHECK(r->text == "a3a2");
  CHECK(copy.ply() == 1);
  CHECK(copy.to_move() == 2);
  CHECK(g->ply() == 0);
  CHECK(g->position_text() == full_board);
  CHECK(copy.stacks().size() == 48);
  CHECK(copy.score() == std::array<int, 2>{24, 22});  // a2's black piece is under White now
}

}  // namespace ringside::dvonn::test
