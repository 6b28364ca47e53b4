// any_game: the registry of games (engine/games.hpp) and the board_game interface forwarded to
// the game inside. Whatever game rooms play, they see it only through this.
#include <doctest/doctest.h>

#include "engine/any_game.hpp"

namespace ringside {

TEST_CASE("the registry makes each game by its wire names, and says what there is otherwise") {
  const auto z = any_game::create("zertz", "standard", 0);
  REQUIRE(z);
  CHECK(z->name() == "zertz");
  CHECK(z->variant_name() == "standard");
  CHECK(z->board_size() == 37);
  CHECK(any_game::create("zertz", "tournament", 0)->board_size() == 48);
  CHECK(any_game::create("zertz", "blitz", 0)->variant_name() == "blitz");
  for (int b : {37, 40, 43, 44, 48, 61}) {
    CHECK(any_game::create("zertz", "standard", b)->board_size() == b);
  }

  const auto chess = any_game::create("chess", "standard", 0);
  REQUIRE(!chess);
  CHECK(chess.error() == "there is no game \"chess\" here; choose " + any_game::known_games());
  CHECK(any_game::known_games().find("zertz") != std::string::npos);
  const auto variant = any_game::create("zertz", "Standard", 0);
  REQUIRE(!variant);
  CHECK(variant.error().find("standard, blitz or tournament") != std::string::npos);
  for (int b : {36, 38, 62, 293, -37}) {
    const auto board = any_game::create("zertz", "standard", b);
    REQUIRE(!board);
    CHECK(board.error().find("boards have 37, 40, 43, 44, 48 or 61 rings") != std::string::npos);
  }
}

TEST_CASE("any_game forwards to the game inside, and copies are independent") {
  auto g = *any_game::create("zertz", "blitz", 0);
  CHECK(g.to_move() == 1);
  CHECK(g.ply() == 0);
  CHECK(g.legal_moves().size() == 3 * 37 * 18 - 3 * 18);  // every colour, vacant ring, free ring
  CHECK(g.position_text() == zertz::game::create("blitz", 0)->zip());
  CHECK(!g.outcome());
  CHECK(!g.score());

  const any_game before = g;
  CHECK(g.check_move("Wd4-a1").value() == "Wd4-a1");
  CHECK(!g.check_move("Wd4-d4"));
  const auto r = g.play("Wd4-a1");
  REQUIRE(r);
  CHECK(report_text(*r) == "Wd4-a1");
  CHECK(report_by(*r) == 1);
  CHECK(g.history() == std::vector<std::string>{"Wd4-a1"});
  CHECK(g.to_move() == 2);
  CHECK(before.ply() == 0);  // the copy a room keeps until the journal has the move
  const auto bad = g.play("Wd4-a1");
  REQUIRE(!bad);
  CHECK(bad.error() == g.check_move("Wd4-a1").error());

  record_tags tags;
  tags.player1 = "ann";
  tags.player2 = "bob";
  tags.result = "0-1";
  const std::string record = g.write_record(tags);
  CHECK(record.find("[Player1 \"ann\"]") != std::string::npos);
  CHECK(record.find("[Result \"0-1\"]") != std::string::npos);
  CHECK(record.find("1. Wd4-a1") != std::string::npos);
}

}  // namespace ringside
