#include "engine/zertz/computer.hpp"

#include <algorithm>
#include <array>

#include "engine/common/rng.hpp"
#include "engine/common/time_budget.hpp"
#include "engine/zertz/zip.hpp"

namespace ringside::zertz {

namespace {

struct level_row {
  int depth;
  std::uint64_t nodes;  // 0: stopped by time only
  std::int64_t cap_ms;  // the most it thinks without a clock
  int margin;           // root moves this close to the best may be chosen
  int temperature;      // how readily a worse one is
  std::size_t tt_mb;
};

// Level 1 looks one move deep (with the captures it forces) and often picks a merely decent
// move; level 2 starts on the replies but in the opening rarely finishes that second ply in
// 40,000 nodes, and errs less; 3, 4 and 5 search deeper on node budgets. Level 5's 6 million
// nodes take about 3 s on one core of the machine the ladder was measured on; a room still caps
// it at 5 s, so a slower machine gets a shallower search instead of a longer wait.
// docs/computer.md has what each measured against the one below.
constexpr std::array<level_row, computer_levels> rows = {{
    {1, 30'000, 200, 180, 70, 1},  // depth 1 takes ~1,000-3,000 nodes: the budget only bounds it
    {2, 40'000, 500, 50, 20, 4},
    {64, 150'000, 1000, 0, 1, 8},
    {64, 800'000, 2500, 0, 1, 32},
    {64, 6'000'000, 5000, 0, 1, 64},
}};

}  // namespace

level_config configure(const computer_request& r) {
  const level_row& row =
      rows[static_cast<std::size_t>(std::clamp(r.level, 1, computer_levels) - 1)];
  level_config c;
  c.cap_ms = r.time_ms != 0 ? r.time_ms : row.cap_ms;
  c.tt_bytes = row.tt_mb << 20;
  search_settings& s = c.settings;
  s.limits.max_depth = r.depth != 0 ? r.depth : row.depth;
  s.limits.max_nodes = r.nodes != 0 ? r.nodes : row.nodes;
  // A node budget alone makes a level the same on any machine; the server adds the cap.
  s.limits.max_time_ms = s.limits.max_nodes == 0 || r.time_capped ? c.cap_ms : 0;
  s.margin = row.margin;
  s.temperature = row.temperature;
  s.seed = r.seed;
  s.isolation_threats = r.threats;
  s.cancel = r.cancel;
  const std::int64_t budget = move_budget_ms(c.cap_ms, r.clock);
  if (budget < c.cap_ms || (r.time_ms != 0 && r.nodes == 0)) {
    // The clock cannot afford the level's usual effort (or the caller asked for time): think
    // for the clock's share, whatever node budget the level has.
    s.limits.max_nodes = 0;
    s.limits.max_time_ms = budget;
  }
  return c;
}

computer_move think(const game& g, const computer_request& r) {
  computer_move out;
  auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
  if (!p || g.result()) return out;
  level_config c = configure(r);
  // Each move of a game draws its own noise, repeatable from the game's seed.
  c.settings.seed = mix_seed(r.seed, static_cast<std::uint64_t>(g.ply()));
  searcher s(c.tt_bytes);
  const search_result found = s.run(*p, c.settings);
  out.info = found.info;
  if (found.best != move{}) out.move = found.best.zen(p->geometry());
  return out;
}

}  // namespace ringside::zertz
