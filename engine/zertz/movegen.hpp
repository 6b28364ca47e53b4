#pragma once
// Legal-move generation into a fixed-size list on the stack, and bulk counting.

#include <array>
#include <cstdint>

#include "engine/zertz/move.hpp"
#include "engine/zertz/position.hpp"

namespace ringside::zertz {

class move_list {
 public:
  // Placements are the most numerous: 3 colours x 61 cells x 60 removals.
  static constexpr int capacity = 3 * max_cells * (max_cells - 1);

  void push(move m) {
    if (n_ < capacity) moves_[static_cast<std::size_t>(n_++)] = m;
  }
  void clear() { n_ = 0; }
  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const move* begin() const { return moves_.data(); }
  const move* end() const { return moves_.data() + n_; }
  const move& operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
  bool contains(move m) const;

 private:
  std::array<move, capacity> moves_;  // left uninitialised: only [0, n_) is ever read
  int n_ = 0;
};

// Every legal move of `p`: the capture chains when a jump exists; otherwise every placement
// with every removal; otherwise a single pass. Nothing when the game is over.
void generate_moves(const position& p, move_list& out);

// The number of moves generate_moves would produce, without producing the placements.
std::uint64_t count_moves(const position& p);

}  // namespace ringside::zertz
