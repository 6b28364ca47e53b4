// ZIP and ZEN: what is written is read back; garbage of every kind is refused with a reason.
#include <doctest/doctest.h>

#include "engine/zertz/zen.hpp"
#include "helpers.hpp"

namespace ringside::zertz::test {

namespace {
constexpr const char* start37 =
    "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1";

std::string zip_error(std::string_view zip, variant v = variant::standard, int rings = 0) {
  auto p = parse_zip(zip, v, rings);
  REQUIRE_FALSE_MESSAGE(p.has_value(), zip);
  return p.error();
}
}  // namespace

TEST_CASE("ZIP: the empty standard start is the spec's string, both ways") {
  const position p(*board::get(37), variant::standard);
  CHECK(write_zip(p) == start37);
  auto q = parse_zip(start37, variant::standard);
  REQUIRE(q.has_value());
  CHECK(*q == p);
}

TEST_CASE("ZIP: every board's start reads back as that board") {
  for (int n : {37, 40, 43, 44, 48, 61}) {
    CAPTURE(n);
    const position p(*board::get(n), variant::standard);
    auto q = parse_zip(write_zip(p), variant::standard);
    REQUIRE(q.has_value());
    CHECK(q->geometry().rings() == n);
    CHECK(*q == p);
  }
  // 40 adds column h (3 rings) with its base at axial row 4; 61 starts every column at 0..4.
  auto layout = [](int n) {
    const std::string z = write_zip(position(*board::get(n), variant::standard));
    return z.substr(0, z.find(' '));
  };
  CHECK(layout(40) == "oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo/4ooo");
  CHECK(layout(43) == "oooo/ooooo/oooooo/ooooooo/1ooooooo/2oooooo/3ooooo/4ooo");
  CHECK(layout(48) == "ooooo/oooooo/ooooooo/oooooooo/1ooooooo/2oooooo/3ooooo/4oooo");
  CHECK(layout(61) == "ooooo/oooooo/ooooooo/oooooooo/ooooooooo/1oooooooo/2ooooooo/3oooooo/4ooooo");
}

TEST_CASE("ZIP: removed rings become digits, nothing is written above a column's top ring") {
  const position p = build({.removed = {"a1", "a4", "d2", "d3", "g1", "g2", "g3", "g4"},
                            .marbles = {{"b2", 'W'}, {"d4", 'G'}, {"e6", 'B'}},
                            .caps1 = {1, 0, 0},
                            .caps2 = {0, 0, 2},
                            .to_move = 2});
  CHECK(write_zip(p) == "1oo/oWooo/oooooo/o2Gooo/1oooooB/2ooooo/ 4/7/7 1/0/0 0/0/2 2");
}

TEST_CASE("ZIP: the board is the smallest that holds the layout, unless named") {
  const position p44 = build({.rings = 44, .removed = {"a5", "b6", "c7", "d8", "e7", "f6", "g5"}});
  auto read = parse_zip(write_zip(p44), variant::standard);
  REQUIRE(read.has_value());
  CHECK(read->geometry().rings() == 37);
  auto named = parse_zip(write_zip(p44), variant::standard, 44);
  REQUIRE(named.has_value());
  CHECK(named->geometry().rings() == 44);
  auto g = parse_zip("ooooo/oooooo/ooooooo/oooooooo/1ooooooo/2oooooo/3ooooo 6/8/10 0/0/0 0/0/0 1",
                     variant::standard);
  REQUIRE(g.has_value());
  CHECK(g->geometry().rings() == 44);
}

TEST_CASE("ZIP: garbage is refused with a reason") {
  CHECK(zip_error("") == "a ZIP has five fields (layout pool captures1 captures2 side), got 0");
  CHECK(zip_error("oooo/ooooo 6/8/10 0/0/0 0/0/0 1") ==
        "the layout has 2 columns; boards have 7, 8 or 9");
  CHECK(zip_error(start37, variant::standard, 61) ==
        "the layout has 7 columns; the 61-ring board has 9");
  CHECK(zip_error("ooooX/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 1") ==
        "column a: 'X' is not o, W, G, B or a digit");
  // A ring above the top of column g, on neither 7-column board.
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooooo 6/8/10 0/0/0 0/0/0 1") ==
        "column g has no cell at position 8 on the 37-ring board");
  // A marble on a missing ring cannot even be written; a marble below the board can.
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/Woooooo/2ooooo/3oooo 5/8/10 0/0/0 0/0/0 1") ==
        "column e has no cell at position 1 on the 37-ring board");
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8 0/0/0 0/0/0 1") ==
        "the pool must be three counts W/G/B, got '6/8'");
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo -1/8/10 0/0/0 0/0/0 1") ==
        "the pool: '-1' is not a count");
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 1/0/0 0/0/0 1") ==
        "the position has 7 white marbles in all; the standard variant has 6");
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 6/8/10 0/0/0 0/0/0 3") ==
        "the side to move must be 1 or 2, got '3'");
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3oo1 6/8/10 0/0/0 0/0/0 1") ==
        "column g ends with a gap; write nothing there");
  // a1 alone and occupied, cut off from the rest: it would have been claimed.
  CHECK(zip_error("W/2ooo/oooooo/ooooooo/1oooooo/2ooooo/3oooo 5/8/10 0/0/0 0/0/0 1") ==
        "the rings at a1 form a group with no vacant ring, which would have been claimed");
  CHECK(zip_error("oooo/ooooo/oooooo/ooooooo/1oooooo/2ooooo/3o99o 6/8/10 0/0/0 0/0/0 1") ==
        "column g: the gaps run past the board");
  // The blitz pool is smaller: the standard start is impossible there.
  CHECK(zip_error(start37, variant::blitz) ==
        "the position has 6 white marbles in all; the blitz variant has 5");
}

TEST_CASE("ZEN: placements, captures and passes read as written") {
  auto t = read_move_text("Wd4-a1");
  REQUIRE(t.has_value());
  CHECK(t->kind == move_kind::place);
  CHECK(t->colour == 0);
  CHECK(t->cells == std::vector<std::string>{"d4", "a1"});
  auto c = read_move_text("Bd1xd3xd5");
  REQUIRE(c.has_value());
  CHECK(c->kind == move_kind::capture);
  CHECK(c->cells == std::vector<std::string>{"d1", "d3", "d5"});
  auto g = read_move_text("x d1Gd3Wd5");
  REQUIRE(g.has_value());
  CHECK(g->kind == move_kind::capture);
  CHECK(g->colour == -1);
  CHECK(g->jumped == std::vector<int>{1, 0});
  auto official = read_move_text("Wd4,a1");
  REQUIRE(official.has_value());
  CHECK(official->cells == std::vector<std::string>{"d4", "a1"});
  CHECK(read_move_text("pass")->kind == move_kind::pass);
}

TEST_CASE("ZEN: official GIPF notation resolves to the same move as ZEN") {
  const position p = build({.marbles = {{"d1", 'B'}, {"d2", 'G'}, {"d4", 'W'}}});
  auto zen = resolve_move(p, "Bd1xd3xd5");
  auto gipf = resolve_move(p, "x d1Gd3Wd5");
  REQUIRE(zen.has_value());
  REQUIRE(gipf.has_value());
  CHECK(*zen == *gipf);
  CHECK(*resolve_move(p, "x d1 G d3 W d5") == *zen);
  auto wrong = resolve_move(p, "x d1Bd3Wd5");
  REQUIRE_FALSE(wrong.has_value());
  CHECK(wrong.error() == "d2 holds a grey marble, not a black one");
  const position q(*board::get(37), variant::standard);
  CHECK(*resolve_move(q, "Wd4,a1") == *resolve_move(q, "Wd4-a1"));
}

TEST_CASE("ZEN: garbage is refused with a reason") {
  const position p = build({.marbles = {{"d1", 'B'}, {"d2", 'G'}, {"d4", 'W'}}});
  auto why = [&](std::string_view text) {
    auto m = resolve_move(p, text);
    REQUIRE_FALSE_MESSAGE(m.has_value(), text);
    return m.error();
  };
  CHECK(why("") == "the move is empty");
  CHECK(why("Qd4-a1") ==
        "cannot read 'Qd4-a1': a move starts with W, G or B, x (GIPF capture) or is pass");
  CHECK(why("W44") == "cannot read 'W44': expected a cell name like d4 after the colour");
  CHECK(why("Wd4-a1-a2") ==
        "cannot read 'Wd4-a1-a2': expected one ring to remove after the placement");
  CHECK(why("Bd1xz9") == "z9 is not a cell of the 37-ring board");
  CHECK(why("Bd1xd9") == "d9 is not a cell of the 37-ring board");
  CHECK(why("Gd1xd3") == "d1 holds a black marble, not a grey one");
  CHECK(why("Bd1xd4") == "d1 cannot jump to d4: not two steps in a line");
  CHECK(why("Bd1xd3") == "the capture must continue from d3");
  CHECK(why("Bd1xd3xd1") == "the chain jumps over d2 twice");
  CHECK(why("Bd3xd5") == "d3 holds no marble");
  CHECK(why("Wd4-a1") == "a capture is compulsory: Bd1xd3xd5");
}

TEST_CASE("ZEN: placement text against a position") {
  const position p = build({.removed = {"a1"}, .marbles = {{"e4", 'W'}}});
  auto why = [&](std::string_view text) {
    auto m = resolve_move(p, text);
    REQUIRE_FALSE_MESSAGE(m.has_value(), text);
    return m.error();
  };
  CHECK(why("Ge4-a2") == "e4 is not vacant");
  CHECK(why("Ga1-a2") == "there is no ring at a1 any more");
  CHECK(why("Gd4-a1") == "there is no ring at a1 any more");
  CHECK(why("Gd4-d5") == "ring d5 is not free");
  CHECK(why("Gd4") ==
        "a free ring must be removed, one of: a2, a3, a4, b1, b5, c1, c6, d1, d7, e1, e6, f1, f5, "
        "g1, g2, g3, g4");
  CHECK(why("Bd1xd3") == "d1 holds no marble");
  CHECK(why("pass") == "passing is allowed only when there is nothing to place");
  CHECK(why("Gd4-b2") == "ring b2 is not free");  // only a1 is missing around it
  auto ok = resolve_move(p, "  Gd4-b1 ");
  REQUIRE(ok.has_value());
  CHECK(ok->zen(p.geometry()) == "Gd4-b1");
}

}  // namespace ringside::zertz::test
