#include "engine/dvonn/movegen.hpp"

#include <algorithm>

namespace ringside::dvonn {

bool move_list::contains(move m) const {
  return std::find(begin(), end(), m) != end();
}

void generate_moves(const position& p, move_list& out) {
  out.clear();
  if (p.placing()) {
    for (bitboard e = p.empty(); e; e &= e - 1) out.push(move::place(lowest(e)));
    return;
  }
  const bitboard occ = p.occupied();
  for (bitboard m = p.movable(p.side()); m; m &= m - 1) {
    const square s = lowest(m);
    for (bitboard t = landing_cells(s, p.height(s)) & occ; t; t &= t - 1) {
      out.push(move::stack(s, lowest(t)));
    }
  }
  if (out.empty() && p.can_move(p.side() ^ 1)) out.push(move::pass());
}

std::uint64_t count_moves(const position& p) {
  if (p.placing()) return static_cast<std::uint64_t>(popcount(p.empty()));
  const bitboard occ = p.occupied();
  std::uint64_t n = 0;
  for (bitboard m = p.movable(p.side()); m; m &= m - 1) {
    const square s = lowest(m);
    n += static_cast<std::uint64_t>(popcount(landing_cells(s, p.height(s)) & occ));
  }
  if (n == 0 && p.can_move(p.side() ^ 1)) return 1;  // the forced pass
  return n;
}

}  // namespace ringside::dvonn
