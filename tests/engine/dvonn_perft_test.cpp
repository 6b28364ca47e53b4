// DVONN perft regression figures: every bold figure of dvonn-rules.md §7.
#include <doctest/doctest.h>

#include "dvonn_positions.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/perft.hpp"

namespace ringside::dvonn::test {

TEST_CASE("dvonn perft from the empty start: 49, 2352, 110544, 5085024") {
  const position start;
  CHECK(perft(start, 1) == 49);
  CHECK(perft(start, 2) == 2352);
  CHECK(perft(start, 3) == 110544);
  CHECK(perft(start, 4) == 5085024);
}

TEST_CASE("dvonn perft from the full board: 49, 2018, 99854, 4516108") {
  auto p = parse_position(full_board);
  REQUIRE(p);
  CHECK(perft(*p, 1) == 49);
  CHECK(perft(*p, 2) == 2018);
  CHECK(perft(*p, 3) == 99854);
  CHECK(perft(*p, 4) == 4516108);
}

TEST_CASE("dvonn perft by full enumeration equals the bulk count") {
  auto p = parse_position(full_board);
  REQUIRE(p);
  CHECK(perft_full(*p, 3) == 99854);
  CHECK(perft_full(position(), 3) == 110544);
}

TEST_CASE("dvonn divide sums to perft and names every first move") {
  auto p = parse_position(full_board);
  REQUIRE(p);
  const auto d = perft_divide(*p, 3);
  CHECK(d.size() == 49);
  std::uint64_t sum = 0;
  for (const auto& [name, n] : d) sum += n;
  CHECK(sum == 99854);
  CHECK(d.front().first == "a3a2");
}

TEST_CASE("dvonn perft across the phase change: the 49th placement, then White again") {
  // One empty cell left (k5): White places there and then moves; perft 1 is that placement.
  auto p = parse_position(full_board_but_k5);
  REQUIRE(p);
  CHECK(perft(*p, 1) == 1);
  CHECK(perft(*p, 2) == 49);
  CHECK(perft(*p, 3) == 2018);
}

}  // namespace ringside::dvonn::test
