// Perft regression figures from zertz-rules.md §9.
#include <doctest/doctest.h>

#include "engine/zertz/perft.hpp"
#include "helpers.hpp"

namespace ringside::zertz::test {

namespace {
std::uint64_t perft_of(int rings, int depth) {
  return perft(position(*board::get(rings), variant::standard), depth);
}
}  // namespace

TEST_CASE("perft 1 and 2 from the empty start of every board") {
  CHECK(perft_of(37, 1) == 1944);
  CHECK(perft_of(37, 2) == 3277260);
  CHECK(perft_of(40, 1) == 2223);
  CHECK(perft_of(40, 2) == 4327668);
  CHECK(perft_of(44, 1) == 2580);
  CHECK(perft_of(44, 2) == 5889240);
  CHECK(perft_of(48, 1) == 2961);
  CHECK(perft_of(48, 2) == 7824600);
  CHECK(perft_of(61, 1) == 4320);
  CHECK(perft_of(61, 2) == 17000496);
}

TEST_CASE("perft 1 is 3 x F x (N - 1) on every board, the 43-ring one included") {
  for (int n : {37, 40, 43, 44, 48, 61}) {
    CAPTURE(n);
    const position p(*board::get(n), variant::standard);
    const auto f = static_cast<std::uint64_t>(popcount(p.free_rings()));
    CHECK(perft(p, 1) == 3 * f * static_cast<std::uint64_t>(n - 1));
  }
  CHECK(popcount(position(*board::get(37), variant::standard).free_rings()) == 18);
}

TEST_CASE("perft 2 on 43 rings") {
  // Computed here (no published figure for this board); the slow suite checks it by full
  // enumeration.
  CHECK(perft(position(*board::get(43), variant::standard), 2) == 5077440);
}

TEST_CASE("divide sums to perft and names every first move") {
  const position p(*board::get(37), variant::standard);
  const auto d = perft_divide(p, 2);
  CHECK(d.size() == 1944);
  std::uint64_t sum = 0;
  for (const auto& [name, n] : d) sum += n;
  CHECK(sum == 3277260);
  CHECK(d.front().first == "Ba1-a2");
}

}  // namespace ringside::zertz::test
