#pragma once
// ZEN move text (and the official GIPF notation) read against a position.

#include <string>
#include <string_view>
#include <vector>

#include "engine/zertz/expected.hpp"
#include "engine/zertz/move.hpp"
#include "engine/zertz/position.hpp"

namespace ringside::zertz {

// A move as written, before it meets a position.
struct move_text {
  move_kind kind = move_kind::none;
  int colour = -1;  // the placed or jumping marble; -1 when not written (GIPF capture)
  std::vector<std::string> cells;  // place: cell [, removed]; capture: start, landings...
  std::vector<int> jumped;         // GIPF capture: the colour of each jumped marble
};

// Reads "Wd4-a1", "Gc3", "Bd1xd3xd5", "pass", "Wd4,a1" or "x d1Gd3Wd5". Syntax only.
expected<move_text> read_move_text(std::string_view text);

// The legal move of `p` that `text` names, or a sentence saying why there is none
// ("e4 is not vacant", "ring a1 is not free", "a capture is compulsory: d1xd3, f2xd2", ...).
expected<move> resolve_move(const position& p, std::string_view text);

// A capture chain written without its colour letter, e.g. "d1xd3xd5" (for messages).
std::string chain_text(const board& b, move m);

}  // namespace ringside::zertz
