// The speed classifier and category names: pure functions of a clock and a move count.
#include <doctest/doctest.h>

#include "server/rating/rating_category.hpp"

namespace ringside::rating {

TEST_CASE("rating_category: a clock's speed is its estimated game length") {
  // 15 moves each: 1 minute + 5 s is 135 s (bullet), 3 + 2 is 210 s (quick).
  CHECK(speed_of(timed_clock{60, 5}, 15) == speed::bullet);
  CHECK(speed_of(timed_clock{180, 2}, 15) == speed::quick);
  CHECK(speed_of(timed_clock{600, 0}, 15) == speed::rapid);
  CHECK(speed_of(timed_clock{1500, 0}, 15) == speed::classical);
  // The bounds: 3, 8 and 25 minutes start the next speed.
  CHECK(speed_of(timed_clock{179, 0}, 15) == speed::bullet);
  CHECK(speed_of(timed_clock{180, 0}, 15) == speed::quick);
  CHECK(speed_of(timed_clock{479, 0}, 15) == speed::quick);
  CHECK(speed_of(timed_clock{480, 0}, 15) == speed::rapid);
  CHECK(speed_of(timed_clock{1499, 0}, 15) == speed::rapid);
  // The same clock is slower in a longer game: the increment counts once per move.
  CHECK(speed_of(timed_clock{300, 5}, 12) == speed::quick);
  CHECK(speed_of(timed_clock{300, 5}, 40) == speed::rapid);
  // No clock: correspondence.
  CHECK(speed_of(std::nullopt, 15) == speed::correspondence);
}

TEST_CASE("rating_category: names join game, variant and speed; no speed is called blitz") {
  CHECK(category_name("zertz", "blitz", speed::rapid) == "zertz/blitz/rapid");
  CHECK(category_name("dvonn", "standard", speed::correspondence) ==
        "dvonn/standard/correspondence");
  for (auto s : {speed::bullet, speed::quick, speed::rapid, speed::classical,
                 speed::correspondence}) {
    CHECK(to_string(s) != "blitz");
  }
}

}  // namespace ringside::rating
