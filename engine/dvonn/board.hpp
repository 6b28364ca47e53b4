#pragma once
// dvonn::board — the geometry of the one DVONN board: cells, names, neighbours, landing cells.
//
// A cell at column c (a..k = 0..10) and row r (1..5 = 0..4) is bit 11·r + c of a uint64_t
// (Stockfish's "square" idea on an 11×5 grid, 55 bits of which 49 are on the board). Bit order
// is then the spec's field order (row 1 a→i, row 2 a→j, ...), so walking a bitboard from its
// lowest bit lists cells in field order, and each of the six directions is one shift:
//   east (c+1) +1, west (c−1) −1, up (r+1, the column) +11, down −11,
//   up-right (c+1, r+1, the diagonal) +12, down-left −12.
// Everything here is computed at compile time.

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

namespace ringside::dvonn {

using bitboard = std::uint64_t;
using square = int;  // 0..54; only the 49 on_board() ones are cells

inline constexpr int cell_count = 49;
inline constexpr int grid_columns = 11;
inline constexpr int grid_rows = 5;
inline constexpr int grid_squares = grid_columns * grid_rows;
inline constexpr int direction_count = 6;
inline constexpr square no_square = -1;
// The farthest two cells of one line lie 10 steps apart; a higher stack can never move.
inline constexpr int max_reach = 10;

// Directions as (column, row) steps; the opposite of d is (d + 3) % 6.
inline constexpr std::array<int, direction_count> step_column{1, 1, 0, -1, -1, 0};
inline constexpr std::array<int, direction_count> step_row{0, 1, 1, 0, -1, -1};

constexpr bitboard bit(square s) {
  return bitboard{1} << s;
}
constexpr int column_of(square s) {
  return s % grid_columns;
}
constexpr int row_of(square s) {
  return s / grid_columns;
}
// The cell at column c, row r (0-based), or no_square when that is off the board: column a
// holds rows 1-3, b 1-4, c..i 1-5, j 2-5, k 3-5 (spec §1), i.e. −2 <= c − r <= 8.
constexpr square square_at(int c, int r) {
  if (c < 0 || c >= grid_columns || r < 0 || r >= grid_rows) return no_square;
  if (c - r < -2 || c - r > 8) return no_square;
  return r * grid_columns + c;
}

namespace detail {

constexpr bitboard make_board() {
  bitboard b = 0;
  for (int r = 0; r < grid_rows; ++r) {
    for (int c = 0; c < grid_columns; ++c) {
      if (square_at(c, r) != no_square) b |= bit(square_at(c, r));
    }
  }
  return b;
}

constexpr bitboard make_column(int c) {
  bitboard b = 0;
  for (int r = 0; r < grid_rows; ++r) b |= bit(r * grid_columns + c);
  return b;
}

// The cells `steps` cells away from s, one per direction that stays on the board.
constexpr bitboard make_landing(square s, int steps) {
  bitboard b = 0;
  for (int d = 0; d < direction_count; ++d) {
    const square t = square_at(column_of(s) + steps * step_column[static_cast<std::size_t>(d)],
                               row_of(s) + steps * step_row[static_cast<std::size_t>(d)]);
    if (t != no_square) b |= bit(t);
  }
  return b;
}

// landing[s][h]: where a stack of height h on s may land; 0 for h = 0 and h > max_reach.
using landing_table = std::array<std::array<bitboard, max_reach + 2>, grid_squares>;
constexpr landing_table make_landings() {
  landing_table t{};
  for (square s = 0; s < grid_squares; ++s) {
    if (square_at(column_of(s), row_of(s)) == no_square) continue;
    for (int h = 1; h <= max_reach; ++h) {
      t[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)] = make_landing(s, h);
    }
  }
  return t;
}

constexpr bitboard make_interior() {
  bitboard b = 0;
  for (square s = 0; s < grid_squares; ++s) {
    if (square_at(column_of(s), row_of(s)) == no_square) continue;
    if (std::popcount(make_landing(s, 1)) == direction_count) b |= bit(s);
  }
  return b;
}

}  // namespace detail

inline constexpr bitboard board_mask = detail::make_board();
inline constexpr bitboard column_a = detail::make_column(0);
inline constexpr bitboard column_k = detail::make_column(grid_columns - 1);
// Cells with all six neighbours on the board: the only ones the blocking rule can block.
inline constexpr bitboard interior = detail::make_interior();
inline constexpr detail::landing_table landings = detail::make_landings();

constexpr bool on_board(square s) {
  return s >= 0 && s < grid_squares && (board_mask & bit(s)) != 0;
}

// The cells a stack of height h on s can reach in a move (6 at most), whether occupied or not.
constexpr bitboard landing_cells(square s, int height) {
  return height > max_reach
             ? 0
             : landings[static_cast<std::size_t>(s)][static_cast<std::size_t>(height)];
}

// Every cell next to a cell of `set`: six shifts; a shift that would wrap from column k to a
// (or back) is masked off, and so is anything off the board.
constexpr bitboard around(bitboard set) {
  const bitboard right = (set << 1 | set << 12) & ~column_a;
  const bitboard left = (set >> 1 | set >> 12) & ~column_k;
  return (right | left | set << 11 | set >> 11) & board_mask;
}

// The cells of `within` connected to `seeds` through cells of `within` (seeds included when
// they lie in `within`).
constexpr bitboard flood(bitboard seeds, bitboard within) {
  bitboard reach = seeds & within;
  for (;;) {
    const bitboard next = reach | (around(reach) & within);
    if (next == reach) return reach;
    reach = next;
  }
}

// Interior cells whose six neighbours all hold a stack: for an interior cell no shift wraps,
// so the six neighbour tests are six shifts of the occupancy.
constexpr bitboard surrounded(bitboard occupied) {
  const bitboard o = occupied;
  return interior & o >> 1 & o << 1 & o >> 11 & o << 11 & o >> 12 & o << 12;
}

// "e3" for a cell. Precondition: on_board(s).
std::string_view name_of(square s);
// The cell named by two characters like "e3" or "E3", or no_square.
square find_square(std::string_view name);

inline int popcount(bitboard b) {
  return std::popcount(b);
}
inline square lowest(bitboard b) {
  return std::countr_zero(b);
}

static_assert(std::popcount(board_mask) == cell_count);
static_assert(std::popcount(interior) == 25);

}  // namespace ringside::dvonn
