#pragma once
// dvonn::move — one turn as a 16-bit value.
//
// Bit layout:
//   bits  0-5   from: the cell placed on, or the cell the moving stack leaves (a square 0-54)
//   bits  6-11  to: the cell the stack lands on (stack moves only)
//   bits 12-13  kind: 0 none, 1 place, 2 stack move, 3 pass

#include <cstdint>
#include <string>

#include "engine/dvonn/board.hpp"

namespace ringside::dvonn {

enum class move_kind : std::uint8_t { none = 0, place = 1, stack = 2, pass = 3 };

class move {
 public:
  // Uninitialised, like an int, so a move list costs nothing to declare; `move{}` is null.
  move() = default;
  static constexpr move place(square cell) { return move(cell, 0, move_kind::place); }
  static constexpr move stack(square from, square to) { return move(from, to, move_kind::stack); }
  static constexpr move pass() { return move(0, 0, move_kind::pass); }

  constexpr move_kind kind() const { return static_cast<move_kind>(bits_ >> 12 & 3u); }
  constexpr square from() const { return bits_ & 63; }
  constexpr square to() const { return bits_ >> 6 & 63; }

  // The canonical token: "c3", "c3e3" or "pass".
  std::string text() const;

  friend constexpr bool operator==(const move&, const move&) = default;

 private:
  constexpr move(square from, square to, move_kind k)
      : bits_(static_cast<std::uint16_t>(from | to << 6 | static_cast<int>(k) << 12)) {}
  std::uint16_t bits_;
};

}  // namespace ringside::dvonn
