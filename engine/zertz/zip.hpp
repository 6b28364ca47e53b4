#pragma once
// ZIP: the one-line position format of zertz-rules.md §8, read and written.

#include <string>
#include <string_view>

#include "engine/zertz/expected.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/position.hpp"

namespace ringside::zertz {

// Reads a ZIP position under variant `v`. `rings` picks the board (0: the smallest board with
// the layout's column count that holds every ring written, the variant's own board first).
// Rejects anything that is not a reachable shape: unknown cells, bad counts, marble totals that
// differ from the variant's, a group of rings with no vacant ring (it would have been claimed).
expected<position> parse_zip(std::string_view text, variant v, int rings = 0);

// Writes `p` so that parse_zip reads it back equal (given the same variant and board).
std::string write_zip(const position& p);

}  // namespace ringside::zertz
