#include "engine/zertz/position.hpp"

#include <cassert>

namespace ringside::zertz {

position::position(const board& b, variant v) : board_(&b), variant_(v) {
  set_rings(b.all());
  const rule_set& r = rules_of(v);
  for (int c = 0; c < 3; ++c) s_.pool[u(c)] = static_cast<std::int8_t>(r.pool[u(c)]);
}

int position::colour_at(int cell) const {
  const bitboard b = bit(cell);
  for (int c = 0; c < 3; ++c) {
    if (s_.marbles[u(c)] & b) return c;
  }
  return -1;
}

void position::set_marble(int cell, int colour) {
  for (auto& m : s_.marbles) m &= ~bit(cell);
  if (colour >= 0) s_.marbles[u(colour)] |= bit(cell);
}

void position::set_rings(bitboard r) {
  s_.rings = r;
  // A ring is exposed when, for some d, neither its d nor its (d+1) neighbour is a ring.
  std::array<bitboard, direction_count> missing{};
  for (int d = 0; d < direction_count; ++d) missing[u(d)] = ~board_->toward(r, d);
  bitboard any = 0;
  for (int d = 0; d < direction_count; ++d) {
    any |= missing[u(d)] & missing[u((d + 1) % direction_count)];
  }
  s_.exposed = r & any;
}

void position::expose_around(bitboard removed) {
  const bitboard rings = s_.rings;
  bitboard candidates = 0;
  for (bitboard t = removed; t; t &= t - 1) candidates |= board_->neighbours(lowest(t));
  candidates &= rings & ~s_.exposed;
  for (; candidates; candidates &= candidates - 1) {
    const int c = lowest(candidates);
    for (int d = 0; d < direction_count; ++d) {
      if ((rings & board_->free_pair(c, d)) == 0) {
        s_.exposed |= bit(c);
        break;
      }
    }
  }
  s_.exposed &= rings;
}

bool position::any_jump() const {
  const bitboard occ = occupied();
  const bitboard vac = s_.rings & ~occ;
  // Few marbles: look at each, most have no marble next to them. Many: move the whole board.
  if (popcount(occ) > 8) {
    for (int d = 0; d < direction_count; ++d) {
      const bitboard over = occ & board_->toward(vac, d);  // marbles with a vacant ring beyond
      if (occ & board_->toward(over, d)) return true;
    }
    return false;
  }
  for (bitboard m = occ; m; m &= m - 1) {
    const int c = lowest(m);
    if ((board_->neighbours(c) & occ) == 0) continue;
    for (int d = 0; d < direction_count; ++d) {
      if ((vac & board_->jump_land(c, d)) && (occ & board_->jump_over(c, d))) return true;
    }
  }
  return false;
}

unsigned position::placeable_colours() const {
  unsigned mask = 0;
  const bool from_pool = pool_total() > 0;
  for (int c = 0; c < 3; ++c) {
    const int n = from_pool ? s_.pool[u(c)] : s_.caps[s_.side][u(c)];
    if (n > 0) mask |= 1u << c;
  }
  return mask;
}

int position::winner() const {
  const int last = s_.side ^ 1;
  if (s_.rings == 0) return last + 1;
  const rule_set& r = rules_of(variant_);
  if (meets_win(r, s_.caps[u(last)])) return last + 1;
  if (meets_win(r, s_.caps[s_.side])) return s_.side + 1;
  return 0;
}

bitboard position::full_groups() const {
  // A marble next to a vacant ring is in a group that stays. Usually that is every marble;
  // only the others need the flood fill.
  const bitboard rings = s_.rings;
  const bitboard occ = occupied() & rings;
  const bitboard vac = rings & ~occ;
  bitboard stuck = 0;
  for (bitboard m = occ; m; m &= m - 1) {
    const int c = lowest(m);
    if ((board_->neighbours(c) & vac) == 0) stuck |= bit(c);
  }
  bitboard reach = rings & ~stuck;
  for (bool grew = stuck != 0; grew;) {
    grew = false;
    for (bitboard t = stuck; t; t &= t - 1) {
      const int c = lowest(t);
      if (board_->neighbours(c) & reach) {
        reach |= bit(c);
        stuck &= ~bit(c);
        grew = true;
      }
    }
  }
  return stuck;
}

void position::do_move(move m, undo& un) {
  un.before = s_;
  un.played = m;
  un.isolated = 0;
  auto& caps = s_.caps[s_.side];
  switch (m.kind()) {
    case move_kind::place: {
      const auto c = u(m.colour());
      if (pool_total() > 0) {
        assert(s_.pool[c] > 0);
        --s_.pool[c];
      } else {
        assert(caps[c] > 0);
        --caps[c];
      }
      assert(vacant() & bit(m.cell()));
      s_.marbles[c] |= bit(m.cell());
      if (m.removed() != move::no_removal) {
        assert(free_rings() & bit(m.removed()));
        s_.rings &= ~bit(m.removed());
        expose_around(bit(m.removed()));
      }
      const bitboard iso = full_groups();
      if (iso) {
        un.isolated = iso;
        for (std::size_t k = 0; k < 3; ++k) {
          caps[k] = static_cast<std::int8_t>(caps[k] + popcount(s_.marbles[k] & iso));
          s_.marbles[k] &= ~iso;
        }
        s_.rings &= ~iso;
        expose_around(iso);
      }
      break;
    }
    case move_kind::capture: {
      const auto jumper = u(m.colour());
      int at = m.cell();
      assert(s_.marbles[jumper] & bit(at));
      s_.marbles[jumper] &= ~bit(at);
      for (int i = 0; i < m.jumps(); ++i) {
        const int d = m.direction(i);
        const int over = board_->neighbour(at, d);
        const int victim = colour_at(over);
        assert(victim >= 0);
        s_.marbles[u(victim)] &= ~bit(over);
        ++caps[u(victim)];
        at = board_->landing(at, d);
        assert((vacant() & bit(at)) != 0);
      }
      s_.marbles[jumper] |= bit(at);
      break;
    }
    case move_kind::pass:
    case move_kind::none:
      break;
  }
  s_.side ^= 1u;
}

void position::undo_move(const undo& u) {
#ifndef NDEBUG
  position replayed = *this;
  replayed.s_ = u.before;
  replayed.do_move(u.played);
  assert(replayed.s_ == s_);
#endif
  s_ = u.before;
}

std::uint64_t position::key() const {
  // splitmix64 over every field: a fast filter, equality is checked on the state itself.
  auto mix = [](std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
  };
  std::uint64_t h = mix(0, s_.rings);
  for (bitboard m : s_.marbles) h = mix(h, m);
  std::uint64_t counts = s_.side;
  for (auto n : s_.pool) counts = counts << 6 | static_cast<std::uint8_t>(n);
  for (const auto& p : s_.caps) {
    for (auto n : p) counts = counts << 6 | static_cast<std::uint8_t>(n);
  }
  return mix(h, counts);
}

}  // namespace ringside::zertz
