#pragma once
// The ZÈRTZ computer player: levels 1-5 and the entry point computer_player.hpp calls.

#include "engine/common/search_types.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/search.hpp"

namespace ringside::zertz {

// What a level is: its search settings and table size, and the longest it should think
// without a clock (levels 1-4 stop on a node budget, so their time is only an expectation).
struct level_config {
  search_settings settings;
  std::size_t tt_bytes = 0;
  std::int64_t cap_ms = 0;
};

// The configuration of `level` (clamped to 1..computer_levels) for `r` (seed, clock, cancel,
// overrides). With a clock whose share for this move is below the level's cap, the search is
// cut by time instead of nodes.
level_config configure(const computer_request& r);

// The computer's move in `g` (not over) as a canonical ZEN token, with its search info.
computer_move think(const game& g, const computer_request& r);

}  // namespace ringside::zertz
