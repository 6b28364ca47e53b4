// sliding_window counts events in the window ending at the time it is given.
#include <doctest/doctest.h>

#include "server/sliding_window.hpp"

#include <algorithm>

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
const auto window_t0 = sliding_window::clock::time_point{} + 1h;
}  // namespace

TEST_CASE("sliding_window: counts, forgets what left the window, and says how long to wait") {
  sliding_window w(10s);
  CHECK(w.idle(window_t0));
  w.add(window_t0);
  w.add(window_t0 + 4s);
  CHECK(w.count(window_t0 + 9s) == 2);
  CHECK(w.count(window_t0 + 10s) == 1);  // exactly one window later, the first is out
  CHECK_FALSE(w.idle(window_t0 + 13s));
  CHECK(w.idle(window_t0 + 14s));
  sliding_window v(10s);
  CHECK_FALSE(v.try_add(2, window_t0));
  CHECK_FALSE(v.try_add(2, window_t0 + 3s));
  const auto wait = v.try_add(2, window_t0 + 5s);
  REQUIRE(wait);
  CHECK(*wait == 5s);
  CHECK(v.count(window_t0 + 5s) == 2);  // a refused event is not counted
}

TEST_CASE("sliding_window: counts stay right as forgotten times are dropped in bulk") {
  sliding_window w(10s);
  // One event a second for a minute: before each, the window holds the last nine (the one
  // ten seconds back has just left).
  for (int i = 0; i < 60; ++i) {
    const auto now = window_t0 + std::chrono::seconds(i);
    CHECK(w.count(now) == static_cast<std::size_t>(std::min(i, 9)));
    w.add(now);
  }
  CHECK(w.count(window_t0 + 60s) == 9);
  CHECK(w.count(window_t0 + 68s) == 1);
  CHECK(w.count(window_t0 + 69s) == 0);  // emptied: its memory is given back
  CHECK(w.idle(window_t0 + 69s));
  // And it counts again from nothing.
  CHECK_FALSE(w.try_add(1, window_t0 + 71s));
  const auto wait = w.try_add(1, window_t0 + 72s);
  REQUIRE(wait);
  CHECK(*wait == 9s);
  CHECK_FALSE(w.idle(window_t0 + 72s));
}

}  // namespace ringside::server
