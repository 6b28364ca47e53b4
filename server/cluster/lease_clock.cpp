#include "server/cluster/lease_clock.hpp"

namespace ringside::server::cluster {

void lease_clock::granted(clock::time_point sent_at) {
  // An answer to an older request must not shorten a lease a newer one already extended.
  if (held_ && sent_at < granted_at_) return;
  held_ = true;
  granted_at_ = sent_at;
}

bool lease_clock::held(clock::time_point now) const {
  return held_ && now < trusted_until();
}

bool lease_clock::renew_due(clock::time_point now) const {
  return held_ && now >= next_renewal();
}

lease_clock::clock::time_point lease_clock::next_renewal() const {
  const auto wait =
      std::chrono::duration_cast<clock::duration>(settings_.ttl * settings_.renew_after);
  return granted_at_ + wait;
}

lease_clock::clock::time_point lease_clock::trusted_until() const {
  return granted_at_ + settings_.ttl - settings_.margin;
}

}  // namespace ringside::server::cluster
