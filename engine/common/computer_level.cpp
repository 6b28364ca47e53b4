#include "engine/common/computer_level.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "engine/common/time_budget.hpp"

namespace ringside {

level_config configure_level(const level_table& levels, const computer_request& r) {
  const level_row& row =
      levels[static_cast<std::size_t>(std::clamp(r.level, 1, computer_levels) - 1)];
  level_config c;
  c.cap_ms = r.time_ms != 0 ? r.time_ms : row.cap_ms;
  c.tt_bytes = row.tt_mb << 20;
  search_settings& s = c.settings;
  s.limits.max_depth = r.depth != 0 ? r.depth : row.depth;
  s.limits.max_nodes = r.nodes != 0 ? r.nodes : row.nodes;
  if (r.iteration_percent != 0) s.limits.iteration_percent = r.iteration_percent;
  // A node budget alone makes a level the same on any machine; the server adds the cap.
  s.limits.max_time_ms = s.limits.max_nodes == 0 || r.time_capped ? c.cap_ms : 0;
  s.margin = row.margin;
  s.temperature = row.temperature;
  s.seed = r.seed;
  s.threats = r.threats;
  s.terms_off = r.terms_off;
  s.cancel = r.cancel;
  // Without a room clock, a level with a per-game budget spends what is left of it instead.
  std::optional<clock_state> clock = r.clock;
  if (!clock && r.game_used_ms && row.game_ms > 0) {
    clock = clock_state{std::max<std::int64_t>(0, row.game_ms - *r.game_used_ms), 0};
  }
  const std::int64_t budget = move_budget_ms(c.cap_ms, clock);
  // A level that thinks over the whole game searches on its share of the clock, the cap at
  // most; the others keep their node budgets unless the clock is too short for them.
  const bool spends_clock = clock && row.game_ms > 0 && r.nodes == 0;
  if (budget < c.cap_ms || spends_clock || (r.time_ms != 0 && r.nodes == 0)) {
    // The clock cannot afford the level's usual effort (or the caller asked for time): think
    // for the clock's share, whatever node budget the level has.
    s.limits.max_nodes = 0;
    s.limits.max_time_ms = budget;
  }
  return c;
}

namespace {
thread_local std::vector<void (*)()> searcher_forgetters;
}  // namespace

void on_forget_thread_searchers(void (*forget)()) {
  searcher_forgetters.push_back(forget);
}

void forget_thread_searchers() {
  auto forgetters = std::move(searcher_forgetters);
  searcher_forgetters.clear();
  for (auto* forget : forgetters) forget();
}

}  // namespace ringside
