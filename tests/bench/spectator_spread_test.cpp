// The hall's spectator spread: every spectator dealt exactly once, crowds at the top ranks,
// most rooms with none or one (what a real hall looks like: a few crowded rooms, most nearly empty).

#include "bench/load/spectator_spread.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

using ringside::load::summarize;
using ringside::load::zipf_spread;

TEST_CASE("zipf_spread deals every spectator once, never more to a lower-ranked room") {
  for (const int spectators : {0, 1, 7, 10, 999, 5000}) {
    for (const int rooms : {1, 3, 6, 100, 6000}) {
      for (const double s : {0.0, 0.5, 1.0, 2.0}) {
        const auto spread = zipf_spread(spectators, rooms, s);
        INFO(spectators << " over " << rooms << ", s=" << s);
        REQUIRE(spread.size() == static_cast<std::size_t>(rooms));
        CHECK(std::accumulate(spread.begin(), spread.end(), 0) == spectators);
        CHECK(std::is_sorted(spread.rbegin(), spread.rend()));
        CHECK(spread.back() >= 0);
      }
    }
  }
}

TEST_CASE("s = 0 spreads evenly: no room more than one above another") {
  const auto spread = zipf_spread(1003, 100, 0.0);
  CHECK(spread.front() - spread.back() <= 1);
}

TEST_CASE("a hall as players make it: a few rooms with hundreds, most with none or one") {
  const auto spread = zipf_spread(5000, 6000, 1.0);
  const auto sum = summarize(spread);
  CHECK(sum.none + sum.one + sum.few + sum.tens + sum.hundreds == 6000);
  CHECK(sum.hundreds >= 3);
  CHECK(sum.hundreds <= 20);
  CHECK(sum.none + sum.one > 6000 * 9 / 10);
  CHECK(sum.most == spread.front());
  // Room k's share follows 1/k: the first room holds about twice the second.
  CHECK(spread[0] >= 2 * spread[1] - 1);
  CHECK(spread[0] <= 2 * spread[1] + 1);
}
