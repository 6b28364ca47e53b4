#pragma once
// DVONN move text and position text (dvonn-rules.md §6), read against a position.

#include <string>
#include <string_view>

#include "engine/common/expected.hpp"
#include "engine/dvonn/move.hpp"
#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

using ringside::expected;
using ringside::fail;

// A move as written, before it meets a position.
struct move_text {
  move_kind kind = move_kind::none;
  square from = no_square;  // the cell placed on, or the stack's cell
  square to = no_square;    // a stack move's landing cell
};

// Reads "c3" (place), "c3e3" or "c3-e3" (move a stack), "pass"; any case. Syntax and cell
// names only; anything else is refused with a sentence saying what a move looks like.
expected<move_text> read_move_text(std::string_view text);

// The legal move of `p` that `text` names, or a sentence a player understands saying why
// there is none: "c3 is empty", "e5 holds a stack of player 2", "a lone DVONN piece cannot
// move", "a stack of height 2 moves exactly 2 cells", "the game is over", ...
expected<move> resolve_move(const position& p, std::string_view text);

// The position as `<stacks> <to_move> <placed>`, e.g. "- 1 0" or "a1:WB,c3:D 2 49".
std::string write_position(const position& p);

// Reads a position written as write_position writes it (cells and pieces in any case, cells in
// any order). Refuses what no game can reach: wrong piece counts for the pieces placed, a
// stack while placing, the wrong player to place, a DVONN piece topping a stack, a stack cut
// off from every DVONN piece in the moving phase.
expected<position> parse_position(std::string_view text);

}  // namespace ringside::dvonn
