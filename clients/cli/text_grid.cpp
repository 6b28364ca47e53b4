#include "clients/cli/text_grid.hpp"

#include <algorithm>

namespace ringside::cli {

namespace {

bool paints_background(std::string_view code) {
  std::size_t start = 0;
  while (start < code.size()) {
    const auto end = std::min(code.find(';', start), code.size());
    int n = 0;
    for (std::size_t i = start; i < end; ++i) n = n * 10 + (code[i] - '0');
    if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

std::string paint(bool on, std::string_view code, std::string_view text) {
  if (!on || code.empty()) return std::string(text);
  std::string out = "\x1b[";
  out += code;
  out += 'm';
  out += text;
  out += "\x1b[0m";
  return out;
}

text_grid::text_grid(int rows, int columns)
    : cells_(static_cast<std::size_t>(std::max(rows, 0)),
             std::vector<cell>(static_cast<std::size_t>(std::max(columns, 0)))) {}

void text_grid::put(int row, int col, std::string_view text, std::string_view code) {
  if (row < 0 || row >= rows()) return;
  auto& line = cells_[static_cast<std::size_t>(row)];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const long c = col + static_cast<long>(i);
    if (c < 0 || c >= static_cast<long>(line.size())) continue;
    line[static_cast<std::size_t>(c)] = {text[i], std::string(code)};
  }
}

std::vector<std::string> text_grid::lines(bool color) const {
  std::vector<std::string> out;
  for (const auto& row : cells_) {
    std::string text;
    std::string open;
    std::size_t end = row.size();
    while (end > 0 && row[end - 1].ch == ' ' && !paints_background(row[end - 1].code)) --end;
    for (std::size_t i = 0; i < end; ++i) {
      // A space looks the same under any foreground colour, so it does not break a run.
      const std::string& want =
          row[i].ch == ' ' && !paints_background(row[i].code) && !paints_background(open)
              ? open
              : row[i].code;
      if (color && want != open) {
        if (!open.empty()) text += "\x1b[0m";
        if (!want.empty()) text += "\x1b[" + want + "m";
        open = want;
      }
      text += row[i].ch;
    }
    if (color && !open.empty()) text += "\x1b[0m";
    out.push_back(std::move(text));
  }
  return out;
}

}  // namespace ringside::cli
