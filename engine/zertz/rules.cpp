#include "engine/zertz/rules.hpp"

namespace ringside::zertz {

namespace {
// Indexed by variant: standard, blitz, tournament (zertz-rules.md §2).
constexpr rule_set rule_sets[3] = {
    {{6, 8, 10}, {4, 5, 6}, 3, 37},
    {{5, 7, 9}, {3, 4, 5}, 2, 37},
    {{6, 8, 10}, {4, 5, 6}, 3, 48},
};
}  // namespace

const rule_set& rules_of(variant v) {
  const auto i = static_cast<std::size_t>(v);
  return rule_sets[i < 3 ? i : 0];
}

}  // namespace ringside::zertz
