#include "engine/common/time_budget.hpp"

#include <algorithm>

namespace ringside {

std::int64_t move_budget_ms(std::int64_t cap_ms, const std::optional<clock_state>& clock) {
  if (!clock) return cap_ms;
  const std::int64_t left = std::max<std::int64_t>(0, clock->remaining_ms);
  const std::int64_t inc = std::max<std::int64_t>(0, clock->increment_ms);
  // A ZÈRTZ or DVONN game lasts 20-30 moves a side; 1/25 of what is left keeps enough for the
  // rest even when the game runs long, and the increment comes back after each move.
  std::int64_t budget = left / 25 + inc * 4 / 5;
  // Keep a reserve for what the clock counts beyond the search (the wait for a worker, the
  // answer's way back), and never spend more than half of the rest on one move: the increment
  // may be large, and the clock must never fall.
  const std::int64_t reserve = std::min<std::int64_t>(left / 5, 1000);
  budget = std::min(budget, (left - reserve) / 2);
  budget = std::min(budget, cap_ms);
  return std::max<std::int64_t>(budget, left > 0 ? std::min<std::int64_t>(10, left) : 1);
}

}  // namespace ringside
