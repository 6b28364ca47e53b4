#include "clients/cli/board_renderer.hpp"

#include <climits>
#include <set>

#include "clients/cli/board_geometry.hpp"
#include "clients/cli/board_panel.hpp"
#include "clients/cli/cli_game.hpp"
#include "clients/cli/game_words.hpp"
#include "clients/cli/move_tokens.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

constexpr int column_step = 4;  // screen columns between neighbouring board columns
constexpr int left_margin = 3;  // room for a cell name left of column a

// Marbles by background so the three colours stay distinct on dark and light terminals; a
// black marble gets its whole ring in the colour, a frame that shows on a black background.
std::string marble_code(const std::string& m) {
  if (m == "W") return "1;30;107";
  if (m == "G") return "1;97;100";
  if (m == "B") return "1;97;40";
  return "1";
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = text.find(sep, start);
    out.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

// What the last move touched: the placement or every cell of a capture chain (`touched`),
// the ring a placement removed, and the rings whose marbles the chain jumped (halfway between
// each landing), so the eye finds what just happened.
struct last_cells {
  std::set<std::string> touched, jumped, isolated;
  std::string removed;
};

last_cells last_move_cells(const json& state, const board_geometry& geo) {
  last_cells out;
  const json& last = field(state, "last_move");
  if (const json& iso = field(last, "isolated"); iso.is_array())
    for (const auto& c : iso)
      if (c.is_string()) out.isolated.insert(c.get<std::string>());
  const std::string text = field_string(last, "move");
  if (text.size() < 3 || text == "pass") return out;
  const std::string body = text.substr(1);
  if (body.find('x') == std::string::npos) {
    const auto parts = split(body, '-');
    out.touched.insert(parts[0]);
    if (parts.size() > 1) out.removed = parts[1];
    return out;
  }
  const auto chain = split(body, 'x');
  for (std::size_t i = 0; i < chain.size(); ++i) {
    out.touched.insert(chain[i]);
    if (i == 0) continue;
    const auto a = geo.parse(chain[i - 1]), b = geo.parse(chain[i]);
    if (!a || !b) continue;
    const int ya = geo.height(a->x, a->k), yb = geo.height(b->x, b->k);
    if ((a->x + b->x) % 2 != 0 || (ya + yb) % 2 != 0) continue;
    if (const auto mid = geo.at_height((a->x + b->x) / 2, (ya + yb) / 2))
      out.jumped.insert(board_geometry::name(mid->x, mid->k));
  }
  return out;
}

std::string counts_text(const json& counts) {
  std::string out;
  for (const char* c : {"W", "G", "B"}) {
    const json& n = field(counts, c);
    if (!out.empty()) out += ' ';
    out += c;
    out += n.is_number_integer() ? std::to_string(n.get<long long>()) : "?";
  }
  return out;
}

std::vector<std::string> zertz_panel(const json& state, const render_options& opt) {
  auto lines = panel_header(state, "ZERTZ " + visible(field_string(state, "variant")) + " " +
                                       std::to_string(field_int(state, "board", 37)));
  const json& captured = field(state, "captured");
  for (int seat = 1; seat <= 2; ++seat) {
    lines.push_back(panel_player(state, seat, opt));
    const auto i = static_cast<std::size_t>(seat - 1);
    lines.push_back("    captured " + counts_text(captured.is_array() && captured.size() > i
                                                      ? captured[i]
                                                      : null_json()));
  }
  lines.push_back("Pool " + counts_text(field(state, "pool")));
  for (auto& l : panel_footer(state, opt)) lines.push_back(std::move(l));
  return lines;
}

// "You must capture: Bd1xd3xd5, Be3xc4" (or whose capture it is), while the game runs.
std::vector<std::string> capture_lines(const json& state, const render_options& opt) {
  const json& must = field(state, "must_capture");
  if (field_string(state, "status") != "playing" || !must.is_boolean() || !must.get<bool>())
    return {};
  auto tokens = capture_tokens(state);
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) tokens[i] += ',';
  const int to_move = field_int(state, "to_move", 0);
  const bool mine = opt.seat && *opt.seat == to_move;
  const std::string who = mine ? "You must capture:" : seat_name(state, to_move) + " must capture:";
  return wrap_words(tokens, who + " ", "   ", 80);
}

}  // namespace

std::vector<std::string> render_zertz(const json& state, const render_options& opt) {
  const board_geometry geo(field_int(state, "board", 37));
  const int top = geo.max_height();
  const int width = left_margin + column_step * (geo.columns() - 1) + 3 + 3;
  text_grid grid(top + 1, width);
  auto row_of = [&](int x, int k) { return top - geo.height(x, k); };
  auto col_of = [&](int x) { return left_margin + column_step * x; };

  const json& rings = field(state, "rings");
  if (!opt.coords) {
    // Each screen row names its leftmost ring on the left and its rightmost on the right,
    // next to the ring itself, so a label never stands beside another ring.
    std::vector<std::pair<int, int>> first(static_cast<std::size_t>(top + 1), {INT_MAX, 0});
    std::vector<std::pair<int, int>> last(static_cast<std::size_t>(top + 1), {-1, 0});
    for (int x = 0; x < geo.columns(); ++x)
      for (int k = 1; k <= geo.length(x); ++k) {
        if (!field(rings, board_geometry::name(x, k)).is_string()) continue;  // removed
        const auto r = static_cast<std::size_t>(row_of(x, k));
        if (x < first[r].first) first[r] = {x, k};
        if (x > last[r].first) last[r] = {x, k};
      }
    for (std::size_t r = 0; r < first.size(); ++r) {
      if (last[r].first < 0) continue;
      const auto [fx, fk] = first[r];
      grid.put(static_cast<int>(r), col_of(fx) - 3, board_geometry::name(fx, fk), "2");
      const auto [lx, lk] = last[r];
      if (lx != fx)
        grid.put(static_cast<int>(r), col_of(lx) + 4, board_geometry::name(lx, lk), "2");
    }
  }

  const last_cells lm = last_move_cells(state, geo);
  for (int x = 0; x < geo.columns(); ++x) {
    for (int k = 1; k <= geo.length(x); ++k) {
      const std::string cell = board_geometry::name(x, k);
      const int row = row_of(x, k), col = col_of(x);
      const json& ring = field(rings, cell);
      if (!ring.is_string()) {  // a removed ring is simply gone
        if (lm.isolated.count(cell) != 0)
          grid.put(row, col, " * ", "1;31");
        else if (cell == lm.removed)
          grid.put(row, col, " x ", "2");
        continue;
      }
      const std::string m = ring.get<std::string>();
      if (opt.coords) {
        grid.put(row, col, cell, m.empty() ? "" : marble_code(m));
        if (!m.empty()) grid.put(row, col + 2, m.substr(0, 1), marble_code(m));
        continue;
      }
      const bool hot = lm.touched.count(cell) != 0;
      const std::string frame = hot ? "1;33" : m == "B" ? marble_code(m) : m.empty() ? "2" : "";
      grid.put(row, col, hot ? "[" : "(", frame);
      if (!m.empty())
        grid.put(row, col + 1, m.substr(0, 1), marble_code(m));
      else if (lm.jumped.count(cell) != 0)
        grid.put(row, col + 1, "x", "1;31");
      grid.put(row, col + 2, hot ? "]" : ")", frame);
    }
  }
  auto lines = side_by_side(grid.lines(opt.color), zertz_panel(state, opt),
                            static_cast<std::size_t>(width) + 2);
  for (auto& l : capture_lines(state, opt)) lines.push_back(std::move(l));
  for (auto& l : lines_under(state, opt)) lines.push_back(std::move(l));
  return lines;
}

std::vector<std::string> render_room(const json& state, const render_options& opt) {
  return cli_game_of(state).render(state, opt);
}

std::string render_board(const json& state, const render_options& opt) {
  std::string out;
  for (const auto& line : render_room(state, opt)) out += line + "\n";
  return out;
}

}  // namespace ringside::cli
