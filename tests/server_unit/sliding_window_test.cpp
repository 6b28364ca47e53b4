// sliding_window counts events in the window ending at the time it is given.
#include <doctest/doctest.h>

#include "server/sliding_window.hpp"

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

}  // namespace ringside::server
