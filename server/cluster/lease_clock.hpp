#pragma once
// lease_clock: when a room's lease must be renewed and from when it can no longer be counted
// on, from this node's own clock. Pure, with the time passed in.
//
// A lease granted by Redis lives `ttl` from when Redis set it, which is after the request left
// this node: counting from the moment the request was *sent* never overestimates it. The
// owner stops trusting it a safety margin before that (clocks drift, the other nodes count
// from their own claim attempts), and renews at a fraction of the ttl so that a renewal or
// two may fail (a slow Redis, a lost connection) before the lease runs out.

#include <chrono>

namespace ringside::server::cluster {

class lease_clock {
 public:
  using clock = std::chrono::steady_clock;

  struct settings {
    std::chrono::milliseconds ttl{5000};
    // Renew after this share of the ttl since the last confirmed grant.
    double renew_after = 1.0 / 3.0;
    // Stop trusting the lease this long before its conservative end.
    std::chrono::milliseconds margin{250};
  };

  explicit lease_clock(settings s) : settings_(s) {}

  // Redis granted (or renewed) the lease in answer to a request sent at `sent_at`.
  void granted(clock::time_point sent_at);
  // Redis said the lease is not ours (any more).
  void lost() { held_ = false; }

  // Whether the lease may still be relied on at `now` (the owner may commit moves).
  bool held(clock::time_point now) const;
  // Whether a renewal should be sent at `now`.
  bool renew_due(clock::time_point now) const;
  // When renew_due turns true (for a timer); meaningless when not held.
  clock::time_point next_renewal() const;
  // Past this, the lease is not relied on (held turns false).
  clock::time_point trusted_until() const;

  const settings& config() const { return settings_; }

 private:
  settings settings_;
  bool held_ = false;
  clock::time_point granted_at_{};
};

}  // namespace ringside::server::cluster
