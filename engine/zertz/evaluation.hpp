#pragma once
// The static evaluation of a quiet ZÈRTZ position (no jump on the board), as the search's
// leaves see it.

#include <array>

#include "engine/zertz/position.hpp"

namespace ringside::zertz {

// Score units: a black marble captured in the standard game is worth about 100.
inline constexpr int eval_scale = 100;

// How good `p` is for the side to move. Terms: captured marbles weighted by how many of their
// colour a win needs; a bonus that grows as a player's nearest still-reachable win condition
// comes within one, two or three marbles; and a tempo term for the mover when every vacant ring
// touches a marble (no placement is surely safe, so the mover is likely to have to give marbles).
// With `isolation_threats`, three quarters of what the mover's best isolation would add to its
// value (isolation_threat.hpp). Wins and losses are not scored here: the search checks
// position::winner() first.
int evaluate(const position& p, bool isolation_threats = true);

// The parts of evaluate() for one player index (0 or 1): material and nearness to a win,
// counting `gained` marbles (per colour) as already captured from the board.
int player_value(const position& p, int player, const std::array<int, 3>& gained);
int player_value(const position& p, int player);

}  // namespace ringside::zertz
