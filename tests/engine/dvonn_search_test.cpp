// The DVONN searcher: legal moves in both phases, forced wins found, repeatable results, keys
// that follow the position, and the levels' budgets.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/common/computer_player.hpp"
#include "engine/common/rng.hpp"
#include "engine/dvonn/computer.hpp"
#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/search.hpp"
#include "engine/dvonn/zobrist.hpp"

namespace ringside::dvonn::test {

namespace {

computer_request ask(int level, std::uint64_t seed = 0) {
  computer_request r;
  r.level = level;
  r.seed = seed;
  return r;
}

// An independent check by plain minimax: does player index `x` win (higher controlled height
// when neither can move) within `plies` plies, whoever moves at each turn?
bool win_for(position& p, int x, int plies) {
  if (p.over()) return p.score(x) > p.score(x ^ 1);
  if (plies == 0) return false;
  move_list moves;
  generate_moves(p, moves);
  const bool mine = p.side() == x;
  for (const move& m : moves) {
    position::undo u;
    p.do_move(m, u);
    const bool w = win_for(p, x, plies - 1);
    p.undo_move(u);
    if (mine && w) return true;
    if (!mine && !w) return false;
  }
  return !mine;
}

std::vector<game> random_positions(int count, int every) {
  std::vector<game> out;
  for (int i = 0; i < count; ++i) {
    rng r(static_cast<std::uint64_t>(i) + 500);
    game g = *game::create("standard", 0);
    while (!g.outcome()) {
      if (g.ply() % every == every - 1) out.push_back(g);
      const auto legal = g.legal_moves();
      REQUIRE(g.play(legal[r.below(legal.size())]));
    }
  }
  return out;
}

search_result search(const position& p, std::uint64_t nodes, std::uint64_t seed = 0) {
  searcher s(std::size_t{4} << 20);
  search_settings set;
  set.limits.max_nodes = nodes;
  set.seed = seed;
  return s.run(p, set);
}

}  // namespace

TEST_CASE("dvonn search: the move is legal and check_move accepts it, placing and moving") {
  const auto positions = random_positions(6, 4);
  REQUIRE(positions.size() > 60);
  int placing = 0, moving = 0;
  for (const game& g : positions) {
    (g.current().placing() ? placing : moving) += 1;
    const search_result r = search(g.current(), 3000);
    const auto legal = g.legal_moves();
    const std::string token = r.best.text();
    CHECK_MESSAGE(std::find(legal.begin(), legal.end(), token) != legal.end(), g.position_text());
    const auto checked = g.check_move(token);
    REQUIRE(checked);
    CHECK(*checked == token);
    REQUIRE(!r.info.pv.empty());
    CHECK(r.info.pv.front() == token);
  }
  CHECK(placing > 10);
  CHECK(moving > 10);
}

TEST_CASE("dvonn search: finds the only move that wins by force") {
  // From random play, in the moving phase: no move wins at once, exactly one wins within three
  // plies whatever the opponent does. Minimax confirms it first.
  const std::vector<std::string> texts = {
      "e1:WBWB,f1:BB,i1:DB,b2:WWW,d2:W,e2:W,f2:W,a3:B,b3:D,c3:D,d3:BW,e3:WBBBB,f3:BBB,g3:BWW,"
      "c4:W,g4:BB,h4:BBWWW,c5:WW,d5:B,e5:BW 1 49",
      "i3:WB,j3:DB,g4:WW,j4:B,k4:WW,f5:DBBWB,h5:BBWBW,i5:WBWBB,j5:B,k5:D 2 49",
  };
  for (const auto& text : texts) {
    auto g = game::from_position(text);
    REQUIRE(g);
    position p = g->current();
    const int x = p.side();
    CHECK_FALSE(win_for(p, x, 1));
    REQUIRE(win_for(p, x, 3));
    std::vector<std::string> wins;
    move_list moves;
    generate_moves(p, moves);
    for (const move& m : moves) {
      position::undo u;
      p.do_move(m, u);
      if (win_for(p, x, 2)) wins.push_back(m.text());
      p.undo_move(u);
    }
    REQUIRE(wins.size() == 1);
    const search_result r = search(p, 200'000);
    CHECK_MESSAGE(r.best.text() == wins[0], text);
    CHECK(r.info.score >= search_info::mate_bound);
    // The line plays out to the win (the game plays forced passes itself).
    game line = *g;
    for (const auto& m : r.info.pv) {
      if (m != "pass") REQUIRE(line.play(m));
    }
    REQUIRE(line.outcome());
    CHECK(line.outcome()->winner == x + 1);
  }
}

TEST_CASE("dvonn search: the same seed and node budget give the same move and node count") {
  for (const game& g : random_positions(2, 9)) {
    const search_result a = search(g.current(), 20'000, 3);
    const search_result b = search(g.current(), 20'000, 3);
    CHECK(a.best == b.best);
    CHECK(a.info.nodes == b.info.nodes);
    CHECK(a.info.pv == b.info.pv);
  }
  for (int level = 1; level <= 3; ++level) {
    auto play = [&](std::uint64_t seed) {
      game g = *game::create("standard", 0);
      std::vector<std::uint64_t> nodes;
      for (int i = 0; i < 8 && !g.outcome(); ++i) {
        computer_request r = ask(level, seed);
        r.nodes = 20'000;
        const computer_move m = choose_move(g, r);
        nodes.push_back(m.info.nodes);
        REQUIRE(g.play(m.move));
      }
      return std::pair(g.history(), nodes);
    };
    CHECK(play(4) == play(4));
  }
}

TEST_CASE("dvonn zobrist: keys follow the position through do and undo") {
  for (int i = 0; i < 30; ++i) {
    rng r(static_cast<std::uint64_t>(i));
    position p;
    std::vector<std::pair<position::undo, std::uint64_t>> trail;
    while (!p.over()) {
      move_list moves;
      generate_moves(p, moves);
      const std::uint64_t before = zobrist_key(p);
      position::undo u;
      p.do_move(moves[r.below(moves.size())], u);
      CHECK(zobrist_key(p) != before);
      trail.emplace_back(u, before);
    }
    while (!trail.empty()) {
      p.undo_move(trail.back().first);
      REQUIRE(zobrist_key(p) == trail.back().second);
      trail.pop_back();
    }
  }
  // The pieces inside a stack do not matter to play; its height, top and DVONN piece do.
  auto key = [](const std::string& stacks) {
    const auto g = game::from_position(stacks);
    REQUIRE_MESSAGE(g, stacks);
    return zobrist_key(g->current());
  };
  CHECK(key("d3:WBW,e3:D,f3:D,g3:D 1 49") == key("d3:BWW,e3:D,f3:D,g3:D 1 49"));
  CHECK(key("d3:WBW,e3:D,f3:D,g3:D 1 49") != key("d3:BW,e3:D,f3:D,g3:D 1 49"));
  CHECK(key("d3:WBW,e3:D,f3:D,g3:D 1 49") != key("d3:WWB,e3:D,f3:D,g3:D 1 49"));
  CHECK(key("d3:WBW,e3:D,f3:D,g3:D 1 49") != key("d3:DBW,e3:D,f3:D 1 49"));
  CHECK(key("d3:WBW,e3:D,f3:D,g3:D,h3:B 1 49") != key("d3:WBW,e3:D,f3:D,g3:D,h3:B 2 49"));
}

TEST_CASE(
    "dvonn computer: levels are node budgets, capped at 5 s in a room; a lone move is instant") {
  std::uint64_t last = 0;
  for (int level = 1; level <= 5; ++level) {
    const level_config c = configure_level(levels, ask(level));
    CHECK(c.settings.limits.max_nodes > 0);
    CHECK(c.settings.limits.max_nodes >= last);
    last = c.settings.limits.max_nodes;
  }
  CHECK(configure_level(levels, ask(5)).settings.limits.max_time_ms == 0);
  computer_request capped = ask(5);
  capped.time_capped = true;
  CHECK(configure_level(levels, capped).settings.limits.max_time_ms == 5000);
  computer_request hurried = ask(4);
  hurried.clock = clock_state{10'000, 0};
  CHECK(configure_level(levels, hurried).settings.limits.max_time_ms == 400);
  CHECK(configure_level(levels, hurried).settings.limits.max_nodes == 0);
  // One legal move (a single movable stack with one landing): played without a search.
  const auto g = game::from_position("e3:W,f3:D,g3:D,h3:D 1 49");
  REQUIRE(g);
  REQUIRE(g->legal_moves().size() == 1);
  const computer_move m = choose_move(*g, ask(5));
  CHECK(m.move == g->legal_moves()[0]);
  CHECK(m.info.nodes == 0);
}

}  // namespace ringside::dvonn::test
