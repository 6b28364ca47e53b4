#include "engine/dvonn/position.hpp"

#include <cassert>

namespace ringside::dvonn {

char to_char(piece p) {
  return "WBD"[static_cast<std::size_t>(p)];
}

piece position::piece_at(square s, int level) const {
  const std::uint64_t b = std::uint64_t{1} << level;
  if (dvonn_bits_[u(s)] & b) return piece::dvonn;
  return black_bits_[u(s)] & b ? piece::black : piece::white;
}

std::string position::stack_text(square s) const {
  return height(s) > 0 ? removed_stack_text(s) : std::string();
}

std::string position::removed_stack_text(square s) const {
  std::string out;
  const int h = height_[u(s)];
  out.reserve(static_cast<std::size_t>(h));
  for (int i = 0; i < h; ++i) out += to_char(piece_at(s, i));
  return out;
}

bool position::can_move(int side) const {
  if (placing()) return false;
  for (bitboard m = movable(side); m; m &= m - 1) {
    const square s = lowest(m);
    if (landing_cells(s, height_[u(s)]) & s_.occupied) return true;
  }
  return false;
}

int position::score(int side) const {
  int n = 0;
  for (bitboard m = owned(side); m; m &= m - 1) n += height_[u(lowest(m))];
  return n;
}

void position::do_move(move m, undo& un) {
  un.before = s_;
  un.played = m;
  un.removed = 0;
#ifndef NDEBUG
  un.key = key();
#endif
  switch (m.kind()) {
    case move_kind::place: {
      const square c = m.from();
      const bitboard b = bit(c);
      assert(placing() && (empty() & b));
      const piece p = placement_piece(s_.placed);
      height_[u(c)] = 1;
      black_bits_[u(c)] = p == piece::black ? 1 : 0;
      dvonn_bits_[u(c)] = p == piece::dvonn ? 1 : 0;
      s_.occupied |= b;
      if (p == piece::white) s_.white |= b;
      if (p == piece::black) s_.black |= b;
      if (p == piece::dvonn) s_.dvonn |= b;
      ++s_.placed;
      s_.side = static_cast<std::uint8_t>(placing_side(s_.placed));
      return;
    }
    case move_kind::stack: {
      const square f = m.from();
      const square t = m.to();
      const bitboard fb = bit(f);
      const bitboard tb = bit(t);
      assert(!placing() && (movable(s_.side) & fb) && (s_.occupied & tb));
      const int below = height_[u(t)];
      un.to_height = height_[u(t)];
      un.to_black = black_bits_[u(t)];
      un.to_dvonn = dvonn_bits_[u(t)];
      black_bits_[u(t)] |= black_bits_[u(f)] << below;
      dvonn_bits_[u(t)] |= dvonn_bits_[u(f)] << below;
      height_[u(t)] = static_cast<std::uint8_t>(below + height_[u(f)]);
      // The mover's colour now tops t; f is left empty.
      if (s_.side == 0) {
        s_.white = (s_.white & ~fb) | tb;
        s_.black &= ~tb;
      } else {
        s_.black = (s_.black & ~fb) | tb;
        s_.white &= ~tb;
      }
      if (s_.dvonn & fb) s_.dvonn = (s_.dvonn & ~fb) | tb;
      s_.occupied &= ~fb;
      // Everything was linked to a DVONN piece before the move, so only what hung on f can be
      // cut off now; the flood fill finds it.
      const bitboard cut = s_.occupied & ~flood(s_.dvonn, s_.occupied);
      if (cut) {
        un.removed = cut;
        s_.occupied &= ~cut;
        s_.white &= ~cut;
        s_.black &= ~cut;
      }
      break;
    }
    case move_kind::pass:
    case move_kind::none:
      break;
  }
  s_.side ^= 1u;
}

void position::undo_move(const undo& un) {
  if (un.played.kind() == move_kind::stack) {
    const square t = un.played.to();
    height_[u(t)] = un.to_height;
    black_bits_[u(t)] = un.to_black;
    dvonn_bits_[u(t)] = un.to_dvonn;
  }
  s_ = un.before;
  assert(key() == un.key);
}

void position::set_stack(square s, std::string_view pieces) {
  const bitboard b = bit(s);
  s_.occupied &= ~b;
  s_.white &= ~b;
  s_.black &= ~b;
  s_.dvonn &= ~b;
  height_[u(s)] = 0;
  black_bits_[u(s)] = 0;
  dvonn_bits_[u(s)] = 0;
  if (pieces.empty()) return;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (pieces[i] == 'B') black_bits_[u(s)] |= std::uint64_t{1} << i;
    if (pieces[i] == 'D') dvonn_bits_[u(s)] |= std::uint64_t{1} << i;
  }
  height_[u(s)] = static_cast<std::uint8_t>(pieces.size());
  s_.occupied |= b;
  if (dvonn_bits_[u(s)]) s_.dvonn |= b;
  if (pieces.back() == 'W') s_.white |= b;
  if (pieces.back() == 'B') s_.black |= b;
}

std::uint64_t position::key() const {
  // splitmix64-style mixing over every field that means something.
  auto mix = [](std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
  };
  std::uint64_t h = mix(mix(mix(0, s_.occupied), s_.white), s_.black);
  h = mix(mix(h, s_.dvonn), std::uint64_t{s_.side} << 8 | s_.placed);
  for (bitboard o = s_.occupied; o; o &= o - 1) {
    const auto s = u(lowest(o));
    h = mix(mix(mix(h, height_[s]), black_bits_[s]), dvonn_bits_[s]);
  }
  return h;
}

bool operator==(const position& a, const position& b) {
  if (!(a.s_ == b.s_)) return false;
  for (bitboard o = a.s_.occupied; o; o &= o - 1) {
    const auto s = position::u(lowest(o));
    if (a.height_[s] != b.height_[s] || a.black_bits_[s] != b.black_bits_[s] ||
        a.dvonn_bits_[s] != b.dvonn_bits_[s]) {
      return false;
    }
  }
  return true;
}

}  // namespace ringside::dvonn
