#pragma once
// Perft: the number of leaves of the legal-move tree (a forced pass is an edge; a finished
// game has none), the engine's regression test and benchmark.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

// Leaves at `depth` plies, counting the moves of depth-1 nodes without making them.
std::uint64_t perft(const position& p, int depth);

// The same figure by full enumeration (every leaf made); slower, for checking perft itself.
std::uint64_t perft_full(const position& p, int depth);

// perft(child, depth - 1) for every legal move, keyed by its token, sorted by token.
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const position& p, int depth);

}  // namespace ringside::dvonn
