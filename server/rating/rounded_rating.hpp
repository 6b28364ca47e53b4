#pragma once
// Ratings are kept as doubles but shown and sent as whole points: one rounding for the room's
// rating changes and the players' pages, so a change always equals after minus before as shown.

#include <cmath>

namespace ringside::server {

inline int rounded_rating(double x) {
  return static_cast<int>(std::lround(x));
}

}  // namespace ringside::server
