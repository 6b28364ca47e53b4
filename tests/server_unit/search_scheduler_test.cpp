// The computer pool's choice of the next search: turns by address, then by identity, cheap
// levels first and on their own worker, and a bounded queue. Pure: no threads, no clock.
#include "server/search_scheduler.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using ringside::server::search_scheduler;
using lane = search_scheduler::lane;

namespace {

// Every id the scheduler hands out while it has any, as a worker that runs both lanes takes
// them.
std::vector<std::uint64_t> drain(search_scheduler& s, bool deep_too = true) {
  std::vector<std::uint64_t> out;
  while (const auto id = s.next(deep_too)) out.push_back(*id);
  return out;
}

}  // namespace

TEST_CASE("search_scheduler: one player's many rooms take one turn between other players'") {
  search_scheduler s(0);
  // The attacker queues five searches before anyone else asks.
  for (std::uint64_t id = 1; id <= 5; ++id) CHECK(s.push({id, "10.0.0.1", "mallory", lane::deep}));
  CHECK(s.push({100, "10.0.0.2", "alice", lane::deep}));
  CHECK(s.push({200, "10.0.0.3", "bob", lane::deep}));
  CHECK(s.size() == 7);
  // Alice and Bob each wait for one of Mallory's searches, not five.
  CHECK(drain(s) == std::vector<std::uint64_t>{1, 100, 200, 2, 3, 4, 5});
  CHECK(s.size() == 0);
}

TEST_CASE("search_scheduler: one address's many identities share the address's turn") {
  search_scheduler s(0);
  // Four identities on one address, two searches each (the caps' maximum).
  std::uint64_t id = 1;
  for (const char* who : {"m1", "m2", "m3", "m4"}) {
    CHECK(s.push({id++, "10.0.0.1", who, lane::deep}));
    CHECK(s.push({id++, "10.0.0.1", who, lane::deep}));
  }
  CHECK(s.push({100, "10.0.0.2", "alice", lane::deep}));
  const auto order = drain(s);
  REQUIRE(order.size() == 9);
  // Alice's search runs second, after one of the address's; within the address the
  // identities alternate (m1, m2, m3, m4, then their second searches).
  CHECK(order[1] == 100);
  CHECK(order == std::vector<std::uint64_t>{1, 100, 3, 5, 7, 2, 4, 6, 8});
}

TEST_CASE("search_scheduler: the address served last goes behind a newcomer, even when alone") {
  search_scheduler s(0);
  for (std::uint64_t id = 1; id <= 3; ++id) CHECK(s.push({id, "10.0.0.1", "mallory", lane::deep}));
  CHECK(s.next(true) == 1u);  // Mallory's turn, while nobody else waits
  CHECK(s.push({100, "10.0.0.2", "alice", lane::deep}));
  // Alice asked while Mallory's search ran: she is next, not after another of Mallory's.
  CHECK(s.next(true) == 100u);
  CHECK(s.push({101, "10.0.0.2", "alice", lane::deep}));
  CHECK(drain(s) == std::vector<std::uint64_t>{2, 101, 3});
}

TEST_CASE("search_scheduler: a newcomer waits behind those already in line, not in front") {
  search_scheduler s(0);
  CHECK(s.push({1, "a", "p1", lane::deep}));
  CHECK(s.push({2, "b", "p2", lane::deep}));
  CHECK(s.next(true) == 1u);
  CHECK(s.push({3, "c", "p3", lane::deep}));
  CHECK(s.push({4, "a", "p1", lane::deep}));  // a goes behind c: it had its turn
  CHECK(drain(s) == std::vector<std::uint64_t>{2, 3, 4});
}

TEST_CASE("search_scheduler: cheap levels go first, and a quick-lane worker takes only them") {
  search_scheduler s(0);
  for (std::uint64_t id = 1; id <= 3; ++id) CHECK(s.push({id, "10.0.0.1", "mallory", lane::deep}));
  CHECK(s.push({100, "10.0.0.2", "alice", lane::quick}));
  CHECK(s.size(lane::deep) == 3);
  CHECK(s.size(lane::quick) == 1);
  // The worker kept for the quick lane gets Alice's search and nothing else.
  CHECK(s.next(false) == 100u);
  CHECK(s.next(false) == std::nullopt);
  // A worker of both lanes prefers a quick search that arrives while deep ones wait.
  CHECK(s.next(true) == 1u);
  CHECK(s.push({101, "10.0.0.2", "alice", lane::quick}));
  CHECK(s.next(true) == 101u);
  CHECK(drain(s) == std::vector<std::uint64_t>{2, 3});
}

TEST_CASE("search_scheduler: the quick lane takes turns by address too") {
  search_scheduler s(0);
  for (std::uint64_t id = 1; id <= 4; ++id) CHECK(s.push({id, "10.0.0.1", "m", lane::quick}));
  CHECK(s.push({100, "10.0.0.2", "alice", lane::quick}));
  CHECK(drain(s, false) == std::vector<std::uint64_t>{1, 100, 2, 3, 4});
}

TEST_CASE("search_scheduler: past its capacity a search is refused, and fits again once one ran") {
  search_scheduler s(3);
  CHECK(s.capacity() == 3);
  CHECK(s.push({1, "a", "p", lane::deep}));
  CHECK(s.push({2, "b", "q", lane::quick}));
  CHECK_FALSE(s.full());
  CHECK(s.push({3, "c", "r", lane::deep}));
  CHECK(s.full());
  CHECK_FALSE(s.push({4, "d", "s", lane::quick}));  // both lanes count against the bound
  CHECK(s.size() == 3);
  CHECK(s.next(true) == 2u);
  CHECK_FALSE(s.full());
  CHECK(s.push({4, "d", "s", lane::quick}));
  CHECK(drain(s) == std::vector<std::uint64_t>{4, 1, 3});
}

TEST_CASE("search_scheduler: an empty queue has nothing to give and no bound at capacity 0") {
  search_scheduler s(0);
  CHECK(s.next(true) == std::nullopt);
  for (std::uint64_t id = 0; id < 1000; ++id) CHECK(s.push({id, "a", "p", lane::deep}));
  CHECK_FALSE(s.full());
  CHECK(drain(s).size() == 1000);
}
