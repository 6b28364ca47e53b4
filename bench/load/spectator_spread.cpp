#include "spectator_spread.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ringside::load {

std::vector<int> zipf_spread(int spectators, int rooms, double s) {
  if (rooms <= 0) return {};
  const auto n = static_cast<std::size_t>(rooms);
  std::vector<double> weight(n);
  for (std::size_t k = 0; k < n; ++k) weight[k] = 1.0 / std::pow(static_cast<double>(k + 1), s);
  const double total = std::accumulate(weight.begin(), weight.end(), 0.0);
  std::vector<int> out(n);
  std::vector<double> remainder(n);
  int dealt = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const double share = spectators * weight[k] / total;
    out[k] = static_cast<int>(std::floor(share));
    remainder[k] = share - out[k];
    dealt += out[k];
  }
  // Ties go to the lower rank, so the counts stay non-increasing.
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
  for (std::size_t i = 0; dealt < spectators; i = (i + 1) % n, ++dealt) ++out[order[i]];
  // Rounding up a lower remainder at a smaller rank can leave a bump; sorting restores the
  // order without changing the multiset of counts.
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

spread_summary summarize(const std::vector<int>& per_room) {
  spread_summary s;
  for (const int c : per_room) {
    if (c == 0)
      ++s.none;
    else if (c == 1)
      ++s.one;
    else if (c < 10)
      ++s.few;
    else if (c < 100)
      ++s.tens;
    else
      ++s.hundreds;
    s.most = std::max(s.most, c);
  }
  return s;
}

}  // namespace ringside::load
