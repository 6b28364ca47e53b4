#pragma once
// text_grid — a block of character cells, each with its own colour, written as text lines
// with an escape sequence only where the colour changes. The boards are drawn on one.

#include <string>
#include <string_view>
#include <vector>

#include "clients/cli/text_width.hpp"  // visible_width, for what is drawn beside a grid

namespace ringside::cli {

class text_grid {
 public:
  text_grid(int rows, int columns);

  // Writes `text` (ASCII; one cell per byte) at (row, col) in the SGR colour `code` ("" for
  // plain); whatever falls outside the grid is dropped.
  void put(int row, int col, std::string_view text, std::string_view code = {});

  // The rows as text, trailing blanks dropped; colour only when `color`.
  std::vector<std::string> lines(bool color) const;

  int rows() const { return static_cast<int>(cells_.size()); }

 private:
  struct cell {
    char ch = ' ';
    std::string code;
  };
  std::vector<std::vector<cell>> cells_;
};

// `text` in SGR colour `code` when `on`, as it is otherwise.
std::string paint(bool on, std::string_view code, std::string_view text);

}  // namespace ringside::cli
