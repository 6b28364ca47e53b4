#pragma once
// sliding_window: the times of recent events inside a window of fixed length, to count a rate
// ("at most N in 10 s") from the times it is given. One connection's messages, one address's
// requests, one room's spectator chat: each is one of these. Not thread-safe; its owner locks
// or keeps it on one strand.

#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

namespace ringside::server {

class sliding_window {
 public:
  using clock = std::chrono::steady_clock;

  explicit sliding_window(clock::duration length) : length_(length) {}

  // Events inside the window ending at `now`; older ones are forgotten.
  std::size_t count(clock::time_point now) {
    while (first_ < times_.size() && now - times_[first_] >= length_) ++first_;
    compact();
    return times_.size() - first_;
  }
  void add(clock::time_point now) { times_.push_back(now); }
  // Adds one event at `now` unless `limit` are already inside the window; then adds nothing
  // and returns how long until one leaves it.
  std::optional<clock::duration> try_add(std::size_t limit, clock::time_point now) {
    if (count(now) >= limit) return times_[first_] + length_ - now;
    add(now);
    return std::nullopt;
  }
  // Whether nothing happened inside the window ending at `now` (it can be forgotten).
  bool idle(clock::time_point now) const {
    return first_ == times_.size() || now - times_.back() >= length_;
  }

 private:
  // A vector rather than a deque: an empty deque still holds a 512-byte block, and every idle
  // connection keeps one of these. Forgotten times are dropped in bulk once they are half the
  // vector (amortised O(1) per event); an emptied window gives its memory back.
  void compact() {
    if (first_ == times_.size()) {
      if (times_.capacity() > small_capacity) {
        std::vector<clock::time_point>().swap(times_);
      } else {
        times_.clear();
      }
      first_ = 0;
    } else if (first_ * 2 >= times_.size()) {
      times_.erase(times_.begin(), times_.begin() + static_cast<std::ptrdiff_t>(first_));
      first_ = 0;
    }
  }
  static constexpr std::size_t small_capacity = 8;

  clock::duration length_;
  std::vector<clock::time_point> times_;
  std::size_t first_ = 0;  // times_[0, first_) have left the window
};

}  // namespace ringside::server
