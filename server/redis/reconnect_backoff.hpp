#pragma once
// reconnect_backoff: how long to wait before the next attempt to reach a server that went
// away: doubling from `first` up to `longest`, back to `first` after a success. Pure.

#include <algorithm>
#include <chrono>

namespace ringside::server::redis {

class reconnect_backoff {
 public:
  struct settings {
    std::chrono::milliseconds first{50};
    std::chrono::milliseconds longest{2000};
  };

  explicit reconnect_backoff(settings s) : settings_(s), next_(s.first) {}

  // The delay before the next attempt; each call without a success in between doubles it.
  std::chrono::milliseconds next_delay() {
    const auto d = next_;
    next_ = std::min(next_ * 2, settings_.longest);
    return d;
  }
  void succeeded() { next_ = settings_.first; }

 private:
  settings settings_;
  std::chrono::milliseconds next_;
};

}  // namespace ringside::server::redis
