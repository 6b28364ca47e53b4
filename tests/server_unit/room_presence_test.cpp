// room_presence: who is in a room, and the spectator count the state shows, which moves at
// most once per interval however many come and go.
#include <doctest/doctest.h>

#include "server/room_presence.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
const auto presence_t0 = room_presence::clock::time_point{} + 1h;
}  // namespace

TEST_CASE("room_presence: seats online, spectators counted") {
  room_presence p;
  p.add(1, {{}, nullptr, 1});
  p.add(2, {{}, nullptr, 0});
  p.add(3, {{}, nullptr, 0});
  p.add(3, {{}, nullptr, 2});  // a second add of the same id changes nothing
  CHECK(p.online(1));
  CHECK_FALSE(p.online(2));
  CHECK(p.contains(2));
  REQUIRE(p.find(3));
  CHECK(p.find(3)->seat == 0);
  CHECK(p.shown_spectators() == 0);
  const auto gone = p.remove(1);
  REQUIRE(gone);
  CHECK(gone->seat == 1);
  CHECK_FALSE(p.online(1));
  CHECK_FALSE(p.remove(1));
}

TEST_CASE("room_presence: a seat stays online while any of its connections is here") {
  room_presence p;
  p.add(1, {{}, nullptr, 2});
  p.add(2, {{}, nullptr, 2});  // the same player from a second tab
  p.add(3, {{}, nullptr, 0});
  CHECK(p.online(2));
  CHECK_FALSE(p.online(1));
  CHECK_FALSE(p.online(0));  // spectators speak for no seat
  CHECK_FALSE(p.online(3));
  REQUIRE(p.remove(1));
  CHECK(p.online(2));
  REQUIRE(p.remove(2));
  CHECK_FALSE(p.online(2));
  REQUIRE(p.remove(3));
  p.add(4, {{}, nullptr, 1});
  CHECK(p.online(1));
}

TEST_CASE("room_presence: the shown count catches up at once, then at most once per interval") {
  room_presence p(1s);
  CHECK_FALSE(p.count_due_at());
  p.add(10, {{}, nullptr, 0});
  const auto first = p.count_due_at();
  REQUIRE(first);
  CHECK(*first <= presence_t0);  // the first change after a quiet time is due at once
  CHECK(p.take_count(presence_t0));
  CHECK(p.shown_spectators() == 1);
  CHECK_FALSE(p.take_count(presence_t0));
  for (std::uint64_t id = 11; id < 60; ++id) p.add(id, {{}, nullptr, 0});
  const auto next = p.count_due_at();
  REQUIRE(next);
  CHECK(*next == presence_t0 + 1s);  // a crowd arriving is shown one interval later, once
  CHECK(p.take_count(*next));
  CHECK(p.shown_spectators() == 50);
  CHECK_FALSE(p.count_due_at());
}

}  // namespace ringside::server
