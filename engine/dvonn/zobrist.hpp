#pragma once
// Zobrist keys of DVONN positions, for the search's transposition table.
//
// For play a stack is its height, the colour on top and whether it holds a DVONN piece: the
// pieces inside never matter again (ownership is the top, a score is a height, connection
// needs only the DVONN flag). So a key XORs one number per (cell, height, top, flag), plus one
// for the side to move; the placed count follows from the stacks. Computed afresh per node:
// at most 49 stacks, cheaper than the bookkeeping of stacks a move cuts off.

#include <cstdint>

#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

std::uint64_t zobrist_key(const position& p);

}  // namespace ringside::dvonn
