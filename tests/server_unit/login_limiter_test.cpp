// login_limiter: a few wrong passwords are free, then each attempt waits longer, attempts
// queue behind each other per account and per address, and an attempt that would wait too
// long is refused; old failures are forgotten.
#include <doctest/doctest.h>

#include <vector>

#include "server/login_limiter.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
const auto login_t0 = login_limiter::clock::time_point{} + 1h;

login_limit_settings policy() {
  login_limit_settings s;
  s.free_failures = 3;
  s.first_delay_s = 1;
  s.max_delay_s = 8;
  s.max_wait_s = 20;
  s.forget_after_s = 600;
  return s;
}

// One attempt at `now` that fails; the wait it got.
login_limiter::clock::duration fail_once(login_limiter& l, const std::string& account,
                                         const std::string& address,
                                         login_limiter::clock::time_point now) {
  const auto wait = l.admit(account, address, now);
  REQUIRE(wait);
  l.failed(account, address, now + *wait);
  return *wait;
}
}  // namespace

TEST_CASE("login_limiter: free failures, then a delay that doubles up to its cap") {
  login_limiter l(policy());
  auto now = login_t0;
  for (int i = 0; i < 3; ++i) {
    CHECK(fail_once(l, "alice", "10.0.0.1", now) == 0s);
    now += 1s;
  }
  // Each attempt waits, and is answered, before the next is sent (one connection).
  const std::chrono::seconds expected[] = {1s, 2s, 4s, 8s, 8s};
  for (const auto want : expected) {
    const auto wait = fail_once(l, "alice", "10.0.0.1", now);
    CHECK(wait == want);
    now += wait;
  }
}

TEST_CASE("login_limiter: attempts sent at once queue behind each other, past the wait refused") {
  login_limiter l(policy());
  for (int i = 0; i < 3; ++i) fail_once(l, "alice", "", login_t0);
  // Many connections send at the same instant: each waits for the one before.
  std::vector<login_limiter::clock::duration> waits;
  for (int i = 0; i < 6; ++i) {
    const auto w = l.admit("alice", "", login_t0);
    if (!w) break;
    waits.push_back(*w);
  }
  // 1 s each (3 failures so far): 1, 2, ... 20 s is the most any waits; none is answered early.
  REQUIRE(waits.size() == 6);
  CHECK(waits[0] == 1s);
  CHECK(waits[5] == 6s);
  for (int i = 0; i < 20; ++i) (void)l.admit("alice", "", login_t0);
  CHECK_FALSE(l.admit("alice", "", login_t0));  // would wait more than 20 s: refused
}

TEST_CASE("login_limiter: the account and the address are counted apart") {
  login_limiter l(policy());
  // One address tries many names: the address is slowed, each name only once tried.
  for (int i = 0; i < 3; ++i) fail_once(l, "name" + std::to_string(i), "10.0.0.9", login_t0);
  CHECK(*l.admit("fresh", "10.0.0.9", login_t0) == 1s);
  CHECK(*l.admit("fresh", "10.0.0.8", login_t0) == 0s);
  // Many addresses try one name: the name is slowed, from any address.
  for (int i = 0; i < 3; ++i) fail_once(l, "bob", "192.0.2." + std::to_string(i), login_t0);
  CHECK(*l.admit("bob", "198.51.100.1", login_t0) == 1s);
}

TEST_CASE("login_limiter: a right password clears the account; old failures are forgotten") {
  login_limiter l(policy());
  for (int i = 0; i < 4; ++i) fail_once(l, "alice", "", login_t0);
  CHECK(*l.admit("alice", "", login_t0 + 30s) > 0s);
  l.succeeded("alice");
  CHECK(*l.admit("alice", "", login_t0 + 30s) == 0s);

  for (int i = 0; i < 5; ++i) fail_once(l, "carol", "10.0.0.3", login_t0);
  CHECK(l.tracked() == 2);
  // Ten minutes after the last failure (and the queue drained), nothing counts any more.
  CHECK(*l.admit("carol", "10.0.0.3", login_t0 + 30min) == 0s);
  CHECK(l.tracked() == 0);
}

TEST_CASE("login_limiter: memory stays bounded by recent failures") {
  login_limiter l(policy());
  // 5,000 names from 5,000 addresses, one failure each, a second apart: the tables are swept
  // as they grow, of everything older than ten minutes.
  for (int i = 0; i < 5000; ++i) {
    fail_once(l, "n" + std::to_string(i), "a" + std::to_string(i), login_t0 + i * 1s);
  }
  CHECK(l.tracked() < 2 * 2 * 1300);
}

}  // namespace ringside::server
