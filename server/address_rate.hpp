#pragma once
// address_rate: a per-client-address sliding-window count of requests, shared by every
// connection (so thread-safe, with a lock held only for a few comparisons). One address
// asking too often is told when it may ask again; everybody else is not slowed by it.
// Memory stays bounded by the addresses seen in the last window: idle ones are swept.

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/sliding_window.hpp"

namespace ringside::server {

class address_rate {
 public:
  using clock = std::chrono::steady_clock;

  // Counts requests in a sliding `window`.
  explicit address_rate(clock::duration window = std::chrono::seconds(10)) : window_(window) {}

  // Counts one request from `address` at `now`, unless it would be over `limit` in the
  // window; then nothing is counted and the answer is how long until it would be allowed.
  // `limit` 0: no limit.
  std::optional<clock::duration> refuse(const std::string& address, std::size_t limit,
                                        clock::time_point now = clock::now());
  // Addresses tracked now (for tests and metrics).
  std::size_t addresses() const;

 private:
  clock::duration window_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, sliding_window> recent_;
  std::size_t sweep_at_ = 1024;  // sweep idle addresses when the map reaches this size
};

}  // namespace ringside::server
