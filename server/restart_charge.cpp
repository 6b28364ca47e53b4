#include "server/restart_charge.hpp"

#include <algorithm>

namespace ringside::server {

std::int64_t restart_charge_ms(const std::vector<server_run>& runs, std::int64_t turn_started_ms,
                               bool correspondence, std::int64_t now_ms) {
  if (correspondence) return std::max<std::int64_t>(0, now_ms - turn_started_ms);
  std::int64_t alive = 0;
  for (const auto& run : runs) {
    const auto from = std::max(run.started_ms, turn_started_ms);
    const auto to = std::min(run.heartbeat_ms, now_ms);
    alive += std::max<std::int64_t>(0, to - from);
  }
  return alive;
}

}  // namespace ringside::server
