#pragma once
// Legal-move generation into a fixed-size list on the stack, and bulk counting.

#include <array>
#include <cstdint>

#include "engine/dvonn/move.hpp"
#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

class move_list {
 public:
  // A side tops at most 23 stacks (one per piece of its colour), each with at most 6 landings;
  // placements are at most 49.
  static constexpr int capacity = pieces_per_colour * direction_count;

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

// Every legal move of `p`: a placement on every empty cell while placing; then every stack
// move of the side to move, or a single pass when it has none and the other side has one;
// nothing once neither side can move.
void generate_moves(const position& p, move_list& out);

// The number of moves generate_moves would produce, without producing them.
std::uint64_t count_moves(const position& p);

}  // namespace ringside::dvonn
