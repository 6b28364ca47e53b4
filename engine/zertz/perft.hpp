#pragma once
// Perft: the number of leaf positions of the legal-move tree, the engine's regression test.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/zertz/position.hpp"

namespace ringside::zertz {

// Leaves at `depth` plies, counting the moves of depth-1 nodes without making them.
std::uint64_t perft(const position& p, int depth);

// The same figure by full enumeration (every leaf made); slow, for checking perft itself.
std::uint64_t perft_full(const position& p, int depth);

// perft(child, depth - 1) for every legal move, keyed by its ZEN text, sorted by text.
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const position& p, int depth);

}  // namespace ringside::zertz
