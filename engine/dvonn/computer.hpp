#pragma once
// The DVONN computer player: levels 1-5 and the entry point computer_player.hpp calls.

#include "engine/common/search_types.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/search.hpp"

namespace ringside::dvonn {

// What a level is: its search settings and table size, and the longest it should think
// without a clock (levels 1-4 stop on a node budget; their time is only an expectation).
struct level_config {
  search_settings settings;
  std::size_t tt_bytes = 0;
  std::int64_t cap_ms = 0;
};

// The configuration of `r.level` (clamped to 1..computer_levels) for `r`'s seed, clock,
// cancel flag and overrides. A clock whose share for this move is below the level's cap turns
// the node budget into that share of time.
level_config configure(const computer_request& r);

// The computer's move in `g` (not over) as a canonical token, with its search info.
computer_move think(const game& g, const computer_request& r);

}  // namespace ringside::dvonn
