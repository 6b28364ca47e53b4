#include "engine/zertz/rules.hpp"

namespace ringside::zertz {

namespace {
// Indexed by variant: standard, blitz, tournament (zertz-rules.md §2).
constexpr rule_set rule_sets[3] = {
    {{6, 8, 10}, {4, 5, 6}, 3, 37},
    {{5, 7, 9}, {3, 4, 5}, 2, 37},
    {{6, 8, 10}, {4, 5, 6}, 3, 48},
};
// The variants a client is offered show the same win rule as the engine plays.
constexpr bool offers_agree() {
  for (std::size_t v = 0; v < 3; ++v) {
    const auto& goals = game::variants[v].goals;
    for (std::size_t c = 0; c < 3; ++c) {
      if (goals[c].count != rule_sets[v].win_single[c]) return false;
    }
    if (goals[3].count != rule_sets[v].win_each) return false;
  }
  return true;
}
static_assert(offers_agree());

}  // namespace

const rule_set& rules_of(variant v) {
  const auto i = static_cast<std::size_t>(v);
  return rule_sets[i < 3 ? i : 0];
}

}  // namespace ringside::zertz
