#pragma once
// The ZÈRTZ computer player: levels 1-5 and the entry point computer_player.hpp calls.

#include "engine/common/computer_level.hpp"
#include "engine/common/search_types.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/search.hpp"

namespace ringside::zertz {

// Levels 3, 4 and 5 search deeper on node budgets. Level 5's 6 million nodes take about 3 s on
// one core of the machine the ladder was measured on; a room still caps it at 5 s, so a slower
// machine gets a shallower search instead of a longer wait. docs/computer.md has what each
// measured against the one below.
inline constexpr level_table levels = {{
    {1, 30'000, 200, 180, 70, 1},  // one move deep (with the captures it forces), often a
                                   // merely decent move; ~1,000-3,000 nodes: the budget only
                                   // bounds it
    {2, 40'000, 500, 50, 20, 4},   // starts on the replies, but in the opening rarely
                                   // finishes that second ply; errs less
    {64, 150'000, 1000, 0, 1, 8},  // the best move it finds
    {64, 800'000, 2500, 0, 1, 32},
    // Without a clock, 60 s a game (~15 searched moves a side); under one, the clock's share.
    {64, 6'000'000, 5000, 0, 1, 64, 60'000},
}};

// The computer's move in `g` (not over) as a canonical ZEN token, with its search info.
computer_move think(const game& g, const computer_request& r);

}  // namespace ringside::zertz
