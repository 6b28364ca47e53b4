#pragma once
// What the side to move could claim by isolation with its next placing move (rules §6), so the
// evaluation sees a cut that is one move away instead of leaving it to the next ply of search.

#include <array>

#include "engine/zertz/position.hpp"

namespace ringside::zertz {

// Marbles of each colour (W, G, B) taken by the best isolation the mover can make in one
// placing move in `p`, judged by `weight` per colour; all zero when there is none or the
// mover cannot place. Two ways: remove a free ring that cuts off groups that are full (placing
// elsewhere) or have one vacant ring (placing there); or fill the last vacant ring of an island
// that is already cut off. The placed marble itself is not counted.
std::array<int, 3> best_isolation(const position& p, const std::array<int, 3>& weight);

}  // namespace ringside::zertz
