#pragma once
// How long a computer may think for one move: its level's cap, cut down to what a room's clock
// can afford.

#include <cstdint>
#include <optional>

#include "engine/common/search_types.hpp"

namespace ringside {

// Milliseconds for one move: `cap_ms` without a clock; with one, about 1/25 of the time left
// plus most of the increment, never more than the cap and never so much that the clock could
// fall below a reserve for the moves after it. At least 10 ms while any time is left.
std::int64_t move_budget_ms(std::int64_t cap_ms, const std::optional<clock_state>& clock);

}  // namespace ringside
