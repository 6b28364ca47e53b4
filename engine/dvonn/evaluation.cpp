#include "engine/dvonn/evaluation.hpp"

#include <algorithm>

namespace ringside::dvonn {

namespace {

// The cells next to a DVONN piece, and those two steps away: on the full board the placing
// phase ends with, distance through occupied cells is plain distance.
struct dvonn_rings {
  bitboard near;
  bitboard second;
};
dvonn_rings rings_around_dvonn(const position& p) {
  const bitboard d = p.dvonn_stacks();
  const bitboard near = around(d) & ~d;
  return {near, around(d | near) & ~(d | near)};
}

// Placing: what one of a player's pieces is worth by where it stands.
int placing_value(const position& p, int side, std::uint32_t off) {
  const bitboard mine = p.owned(side);
  const bitboard theirs = p.owned(side ^ 1);
  const dvonn_rings r = rings_around_dvonn(p);
  const bitboard edge = board_mask & ~interior;
  int v = 0;
  v += 30 * popcount(mine & r.near);
  // Two steps from a DVONN piece is still hard to cut off; further out, a cut late in the game
  // takes the pieces away, so they are worth less than their share.
  if ((off & term::distance) == 0) v += 12 * popcount(mine & r.second);
  v += 15 * popcount(mine & edge);
  // Pieces next to the opponent's can take them early in the moving phase.
  for (bitboard m = mine; m; m &= m - 1) v += 4 * popcount(around(bit(lowest(m))) & theirs);
  return v;
}

// Moving: height at risk, by how far each stack lies from every DVONN piece through occupied
// cells (a stack next to a DVONN piece can only be cut off by moving that piece's stack).
int risk(const position& p, int side) {
  const bitboard occ = p.occupied();
  bitboard reach = p.dvonn_stacks();
  bitboard layer1 = around(reach) & occ & ~reach;
  bitboard layer2 = around(reach | layer1) & occ & ~(reach | layer1);
  const bitboard far = occ & ~(reach | layer1 | layer2);
  int r = 0;
  for (bitboard m = p.owned(side) & far; m; m &= m - 1) r += p.height(lowest(m));
  for (bitboard m = p.owned(side) & layer2; m; m &= m - 1) r += p.height(lowest(m)) / 2;
  return r;
}

// The cells `side`'s movable stacks can land on with one move.
bitboard landings_of(const position& p, int side) {
  const bitboard occ = p.occupied();
  bitboard to = 0;
  for (bitboard m = p.movable(side); m; m &= m - 1) {
    const square s = lowest(m);
    to |= landing_cells(s, p.height(s)) & occ;
  }
  return to;
}

// The tallest of `side`'s stacks among `cells` (0 when none).
int tallest(const position& p, bitboard cells) {
  int h = 0;
  for (bitboard m = cells; m; m &= m - 1) h = std::max(h, p.height(lowest(m)));
  return h;
}

}  // namespace

int mobility(const position& p, int side) {
  if (p.placing()) return 0;
  const bitboard occ = p.occupied();
  int n = 0;
  for (bitboard m = p.movable(side); m; m &= m - 1) {
    const square s = lowest(m);
    n += popcount(landing_cells(s, p.height(s)) & occ);
  }
  return n;
}

int evaluate(const position& p, std::uint32_t off) {
  const int me = p.side();
  const int them = me ^ 1;
  if (p.placing()) return placing_value(p, me, off) - placing_value(p, them, off);
  int v = 100 * (p.score(me) - p.score(them));
  if ((off & term::mobility) == 0) v += 6 * (mobility(p, me) - mobility(p, them));
  if ((off & term::risk) == 0) v -= 25 * (risk(p, me) - risk(p, them));
  if ((off & term::stacks) == 0) v += 20 * (popcount(p.owned(me)) - popcount(p.owned(them)));
  if ((off & term::reach) == 0) {
    // The mover takes the tallest stack it reaches before the other side can answer, so half
    // of it is as good as won; what the other side reaches, the mover may still save.
    v += 50 * tallest(p, landings_of(p, me) & p.owned(them));
    v -= 20 * tallest(p, landings_of(p, them) & p.owned(me));
  }
  return v;
}

}  // namespace ringside::dvonn
