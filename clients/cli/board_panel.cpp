#include "clients/cli/board_panel.hpp"

#include <algorithm>

#include "clients/cli/game_words.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"
#include "clients/cli/text_grid.hpp"
#include "clients/cli/text_width.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

constexpr std::size_t line_width = 80;

std::optional<long long> clock_of(const json& state, int seat, const render_options& opt) {
  const auto i = static_cast<std::size_t>(seat - 1);
  if (opt.clock_ms[i]) return opt.clock_ms[i];
  const json& players = field(state, "players");
  const json& ms =
      field(players.is_array() && players.size() > i ? players[i] : null_json(), "clock_ms");
  if (!ms.is_number_integer()) return std::nullopt;
  return ms.get<long long>();
}

}  // namespace

std::string clock_text(long long ms) {
  const long long total = std::max<long long>(0, ms) / 1000;
  // A correspondence clock counts days: "2 d 4 h".
  if (total >= 86400)
    return std::to_string(total / 86400) + " d " + std::to_string(total % 86400 / 3600) + " h";
  return std::to_string(total / 60) + (total % 60 < 10 ? ":0" : ":") + std::to_string(total % 60);
}

std::vector<std::string> panel_header(const json& state, const std::string& title) {
  std::vector<std::string> lines;
  lines.push_back("Room " + visible(field_string(state, "room")) + "  " + title);
  const std::string status = field_string(state, "status");
  if (status == "waiting")
    lines.push_back("Waiting for a second player");
  else if (status == "playing")
    lines.push_back("Playing, move " + std::to_string(field_int(state, "ply", 0) + 1));
  else if (const auto plies = field_int(state, "ply", 0); status == "finished")
    lines.push_back("Finished after " + std::to_string(plies) + (plies == 1 ? " move" : " moves"));
  else
    lines.push_back(visible(status));
  return lines;
}

std::string panel_player(const json& state, int seat, const render_options& opt) {
  const json& players = field(state, "players");
  const auto i = static_cast<std::size_t>(seat - 1);
  const json& p = players.is_array() && players.size() > i ? players[i] : null_json();
  const bool playing = field_string(state, "status") == "playing";
  const bool turn = playing && field_int(state, "to_move", 0) == seat;
  // 14 columns of a name keep the 61-ring board and its panel within 80 columns.
  std::string name =
      p.is_object() ? fit_width(visible(field_string(p, "name")), 14) : "(empty seat)";
  if (p.is_object() && field(p, "online").is_boolean() && !field(p, "online").get<bool>())
    name += " (away)";
  if (opt.seat == seat) name += " (you)";
  // A rated room's rating: "1500?" while provisional, then the game's change at the end.
  // (Appended piece by piece: GCC 12 warns -Wrestrict falsely on `" " + std::to_string`.)
  if (p.is_object() && field(p, "rating").is_number_integer()) {
    name.append(" ").append(std::to_string(field(p, "rating").get<int>()));
    if (field(p, "provisional").is_boolean() && field(p, "provisional").get<bool>()) name += "?";
    if (const json& change = field(p, "rating_change"); change.is_number_integer()) {
      const int c = change.get<int>();
      name.append(c < 0 ? " (-" : " (+").append(std::to_string(c < 0 ? -c : c)).append(")");
    }
  }
  std::string line = std::string(turn ? "> " : "  ") + name;
  if (const auto ms = clock_of(state, seat, opt)) {
    line.append(std::max<std::size_t>(1, 20 - std::min<std::size_t>(20, visible_width(line))), ' ');
    std::string clock = clock_text(*ms);
    // The clock starts with this player's first move; a correspondence turn has a date.
    if (const json& started = field(p, "clock_started"); started.is_boolean() && !started.get<bool>())
      clock += " (starts at first move)";
    else if (const json& due = field(p, "deadline"); due.is_string())
      clock += " left, due " + visible(due.get<std::string>().substr(0, 16)) + " UTC";
    line += turn && *ms <= 10000 ? paint(opt.color, "1;31", clock + " !") : clock;
  }
  return turn ? paint(opt.color, "1", line) : line;
}

std::vector<std::string> panel_footer(const json& state, const render_options& opt) {
  std::vector<std::string> lines;
  const bool playing = field_string(state, "status") == "playing";
  const json& offer = field(state, "draw_offer");
  if (playing && offer.is_number_integer())
    lines.push_back(
        paint(opt.color, "1;36", "Draw offered by " + seat_name(state, offer.get<int>())));
  if (!playing) return lines;
  const int to_move = field_int(state, "to_move", 0);
  if (opt.seat && *opt.seat == to_move)
    lines.push_back(paint(opt.color, "1;33", "Your move"));
  else if (to_move == 1 || to_move == 2)
    lines.push_back(seat_name(state, to_move) + " to move");
  return lines;
}

std::vector<std::string> lines_under(const json& state, const render_options& opt) {
  std::vector<std::string> lines;
  if (const std::string last = last_move_words(state); !last.empty())
    for (auto& l : wrap_words({last}, "Last: ", "      ", line_width)) lines.push_back(l);
  if (const std::string result = result_words(state); !result.empty())
    lines.push_back(paint(opt.color, "1;32", fit_width("Game over: " + result + ".", line_width)));
  return lines;
}

std::vector<std::string> side_by_side(const std::vector<std::string>& board,
                                      const std::vector<std::string>& panel, std::size_t panel_at) {
  std::vector<std::string> out;
  for (std::size_t r = 0; r < std::max(board.size(), panel.size()); ++r) {
    std::string line = r < board.size() ? board[r] : "";
    if (r < panel.size()) {
      line.append(panel_at - std::min(panel_at, visible_width(line)), ' ');
      line += panel[r];
    }
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> wrap_words(const std::vector<std::string>& words, const std::string& first,
                                    const std::string& next, std::size_t width) {
  std::vector<std::string> out;
  std::string line = first;
  bool empty = true;
  for (const auto& w : words) {
    // A long sentence is one "word": split it at spaces too.
    std::size_t start = 0;
    while (start < w.size()) {
      auto end = w.find(' ', start);
      if (end == std::string::npos) end = w.size();
      const std::string piece = w.substr(start, end - start);
      start = end + 1;
      if (!empty && visible_width(line) + 1 + visible_width(piece) > width) {
        out.push_back(line);
        line = next;
        empty = true;
      }
      if (!empty) line += ' ';
      line += piece;
      empty = false;
    }
  }
  if (!empty) out.push_back(line);
  return out;
}

}  // namespace ringside::cli
