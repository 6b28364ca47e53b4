#pragma once
// board_geometry — where each cell of a ZÈRTZ board sits on screen. Layout only: the client
// never derives legality from it (zertz-rules.md §1: cell (column x, row k) is at height
// y = fc[x] + 2(k-1)).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringside::cli {

struct cell_pos {
  int x = 0;  // column, 0 for 'a'
  int k = 1;  // row within the column, 1 at the bottom
};

class board_geometry {
 public:
  // The full start board of `rings` rings (37, 40, 43, 44, 48, 61); 37 for anything else, so a
  // newer server's board still draws something rather than nothing.
  explicit board_geometry(int rings);

  int columns() const { return static_cast<int>(offsets_.size()); }
  int length(int x) const { return lengths_[static_cast<std::size_t>(x)]; }
  int height(int x, int k) const { return offsets_[static_cast<std::size_t>(x)] + 2 * (k - 1); }
  int max_height() const;  // the highest y of any cell

  // "d4" -> {3, 4}; empty for names that are not on this board.
  std::optional<cell_pos> parse(std::string_view name) const;
  // The cell of column x at height y; empty when there is none.
  std::optional<cell_pos> at_height(int x, int y) const;
  static std::string name(int x, int k);

 private:
  std::vector<int> offsets_;
  std::vector<int> lengths_;
};

}  // namespace ringside::cli
