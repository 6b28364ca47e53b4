#pragma once
// The DVONN computer player: levels 1-5 and the entry point computer_player.hpp calls.

#include "engine/common/computer_level.hpp"
#include "engine/common/search_types.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/search.hpp"

namespace ringside::dvonn {

// A DVONN game has about 45 turns a side, so the budgets are smaller than ZÈRTZ's at the same
// level; level 5's 6 million nodes take about 2 s on one core here, and a room caps it at 5 s.
// docs/computer.md has what each measured against the one below.
inline constexpr level_table levels = {{
    {1, 30'000, 200, 250, 80, 1},  // one move ahead, often a merely decent move
    {2, 30'000, 300, 80, 25, 2},   // sees the reply and errs less
    {64, 40'000, 600, 0, 1, 4},    // deeper on node budgets, the best move it finds
    {64, 250'000, 2000, 0, 1, 16},
    // Without a clock, 90 s a game (~37 searched moves a side); under one, the clock's share.
    {64, 6'000'000, 5000, 0, 1, 64, 90'000},
}};

// The computer's move in `g` (not over) as a canonical token, with its search info.
computer_move think(const game& g, const computer_request& r);

}  // namespace ringside::dvonn
