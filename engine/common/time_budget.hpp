#pragma once
// How long a computer may think for one move: its level's cap, cut down to what a room's clock
// can afford.

#include <cstdint>
#include <optional>

#include "engine/common/search_types.hpp"

namespace ringside {

// Milliseconds for one move: `cap_ms` without a clock; with one, about 1/25 of the time left
// plus most of the increment, never more than the cap nor half of what is left above a reserve
// (a fifth of the time left, at most a second) for the wait and the way back. At least 10 ms
// while any time is left.
std::int64_t move_budget_ms(std::int64_t cap_ms, const std::optional<clock_state>& clock);

}  // namespace ringside
