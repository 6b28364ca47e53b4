#pragma once
// dvonn::position — one DVONN position: the stacks, the side to move, the pieces placed.
//
// Four bitboards say where stacks stand, which colour tops each one and which hold a DVONN
// piece; per cell a height and two bit columns (bit i set: the piece at level i, 0 at the
// bottom, is black / a DVONN piece) hold the pieces themselves, so a stack landing on another
// is two shifts and an OR. Play uses do_move / undo_move with a small undo record: cells left
// empty keep their stale pieces, so removing stacks is clearing bits and undoing it is
// restoring them.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/dvonn/board.hpp"
#include "engine/dvonn/move.hpp"

namespace ringside::dvonn {

enum class piece : std::uint8_t { white = 0, black = 1, dvonn = 2 };

inline constexpr int dvonn_pieces = 3;
inline constexpr int pieces_per_colour = 23;

// 'W', 'B' or 'D'.
char to_char(piece p);
// The piece the k-th placement (0-based) puts down: D, D, D, then B, W, B, W, ... (spec §3).
constexpr piece placement_piece(int k) {
  return k < dvonn_pieces ? piece::dvonn : k % 2 ? piece::black : piece::white;
}
// The side (0 for player 1) that makes the k-th placement: player 1 places the even ones,
// the 49th included, and then also makes the first move.
constexpr int placing_side(int k) {
  return k < cell_count ? k % 2 : 0;
}

class position {
 public:
  // The part every move changes; an undo record keeps a copy of it.
  struct state {
    bitboard occupied = 0;
    bitboard white = 0;     // stacks topped by a white piece (player 1's)
    bitboard black = 0;     // stacks topped by a black piece (player 2's)
    bitboard dvonn = 0;     // stacks holding at least one DVONN piece
    std::uint8_t side = 0;  // 0: player 1 to move
    std::uint8_t placed = 0;
    friend bool operator==(const state&, const state&) = default;
  };
  struct undo {
    state before;
    move played{};
    std::uint8_t to_height = 0;  // the landing cell's stack before the move
    std::uint64_t to_black = 0;
    std::uint64_t to_dvonn = 0;
    bitboard removed = 0;  // stacks the move cut off from every DVONN piece
#ifndef NDEBUG
    std::uint64_t key = 0;  // key() before the move, checked by undo_move
#endif
  };

  // The empty board, player 1 to place the first DVONN piece.
  position() = default;

  const state& raw() const {
    return s_;
  }
  bitboard occupied() const {
    return s_.occupied;
  }
  bitboard empty() const {
    return board_mask & ~s_.occupied;
  }
  // Stacks of side 0 (player 1, white on top) or 1 (player 2, black on top).
  bitboard owned(int side) const {
    return side == 0 ? s_.white : s_.black;
  }
  bitboard dvonn_stacks() const {
    return s_.dvonn;
  }
  int side() const {
    return s_.side;
  }  // the seat to move is side() + 1
  int placed() const {
    return s_.placed;
  }
  bool placing() const {
    return s_.placed < cell_count;
  }

  // Height of the stack on s; 0 when s is empty.
  int height(square s) const {
    return (s_.occupied & bit(s)) != 0 ? height_[u(s)] : 0;
  }
  // The piece at `level` (0 = bottom) of the stack on s. Precondition: level < height(s).
  piece piece_at(square s, int level) const;
  // The stack on s bottom to top, e.g. "BWDW"; empty when s is empty.
  std::string stack_text(square s) const;
  // The stack a move just removed from s (cells keep their pieces when a stack is removed,
  // and nothing lands there again). Precondition: s is in that move's undo.removed.
  std::string removed_stack_text(square s) const;

  // Side `side`'s stacks that the six-neighbour rule does not block.
  bitboard movable(int side) const {
    return owned(side) & ~surrounded(s_.occupied);
  }
  // True when `side` has a stack move (the moving phase only).
  bool can_move(int side) const;
  // Neither side can move: the game is over.
  bool over() const {
    return !placing() && !can_move(0) && !can_move(1);
  }
  // Total height of the stacks topped by `side`'s colour.
  int score(int side) const;

  // Plays a legal move (precondition: it is in the legal-move list of this position).
  void do_move(move m, undo& u);
  void do_move(move m) {
    undo ignored;
    do_move(m, ignored);
  }
  // Restores the position before the do_move that filled `u`, exactly; debug builds assert it.
  void undo_move(const undo& u);

  // Setters for building positions (the position reader, tests); they check nothing.
  // Puts the stack `pieces` (bottom to top, 1..49 of W/B/D) on s, or empties s when empty.
  void set_stack(square s, std::string_view pieces);
  void set_side(int side) {
    s_.side = static_cast<std::uint8_t>(side);
  }
  void set_placed(int n) {
    s_.placed = static_cast<std::uint8_t>(n);
  }

  // A hash of the whole position (stacks included).
  std::uint64_t key() const;
  friend bool operator==(const position& a, const position& b);

 private:
  static std::size_t u(int i) {
    return static_cast<std::size_t>(i);
  }
  state s_;
  // Meaningful only on occupied cells.
  std::array<std::uint8_t, grid_squares> height_{};
  std::array<std::uint64_t, grid_squares> black_bits_{};
  std::array<std::uint64_t, grid_squares> dvonn_bits_{};
};

}  // namespace ringside::dvonn
