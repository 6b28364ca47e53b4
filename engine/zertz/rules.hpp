#pragma once
// zertz::rule_set — what a variant changes: the pool and the winning capture sets.

#include <array>

#include "engine/zertz/game.hpp"

namespace ringside::zertz {

struct rule_set {
  std::array<int, 3> pool{};        // starting pool W, G, B
  std::array<int, 3> win_single{};  // captures of one colour that win
  int win_each = 0;                 // captures of every colour that win
  int default_board = 37;
};

// The pool and win rule of `v` (zertz-rules.md §2).
const rule_set& rules_of(variant v);

// True when `caps` (W, G, B) meets a win condition of `r`.
template <class Counts>
constexpr bool meets_win(const rule_set& r, const Counts& caps) {
  bool each = true;
  for (std::size_t c = 0; c < 3; ++c) {
    if (caps[c] >= r.win_single[c]) return true;
    if (caps[c] < r.win_each) each = false;
  }
  return each;
}

}  // namespace ringside::zertz
