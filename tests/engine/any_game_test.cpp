// any_game: the registry of games (engine/games.hpp) and the board_game interface forwarded to
// the game inside. Whatever game rooms play, they see it only through this.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>

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

namespace ringside {

TEST_CASE(
    "each game's offer is what create accepts: every variant on every board, its own by default") {
  const auto offers = any_game::offers();
  REQUIRE(offers.size() == std::variant_size_v<game_types>);
  for (const auto& o : offers) {
    CAPTURE(o.name);
    CHECK(!o.title.empty());
    CHECK(!o.board_unit.empty());
    REQUIRE(!o.variants.empty());
    REQUIRE(!o.boards.empty());
    for (const auto& v : o.variants) {
      CAPTURE(v.name);
      const auto own = any_game::create(o.name, v.name, 0);
      REQUIRE(own);
      CHECK(own->board_size() == v.board);
      // Ratings class a clock's speed by this count, so every variant must state one.
      CHECK(v.typical_moves > 0);
      CHECK(own->typical_moves() == v.typical_moves);
      CHECK(std::find(o.boards.begin(), o.boards.end(), v.board) != o.boards.end());
      for (const int b : o.boards) CHECK(any_game::create(o.name, v.name, b));
    }
  }
}

TEST_CASE("history_by names the seat of every history entry, forced passes included") {
  for (const auto& o : any_game::offers()) {
    CAPTURE(o.name);
    int passes = 0;
    int plies = 0;
    for (std::uint32_t game = 1; game <= 30; ++game) {
      auto g = *any_game::create(o.name, o.variants[0].name, 0);
      std::uint32_t seed = game * 2654435761U;
      while (!g.outcome() && g.ply() < 400) {
        const auto legal = g.legal_moves();
        REQUIRE(!legal.empty());
        seed = seed * 1664525U + 1013904223U;
        const int mover = g.to_move();
        const std::size_t before = g.history().size();
        const auto report = g.play(legal[seed % legal.size()]);
        REQUIRE(report);
        CHECK(report_by(*report) == mover);
        REQUIRE(g.history_by().size() == g.history().size());
        CHECK(g.history_by()[before] == mover);
        // A forced pass is the seat's that could not move: the one after the mover.
        for (std::size_t i = before + 1; i < g.history().size(); ++i) {
          CHECK(g.history()[i] == "pass");
          CHECK(g.history_by()[i] == 3 - g.history_by()[i - 1]);
          ++passes;
        }
      }
      plies += g.ply();
    }
    MESSAGE(o.name << ": " << plies << " plies, " << passes << " forced passes");
  }
}

}  // namespace ringside
