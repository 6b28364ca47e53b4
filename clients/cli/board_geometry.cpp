#include "clients/cli/board_geometry.hpp"

#include <algorithm>
#include <charconv>

namespace ringside::cli {

board_geometry::board_geometry(int rings) {
  switch (rings) {
    case 40:
      offsets_ = {3, 2, 1, 0, 1, 2, 3, 4}, lengths_ = {4, 5, 6, 7, 6, 5, 4, 3};
      break;
    case 43:
      offsets_ = {3, 2, 1, 0, 1, 2, 3, 4}, lengths_ = {4, 5, 6, 7, 7, 6, 5, 3};
      break;
    case 44:
      offsets_ = {3, 2, 1, 0, 1, 2, 3}, lengths_ = {5, 6, 7, 8, 7, 6, 5};
      break;
    case 48:
      offsets_ = {3, 2, 1, 0, 1, 2, 3, 4}, lengths_ = {5, 6, 7, 8, 7, 6, 5, 4};
      break;
    case 61:
      offsets_ = {4, 3, 2, 1, 0, 1, 2, 3, 4}, lengths_ = {5, 6, 7, 8, 9, 8, 7, 6, 5};
      break;
    default:
      offsets_ = {3, 2, 1, 0, 1, 2, 3}, lengths_ = {4, 5, 6, 7, 6, 5, 4};
      break;
  }
}

int board_geometry::max_height() const {
  int top = 0;
  for (int x = 0; x < columns(); ++x) top = std::max(top, height(x, length(x)));
  return top;
}

std::optional<cell_pos> board_geometry::parse(std::string_view name) const {
  if (name.size() < 2 || name[0] < 'a') return std::nullopt;
  const int x = name[0] - 'a';
  if (x >= columns()) return std::nullopt;
  int k = 0;
  const auto* end = name.data() + name.size();
  const auto [ptr, ec] = std::from_chars(name.data() + 1, end, k);
  if (ec != std::errc() || ptr != end || k < 1 || k > length(x)) return std::nullopt;
  return cell_pos{x, k};
}

std::optional<cell_pos> board_geometry::at_height(int x, int y) const {
  if (x < 0 || x >= columns()) return std::nullopt;
  const int rise = y - offsets_[static_cast<std::size_t>(x)];
  if (rise < 0 || rise % 2 != 0 || rise / 2 + 1 > length(x)) return std::nullopt;
  return cell_pos{x, rise / 2 + 1};
}

std::string board_geometry::name(int x, int k) {
  std::string out(1, static_cast<char>('a' + x));
  out += std::to_string(k);  // appended, not `+`: GCC 12 warns falsely (-Wrestrict) on that
  return out;
}

}  // namespace ringside::cli
