// Slow perft figures: label "slow", run by the release preset only.
#include <doctest/doctest.h>

#include "engine/zertz/perft.hpp"
#include "helpers.hpp"

namespace ringside::zertz::test {

TEST_CASE("perft 3 on 37 rings is 4114538424") {
  CHECK(perft(position(*board::get(37), variant::standard), 3) == 4114538424ULL);
}

TEST_CASE("perft 2 by full enumeration equals the bulk count on every board") {
  for (int n : {37, 40, 43, 44, 48, 61}) {
    CAPTURE(n);
    const position p(*board::get(n), variant::standard);
    CHECK(perft_full(p, 2) == perft(p, 2));
  }
}

}  // namespace ringside::zertz::test
