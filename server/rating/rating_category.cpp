#include "server/rating/rating_category.hpp"

namespace ringside::rating {

std::string_view to_string(speed s) {
  switch (s) {
    case speed::bullet:
      return "bullet";
    case speed::quick:
      return "quick";
    case speed::rapid:
      return "rapid";
    case speed::classical:
      return "classical";
    case speed::correspondence:
      return "correspondence";
  }
  return "correspondence";
}

speed speed_of(const std::optional<timed_clock>& clock, int typical_moves) {
  if (!clock) return speed::correspondence;
  const std::int64_t seconds =
      clock->initial_s + clock->increment_s * static_cast<std::int64_t>(typical_moves);
  if (seconds < 180) return speed::bullet;
  if (seconds < 480) return speed::quick;
  if (seconds < 1500) return speed::rapid;
  return speed::classical;
}

std::string category_name(std::string_view game, std::string_view variant, speed s) {
  std::string out(game);
  out += '/';
  out += variant;
  out += '/';
  out += to_string(s);
  return out;
}

}  // namespace ringside::rating
