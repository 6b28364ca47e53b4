// address_rate counts one address's requests in a sliding window and says how long to wait;
// another address is never slowed by it.
#include <doctest/doctest.h>

#include "server/address_rate.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
const auto rate_t0 = address_rate::clock::time_point{} + 1h;
}  // namespace

TEST_CASE("address_rate: over the limit in the window, refused with the wait until it is not") {
  address_rate r(10s);
  CHECK_FALSE(r.refuse("a", 3, rate_t0));
  CHECK_FALSE(r.refuse("a", 3, rate_t0 + 1s));
  CHECK_FALSE(r.refuse("a", 3, rate_t0 + 2s));
  const auto wait = r.refuse("a", 3, rate_t0 + 4s);
  REQUIRE(wait);
  CHECK(*wait == 6s);  // the first request leaves the window at rate_t0 + 10 s
  CHECK_FALSE(r.refuse("b", 3, rate_t0 + 4s));  // another address is not slowed
  // A refused request is not counted: at rate_t0 + 10 s exactly one slot is free again.
  CHECK_FALSE(r.refuse("a", 3, rate_t0 + 10s));
  CHECK(r.refuse("a", 3, rate_t0 + 10s));
}

TEST_CASE("address_rate: limit 0 is no limit, and idle addresses are forgotten") {
  address_rate r(10s);
  for (int i = 0; i < 500; ++i) CHECK_FALSE(r.refuse("a", 0, rate_t0));
  // 2,000 addresses, one request each, 20 ms apart: when the map reaches 1,024 (at 20.5 s)
  // those last seen more than a window before are swept.
  for (int i = 0; i < 2000; ++i) {
    CHECK_FALSE(r.refuse("addr" + std::to_string(i), 5, rate_t0 + 1min + i * 20ms));
  }
  CHECK(r.addresses() < 1600);
}

}  // namespace ringside::server
