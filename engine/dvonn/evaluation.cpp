#include "engine/dvonn/evaluation.hpp"

namespace ringside::dvonn {

namespace {

// Placing: what one of a player's pieces is worth by where it stands.
int placing_value(const position& p, int side) {
  const bitboard mine = p.owned(side);
  const bitboard theirs = p.owned(side ^ 1);
  const bitboard near_dvonn = around(p.dvonn_stacks());
  const bitboard edge = board_mask & ~interior;
  int v = 0;
  v += 30 * popcount(mine & near_dvonn);
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

int evaluate(const position& p) {
  const int me = p.side();
  const int them = me ^ 1;
  if (p.placing()) return placing_value(p, me) - placing_value(p, them);
  int v = 100 * (p.score(me) - p.score(them));
  v += 6 * (mobility(p, me) - mobility(p, them));
  v -= 25 * (risk(p, me) - risk(p, them));
  return v;
}

}  // namespace ringside::dvonn
