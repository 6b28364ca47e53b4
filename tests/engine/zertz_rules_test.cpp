// Every rule, each from a position set up as the rulebook (seed 001) draws it, with the exact
// legal moves expected.
#include <doctest/doctest.h>

#include "engine/zertz/zen.hpp"
#include "helpers.hpp"

namespace ringside::zertz::test {

TEST_CASE("diagram 2: on the start board exactly the 18 edge rings are free") {
  const position p(*board::get(37), variant::standard);
  CHECK(names(p.geometry(), p.free_rings()) ==
        std::vector<std::string>{"a1", "a2", "a3", "a4", "b1", "b5", "c1", "c6", "d1", "d7", "e1",
                                 "e6", "f1", "f5", "g1", "g2", "g3", "g4"});
}

TEST_CASE("a ring with two adjacent missing neighbours is free, two opposite ones are not") {
  // d4 loses d5 and d3 (opposite): not free. e4 loses d5 and e5 (adjacent around it): free.
  const position p = build({.removed = {"d5", "d3"}});
  CHECK((p.free_rings() & bit(p.geometry().find("d4"))) == 0);
  const position q = build({.removed = {"d5", "e5"}});
  CHECK((q.free_rings() & bit(q.geometry().find("e4"))) != 0);
  CHECK((q.free_rings() & bit(q.geometry().find("d4"))) == 0);  // only d5 missing
}

// Diagram 3: marble 1 (d3) jumps 2 (d4), then 3 (e4) or 4 (d6) and 5 (e6); 2 jumps 1; 3 jumps
// 2 and 1. Rings f4 and c5 are gone, as on the diagram, so no other capture exists.
setup diagram3() {
  return {.removed = {"f4", "c5"},
          .marbles = {{"d3", 'W'}, {"d4", 'G'}, {"e4", 'B'}, {"d6", 'W'}, {"e6", 'B'}}};
}

TEST_CASE("diagram 3: every capture chain and branch is a separate legal move") {
  const position p = build(diagram3());
  CHECK(p.any_jump());
  CHECK(legal(p) == std::vector<std::string>{"Be4xc3xe2", "Gd4xd2", "Wd3xd5xd7xf5", "Wd3xd5xf3"});
  CHECK(count_moves(p) == 4);
}

TEST_CASE("diagram 3: a capture ends only when the marble cannot jump again") {
  const position p = build(diagram3());
  auto m = resolve_move(p, "Wd3xd5");
  REQUIRE_FALSE(m.has_value());
  CHECK(m.error() == "the capture must continue from d5");
  auto full = resolve_move(p, "Wd3xd5xd7xf5");
  REQUIRE(full.has_value());
  position after = p;
  after.do_move(*full);
  CHECK(after.captured(0, 0) == 1);  // jumped G d4, W d6, B e6
  CHECK(after.captured(0, 1) == 1);
  CHECK(after.captured(0, 2) == 1);
  CHECK(after.colour_at(after.geometry().find("f5")) == 0);
  CHECK(after.colour_at(after.geometry().find("d3")) == -1);
  CHECK(after.rings() == p.rings());  // no ring leaves in a capturing turn
}

TEST_CASE("a capture is compulsory: no placement is legal while a jump exists") {
  const position p = build(diagram3());
  for (const auto& m : legal(p)) CHECK(m.find('x') != std::string::npos);
  auto r = resolve_move(p, "Wa1-a2");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error() == "a capture is compulsory: Be4xc3xe2, Gd4xd2, Wd3xd5xd7xf5, Wd3xd5xf3");
}

TEST_CASE("colours do not matter: any marble jumps any marble, either way round") {
  const position p = build({.marbles = {{"d4", 'W'}, {"d5", 'G'}}});
  CHECK(legal(p) == std::vector<std::string>{"Gd5xd3", "Wd4xd6"});
}

TEST_CASE("diagram 4: removing the ring that holds a marble's ring to the board claims it") {
  // a1 hangs on b1 alone (a2, b2 gone); removing b1 isolates the white marble on a1.
  game g = build_game({.removed = {"a2", "b2"}, .marbles = {{"a1", 'W'}}});
  const auto free = g.removable();
  CHECK(std::find(free.begin(), free.end(), "b1") != free.end());
  auto r = g.play("Gd4-b1");
  REQUIRE_MESSAGE(r.has_value(), (r ? "" : r.error()));
  CHECK(r->isolated == std::vector<std::string>{"a1"});
  CHECK(r->captured == marble_counts{{1, 0, 0}});
  CHECK(g.captured(1) == marble_counts{{1, 0, 0}});
  for (const auto& ring : g.rings()) CHECK(ring.cell != "a1");
}

TEST_CASE("isolation: filling the last vacant ring of a cut-off island claims the island") {
  // {a1, b1} is cut off (a2, b2, c1, c2 gone) with a marble on a1 and b1 still vacant.
  game g = build_game({.removed = {"a2", "b2", "c1", "c2"}, .marbles = {{"a1", 'B'}}});
  auto r = g.play("Wb1-g1");
  REQUIRE_MESSAGE(r.has_value(), (r ? "" : r.error()));
  CHECK(r->isolated == std::vector<std::string>{"a1", "b1"});
  CHECK(r->captured == marble_counts{{1, 0, 1}});
  CHECK(r->removed == std::optional<std::string>("g1"));
}

TEST_CASE("isolation: a group with a vacant ring stays in play and can be placed on") {
  game g = build_game({.removed = {"a2", "b2", "c1", "c2"}, .marbles = {{"a1", 'B'}}});
  auto r = g.play("Wd4-g1");
  REQUIRE(r.has_value());
  CHECK(r->isolated.empty());
  const auto moves = g.legal_moves();
  CHECK(std::find(moves.begin(), moves.end(), "Wb1-a4") != moves.end());
}

// Diagram 5: player A, 5 marbles behind, sacrifices a black marble on c1 (ring 1) and removes
// g1 (ring 2); B must jump it with the white marble on d1, landing on b1 inside the pocket
// {a1, b1} (a2, b2, c2 gone). A places white on a1 (ring 3) and removes c1 (ring 4): the two
// whites are isolated and A wins with 4 white.
TEST_CASE("diagram 5: the sacrifice combination wins with four white marbles") {
  game g = build_game({.removed = {"a2", "b2", "c2"},
                       .marbles = {{"d1", 'W'}},
                       .caps1 = {2, 0, 0},
                       .caps2 = {1, 4, 2}});
  CHECK(g.legal_moves().size() > 100);
  REQUIRE(g.play("Bc1-g1").has_value());
  CHECK(g.must_capture());
  CHECK(g.legal_moves() == std::vector<std::string>{"Wd1xb1"});
  auto b = g.play("Wd1xb1");
  REQUIRE(b.has_value());
  CHECK(b->captured == marble_counts{{0, 0, 1}});
  CHECK_FALSE(g.outcome().has_value());  // B has W1 G4 B3: no winning set
  auto a = g.play("Wa1-c1");
  REQUIRE_MESSAGE(a.has_value(), (a ? "" : a.error()));
  CHECK(a->isolated == std::vector<std::string>{"a1", "b1"});
  CHECK(a->captured == marble_counts{{2, 0, 0}});
  CHECK(g.captured(1) == marble_counts{{4, 0, 0}});
  REQUIRE(g.outcome().has_value());
  CHECK(*g.outcome() == game_outcome{1, "win_condition"});
}

TEST_CASE("diagram 5: without the sacrifice, the same idea claims only one white") {
  game g = build_game({.removed = {"a2", "b2", "c2"},
                       .marbles = {{"d1", 'W'}},
                       .caps1 = {2, 0, 0},
                       .caps2 = {1, 4, 2}});
  auto r = g.play("Wa1-b1");
  REQUIRE(r.has_value());
  CHECK(r->isolated == std::vector<std::string>{"a1"});
  CHECK(g.captured(1) == marble_counts{{3, 0, 0}});
  CHECK_FALSE(g.outcome().has_value());
}

TEST_CASE("placing: any colour the pool still holds, only those") {
  // Pool 0/3/0; a1 holds a white marble, so 17 rings are free and 36 vacant.
  const position p = build({.marbles = {{"a1", 'W'}}, .caps1 = {3, 2, 5}, .caps2 = {2, 3, 5}});
  REQUIRE(p.pool(1) == 3);
  for (const auto& m : legal(p)) CHECK(m[0] == 'G');
  CHECK(legal(p).size() == 17 * 16 + 19 * 17);
  auto r = resolve_move(p, "Wd4-a1");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error() == "no white marble left to place");
}

// The 19-ring centre of the 37 board, its 12 outer rings full: no vacant ring is free.
setup no_free_ring(const char* colours = "WWWWGGGGBBBB") {
  setup s{.keep = {"b2", "b3", "b4", "c2", "c3", "c4", "c5", "d2", "d3", "d4", "d5", "d6", "e2",
                   "e3", "e4", "e5", "f2", "f3", "f4"}};
  const char* outer[] = {"b2", "b3", "b4", "c5", "d6", "e5", "f4", "f3", "f2", "e2", "d2", "c2"};
  for (int i = 0; i < 12; ++i) s.marbles.emplace_back(outer[i], colours[i]);
  return s;
}

TEST_CASE("placing: with the pool empty the mover places from their own captures") {
  setup s = no_free_ring("WWWGGGGBBBBB");
  s.caps1 = {0, 2, 0};
  s.caps2 = {3, 2, 5};
  const position p = build(s);
  REQUIRE(p.pool_total() == 0);
  CHECK(legal(p) == std::vector<std::string>{"Gc3", "Gc4", "Gd3", "Gd4", "Gd5", "Ge3", "Ge4"});
  position after = p;
  after.do_move(*resolve_move(p, "Gd4"));
  CHECK(after.captured(0, 1) == 1);
  CHECK(after.pool_total() == 0);
  auto r = resolve_move(p, "Bd4");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error() == "the pool is empty and you hold no captured black marble");
}

TEST_CASE("placing: when no ring is free the turn ends without a removal") {
  const position p = build(no_free_ring());
  CHECK(p.free_rings() == 0);
  CHECK_FALSE(p.any_jump());
  const auto moves = legal(p);
  CHECK(moves.size() == 3 * 7);
  for (const auto& m : moves) CHECK(m.find('-') == std::string::npos);
  CHECK(count_moves(p) == 21);
  auto r = resolve_move(p, "Wd4-c3");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error() == "ring c3 is not free");
}

TEST_CASE("a placed marble's ring is never removed in the same turn") {
  // On a line of three rings all three are free; a placement leaves two removals, not three.
  const position p = build({.keep = {"d4", "d5", "d3"}});
  CHECK(popcount(p.free_rings()) == 3);
  CHECK(legal(p).size() == 3 * 3 * 2);
  auto r = resolve_move(p, "Wd3-d3");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error() == "ring d3 is not free: the marble was just placed on it");
}

TEST_CASE("board full: the player who fills the last ring claims the board and wins") {
  game g = build_game(
      {.keep = {"d4", "d3", "d5", "c3", "c4", "e3", "e4"},
       .marbles = {{"d3", 'W'}, {"d5", 'W'}, {"c3", 'G'}, {"c4", 'G'}, {"e3", 'B'}, {"e4", 'B'}}});
  CHECK(g.legal_moves() == std::vector<std::string>{"Bd4", "Gd4", "Wd4"});
  auto r = g.play("Gd4");
  REQUIRE(r.has_value());
  CHECK(r->isolated.size() == 7);
  CHECK(g.rings().empty());
  CHECK(g.captured(1) == marble_counts{{2, 3, 2}});
  REQUIRE(g.outcome().has_value());
  CHECK(*g.outcome() == game_outcome{1, "board_full"});
  CHECK(g.legal_moves().empty());
}

TEST_CASE("win conditions: standard needs 4 white, blitz 3") {
  const setup s{.marbles = {{"d4", 'G'}, {"d5", 'W'}, {"a1", 'B'}}, .caps1 = {2, 0, 0}};
  // d4 jumps d5 (white) to d6; or d5 jumps d4 (grey) to d3.
  game standard = build_game(s);
  REQUIRE(standard.play("Gd4xd6").has_value());
  CHECK_FALSE(standard.outcome().has_value());
  setup b = s;
  b.rules = variant::blitz;
  game blitz = build_game(b);
  REQUIRE(blitz.play("Gd4xd6").has_value());
  REQUIRE(blitz.outcome().has_value());
  CHECK(*blitz.outcome() == game_outcome{1, "win_condition"});
}

TEST_CASE("win conditions: the sets of each colour, 3 each in standard, 2 each in blitz") {
  setup s{.marbles = {{"d4", 'W'}, {"d5", 'B'}}, .caps1 = {2, 2, 2}, .to_move = 1};
  game g2 = build_game(s);
  REQUIRE(g2.play("Wd4xd6").has_value());  // black 3, white 2: no set yet
  CHECK_FALSE(g2.outcome().has_value());
  s.caps1 = {3, 3, 2};
  game g3 = build_game(s);
  REQUIRE(g3.play("Wd4xd6").has_value());  // 3 of each
  REQUIRE(g3.outcome().has_value());
  CHECK(*g3.outcome() == game_outcome{1, "win_condition"});
  setup b{.rules = variant::blitz, .marbles = {{"d4", 'W'}, {"d5", 'B'}}, .caps1 = {2, 2, 1}};
  game gb = build_game(b);
  REQUIRE(gb.play("Wd4xd6").has_value());
  REQUIRE(gb.outcome().has_value());
  CHECK(gb.outcome()->winner == 1);
  setup s5{.marbles = {{"d4", 'W'}, {"d5", 'G'}}, .caps2 = {0, 4, 0}, .to_move = 2};
  game g5 = build_game(s5);
  REQUIRE(g5.play("Wd4xd6").has_value());  // 5 grey for player 2
  REQUIRE(g5.outcome().has_value());
  CHECK(*g5.outcome() == game_outcome{2, "win_condition"});
}

}  // namespace ringside::zertz::test
