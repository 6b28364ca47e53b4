// game_clock is the server's chess clock: every charge, increment and flag is computed from
// the times it is given, so a test steps time by hand instead of sleeping.
#include <doctest/doctest.h>

#include "server/game_clock.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
const auto clock_t0 = game_clock::clock::time_point{} + 1h;
}  // namespace

TEST_CASE("game_clock: each player's first move is free, and the clock runs from then on") {
  game_clock c(60, 5);
  c.start(1, clock_t0);
  // Not running: no flag can fall and nothing counts while seat 1 has not moved.
  CHECK(c.running() == 0);
  CHECK_FALSE(c.started(1));
  CHECK(c.elapsed_ms(clock_t0 + 90s) == 0);
  REQUIRE(c.charge_move(1, 2, clock_t0 + 90s));
  CHECK(c.remaining_ms(1) == 60'000);  // neither charged nor incremented
  CHECK(c.started(1));
  CHECK(c.running() == 0);  // seat 2 has not moved yet either
  REQUIRE(c.charge_move(2, 1, clock_t0 + 200s));
  CHECK(c.remaining_ms(2) == 60'000);
  // Both have moved: seat 1's second move is charged and earns the increment.
  CHECK(c.running() == 1);
  CHECK(c.flag_time() == clock_t0 + 200s + 60s);
  REQUIRE(c.charge_move(1, 2, clock_t0 + 210s));
  CHECK(c.remaining_ms(1) == 60'000 - 10'000 + 5'000);
  CHECK(c.running() == 2);
}

TEST_CASE("game_clock: a correspondence clock gives every turn the same allowance") {
  auto c = game_clock::per_move(2 * 86'400);
  const auto day = std::chrono::hours(24);
  c.start(1, clock_t0);
  REQUIRE(c.charge_move(1, 2, clock_t0 + 3 * day));  // first moves are free
  REQUIRE(c.charge_move(2, 1, clock_t0 + 5 * day));
  CHECK(c.running() == 1);
  CHECK(c.flag_time() == clock_t0 + 5 * day + 2 * day);
  REQUIRE(c.charge_move(1, 2, clock_t0 + 6 * day + 23h));
  // The time taken is not carried over: seat 1 has two whole days again next turn.
  CHECK(c.remaining_ms(1) == 2 * 86'400'000LL);
  CHECK(c.remaining_ms(2) == 2 * 86'400'000LL);
  CHECK(c.flag_time() == clock_t0 + 6 * day + 23h + 2 * day);
  // A move after the deadline loses on time.
  CHECK_FALSE(c.charge_move(2, 1, clock_t0 + 8 * day + 23h + 1s));
  CHECK(c.remaining_ms(2) == 0);
  CHECK(c.running() == 0);
}

TEST_CASE("game_clock: a rebuilt correspondence clock keeps the deadline it was given") {
  auto c = game_clock::per_move(86'400);
  c.set_started(1);
  c.set_started(2);
  // Restored 20 hours into seat 2's turn: 4 hours are left.
  c.set_remaining(2, 4 * 3'600'000LL);
  c.start(2, clock_t0);
  CHECK(c.flag_time() == clock_t0 + 4h);
  CHECK(c.elapsed_ms(clock_t0 + 1h) == 3'600'000);
}

TEST_CASE("game_clock: a move charges the thinking time and adds the increment") {
  game_clock c(300, 5);
  c.set_started(1);
  c.set_started(2);
  c.start(1, clock_t0);
  CHECK(c.running() == 1);
  CHECK(c.elapsed_ms(clock_t0 + 1500ms) == 1500);
  REQUIRE(c.charge_move(1, 2, clock_t0 + 10s));
  CHECK(c.remaining_ms(1) == 300'000 - 10'000 + 5'000);
  CHECK(c.remaining_ms(2) == 300'000);
  CHECK(c.running() == 2);
  CHECK(c.flag_time() == clock_t0 + 10s + 300s);
  REQUIRE(c.charge_move(2, 1, clock_t0 + 10s + 2500ms));
  CHECK(c.remaining_ms(2) == 300'000 - 2'500 + 5'000);
}

TEST_CASE("game_clock: a move after the flag fell loses on time, at zero") {
  game_clock c(60, 2);
  c.set_started(1);
  c.set_started(2);
  c.start(1, clock_t0);
  CHECK_FALSE(c.charge_move(1, 2, clock_t0 + 61s));
  CHECK(c.remaining_ms(1) == 0);
  CHECK(c.running() == 0);
}

TEST_CASE("game_clock: a move queued before its turn began costs nothing") {
  game_clock c(60, 0);
  c.set_started(1);
  c.set_started(2);
  c.start(2, clock_t0 + 5s);
  REQUIRE(c.charge_move(2, 1, clock_t0 + 4s));
  CHECK(c.remaining_ms(2) == 60'000);
  // The next turn starts when the previous one did, not earlier.
  CHECK(c.elapsed_ms(clock_t0 + 6s) == 1000);
}

TEST_CASE("game_clock: stop charges the running side; halt keeps the clock as it stands") {
  game_clock c(60, 0);
  c.set_started(1);
  c.set_started(2);
  c.start(1, clock_t0);
  c.stop(clock_t0 + 20s);
  CHECK(c.remaining_ms(1) == 40'000);
  CHECK(c.running() == 0);
  CHECK(c.elapsed_ms(clock_t0 + 30s) == 0);
  game_clock h(60, 0);
  h.set_started(1);
  h.set_started(2);
  h.start(1, clock_t0);
  h.halt();
  CHECK(h.remaining_ms(1) == 60'000);
  game_clock over(10, 0);
  over.set_started(1);
  over.set_started(2);
  over.start(1, clock_t0);
  over.stop(clock_t0 + 1min);
  CHECK(over.remaining_ms(1) == 0);
}

TEST_CASE("game_clock: a clock rebuilt from the journal starts from the saved times") {
  game_clock c(300, 0);
  c.set_started(1);
  c.set_started(2);
  c.set_remaining(1, 12'345);
  c.set_remaining(2, -5);
  CHECK(c.remaining_ms(1) == 12'345);
  CHECK(c.remaining_ms(2) == 0);
  c.start(1, clock_t0);
  CHECK(c.flag_time() == clock_t0 + 12'345ms);
}

}  // namespace ringside::server
