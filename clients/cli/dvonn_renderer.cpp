#include "clients/cli/dvonn_renderer.hpp"

#include <set>

#include "clients/cli/board_panel.hpp"
#include "clients/cli/game_words.hpp"
#include "clients/cli/move_tokens.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

// dvonn-rules.md §1: columns a..k hold rows first_row..last_row; cell (c, r) sits x = 2c - r
// half-cells across, so each long row is a horizontal line and columns lean up to the left.
constexpr int columns = 11;
constexpr int first_row[columns] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2};
constexpr int last_row[columns] = {2, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4};
constexpr int half = 2;         // screen columns per half-cell
constexpr int left_margin = 7;  // the row number, and the top letters of columns c and d
constexpr int board_width = left_margin + half * 18 + 6;  // k3's glyph, bracket and row number

std::string cell_name(int c, int r) {
  std::string s(1, static_cast<char>('a' + c));
  s += static_cast<char>('1' + r);
  return s;
}

int screen_col(int c, int r) {
  return left_margin + half * (2 * c - r);
}

std::string owner_code(const std::string& stack) {
  if (stack.empty()) return "2";
  if (stack == "D") return "1;31";
  return stack.back() == 'W' ? "1;30;107" : stack.back() == 'B' ? "1;97;40" : "1;31";
}

std::vector<std::string> dvonn_panel(const json& state, const render_options& opt) {
  auto lines = panel_header(state, "DVONN");
  const bool placing = field_string(state, "phase") == "placement";
  if (placing)
    lines.push_back("Placing: " + std::to_string(field_int(state, "placed", 0)) + " of 49 placed");
  else if (field_string(state, "status") == "playing")
    lines.push_back("Moving stacks");
  const json& to_place = field(state, "to_place");
  const json& score = field(state, "score");
  for (int seat = 1; seat <= 2; ++seat) {
    const auto i = static_cast<std::size_t>(seat - 1);
    lines.push_back(panel_player(state, seat, opt));
    std::string detail = seat == 1 ? "    white, " : "    black, ";
    const json& left = to_place.is_array() && to_place.size() > i ? to_place[i] : null_json();
    if (placing && left.is_object()) {
      detail += "to place";
      for (const auto& [piece, n] : left.items())
        if (n.is_number_integer()) {
          // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on `" " + string`.
          detail += ' ';
          detail += visible(piece);
          detail += std::to_string(n.get<int>());
        }
      detail += ", ";
    }
    const json& s = score.is_array() && score.size() > i ? score[i] : null_json();
    if (s.is_number_integer()) detail += "score " + std::to_string(s.get<long long>());
    lines.push_back(detail);
  }
  for (auto& l : panel_footer(state, opt)) lines.push_back(std::move(l));
  return lines;
}

}  // namespace

std::string dvonn_glyph(const std::string& stack) {
  if (stack.empty()) return ".";
  if (stack == "D") return "D";
  std::string g(1, stack.back() == 'W' || stack.back() == 'B' ? stack.back() : '?');
  g += std::to_string(stack.size());
  if (stack.find('D') != std::string::npos) g += '*';
  return g;
}

std::vector<std::string> render_dvonn(const json& state, const render_options& opt) {
  text_grid grid(7, board_width);  // a letter row, rows 5..1, a letter row
  auto screen_row = [](int r) { return 5 - r; };
  const json& stacks = field(state, "stacks");
  const json& last = field(state, "last_move");
  std::set<std::string> removed, touched;
  if (const json& rm = field(last, "removed"); rm.is_object())
    for (const auto& [cell, stack] : rm.items()) removed.insert(cell);
  if (const std::string mv = field_string(last, "move"); mv.size() >= 2 && mv != "pass") {
    touched.insert(mv.substr(0, 2));
    if (mv.size() >= 4) touched.insert(mv.substr(mv.size() - 2));
  }
  for (int c = 0; c < columns; ++c) {
    const std::string letter(1, static_cast<char>('a' + c));
    // Column letters where each column's line runs off the board: below row 1, above row 5.
    if (first_row[c] == 0) grid.put(6, screen_col(c, -1) + 1, letter, "2");
    if (last_row[c] == 4) grid.put(0, screen_col(c, 5) + 1, letter, "2");
    for (int r = first_row[c]; r <= last_row[c]; ++r) {
      const std::string cell = cell_name(c, r);
      const int row = screen_row(r), col = screen_col(c, r);
      const json& s = field(stacks, cell);
      const std::string stack = s.is_string() ? s.get<std::string>() : "";
      if (opt.coords) {
        grid.put(row, col, cell, stack.empty() ? "" : owner_code(stack));
        continue;
      }
      const bool cut_off = stack.empty() && removed.count(cell) != 0;
      const std::string glyph = cut_off ? "x" : dvonn_glyph(visible(stack));
      // One-letter glyphs sit in the middle of the cell's three columns.
      const int start = col + (glyph.size() == 1 ? 1 : 0);
      grid.put(row, start, glyph, cut_off ? "1;31" : owner_code(stack));
      if (touched.count(cell) != 0) {
        grid.put(row, start - 1, "[", "1;33");
        grid.put(row, start + static_cast<int>(glyph.size()), "]", "1;33");
      }
    }
  }
  for (int r = 0; r < 5; ++r) {
    const std::string number(1, static_cast<char>('1' + r));
    int lo = columns, hi = -1;
    for (int c = 0; c < columns; ++c)
      if (r >= first_row[c] && r <= last_row[c]) lo = std::min(lo, c), hi = std::max(hi, c);
    grid.put(screen_row(r), screen_col(lo, r) - 3, number, "2");
    grid.put(screen_row(r), screen_col(hi, r) + 5, number, "2");
  }
  auto lines = side_by_side(grid.lines(opt.color), dvonn_panel(state, opt), board_width + 1);
  const int to_move = field_int(state, "to_move", 0);
  if (field_string(state, "status") == "playing" && opt.seat && *opt.seat == to_move) {
    const auto moves = legal_tokens(state);
    if (!moves.empty())
      lines.push_back(
          "Your move: " + std::to_string(moves.size()) +
          (moves.size() == 1 ? " legal move (" + moves[0] + ")" : " legal moves; Tab lists them"));
  }
  for (auto& l : lines_under(state, opt)) lines.push_back(std::move(l));
  return lines;
}

}  // namespace ringside::cli
