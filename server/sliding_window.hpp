#pragma once
// sliding_window: the times of recent events inside a window of fixed length, to count a rate
// ("at most N in 10 s") from the times it is given. One connection's messages, one address's
// requests, one room's spectator chat: each is one of these. Not thread-safe; its owner locks
// or keeps it on one strand.

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>

namespace ringside::server {

class sliding_window {
 public:
  using clock = std::chrono::steady_clock;

  explicit sliding_window(clock::duration length) : length_(length) {}

  // Events inside the window ending at `now`; older ones are forgotten.
  std::size_t count(clock::time_point now) {
    while (!times_.empty() && now - times_.front() >= length_) times_.pop_front();
    return times_.size();
  }
  void add(clock::time_point now) { times_.push_back(now); }
  // Adds one event at `now` unless `limit` are already inside the window; then adds nothing
  // and returns how long until one leaves it.
  std::optional<clock::duration> try_add(std::size_t limit, clock::time_point now) {
    if (count(now) >= limit) return times_.front() + length_ - now;
    add(now);
    return std::nullopt;
  }
  // Whether nothing happened inside the window ending at `now` (it can be forgotten).
  bool idle(clock::time_point now) const {
    return times_.empty() || now - times_.back() >= length_;
  }

 private:
  clock::duration length_;
  std::deque<clock::time_point> times_;
};

}  // namespace ringside::server
