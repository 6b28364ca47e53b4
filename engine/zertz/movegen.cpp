#include "engine/zertz/movegen.hpp"

#include <algorithm>

namespace ringside::zertz {

namespace {

// Extends the chain `m`, whose marble stands on `at`, by every possible jump; emits it when
// it cannot continue. `occ` is the occupancy with the chain so far applied.
void extend_chain(const board& b, bitboard rings, bitboard occ, int at, move m, move_list& out) {
  bool extended = false;
  const bitboard vac = rings & ~occ;
  for (int d = 0; d < direction_count; ++d) {
    const bitboard over = b.jump_over(at, d);
    const bitboard land = b.jump_land(at, d);
    if ((occ & over) && (vac & land)) {
      extended = true;
      extend_chain(b, rings, (occ & ~over & ~bit(at)) | land, lowest(land), m.with_jump(d), out);
    }
  }
  if (!extended && m.jumps() > 0) out.push(m);
}

std::uint64_t count_chain(const board& b, bitboard rings, bitboard occ, int at, int depth) {
  std::uint64_t n = 0;
  const bitboard vac = rings & ~occ;
  for (int d = 0; d < direction_count; ++d) {
    const bitboard over = b.jump_over(at, d);
    const bitboard land = b.jump_land(at, d);
    if ((occ & over) && (vac & land)) {
      n += count_chain(b, rings, (occ & ~over & ~bit(at)) | land, lowest(land), depth + 1);
    }
  }
  return n == 0 && depth > 0 ? 1 : n;
}

}  // namespace

bool move_list::contains(move m) const {
  return std::find(begin(), end(), m) != end();
}

void generate_moves(const position& p, move_list& out) {
  out.clear();
  if (p.over()) return;
  const board& b = p.geometry();
  if (p.any_jump()) {
    const bitboard occ = p.occupied();
    for (bitboard t = occ; t; t &= t - 1) {
      const int c = lowest(t);
      extend_chain(b, p.rings(), occ, c, move::capture(p.colour_at(c), c), out);
    }
    return;
  }
  const unsigned colours = p.placeable_colours();
  if (colours == 0) {
    out.push(move::pass());
    return;
  }
  const bitboard vac = p.vacant();
  const bitboard free = p.free_rings();
  for (int c = 0; c < 3; ++c) {
    if (!(colours & (1u << c))) continue;
    for (bitboard v = vac; v; v &= v - 1) {
      const int cell = lowest(v);
      const bitboard others = free & ~bit(cell);
      if (!others) {
        out.push(move::place(c, cell, move::no_removal));
        continue;
      }
      for (bitboard r = others; r; r &= r - 1) out.push(move::place(c, cell, lowest(r)));
    }
  }
}

std::uint64_t count_moves(const position& p) {
  if (p.over()) return 0;
  if (p.any_jump()) {
    const board& b = p.geometry();
    const bitboard occ = p.occupied();
    std::uint64_t n = 0;
    for (bitboard t = occ; t; t &= t - 1) n += count_chain(b, p.rings(), occ, lowest(t), 0);
    return n;
  }
  const unsigned colours = p.placeable_colours();
  if (colours == 0) return 1;  // the pass
  // A placement on a free ring leaves F-1 removals, elsewhere F; none free means one move.
  const auto f = static_cast<std::uint64_t>(popcount(p.free_rings()));
  const auto v = static_cast<std::uint64_t>(popcount(p.vacant()));
  const std::uint64_t per_colour =
      f * std::max<std::uint64_t>(1, f == 0 ? 0 : f - 1) + (v - f) * std::max<std::uint64_t>(1, f);
  return static_cast<std::uint64_t>(std::popcount(colours)) * per_colour;
}

}  // namespace ringside::zertz
