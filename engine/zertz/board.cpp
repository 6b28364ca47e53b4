#include "engine/zertz/board.hpp"

#include <algorithm>

namespace ringside::zertz {

namespace {

constexpr std::array<int, direction_count> dx{0, 1, 1, 0, -1, -1};
constexpr std::array<int, direction_count> dy{2, 1, -1, -2, -1, 1};

struct shape {
  int rings;
  int columns;
  std::array<int, max_columns> fc;
  std::array<int, max_columns> len;
};

// The table of zertz-rules.md §1.
constexpr std::array<shape, 6> shapes{{
    {37, 7, {3, 2, 1, 0, 1, 2, 3}, {4, 5, 6, 7, 6, 5, 4}},
    {40, 8, {3, 2, 1, 0, 1, 2, 3, 4}, {4, 5, 6, 7, 6, 5, 4, 3}},
    {43, 8, {3, 2, 1, 0, 1, 2, 3, 4}, {4, 5, 6, 7, 7, 6, 5, 3}},
    {44, 7, {3, 2, 1, 0, 1, 2, 3}, {5, 6, 7, 8, 7, 6, 5}},
    {48, 8, {3, 2, 1, 0, 1, 2, 3, 4}, {5, 6, 7, 8, 7, 6, 5, 4}},
    {61, 9, {4, 3, 2, 1, 0, 1, 2, 3, 4}, {5, 6, 7, 8, 9, 8, 7, 6, 5}},
}};

}  // namespace

const board* board::get(int rings) {
  // Built once, on first use, thread-safe by the rules of function-local statics.
  static const std::array<board, 6> boards = [] {
    return std::array<board, 6>{
        board(shapes[0].rings, shapes[0].fc.data(), shapes[0].len.data(), shapes[0].columns),
        board(shapes[1].rings, shapes[1].fc.data(), shapes[1].len.data(), shapes[1].columns),
        board(shapes[2].rings, shapes[2].fc.data(), shapes[2].len.data(), shapes[2].columns),
        board(shapes[3].rings, shapes[3].fc.data(), shapes[3].len.data(), shapes[3].columns),
        board(shapes[4].rings, shapes[4].fc.data(), shapes[4].len.data(), shapes[4].columns),
        board(shapes[5].rings, shapes[5].fc.data(), shapes[5].len.data(), shapes[5].columns)};
  }();
  for (const board& b : boards) {
    if (b.rings() == rings) return &b;
  }
  return nullptr;
}

board::board(int rings, const int* fc, const int* len, int columns)
    : cells_(rings), columns_(columns) {
  std::array<int, max_cells> xs{};
  std::array<int, max_cells> ys{};
  int n = 0;
  int c_min = 1 << 20;
  for (int x = 0; x < columns; ++x) {
    const auto ux = static_cast<std::size_t>(x);
    len_[ux] = len[x];
    start_[ux] = n;
    c_min = std::min(c_min, fc[x] + x);
    for (int k = 0; k < len[x]; ++k) {
      const auto un = static_cast<std::size_t>(n);
      xs[un] = x;
      ys[un] = fc[x] + 2 * k;
      col_[un] = x;
      names_[un] = std::string(1, static_cast<char>('a' + x)) + std::to_string(k + 1);
      ++n;
    }
  }
  for (int x = 0; x < columns; ++x)
    base_row_[static_cast<std::size_t>(x)] = (fc[x] + x - c_min) / 2;
  all_ = n == 64 ? ~bitboard{0} : (bit(n) - 1);

  auto find_xy = [&](int x, int y) -> int {
    if (x < 0 || x >= columns) return no_cell;
    const int off = y - fc[x];
    if (off < 0 || off % 2 != 0 || off / 2 >= len[x]) return no_cell;
    return start_[static_cast<std::size_t>(x)] + off / 2;
  };
  for (int c = 0; c < n; ++c) {
    const auto uc = static_cast<std::size_t>(c);
    for (int d = 0; d < direction_count; ++d) {
      const auto ud = static_cast<std::size_t>(d);
      const int a = find_xy(xs[uc] + dx[ud], ys[uc] + dy[ud]);
      const int j = find_xy(xs[uc] + 2 * dx[ud], ys[uc] + 2 * dy[ud]);
      nb_[uc][ud] = static_cast<std::int8_t>(a);
      jump_[uc][ud] = static_cast<std::int8_t>(a == no_cell ? no_cell : j);
      if (a != no_cell) nbmask_[uc] |= bit(a);
      if (a != no_cell && j != no_cell) {
        over_[uc][ud] = bit(a);
        land_[uc][ud] = bit(j);
      }
    }
    for (int d = 0; d < direction_count; ++d) {
      const int a = nb_[uc][static_cast<std::size_t>(d)];
      if (a != no_cell) add_to_segment(d, a - c, bit(c));
    }
    for (int d = 0; d < direction_count; ++d) {
      bitboard m = 0;
      for (int e : {d, (d + 1) % direction_count}) {
        const int a = nb_[uc][static_cast<std::size_t>(e)];
        if (a != no_cell) m |= bit(a);
      }
      pair_[uc][static_cast<std::size_t>(d)] = m;
    }
  }
}

void board::add_to_segment(int d, int shift, bitboard cell) {
  auto& segs = seg_[static_cast<std::size_t>(d)];
  int& n = nseg_[static_cast<std::size_t>(d)];
  for (int i = 0; i < n; ++i) {
    if (segs[static_cast<std::size_t>(i)].shift == shift) {
      segs[static_cast<std::size_t>(i)].mask |= cell;
      return;
    }
  }
  segs[static_cast<std::size_t>(n++)] = segment{shift, cell};
}

int board::find(std::string_view name) const {
  if (name.size() < 2 || name.size() > 3) return no_cell;
  const int x = name[0] - 'a';
  if (x < 0 || x >= columns_) return no_cell;
  if (name[1] < '1' || name[1] > '9') return no_cell;
  int k = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return no_cell;
    k = k * 10 + (name[i] - '0');
  }
  if (k < 1 || k > len_[static_cast<std::size_t>(x)]) return no_cell;
  return start_[static_cast<std::size_t>(x)] + k - 1;
}

int board::at_row(int x, int r) const {
  if (x < 0 || x >= columns_) return no_cell;
  const auto ux = static_cast<std::size_t>(x);
  const int k = r - base_row_[ux];
  if (k < 0 || k >= len_[ux]) return no_cell;
  return start_[ux] + k;
}

}  // namespace ringside::zertz
