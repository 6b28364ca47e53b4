// The computer's levels and their time: budgets from a clock, and each level's configuration.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/common/time_budget.hpp"
#include "engine/zertz/computer.hpp"

namespace ringside::zertz::test {

// A request at `level` (designated initializers would leave the rest unnamed, which GCC's
// -Wmissing-field-initializers reports).
inline computer_request ask(int level, std::uint64_t seed = 0,
                            std::optional<clock_state> clock = std::nullopt) {
  computer_request r;
  r.level = level;
  r.seed = seed;
  r.clock = clock;
  return r;
}

TEST_CASE("move_budget_ms: the level's cap without a clock, a share of the clock with one") {
  CHECK(move_budget_ms(5000, std::nullopt) == 5000);
  // Plenty of time: the cap.
  CHECK(move_budget_ms(5000, clock_state{600'000, 0}) == 5000);
  // Five minutes, no increment: 1/25 of it.
  CHECK(move_budget_ms(5000, clock_state{100'000, 0}) == 4000);
  // The increment counts for most of itself.
  CHECK(move_budget_ms(5000, clock_state{50'000, 2000}) == 2000 + 1600);
  // Never more than half of what is left, however large the increment.
  CHECK(move_budget_ms(5000, clock_state{1000, 10'000}) == 400);
  // Almost out of time: still a few milliseconds to find a move, never more than is left.
  CHECK(move_budget_ms(5000, clock_state{40, 0}) == 10);
  CHECK(move_budget_ms(5000, clock_state{5, 0}) == 5);
  CHECK(move_budget_ms(5000, clock_state{0, 0}) >= 1);
}

TEST_CASE("levels: stronger levels search more; node budgets unless the clock is short") {
  std::uint64_t last_nodes = 0;
  for (int level = 1; level <= 5; ++level) {
    const level_config c = configure_level(levels, ask(level));
    CHECK(c.settings.limits.max_nodes > 0);  // deterministic: stops on nodes, not time
    if (level > 1) CHECK(c.settings.limits.max_nodes > last_nodes);
    last_nodes = c.settings.limits.max_nodes;
  }
  const level_config top = configure_level(levels, ask(5));
  CHECK(top.settings.limits.max_time_ms == 0);  // level 5 too repeats a game exactly
  CHECK(top.cap_ms == 5000);
  CHECK(top.settings.margin == 0);
  CHECK(configure_level(levels, ask(1)).settings.margin > 0);  // the beginner errs
  // A short clock turns a node budget into the clock's share of time.
  const level_config hurried = configure_level(levels, ask(4, 0, clock_state{10'000, 0}));
  CHECK(hurried.settings.limits.max_nodes == 0);
  CHECK(hurried.settings.limits.max_time_ms == 400);
  const level_config top_hurried = configure_level(levels, ask(5, 0, clock_state{25'000, 0}));
  CHECK(top_hurried.settings.limits.max_time_ms == 1000);
  // As the server asks (time_capped), a node budget stops at the level's time cap too; without
  // it there is no time limit, so a seed and a budget repeat the move on any machine.
  CHECK(configure_level(levels, ask(4)).settings.limits.max_time_ms == 0);
  computer_request capped = ask(4);
  capped.time_capped = true;
  CHECK(configure_level(levels, capped).settings.limits.max_nodes == 800'000);
  CHECK(configure_level(levels, capped).settings.limits.max_time_ms == 2500);
  // Out-of-range levels are clamped.
  CHECK(configure_level(levels, ask(9)).settings.limits.max_nodes ==
        configure_level(levels, ask(5)).settings.limits.max_nodes);
  CHECK(configure_level(levels, ask(0)).settings.margin ==
        configure_level(levels, ask(1)).settings.margin);
}

TEST_CASE("move_budget_ms: spending a clock move by move never runs it out") {
  // (Sudden death shorter than the answers' own way back, 20 ms a move, no budget can keep.)
  for (const std::int64_t start : {10'000, 60'000, 300'000}) {
    for (const std::int64_t inc : {0, 2'000}) {
      std::int64_t left = start;
      // Longer than any game's searched moves for one side (DVONN: 24 placements, ~25 moves).
      for (int move = 0; move < 60 && left > 0; ++move) {
        const std::int64_t spent = move_budget_ms(5000, clock_state{left, inc});
        CHECK(spent <= 5000);
        // The search stops on its budget; 20 ms more for the answer to reach the room.
        left -= spent + 20;
        CHECK_MESSAGE(left > 0, "clock " << start << "+" << inc << " fell at move " << move);
        left += inc;
      }
    }
  }
}

TEST_CASE("level 5 thinks over the whole game: a room's clock, or a per-game budget without") {
  // Without a clock, level 5 spends what is left of its 60 s for the game, by its share.
  computer_request r = ask(5);
  r.game_used_ms = 0;
  const level_config fresh = configure_level(levels, r);
  CHECK(fresh.settings.limits.max_nodes == 0);
  CHECK(fresh.settings.limits.max_time_ms == 60'000 / 25);
  r.game_used_ms = 55'000;  // 5 s left of the game's budget: a fifth kept back, a share spent
  CHECK(configure_level(levels, r).settings.limits.max_time_ms == 200);
  r.game_used_ms = 70'000;  // spent beyond it (a takeback's search): still a move, quickly
  CHECK(configure_level(levels, r).settings.limits.max_time_ms == 1);
  // Under a long clock it searches for its cap, not for its node budget.
  const level_config timed = configure_level(levels, ask(5, 0, clock_state{600'000, 5'000}));
  CHECK(timed.settings.limits.max_nodes == 0);
  CHECK(timed.settings.limits.max_time_ms == 5000);
  // The lower levels keep their node budgets either way; tools asking for nodes get them.
  computer_request lower = ask(4);
  lower.game_used_ms = 0;
  CHECK(configure_level(levels, lower).settings.limits.max_nodes == 800'000);
  computer_request nodes = ask(5, 0, clock_state{600'000, 0});
  nodes.nodes = 50'000;
  CHECK(configure_level(levels, nodes).settings.limits.max_nodes == 50'000);
}

TEST_CASE("a request may move the point past which a search on time starts no new iteration") {
  const int usual = configure_level(levels, ask(5)).settings.limits.iteration_percent;
  CHECK(usual > 0);
  CHECK(usual <= 100);
  computer_request r = ask(5);
  r.iteration_percent = usual == 100 ? 50 : usual + 1;
  CHECK(configure_level(levels, r).settings.limits.iteration_percent == r.iteration_percent);
}

TEST_CASE("a time-capped search on a node budget too large for the cap stops at the cap") {
  const auto g = game::create("standard", 37);
  REQUIRE(g);
  computer_request r = ask(4, 7);
  r.nodes = 1'000'000'000'000;  // far beyond what 150 ms can visit
  r.time_ms = 150;
  r.time_capped = true;
  const computer_move m = think(*g, r);
  CHECK_FALSE(m.move.empty());
  CHECK(g->check_move(m.move));
  // No new iteration starts after 45% of the time, so it may stop from about 68 ms on.
  CHECK(m.info.elapsed_ms >= 60);
  // Without the cap this budget runs for hours; the bound is loose because the wall clock also
  // counts the time a loaded machine (CI beside other builds) keeps the thread off the CPU.
  CHECK(m.info.elapsed_ms < 10'000);
  CHECK(m.info.nodes < r.nodes);
}

}  // namespace ringside::zertz::test

namespace ringside::zertz::test {

TEST_CASE("the strong levels vary their opening by seed, and a seed repeats its game") {
  const auto g = game::create("standard", 37);
  REQUIRE(g);
  std::set<std::string> firsts;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    computer_request r = ask(5, seed);
    r.nodes = 20'000;
    const computer_move m = think(*g, r);
    CHECK(g->check_move(m.move));
    CHECK(think(*g, r).move == m.move);
    firsts.insert(m.move);
  }
  CHECK(firsts.size() >= 4);
  // Without variety every seed opens alike: the search finds all these moves equal.
  std::set<std::string> plain;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    computer_request r = ask(5, seed);
    r.nodes = 20'000;
    r.variety = false;
    plain.insert(think(*g, r).move);
  }
  CHECK(plain.size() == 1);
  // Past the opening the best move is played whatever the seed.
  game later = *g;
  for (int i = 0; i < opening_variety_plies; ++i) {
    computer_request r = ask(3, 5);
    r.nodes = 5'000;
    REQUIRE(later.play(think(later, r).move));
  }
  std::set<std::string> after;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    computer_request r = ask(3, seed);
    r.nodes = 20'000;
    after.insert(think(later, r).move);
  }
  CHECK(after.size() == 1);
}

}  // namespace ringside::zertz::test
