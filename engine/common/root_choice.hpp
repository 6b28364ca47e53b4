#pragma once
// The weaker levels' choice among root moves: one of those scored within `margin` of the
// best, drawn with weight exp((score - best) / temperature) from a seeded generator, so the
// mistakes are mostly small ones and a seed repeats them.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/common/rng.hpp"

namespace ringside {

// `scores`: exact scores of the candidates, best first (stop the list at the first inexact
// one). Returns the index of the chosen one; 0 when the list has one entry.
inline std::size_t weighted_choice(const std::vector<int>& scores, int margin, int temperature,
                                   std::uint64_t seed) {
  if (scores.empty()) return 0;
  const int top = scores.front();
  std::vector<double> weight;
  double total = 0;
  for (const int s : scores) {
    if (s < top - margin) break;
    const double w = std::exp(static_cast<double>(s - top) / std::max(1, temperature));
    weight.push_back(w);
    total += w;
  }
  rng r(seed);
  double x = r.unit() * total;
  for (std::size_t i = 0; i < weight.size(); ++i) {
    x -= weight[i];
    if (x <= 0 || i + 1 == weight.size()) return i;
  }
  return 0;
}

}  // namespace ringside
