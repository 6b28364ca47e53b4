#include "latency_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ringside::load {

void latency_recorder::add(std::chrono::steady_clock::duration d) {
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
  const auto clamped = std::clamp<long long>(us, 0, std::numeric_limits<std::uint32_t>::max());
  us_.push_back(static_cast<std::uint32_t>(clamped));
}

void latency_recorder::merge(const latency_recorder& other) {
  us_.insert(us_.end(), other.us_.begin(), other.us_.end());
}

latency_summary latency_recorder::summary() const {
  latency_summary s;
  s.count = us_.size();
  if (us_.empty()) return s;
  std::vector<std::uint32_t> v = us_;
  std::sort(v.begin(), v.end());
  const auto rank = [&](double q) {
    const auto n = static_cast<double>(v.size());
    auto i = static_cast<std::size_t>(std::ceil(q * n));
    i = std::clamp<std::size_t>(i, 1, v.size());
    return static_cast<double>(v[i - 1]) / 1000.0;
  };
  s.p50_ms = rank(0.50);
  s.p90_ms = rank(0.90);
  s.p99_ms = rank(0.99);
  s.max_ms = static_cast<double>(v.back()) / 1000.0;
  const double sum = std::accumulate(v.begin(), v.end(), 0.0);
  s.mean_ms = sum / static_cast<double>(v.size()) / 1000.0;
  return s;
}

}  // namespace ringside::load
