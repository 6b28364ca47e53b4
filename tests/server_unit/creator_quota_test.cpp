// creator_quota caps what each player and each address holds at once: the player's cap is
// asked first, a refusal counts nothing, a release frees a place, and 0 means no cap.
#include <doctest/doctest.h>

#include "server/creator_quota.hpp"

namespace ringside::server {

namespace {
using quota_verdict = creator_quota::verdict;
}  // namespace

TEST_CASE("creator_quota: a player's cap, then an address's cap shared by its players") {
  creator_quota q(2, 3);
  CHECK(q.reserve("ann", "10.0.0.1") == quota_verdict::granted);
  CHECK(q.reserve("ann", "10.0.0.1") == quota_verdict::granted);
  CHECK(q.reserve("ann", "10.0.0.2") == quota_verdict::player_cap);
  CHECK(q.reserve("bob", "10.0.0.1") == quota_verdict::granted);
  CHECK(q.reserve("cid", "10.0.0.1") == quota_verdict::address_cap);
  CHECK(q.held_by_player("ann") == 2);
  CHECK(q.held_by_player("cid") == 0);  // a refusal counts nothing
  CHECK(q.held_by_address("10.0.0.1") == 3);
  CHECK(q.held_by_address("10.0.0.2") == 0);
}

TEST_CASE("creator_quota: a release frees a place, and never counts below zero") {
  creator_quota q(1, 0);
  CHECK(q.reserve("ann", "a") == quota_verdict::granted);
  CHECK(q.reserve("ann", "a") == quota_verdict::player_cap);
  q.release("ann", "a");
  CHECK(q.held_by_player("ann") == 0);
  q.release("ann", "a");
  CHECK(q.held_by_player("ann") == 0);
  CHECK(q.reserve("ann", "a") == quota_verdict::granted);
}

TEST_CASE("creator_quota: 0 is no cap, an empty key is never capped, hold ignores the caps") {
  creator_quota none(0, 0);
  for (int i = 0; i < 100; ++i) CHECK(none.reserve("ann", "a") == quota_verdict::granted);
  creator_quota q(1, 1);
  CHECK(q.reserve("", "") == quota_verdict::granted);
  CHECK(q.reserve("", "") == quota_verdict::granted);
  q.hold("ann", "a");
  q.hold("ann", "a");
  CHECK(q.held_by_player("ann") == 2);
  CHECK(q.reserve("ann", "b") == quota_verdict::player_cap);
  q.release("ann", "a");
  q.release("ann", "a");
  CHECK(q.reserve("ann", "b") == quota_verdict::granted);
}

}  // namespace ringside::server
