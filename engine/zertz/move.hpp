#pragma once
// zertz::move — one whole turn as a 16-byte value.
//
// Bit layout of head:
//   bits  0-1   kind: 0 none, 1 place, 2 capture, 3 pass
//   bits  2-3   colour (0 W, 1 G, 2 B): the marble placed, or the jumping marble
//   bits  4-9   cell: where the marble is placed, or where the jumping marble starts
//   place:   bits 10-15 the removed ring, 63 when no ring was free
//   capture: bits 10-15 the number of jumps (1..max_jumps)
//            bits 16-63 the directions of jumps 0..15, 3 bits each
// path holds the directions of jumps 16..36, 3 bits each (bits 0-62).
// A chain can never exceed max_jumps: each jump captures one marble and there are at most 24.

#include <cstdint>
#include <string>

#include "engine/zertz/board.hpp"

namespace ringside::zertz {

enum class move_kind : std::uint8_t { none = 0, place = 1, capture = 2, pass = 3 };

class move {
 public:
  static constexpr int max_jumps = 37;
  static constexpr int no_removal = 63;

  // Uninitialised, like an int, so a move list of 11 000 entries costs nothing to declare;
  // `move{}` is the null move.
  move() = default;
  // Place `colour` on `cell`, then remove `removed` (no_removal when no ring was free).
  static constexpr move place(int colour, int cell, int removed) {
    move m{};
    m.head_ = 1u | u(colour) << 2 | u(cell) << 4 | u(removed) << 10;
    return m;
  }
  // A chain's first step: the `colour` marble on `start`; add jumps with with_jump.
  static constexpr move capture(int colour, int start) {
    move m{};
    m.head_ = 2u | u(colour) << 2 | u(start) << 4;
    return m;
  }
  static constexpr move pass() {
    move m{};
    m.head_ = 3u;
    return m;
  }
  // This chain extended by one jump in direction d. Precondition: jumps() < max_jumps.
  constexpr move with_jump(int d) const {
    move m = *this;
    const int i = jumps();
    if (i < 16) {
      m.head_ |= u(d) << (16 + 3 * i);
    } else {
      m.path_ |= u(d) << (3 * (i - 16));
    }
    m.head_ += std::uint64_t{1} << 10;
    return m;
  }

  constexpr move_kind kind() const { return static_cast<move_kind>(head_ & 3u); }
  constexpr int colour() const { return static_cast<int>(head_ >> 2 & 3u); }
  constexpr int cell() const { return static_cast<int>(head_ >> 4 & 63u); }
  constexpr int removed() const { return static_cast<int>(head_ >> 10 & 63u); }
  constexpr int jumps() const { return static_cast<int>(head_ >> 10 & 63u); }
  constexpr int direction(int i) const {
    return static_cast<int>(i < 16 ? head_ >> (16 + 3 * i) & 7u : path_ >> (3 * (i - 16)) & 7u);
  }

  // Canonical ZEN text: "Wd4-a1", "Gc3", "Bd1xd3xd5" or "pass".
  std::string zen(const board& b) const;

  friend constexpr bool operator==(const move&, const move&) = default;

 private:
  static constexpr std::uint64_t u(int v) { return static_cast<std::uint64_t>(v); }
  std::uint64_t head_;
  std::uint64_t path_;
};

}  // namespace ringside::zertz
