#pragma once
// The fixed positions fuzz_zen_move plays from, shared with the corpus generator so that the
// seed inputs' first byte selects the position their moves were written for.

#include <vector>

#include "engine/zertz/game.hpp"

namespace ringside::fuzz {

// Plays the legal move at a seed-derived index each ply, until `stop(g)` or `max_plies`.
template <class Stop>
zertz::game walk(zertz::game g, unsigned seed, int max_plies, Stop stop) {
  for (int i = 0; i < max_plies && !g.outcome() && !stop(g); ++i) {
    const auto moves = g.legal_moves();
    if (moves.empty()) break;
    const auto k = (seed * 7919u + static_cast<unsigned>(i) * 104729u) % moves.size();
    if (!g.play(moves[k])) break;
  }
  return g;
}

// Every start board, the blitz start, and tournament games a few plies in, some of them at a
// compulsory capture (chains are where move parsing is hardest).
inline std::vector<zertz::game> fuzz_positions() {
  using zertz::game;
  using zertz::variant;
  std::vector<game> out;
  for (int rings : {37, 40, 43, 44, 48, 61}) {
    if (auto g = game::create("standard", rings)) out.push_back(std::move(*g));
  }
  if (auto g = game::create("blitz", 0)) out.push_back(std::move(*g));
  if (auto g = game::create("tournament", 0)) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
      out.push_back(walk(*g, seed, 12, [](const game&) { return false; }));
      out.push_back(walk(*g, seed, 60, [](const game& p) { return p.must_capture(); }));
    }
  }
  return out;
}

}  // namespace ringside::fuzz
