#pragma once
// dvonn::move_order — how the common search ranks a DVONN position's moves after the table's
// move: stack moves that take an opponent's stack first, those that take the most height first;
// then (after the killers) the rest by history.

#include "engine/dvonn/move.hpp"
#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

class move_order {
 public:
  explicit move_order(const position& p) : p_(p), theirs_(p.owned(p.side() ^ 1)) {}
  bool capture(move m) const {
    return m.kind() == move_kind::stack && (theirs_ & bit(m.to())) != 0;
  }
  int capture_rank(move m) const { return 16 * p_.height(m.to()) - p_.height(m.from()); }
  int quiet_rank(move, int history) const { return history; }

 private:
  const position& p_;
  bitboard theirs_;
};

}  // namespace ringside::dvonn
