#pragma once
// Zobrist keys of ZÈRTZ positions, for the search's transposition table.
//
// A key is the XOR of one random number per ring on the board, per marble (cell and colour),
// per pool and capture count, and for the side to move. update() derives the child's key from
// the parent's and the two states, touching only what the move changed (a few bits), so the
// search never rehashes a whole position.

#include <cstdint>

#include "engine/zertz/position.hpp"

namespace ringside::zertz {

// The key of the whole position, computed from scratch.
std::uint64_t zobrist_key(const position::state& s);

// The key after a move that turned `before` into `after`, given the key of `before`.
std::uint64_t zobrist_update(std::uint64_t key, const position::state& before,
                             const position::state& after);

}  // namespace ringside::zertz
