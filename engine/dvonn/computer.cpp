#include "engine/dvonn/computer.hpp"

#include <algorithm>
#include <array>

#include "engine/common/rng.hpp"
#include "engine/common/time_budget.hpp"

namespace ringside::dvonn {

namespace {

struct level_row {
  int depth;
  std::uint64_t nodes;
  std::int64_t cap_ms;  // the most it thinks without a clock
  int margin;           // root moves this close to the best may be chosen
  int temperature;      // how readily a worse one is
  std::size_t tt_mb;
};

// Level 1 looks one move ahead and often takes a merely decent move; level 2 sees the reply
// and errs less; 3, 4 and 5 search deeper on node budgets (level 5's 6 million nodes take about
// 2 s on one core here; a room caps it at 5 s). A DVONN game has
// about 45 turns a side, so the budgets are smaller than ZÈRTZ's at the same level.
// docs/computer.md has what each measured against the one below.
constexpr std::array<level_row, computer_levels> rows = {{
    {1, 30'000, 200, 250, 80, 1},
    {2, 30'000, 300, 80, 25, 2},
    {64, 40'000, 600, 0, 1, 4},
    {64, 250'000, 2000, 0, 1, 16},
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
  s.cancel = r.cancel;
  const std::int64_t budget = move_budget_ms(c.cap_ms, r.clock);
  if (budget < c.cap_ms || (r.time_ms != 0 && r.nodes == 0)) {
    s.limits.max_nodes = 0;
    s.limits.max_time_ms = budget;
  }
  return c;
}

computer_move think(const game& g, const computer_request& r) {
  computer_move out;
  if (g.outcome()) return out;
  level_config c = configure(r);
  c.settings.seed = mix_seed(r.seed, static_cast<std::uint64_t>(g.ply()));
  searcher s(c.tt_bytes);
  const search_result found = s.run(g.current(), c.settings);
  out.info = found.info;
  if (found.best != move{}) out.move = found.best.text();
  return out;
}

}  // namespace ringside::dvonn
