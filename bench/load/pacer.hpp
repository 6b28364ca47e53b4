#pragma once
// pacer: keeps one connection under the server's message rate limit (protocol.md: more than
// 40 messages in 10 s gets rate_limited), so "full speed" means as fast as the server allows
// an honest client, never faster. Sends are spaced evenly (window / limit apart) rather than
// sent in bursts of 40 followed by a long silence: a steady pace is what a benchmark of a
// few seconds can measure, and any `window` then holds at most `limit` sends.

#include <chrono>
#include <cstddef>

namespace ringside::load {

class pacer {
 public:
  using clock = std::chrono::steady_clock;

  // At most `limit` sends in any `window`; limit 0 turns pacing off.
  pacer(std::size_t limit, clock::duration window)
      : gap_(limit == 0 ? clock::duration::zero() : window / static_cast<long>(limit)) {}

  // The earliest time a send is allowed, `now` or later.
  clock::time_point next_allowed(clock::time_point now) const {
    return sent_any_ && last_ + gap_ > now ? last_ + gap_ : now;
  }
  // Records a send at `now`; the caller checked next_allowed() first.
  void record(clock::time_point now) {
    last_ = now;
    sent_any_ = true;
  }

 private:
  clock::duration gap_;
  clock::time_point last_{};
  bool sent_any_ = false;
};

}  // namespace ringside::load
