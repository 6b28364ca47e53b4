#pragma once
// spectator_spread: how a hall's spectators are dealt over its rooms. Real crowds gather
// around a few games and ignore most, so room k (0-based rank) gets a share proportional to
// 1 / (k + 1)^s (a Zipf law; s = 1 by default). With 5,000 spectators over 6,000 rooms that
// is 539, 270, 180, 135, 108 in the first five rooms, 52 rooms with 10-99, 355 with 2-9,
// 1,337 with one and 4,251 (71 %) with none.

#include <vector>

namespace ringside::load {

// Spectators per room for `spectators` dealt over `rooms` rooms with exponent `s` (>= 0;
// 0 spreads evenly). Deterministic; the counts add up to `spectators` exactly (largest
// remainders get the rounding) and never increase with the rank.
std::vector<int> zipf_spread(int spectators, int rooms, double s);

// A summary for reports: how many rooms have 0, 1, 2-9, 10-99 and 100 or more spectators.
struct spread_summary {
  int none = 0, one = 0, few = 0, tens = 0, hundreds = 0, most = 0;
};
spread_summary summarize(const std::vector<int>& per_room);

}  // namespace ringside::load
