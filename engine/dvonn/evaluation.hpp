#pragma once
// The static evaluation of a DVONN position, as the search's leaves see it.

#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

// How good `p` is for the side to move, in hundredths of a piece of controlled height.
// Moving phase: controlled height (what the score counts), mobility (stack moves available),
// and stacks at risk, those far from every DVONN piece through occupied cells, which a cut
// can take off the board. Placing phase: pieces next to a DVONN piece (safe, and they can take
// it), on the edge (free to move when the moving starts) and next to the opponent's pieces.
// A finished game is not scored here: the search scores it as a win, loss or tie.
int evaluate(const position& p);

// Stack moves side `side` has now (blocked stacks and lone DVONN pieces have none).
int mobility(const position& p, int side);

}  // namespace ringside::dvonn
