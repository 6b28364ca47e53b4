#pragma once
// zertz::position — one ZÈRTZ position: rings, marbles, pool, captures, side to move.
//
// Everything is a bitboard over the board's cells or a small count, so a position is a
// ~50-byte value: copy-make is as cheap as make/unmake, and undo is an exact snapshot.

#include <array>
#include <bit>
#include <cstdint>

#include "engine/zertz/board.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/move.hpp"
#include "engine/zertz/rules.hpp"

namespace ringside::zertz {

class position {
 public:
  // The mutable part; an undo record keeps a copy of it.
  struct state {
    bitboard rings = 0;
    std::array<bitboard, 3> marbles{};  // per colour W, G, B
    std::array<std::int8_t, 3> pool{};
    std::array<std::array<std::int8_t, 3>, 2> caps{};  // [player index 0/1][colour]
    std::uint8_t side = 0;                             // 0: player 1 to move
    // Rings that are free whenever vacant: two adjacent neighbour positions hold no ring. It
    // depends on the rings alone and only grows as rings leave, so it is kept up to date
    // incrementally instead of being recomputed for every position.
    bitboard exposed = 0;
    friend bool operator==(const state&, const state&) = default;
  };
  struct undo {
    state before;
    move played{};
    bitboard isolated = 0;  // rings claimed by isolation in the move (for reports)
  };

  // The empty start of board `b` with the pool of variant `v`.
  position(const board& b, variant v);

  const board& geometry() const { return *board_; }
  variant rules() const { return variant_; }
  const state& raw() const { return s_; }

  bitboard rings() const { return s_.rings; }
  bitboard marbles(int colour) const { return s_.marbles[u(colour)]; }
  bitboard occupied() const { return s_.marbles[0] | s_.marbles[1] | s_.marbles[2]; }
  bitboard vacant() const { return s_.rings & ~occupied(); }
  // Colour index of the marble on `cell`, or -1 when there is none.
  int colour_at(int cell) const;
  int pool(int colour) const { return s_.pool[u(colour)]; }
  int pool_total() const { return s_.pool[0] + s_.pool[1] + s_.pool[2]; }
  // Captures of player index p (0 for player 1) in colour c.
  int captured(int p, int colour) const { return s_.caps[u(p)][u(colour)]; }
  int side() const { return s_.side; }  // 0 or 1; the seat to move is side() + 1

  // Vacant rings with two adjacent neighbour positions holding no ring (rules §4.2).
  bitboard free_rings() const { return vacant() & s_.exposed; }
  // True when some marble can jump (a capture is compulsory).
  bool any_jump() const;
  // Bit c set when the mover may place colour c (from the pool, or from their captures when
  // the pool is empty).
  unsigned placeable_colours() const;
  // The seat (1 or 2) that has won in this position, or 0: the board is empty (the last mover
  // claimed it) or a player's captures meet the variant's condition.
  int winner() const;
  bool over() const { return winner() != 0; }

  // Plays a legal move. Precondition: m is in the legal-move list of this position.
  void do_move(move m, undo& u);
  void do_move(move m) {
    undo ignored;
    do_move(m, ignored);
  }
  // Restores the position before the do_move that filled `u`, exactly. Debug builds assert
  // that `u` belongs to the last move played.
  void undo_move(const undo& u);

  // Setters for building positions (ZIP reader, tests); they keep no invariant themselves,
  // except that set_rings recomputes the exposed rings from scratch.
  void set_rings(bitboard r);
  void set_marble(int cell, int colour);  // colour -1 clears the cell
  void set_pool(int colour, int n) { s_.pool[u(colour)] = static_cast<std::int8_t>(n); }
  void set_captured(int p, int colour, int n) {
    s_.caps[u(p)][u(colour)] = static_cast<std::int8_t>(n);
  }
  void set_side(int side) { s_.side = static_cast<std::uint8_t>(side); }

  // Rings in groups with no vacant ring (what isolation would claim now).
  bitboard full_groups() const;
  // A hash of the whole position, for quick repetition filtering (compare exactly after).
  std::uint64_t key() const;

  friend bool operator==(const position& a, const position& b) {
    return a.board_ == b.board_ && a.variant_ == b.variant_ && a.s_ == b.s_;
  }

 private:
  static std::size_t u(int i) { return static_cast<std::size_t>(i); }
  // Rings are gone from `removed`: their neighbours may have become exposed.
  void expose_around(bitboard removed);
  const board* board_;
  variant variant_;
  state s_;
};

inline int popcount(bitboard b) {
  return std::popcount(b);
}
inline int lowest(bitboard b) {
  return std::countr_zero(b);
}

}  // namespace ringside::zertz
