#include "clients/cli/board_renderer.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

#include "clients/cli/board_geometry.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

constexpr int column_step = 4;  // screen columns between neighbouring board columns
constexpr int left_margin = 3;  // room for row numbers left of column a

struct palette {
  bool on;
  std::string paint(std::string_view code, std::string_view text) const {
    if (!on) return std::string(text);
    return "\x1b[" + std::string(code) + "m" + std::string(text) + "\x1b[0m";
  }
};

// Marbles by background so the three colours stay distinct on dark and light terminals.
std::string marble_code(char m) {
  switch (m) {
    case 'W':
      return "1;30;107";
    case 'G':
      return "1;97;100";
    case 'B':
      return "1;97;40";
    default:
      return "0";
  }
}

// The cells the last move touched: the placement or every cell of a capture chain, so the
// eye finds what just happened; plus the ring a placement removed.
void last_move_cells(const json& state, std::set<std::string>& touched, std::string& removed) {
  const std::string text = field_string(field(state, "last_move"), "move");
  if (text.size() < 3) return;
  std::string body = text.substr(1);
  if (body.find('x') != std::string::npos) {
    std::size_t start = 0;
    while (start <= body.size()) {
      const auto end = body.find('x', start);
      touched.insert(body.substr(start, end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
  } else {
    const auto dash = body.find('-');
    touched.insert(body.substr(0, dash));
    if (dash != std::string::npos) removed = body.substr(dash + 1);
  }
}

std::string clock_text(const json& player) {
  const json& ms = field(player, "clock_ms");
  if (!ms.is_number()) return "";
  const auto total = std::max<long long>(0, ms.get<long long>()) / 1000;
  std::ostringstream out;
  out << total / 60 << ':' << (total % 60 < 10 ? "0" : "") << total % 60;
  return out.str();
}

std::string counts_text(const json& counts) {
  std::string out;
  for (const char* c : {"W", "G", "B"}) {
    const json& n = field(counts, c);
    out += std::string(out.empty() ? "" : " ") + c +
           (n.is_number_integer() ? std::to_string(n.get<long long>()) : "?");
  }
  return out;
}

struct screen_cell {
  char ch = ' ';
  std::string code;  // ANSI SGR parameters, empty for the default look
};

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

// One row of the board, with an escape sequence only where the colour changes, so a
// 61-ring board stays a few kilobytes even over a slow link.
std::string row_text(const std::vector<screen_cell>& row, const palette& pal) {
  std::string out;
  std::string open;
  // Trailing blanks are left out here: inside a colour run the caller could not trim them.
  std::size_t end = row.size();
  while (end > 0 && row[end - 1].ch == ' ') --end;
  for (std::size_t i = 0; i < end; ++i) {
    const screen_cell& cell = row[i];
    // A space looks the same under any foreground colour, so it does not break a run.
    const std::string want = cell.ch == ' ' && !paints_background(open) ? open : cell.code;
    if (pal.on && want != open) {
      if (!open.empty()) out += "\x1b[0m";
      if (!want.empty()) {
        out += "\x1b[";
        out += want;
        out += 'm';
      }
      open = want;
    }
    out += cell.ch;
  }
  if (!open.empty()) out += "\x1b[0m";
  return out;
}

std::vector<std::string> panel(const json& state, const render_options& opt, const palette& pal) {
  std::vector<std::string> lines;
  lines.push_back("Room " + field_string(state, "room") + "  " + field_string(state, "variant") +
                  " " + std::to_string(field_int(state, "board", 37)));
  const std::string status = field_string(state, "status");
  lines.push_back("Status " + status + "  ply " + std::to_string(field_int(state, "ply", 0)));
  const int to_move = field_int(state, "to_move", 0);
  const json& players = field(state, "players");
  const json& captured = field(state, "captured");
  for (int seat = 1; seat <= 2; ++seat) {
    const auto i = static_cast<std::size_t>(seat - 1);
    const json& p = players.is_array() && players.size() > i ? players[i] : null_json();
    // Names may be 24 characters; 14 keep the 61-ring board and its panel within 80 columns.
    std::string name = p.is_object() ? field_string(p, "name").substr(0, 14) : "(empty)";
    if (p.is_object() && field(p, "online").is_boolean() && !field(p, "online").get<bool>())
      name += " (away)";
    if (opt.seat == seat) name += " (you)";
    const bool turn = status == "playing" && to_move == seat;
    std::string line = std::string(turn ? "> " : "  ") + std::to_string(seat) + " " + name;
    if (const auto clock = clock_text(p); !clock.empty()) line += "  " + clock;
    lines.push_back(turn ? pal.paint("1", line) : line);
    const json& caps = captured.is_array() && captured.size() > i ? captured[i] : null_json();
    lines.push_back("    captured " + counts_text(caps));
  }
  lines.push_back("Pool " + counts_text(field(state, "pool")));
  const json& last = field(state, "last_move");
  if (last.is_object()) {
    std::string line =
        "Last " + field_string(last, "move") + " by " + std::to_string(field_int(last, "by", 0));
    const json& iso = field(last, "isolated");
    if (iso.is_array() && !iso.empty()) line += ", isolated " + std::to_string(iso.size());
    lines.push_back(line);
  }
  const json& offer = field(state, "draw_offer");
  if (!offer.is_null() && status == "playing")
    lines.push_back(pal.paint("1;36", "Draw offered by " + offer.dump()));
  const json& result = field(state, "result");
  if (result.is_object()) {
    const json& winner = field(result, "winner");
    std::string line =
        winner.is_number_integer() ? "Seat " + std::to_string(winner.get<int>()) + " wins" : "Tie";
    lines.push_back(pal.paint("1;32", line + " (" + field_string(result, "reason") + ")"));
  } else if (status == "playing" && opt.seat.has_value()) {
    lines.push_back(to_move == *opt.seat ? pal.paint("1;33", "Your move")
                                         : "Waiting for the other player");
  }
  return lines;
}

}  // namespace

std::size_t visible_width(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\x1b') {
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    // Count UTF-8 lead bytes only, so multi-byte characters are one column.
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
  }
  return n;
}

std::string render_board(const json& state, const render_options& opt) {
  const palette pal{opt.color};
  const board_geometry geo(field_int(state, "board", 37));
  const int top = geo.max_height();
  // Row 0 and the last row hold the column labels; each board height y is one screen row.
  const int rows = top + 3;
  const int width = left_margin + column_step * (geo.columns() - 1) + 3 + 3;
  std::vector<std::vector<screen_cell>> grid(
      static_cast<std::size_t>(rows), std::vector<screen_cell>(static_cast<std::size_t>(width)));
  auto put = [&](int row, int col, std::string_view text, std::string_view code) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      const auto c = static_cast<std::size_t>(col) + i;
      if (row < 0 || row >= rows || c >= grid[0].size()) continue;
      grid[static_cast<std::size_t>(row)][c] = {text[i], std::string(code)};
    }
  };
  auto screen_row = [&](int y) { return 1 + (top - y); };

  const json& rings = field(state, "rings");
  std::set<std::string> touched;
  std::string removed;
  last_move_cells(state, touched, removed);
  std::set<std::string> isolated;
  if (const json& iso = field(field(state, "last_move"), "isolated"); iso.is_array())
    for (const auto& c : iso)
      if (c.is_string()) isolated.insert(c.get<std::string>());

  for (int x = 0; x < geo.columns(); ++x) {
    const int col = left_margin + column_step * x;
    // Names of the column's end cells just past the edge: a player reads a cell name off the
    // nearest edge and counts in.
    put(screen_row(geo.height(x, geo.length(x))) - 1, col, board_geometry::name(x, geo.length(x)),
        "2");
    put(screen_row(geo.height(x, 1)) + 1, col, board_geometry::name(x, 1), "2");
    for (int k = 1; k <= geo.length(x); ++k) {
      const std::string cell = board_geometry::name(x, k);
      const int row = screen_row(geo.height(x, k));
      const json& ring = field(rings, cell);
      if (!ring.is_string()) {
        if (isolated.count(cell) != 0)
          put(row, col, " * ", "1;31");
        else if (cell == removed)
          put(row, col, " x ", "2");
        continue;  // a removed ring is simply gone
      }
      const std::string m = ring.get<std::string>();
      const bool hot = touched.count(cell) != 0;
      const std::string_view bracket = hot ? "1;33" : "2";
      put(row, col, hot ? "[" : "(", bracket);
      if (m.size() == 1)
        put(row, col + 1, m, marble_code(m[0]));
      else
        put(row, col + 1, " ", "");
      put(row, col + 2, hot ? "]" : ")", bracket);
    }
  }
  // Row numbers beside the outer columns, the only place a whole column is on the edge.
  for (int k = 1; k <= geo.length(0); ++k) {
    const auto label = std::to_string(k);
    put(screen_row(geo.height(0, k)), left_margin - 1 - static_cast<int>(label.size()), label, "2");
  }
  const int last = geo.columns() - 1;
  for (int k = 1; k <= geo.length(last); ++k)
    put(screen_row(geo.height(last, k)), left_margin + column_step * last + 4, std::to_string(k),
        "2");

  const auto side = panel(state, opt, pal);
  std::ostringstream out;
  const std::size_t lines = std::max(grid.size(), side.size());
  for (std::size_t r = 0; r < lines; ++r) {
    std::string line;
    if (r < grid.size()) line = row_text(grid[r], pal);
    line.append(static_cast<std::size_t>(width) -
                    std::min(visible_width(line), static_cast<std::size_t>(width)),
                ' ');
    if (r < side.size()) line += "  " + side[r];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
  if (field(state, "must_capture").is_boolean() && field(state, "must_capture").get<bool>()) {
    std::string line = "Capture is compulsory:";
    const json& caps = field(state, "captures");
    std::vector<std::string> tokens;
    if (caps.is_array())
      for (const auto& chain : caps) {
        if (!chain.is_array() || chain.empty() || !chain[0].is_string()) continue;
        std::string t = field_string(rings, chain[0].get<std::string>());
        for (std::size_t i = 0; i < chain.size(); ++i)
          if (chain[i].is_string()) t += (i ? "x" : "") + chain[i].get<std::string>();
        tokens.push_back(t);
      }
    for (const auto& t : tokens) {
      if (visible_width(line) + 1 + t.size() > 79) {
        out << line << '\n';
        line = "   ";
      }
      line += " " + t;
    }
    out << line << '\n';
  }
  return out.str();
}

}  // namespace ringside::cli
