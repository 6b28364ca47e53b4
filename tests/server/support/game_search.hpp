#pragma once
// Finds real games for the server tests with the engine: seeded greedy playouts (each turn the
// move that captures most, ties broken by the seed) until one ends the way a test wants. The
// server is still the authority: the tests replay these moves through it and check its verdict.

#include <functional>
#include <string>
#include <vector>

#include "engine/zertz/game.hpp"

namespace ringside::test {

struct found_game {
  std::vector<std::string> moves;  // as sent (passes are played by the server itself)
  game_outcome result;
  zertz::move_report last;
  std::string final_zip;
};

// The first playout (seeds 1, 2, ...) whose end satisfies `want`; throws when none does.
found_game find_game(zertz::variant v,
                     const std::function<bool(const zertz::game&, const zertz::move_report&)>& want,
                     int max_seeds = 400);

}  // namespace ringside::test
