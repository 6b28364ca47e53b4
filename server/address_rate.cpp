#include "server/address_rate.hpp"

#include <algorithm>

namespace ringside::server {

std::optional<address_rate::clock::duration> address_rate::refuse(const std::string& address,
                                                                  std::size_t limit,
                                                                  clock::time_point now) {
  if (limit == 0) return std::nullopt;
  const std::lock_guard lock(mutex_);
  if (recent_.size() >= sweep_at_) {
    std::erase_if(recent_,
                  [&](const auto& kv) { return kv.second.empty() || now - kv.second.back() >= window_; });
    sweep_at_ = std::max<std::size_t>(1024, 2 * recent_.size());
  }
  auto& times = recent_[address];
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
  if (times.size() >= limit) return times.front() + window_ - now;
  times.push_back(now);
  return std::nullopt;
}

std::size_t address_rate::addresses() const {
  const std::lock_guard lock(mutex_);
  return recent_.size();
}

}  // namespace ringside::server
