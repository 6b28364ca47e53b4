#pragma once
// zertz::move_order — how the common search ranks a ZÈRTZ position's moves after the table's
// move: captures first, the longest chains first; then (after the killers) placements by
// history, those next to a marble ahead, since they start the forced sequences.

#include "engine/zertz/move.hpp"
#include "engine/zertz/position.hpp"

namespace ringside::zertz {

class move_order {
 public:
  explicit move_order(const position& p) : near_marbles_(p.geometry().around(p.occupied())) {}
  bool capture(move m) const { return m.kind() == move_kind::capture; }
  int capture_rank(move m) const { return m.jumps() * 1000; }
  int quiet_rank(move m, int history) const {
    if (m.kind() != move_kind::place) return 0;
    return history + ((near_marbles_ & bit(m.cell())) ? 64 : 0);
  }

 private:
  bitboard near_marbles_;
};

}  // namespace ringside::zertz
