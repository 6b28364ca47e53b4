#pragma once
// zertz::board — the geometry of one board shape: cells, names, neighbour and jump tables.
//
// Cells are numbered column by column (a first), bottom to top, so the numbering is the
// "cell order" of the state document and a bitboard of any board up to 61 rings fits one
// uint64_t. Tables are built once per shape; positions hold a pointer to their board.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace ringside::zertz {

using bitboard = std::uint64_t;

// Directions around a cell, in circular order, so d and (d + 1) % 6 are neighbours of each
// other (the free-ring rule needs two adjacent empty positions). Opposite of d is (d + 3) % 6.
// In boardspace coordinates: up (0,+2), up-right (+1,+1), down-right (+1,-1), down (0,-2),
// down-left (-1,-1), up-left (-1,+1).
inline constexpr int direction_count = 6;
inline constexpr int max_cells = 61;
inline constexpr int max_columns = 9;
inline constexpr std::int8_t no_cell = -1;

constexpr bitboard bit(int cell) {
  return bitboard{1} << cell;
}

class board {
 public:
  // The board with `rings` rings (37, 40, 43, 44, 48 or 61), or nullptr for any other count.
  static const board* get(int rings);

  int rings() const { return cells_; }      // cells of the full start board
  int columns() const { return columns_; }  // columns a, b, ... of the start board
  bitboard all() const { return all_; }     // every cell of the start board
  // Rings in column x at the start, and the index of its lowest cell.
  int column_length(int x) const { return len_[static_cast<std::size_t>(x)]; }
  int column_start(int x) const { return start_[static_cast<std::size_t>(x)]; }
  // Axial row (the ZIP frame) of the lowest cell of column x.
  int column_base_row(int x) const { return base_row_[static_cast<std::size_t>(x)]; }
  int column_of(int cell) const { return col_[static_cast<std::size_t>(cell)]; }

  // Neighbour of `cell` in direction d, or no_cell when off the start board.
  int neighbour(int cell, int d) const { return nb_[idx(cell)][static_cast<std::size_t>(d)]; }
  // Landing cell of a jump from `cell` in direction d (two steps), or no_cell.
  int landing(int cell, int d) const { return jump_[idx(cell)][static_cast<std::size_t>(d)]; }
  bitboard neighbours(int cell) const { return nbmask_[idx(cell)]; }
  // A jump from `cell` in direction d as bits: the cell jumped over and the landing cell;
  // both 0 when the landing is off the board, so a test against them simply fails.
  bitboard jump_over(int cell, int d) const {
    return over_[idx(cell)][static_cast<std::size_t>(d)];
  }
  bitboard jump_land(int cell, int d) const {
    return land_[idx(cell)][static_cast<std::size_t>(d)];
  }
  // Bits of the neighbours in directions d and d+1 (only those on the start board); a ring is
  // free when, for some d, none of these holds a ring.
  bitboard free_pair(int cell, int d) const {
    return pair_[idx(cell)][static_cast<std::size_t>(d)];
  }

  // The cells whose neighbour in direction d is in `set`: the whole board moves one step at
  // once, a few shifts per direction (one per run of columns with the same index offset).
  bitboard toward(bitboard set, int d) const {
    bitboard out = 0;
    const auto& segs = seg_[static_cast<std::size_t>(d)];
    for (int i = 0; i < nseg_[static_cast<std::size_t>(d)]; ++i) {
      const segment& g = segs[static_cast<std::size_t>(i)];
      out |= (g.shift >= 0 ? set >> g.shift : set << -g.shift) & g.mask;
    }
    return out;
  }
  // The cells with at least one neighbour in `set`.
  bitboard around(bitboard set) const {
    bitboard out = 0;
    for (int d = 0; d < direction_count; ++d) out |= toward(set, d);
    return out;
  }

  // "d4" for a cell; the name never changes during the game.
  const std::string& name(int cell) const { return names_[idx(cell)]; }
  // Cell index of a name like "d4", or no_cell when the name is not a cell of this board.
  int find(std::string_view name) const;
  // Cell at column x and axial row r, or no_cell.
  int at_row(int x, int r) const;

 private:
  board(int rings, const int* fc, const int* len, int columns);
  static std::size_t idx(int cell) { return static_cast<std::size_t>(cell); }
  void add_to_segment(int d, int shift, bitboard cell);

  struct segment {
    int shift = 0;      // index of the neighbour minus index of the cell
    bitboard mask = 0;  // the cells this shift applies to
  };

  int cells_ = 0;
  int columns_ = 0;
  bitboard all_ = 0;
  std::array<int, max_columns> len_{};
  std::array<int, max_columns> start_{};
  std::array<int, max_columns> base_row_{};
  std::array<int, max_cells> col_{};
  std::array<std::array<std::int8_t, direction_count>, max_cells> nb_{};
  std::array<std::array<std::int8_t, direction_count>, max_cells> jump_{};
  std::array<bitboard, max_cells> nbmask_{};
  std::array<std::array<bitboard, direction_count>, max_cells> over_{};
  std::array<std::array<bitboard, direction_count>, max_cells> land_{};
  std::array<std::array<bitboard, direction_count>, max_cells> pair_{};
  std::array<std::string, max_cells> names_{};
  std::array<std::array<segment, max_cells>, direction_count> seg_{};
  std::array<int, direction_count> nseg_{};
};

}  // namespace ringside::zertz
