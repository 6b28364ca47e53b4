// glicko2 is pure arithmetic: the paper's worked example, lichess's bounds and the growth of
// an idle player's deviation are checked on numbers alone.
#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include "server/rating/glicko2.hpp"

namespace ringside::rating {

namespace {
glicko2 paper_system() {
  glicko2_settings s;
  s.tau = 0.5;  // the paper's example uses 0.5
  return glicko2(s);
}
}  // namespace

TEST_CASE("glicko2: Glickman's worked example") {
  const glicko2 sys = paper_system();
  const glicko2_rating player{1500, 200, 0.06};
  const std::array<glicko2_game, 3> games{{
      {{1400, 30, 0.06}, 1.0},
      {{1550, 100, 0.06}, 0.0},
      {{1700, 300, 0.06}, 0.0},
  }};
  const auto after = sys.rate(player, games, 1.0);
  // The paper rounds every intermediate step and prints 1464.06 / 151.52; exact arithmetic
  // gives 1464.05.
  CHECK(std::abs(after.rating - 1464.06) < 0.01);
  CHECK(std::abs(after.deviation - 151.52) < 0.01);
  CHECK(std::abs(after.volatility - 0.05999) < 0.0001);
}

TEST_CASE("glicko2: a win raises and a loss lowers, by the same amount between equals") {
  const glicko2 sys;
  const glicko2_rating a{1500, 500, 0.09};
  const glicko2_rating b{1500, 500, 0.09};
  const std::array<glicko2_game, 1> a_won{{{b, 1.0}}};
  const std::array<glicko2_game, 1> b_lost{{{a, 0.0}}};
  const auto a2 = sys.rate(a, a_won, 0.0);
  const auto b2 = sys.rate(b, b_lost, 0.0);
  CHECK(a2.rating > 1500);
  CHECK(b2.rating < 1500);
  CHECK(a2.rating - 1500 == doctest::Approx(1500 - b2.rating));
  CHECK(a2.deviation < 500);
  const std::array<glicko2_game, 1> drawn{{{b, 0.5}}};
  CHECK(sys.rate(a, drawn, 0.0).rating == doctest::Approx(1500));
}

TEST_CASE("glicko2: the deviation stays within [45, 500] and the volatility at most 0.1") {
  const glicko2 sys;
  // Many games against an equal, settled opponent push the deviation towards 0: floored.
  glicko2_rating p{1500, 50, 0.06};
  const glicko2_rating opponent{1500, 45, 0.06};
  for (int i = 0; i < 200; ++i) {
    const std::array<glicko2_game, 1> g{{{opponent, i % 2 == 0 ? 1.0 : 0.0}}};
    p = sys.rate(p, g, 0.0);
    REQUIRE(p.deviation >= 45.0);
  }
  CHECK(p.deviation == doctest::Approx(45.0));
  // Years idle cannot raise it past the ceiling.
  const auto idle = sys.rate({1500, 300, 0.1}, {}, sys.periods_between(10LL * 365 * 86'400'000));
  CHECK(idle.deviation == doctest::Approx(500.0));
  // A shocking result from a volatile player: the volatility is capped.
  glicko2_rating wild{1500, 60, 0.1};
  for (int i = 0; i < 20; ++i) {
    const std::array<glicko2_game, 1> g{{{{i % 2 == 0 ? 2700.0 : 300.0, 45, 0.06},
                                         i % 2 == 0 ? 1.0 : 0.0}}};
    wild = sys.rate(wild, g, 1.0);
    REQUIRE(wild.volatility <= 0.1);
  }
}

TEST_CASE("glicko2: an established player's deviation grows from 60 to about 110 in a year") {
  const glicko2 sys;
  const glicko2_rating settled{1800, 60, 0.06};
  const double year = sys.periods_between(365LL * 86'400'000);
  CHECK(year == doctest::Approx(365 * 0.21436));
  const auto later = sys.rate(settled, {}, year);
  CHECK(later.deviation == doctest::Approx(110).epsilon(0.02));
  CHECK(later.rating == 1800);
  CHECK(sys.idle_deviation(settled, year) == doctest::Approx(later.deviation));
  // Half a year grows it part of the way; no time, not at all.
  const double half = sys.rate(settled, {}, year / 2).deviation;
  CHECK(half > 60);
  CHECK(half < later.deviation);
  CHECK(sys.rate(settled, {}, 0.0).deviation == doctest::Approx(60));
  CHECK(sys.periods_between(-5) == 0.0);
}

}  // namespace ringside::rating
