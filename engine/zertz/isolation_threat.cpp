#include "engine/zertz/isolation_threat.hpp"

#include <cstdint>

namespace ringside::zertz {

namespace {

struct claim {
  std::array<int, 3> marbles{};
  int value = 0;
};

// The connected part of `set` that contains `seed`.
bitboard group_of(const board& b, bitboard set, bitboard seed) {
  bitboard reach = seed;
  for (;;) {
    const bitboard next = (reach | b.around(reach)) & set;
    if (next == reach) return reach;
    reach = next;
  }
}

void add(claim& to, const claim& c) {
  for (std::size_t k = 0; k < 3; ++k) to.marbles[k] += c.marbles[k];
  to.value += c.value;
}

claim marbles_in(const position& p, bitboard cells, const std::array<int, 3>& weight) {
  claim c;
  for (std::size_t k = 0; k < 3; ++k) {
    c.marbles[k] = popcount(p.marbles(static_cast<int>(k)) & cells);
    c.value += c.marbles[k] * weight[k];
  }
  return c;
}

// Arcs of set bits in a 6-bit mask read around a circle.
constexpr std::array<std::uint8_t, 64> arcs_in = [] {
  std::array<std::uint8_t, 64> t{};
  for (unsigned m = 0; m < 64; ++m) {
    for (unsigned d = 0; d < 6; ++d) {
      if ((m >> d & 1) && !(m >> ((d + 5) % 6) & 1)) ++t[m];
    }
  }
  return t;
}();

// True when the rings around `cell` form two or more separate arcs: only then can removing
// it split its group (one arc stays connected through its own neighbours).
bool may_split(const board& b, bitboard rings, int cell) {
  unsigned around_mask = 0;
  for (int d = 0; d < direction_count; ++d) {
    const int n = b.neighbour(cell, d);
    if (n != no_cell && (rings & bit(n))) around_mask |= 1U << d;
  }
  return arcs_in[around_mask] >= 2;
}

// The groups of rings now; almost always one.
struct groups {
  std::array<bitboard, max_cells> cells;  // only the first `count` are set
  int count = 0;
};

// The groups depend on the rings alone, and a search meets the same ring set many times (a
// move's siblings differ in the marble, not the rings), so each thread keeps the last ones it
// found: without this the flood fill costs a third of the search's speed.
struct remembered_groups {
  bitboard rings = 0;
  std::array<bitboard, 4> cells{};
  int count = 0;
};
thread_local std::array<remembered_groups, 1024> groups_cache;

void find_groups(const board& b, bitboard rings, groups& out) {
  auto& slot = groups_cache[static_cast<std::size_t>((rings * 0x9E3779B97F4A7C15ULL) >> 54)];
  if (slot.rings == rings && slot.count > 0) {
    out.count = slot.count;
    for (int i = 0; i < slot.count; ++i)
      out.cells[static_cast<std::size_t>(i)] = slot.cells[static_cast<std::size_t>(i)];
    return;
  }
  out.count = 0;
  for (bitboard rest = rings; rest; ++out.count) {
    const bitboard g = group_of(b, rings, rest & -rest);
    out.cells[static_cast<std::size_t>(out.count)] = g;
    rest &= ~g;
  }
  if (out.count <= static_cast<int>(slot.cells.size())) {
    slot.rings = rings;
    slot.count = out.count;
    for (int i = 0; i < out.count; ++i)
      slot.cells[static_cast<std::size_t>(i)] = out.cells[static_cast<std::size_t>(i)];
  }
}

}  // namespace

std::array<int, 3> best_isolation(const position& p, const std::array<int, 3>& weight) {
  if (p.placeable_colours() == 0) return {};
  const board& b = p.geometry();
  const bitboard rings = p.rings();
  const bitboard vacant = p.vacant();

  groups now;
  find_groups(b, rings, now);

  // Without a removal (or with one that changes no group): fill a group's last vacant ring.
  // The best two such groups are kept: a removal elsewhere may combine with one of them, and
  // one of them may be the removal's own group.
  std::array<claim, 2> fill{};
  std::array<bitboard, 2> fill_group{};
  for (int i = 0; i < now.count; ++i) {
    const bitboard g = now.cells[static_cast<std::size_t>(i)];
    if (popcount(g & vacant) != 1) continue;
    const claim c = marbles_in(p, g, weight);
    if (c.value > fill[0].value) {
      fill[1] = fill[0];
      fill_group[1] = fill_group[0];
      fill[0] = c;
      fill_group[0] = g;
    } else if (c.value > fill[1].value) {
      fill[1] = c;
      fill_group[1] = g;
    }
  }
  claim best = fill[0];

  // A removal matters when it splits its group, or when its group has at most one other
  // vacant ring (which the marble then fills, or none). Usually neither holds for any free
  // ring, and nothing more is computed.
  for (bitboard f = p.free_rings(); f; f &= f - 1) {
    const int r = lowest(f);
    bitboard g = 0;
    for (int i = 0; g == 0; ++i) {
      if (now.cells[static_cast<std::size_t>(i)] & bit(r))
        g = now.cells[static_cast<std::size_t>(i)];
    }
    const bitboard rest = g & ~bit(r);
    const int open = popcount(g & vacant);
    const bool splits = rest != 0 && may_split(b, rings, r);
    const bitboard first_part = splits ? group_of(b, rest, rest & -rest) : rest;
    if (open > 2 && first_part == rest) continue;
    // What the removal leaves of its group: full parts are claimed; one part with one vacant
    // ring (or a group elsewhere) takes the marble. Other groups are as they were.
    claim full;
    claim one_vacant = fill_group[0] == g ? fill[1] : fill[0];
    bitboard full_cells = 0;
    for (bitboard left = rest; left;) {
      const bitboard part = left == rest ? first_part : group_of(b, rest, left & -left);
      left &= ~part;
      const int part_open = popcount(part & vacant);
      if (part_open > 1) continue;
      const claim c = marbles_in(p, part, weight);
      if (part_open == 1) {
        if (c.value > one_vacant.value) one_vacant = c;
        continue;
      }
      add(full, c);
      full_cells |= part;
    }
    // The marble must go somewhere: if no group needs it, on a vacant ring outside the full
    // parts other than the one removed.
    if (one_vacant.value == 0 && (vacant & ~full_cells & ~bit(r)) == 0) continue;
    add(full, one_vacant);
    if (full.value > best.value) best = full;
  }
  return best.marbles;
}

}  // namespace ringside::zertz
