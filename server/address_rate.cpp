#include "server/address_rate.hpp"

#include <algorithm>

namespace ringside::server {

std::optional<address_rate::clock::duration> address_rate::refuse(const std::string& address,
                                                                  std::size_t limit,
                                                                  clock::time_point now) {
  if (limit == 0) return std::nullopt;
  const std::lock_guard lock(mutex_);
  if (recent_.size() >= sweep_at_) {
    std::erase_if(recent_, [&](const auto& kv) { return kv.second.idle(now); });
    sweep_at_ = std::max<std::size_t>(1024, 2 * recent_.size());
  }
  return recent_.try_emplace(address, window_).first->second.try_add(limit, now);
}

std::size_t address_rate::addresses() const {
  const std::lock_guard lock(mutex_);
  return recent_.size();
}

}  // namespace ringside::server
