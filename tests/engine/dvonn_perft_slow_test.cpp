// Slow DVONN perft figures: label "slow", run by the release preset only.
#include <doctest/doctest.h>

#include "dvonn_positions.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/perft.hpp"

namespace ringside::dvonn::test {

TEST_CASE("dvonn perft 5 from the full board is 226535901, by bulk count and by enumeration") {
  // Not in the spec's table: computed here, and the two ways of counting must agree.
  auto p = parse_position(full_board);
  REQUIRE(p);
  CHECK(perft(*p, 5) == 226535901ULL);
  CHECK(perft_full(*p, 5) == 226535901ULL);
}

TEST_CASE("dvonn perft 4 by full enumeration equals the spec's figures") {
  auto p = parse_position(full_board);
  REQUIRE(p);
  CHECK(perft_full(*p, 4) == 4516108);
  CHECK(perft_full(position(), 4) == 5085024);
}

}  // namespace ringside::dvonn::test
