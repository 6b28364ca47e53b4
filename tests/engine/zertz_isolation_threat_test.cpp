// The evaluation's isolation finder against the rules engine: in every quiet position of many
// random games, best_isolation must claim exactly what the best placing move claims when it is
// played (do_move's isolation), no more and no less, and the evaluation must count it for the
// mover.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "engine/zertz/evaluation.hpp"
#include "engine/zertz/isolation_threat.hpp"
#include "engine/zertz/movegen.hpp"
#include "helpers.hpp"

#ifndef RINGSIDE_ENGINE_TEST_GAMES
#define RINGSIDE_ENGINE_TEST_GAMES 2000
#endif

namespace ringside::zertz::test {

namespace {

constexpr std::array<int, 3> weight = {150, 120, 100};

int value_of(const std::array<int, 3>& marbles) {
  return marbles[0] * weight[0] + marbles[1] * weight[1] + marbles[2] * weight[2];
}

// The most any legal placing move claims by isolation, by playing each one. The placed marble
// is left out, as best_isolation leaves it out.
int best_claim_by_playing(position p) {
  move_list moves;
  generate_moves(p, moves);
  int best = 0;
  for (const move& m : moves) {
    if (m.kind() != move_kind::place) continue;
    position::undo u;
    p.do_move(m, u);
    std::array<int, 3> claimed{};
    for (int c = 0; c < 3; ++c) {
      claimed[static_cast<std::size_t>(c)] =
          popcount(u.before.marbles[static_cast<std::size_t>(c)] & u.isolated);
    }
    best = std::max(best, value_of(claimed));
    p.undo_move(u);
  }
  return best;
}

// Plays `games` uniformly random games on `rings` rings; returns how many quiet positions
// offered an isolation (so a run that never met one cannot pass unnoticed).
int check_games(int rings, int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const board& b = *board::get(rings);
  int with_claim = 0;
  for (int g = 0; g < games; ++g) {
    position p(b, variant::standard);
    move_list moves;
    while (!p.over()) {
      generate_moves(p, moves);
      if (moves.empty()) break;
      if (!p.any_jump()) {
        const int expected = best_claim_by_playing(p);
        const int found = value_of(best_isolation(p, weight));
        if (expected != found) {
          FAIL_CHECK("game " << g << " ply position " << write_zip(p) << ": by playing " << expected
                             << ", best_isolation " << found);
          return with_claim;
        }
        if (found > 0) ++with_claim;
        // The evaluation counts a claim for the mover, never against it (also when the claim
        // would win the game outright).
        const int with = evaluate(p, true), without = evaluate(p, false);
        if (found > 0 ? with <= without : with != without) {
          FAIL_CHECK("game " << g << " position " << write_zip(p) << ": evaluation " << with
                             << " with the isolation term, " << without << " without");
          return with_claim;
        }
      }
      std::uniform_int_distribution<int> pick(0, moves.size() - 1);
      p.do_move(moves[pick(rng)]);
    }
  }
  return with_claim;
}

}  // namespace

TEST_CASE("best_isolation claims what the best placing move claims, 37 rings") {
  // About two positions a game offer an isolation on this board.
  constexpr int games = RINGSIDE_ENGINE_TEST_GAMES / 4;
  CHECK(check_games(37, games, 11) > games / 5);
}

TEST_CASE("best_isolation claims what the best placing move claims, 61 rings") {
  constexpr int games = RINGSIDE_ENGINE_TEST_GAMES / 8;
  CHECK(check_games(61, games, 12) > games / 10);
}

}  // namespace ringside::zertz::test
