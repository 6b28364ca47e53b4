// lease_clock: when to renew and when a lease stops being relied on, with time passed in.
#include <doctest/doctest.h>

#include "server/cluster/lease_clock.hpp"

using namespace std::chrono_literals;
using ringside::server::cluster::lease_clock;

namespace {
const lease_clock::clock::time_point t0{std::chrono::hours(1)};
lease_clock::settings five_seconds() {
  return {5000ms, 1.0 / 3.0, 250ms};
}
}  // namespace

TEST_CASE("a lease never granted is neither held nor due") {
  lease_clock c(five_seconds());
  CHECK_FALSE(c.held(t0));
  CHECK_FALSE(c.renew_due(t0));
}

TEST_CASE("a granted lease is held until a margin before its ttl, counted from the request") {
  lease_clock c(five_seconds());
  c.granted(t0);  // the claim left at t0; Redis set the key a little later
  CHECK(c.held(t0 + 100ms));
  CHECK(c.held(t0 + 4749ms));
  CHECK_FALSE(c.held(t0 + 4750ms));
  CHECK(c.trusted_until() == t0 + 4750ms);
}

TEST_CASE("renewals fall due at a third of the ttl, and a renewal moves both instants") {
  lease_clock c(five_seconds());
  c.granted(t0);
  CHECK_FALSE(c.renew_due(t0 + 1600ms));
  CHECK(c.renew_due(t0 + 1667ms));
  c.granted(t0 + 1700ms);
  CHECK_FALSE(c.renew_due(t0 + 2000ms));
  CHECK(c.held(t0 + 6000ms));
  CHECK(c.trusted_until() == t0 + 1700ms + 4750ms);
}

TEST_CASE("an answer to an older renewal does not shorten a newer grant") {
  lease_clock c(five_seconds());
  c.granted(t0 + 2s);
  c.granted(t0 + 1s);  // arrived late
  CHECK(c.trusted_until() == t0 + 2s + 4750ms);
}

TEST_CASE("two failed renewals in a row still leave the lease held; a lost one ends at once") {
  lease_clock c(five_seconds());
  c.granted(t0);
  // Renewals due at 1.67 s and 3.33 s both fail (Redis unreachable): still held at 4 s.
  CHECK(c.held(t0 + 4s));
  c.lost();
  CHECK_FALSE(c.held(t0 + 4s));
  CHECK_FALSE(c.renew_due(t0 + 4s));
}
