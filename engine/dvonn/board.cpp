#include "engine/dvonn/board.hpp"

namespace ringside::dvonn {

namespace {

// Two characters per grid square, "a1" ... "k5"; off-board squares are never named.
constexpr std::array<char, 2 * grid_squares> make_names() {
  std::array<char, 2 * grid_squares> n{};
  for (square s = 0; s < grid_squares; ++s) {
    n[static_cast<std::size_t>(2 * s)] = static_cast<char>('a' + column_of(s));
    n[static_cast<std::size_t>(2 * s + 1)] = static_cast<char>('1' + row_of(s));
  }
  return n;
}

constexpr std::array<char, 2 * grid_squares> names = make_names();

}  // namespace

std::string_view name_of(square s) {
  return std::string_view(names.data() + 2 * s, 2);
}

square find_square(std::string_view name) {
  if (name.size() != 2) return no_square;
  const char letter =
      name[0] >= 'A' && name[0] <= 'Z' ? static_cast<char>(name[0] - 'A' + 'a') : name[0];
  const int c = letter - 'a';
  const int r = name[1] - '1';
  if (c < 0 || c >= grid_columns || r < 0 || r >= grid_rows) return no_square;
  return square_at(c, r);
}

}  // namespace ringside::dvonn
