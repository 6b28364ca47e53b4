#include "server/finished_retention.hpp"

#include <limits>

namespace ringside::server {

std::int64_t finished_retention::finished_before_ms(std::int64_t now_ms) const {
  if (!prunes_any()) return std::numeric_limits<std::int64_t>::min();
  return now_ms - static_cast<std::int64_t>(retention_s * 1000);
}

std::int64_t finished_retention::plies_kept_from() const {
  return keep_plies > 0 ? keep_plies : std::numeric_limits<std::int64_t>::max();
}

bool finished_retention::prunes(std::int64_t finished_ms, std::int64_t plies,
                                std::int64_t now_ms) const {
  return prunes_any() && finished_ms < finished_before_ms(now_ms) && plies < plies_kept_from();
}

}  // namespace ringside::server
