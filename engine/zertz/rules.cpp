#include "engine/zertz/rules.hpp"

namespace ringside::zertz {

const rule_set& rules_of(variant v) {
  static const rule_set standard{{6, 8, 10}, {4, 5, 6}, 3, 37};
  static const rule_set blitz{{5, 7, 9}, {3, 4, 5}, 2, 37};
  static const rule_set tournament{{6, 8, 10}, {4, 5, 6}, 3, 48};
  switch (v) {
    case variant::blitz:
      return blitz;
    case variant::tournament:
      return tournament;
    case variant::standard:
      break;
  }
  return standard;
}

}  // namespace ringside::zertz
