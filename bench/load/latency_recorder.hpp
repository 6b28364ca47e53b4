#pragma once
// latency_recorder: every sample kept (microseconds), so percentiles are exact, not binned.
// A run of a few minutes holds a few million samples: a few MiB.

#include <chrono>
#include <cstdint>
#include <vector>

namespace ringside::load {

struct latency_summary {
  std::size_t count = 0;
  double p50_ms = 0, p90_ms = 0, p99_ms = 0, max_ms = 0, mean_ms = 0;
};

class latency_recorder {
 public:
  // Adds one sample; negative durations (clock skew between threads cannot happen with
  // steady_clock, but a bug could) are clamped to zero rather than wrapped.
  void add(std::chrono::steady_clock::duration d);
  // Appends another recorder's samples (shards merge into one report).
  void merge(const latency_recorder& other);
  // Percentiles by nearest rank over all samples; all zero when empty.
  latency_summary summary() const;
  std::size_t size() const { return us_.size(); }
  // The samples in arrival order, microseconds (for a distribution plot).
  const std::vector<std::uint32_t>& samples_us() const { return us_; }

 private:
  std::vector<std::uint32_t> us_;
};

}  // namespace ringside::load
