// The terminal client's ZÈRTZ: its table (cli_game.hpp) and the wording only ZÈRTZ needs.
#include <algorithm>
#include <array>
#include <cctype>

#include "clients/cli/cli_game.hpp"
#include "clients/cli/command.hpp"
#include "clients/cli/game_words.hpp"
#include "clients/cli/move_tokens.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

int count_of(const json& counts, const char* colour) {
  return field_int(counts, colour, 0);
}

// The captures a ZÈRTZ variant wins on (zertz-rules.md §2): white, grey, black, each colour.
std::array<int, 4> win_thresholds(const std::string& variant) {
  if (variant == "blitz") return {3, 4, 5, 2};
  return {4, 5, 6, 3};
}

// "with 4 white marbles" / "with 3 marbles of each colour", read off the winner's captures.
std::string zertz_win(const json& state, int winner) {
  const json& captured = field(state, "captured");
  const auto i = static_cast<std::size_t>(winner - 1);
  const json& mine = captured.is_array() && captured.size() > i ? captured[i] : null_json();
  const auto t = win_thresholds(field_string(state, "variant"));
  const int w = count_of(mine, "W"), g = count_of(mine, "G"), b = count_of(mine, "B");
  if (w >= t[3] && g >= t[3] && b >= t[3])
    return "with " + std::to_string(std::min({w, g, b})) + " marbles of each colour";
  if (w >= t[0]) return "with " + plural(w, "white marble");
  if (g >= t[1]) return "with " + plural(g, "grey marble");
  if (b >= t[2]) return "with " + plural(b, "black marble");
  return "(captured W" + std::to_string(w) + " G" + std::to_string(g) + " B" + std::to_string(b) +
         ")";
}

std::string zertz_result(const json& state, const std::string& reason, int winner,
                         const std::string& won) {
  if (reason == "win_condition" && !won.empty()) return won + " " + zertz_win(state, winner);
  if (reason == "board_full" && !won.empty()) return won + ": the board is full";
  if (reason == "no_moves" && won.empty()) return "a draw: neither player can place or capture";
  return "";
}

std::vector<std::string> cells_of(const std::string& move, char separator) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= move.size()) {
    const auto end = move.find(separator, start);
    out.push_back(move.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string zertz_move(const json&, const json& last, const std::string& who) {
  const std::string move = field_string(last, "move");
  if (move == "pass") return who + " passed: nothing to place";
  if (move.size() < 3) return who + " played " + visible(move);
  const std::string colour = marble_word(move.substr(0, 1));
  std::string out;
  if (move.find('x') != std::string::npos) {
    const auto cells = cells_of(move.substr(1), 'x');
    out = who + " jumped " + colour + " from " + cells.front() + " to " + cells.back();
    const json& got = field(last, "captured");
    std::string list;
    for (const char* c : {"W", "G", "B"}) {
      const int n = count_of(got, c);
      if (n > 0) list += (list.empty() ? "" : ", ") + std::to_string(n) + " " + marble_word(c);
    }
    if (!list.empty()) out += ", capturing " + list;
  } else {
    const auto dash = move.find('-');
    out = who + " placed " + colour + " on " + move.substr(1, dash - 1);
    if (dash != std::string::npos) out += " and removed " + move.substr(dash + 1);
  }
  const json& iso = field(last, "isolated");
  if (iso.is_array() && !iso.empty())
    out += ", isolating " + plural(static_cast<int>(iso.size()), "ring");
  return visible(out);
}

std::vector<std::string> zertz_placements(const json& state) {
  std::vector<std::string> colours;
  const json& pool = field(state, "pool");
  for (const char* c : {"W", "G", "B"})
    if (field_int(pool, c, 0) > 0) colours.emplace_back(c);
  if (colours.empty()) {
    const json& captured = field(state, "captured");
    const auto i = static_cast<std::size_t>(field_int(state, "to_move", 0) - 1);
    const json& mine = captured.is_array() && captured.size() > i ? captured[i] : null_json();
    for (const char* c : {"W", "G", "B"})
      if (field_int(mine, c, 0) > 0) colours.emplace_back(c);
  }
  const json& rings = field(state, "rings");
  const auto removable = strings_of(field(state, "removable"));
  std::vector<std::string> out;
  if (!rings.is_object()) return out;
  for (const auto& [cell, marble] : rings.items()) {
    if (!marble.is_string() || !marble.get_ref<const std::string&>().empty()) continue;
    for (const auto& colour : colours) {
      bool removed_any = false;
      for (const auto& r : removable) {
        if (r == cell) continue;
        out.push_back(colour + cell + "-" + r);
        removed_any = true;
      }
      // With no other free ring the placement removes nothing (zertz-rules.md §4).
      if (!removed_any) out.push_back(colour + cell);
    }
  }
  return out;
}

std::vector<std::string> zertz_tokens(const json& state) {
  const json& must = field(state, "must_capture");
  if (must.is_boolean() && must.get<bool>()) return capture_tokens(state);
  return zertz_placements(state);
}

// Cells lower case, the marble's colour upper case, as ZEN writes them.
std::string zertz_normalize(std::string_view word) {
  std::string out(word);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

constexpr std::string_view moves_help =
    "ZERTZ (cells: a column letter, then the ring's number counted from the bottom of\n"
    "that column; `board coords` writes every name on the board)\n"
    "  Wd4-a1      place a white marble on d4, then remove the free ring a1\n"
    "  Gc3         place grey on c3 when no other ring can be removed\n"
    "  Bd1xd3      jump the black marble on d1 over its neighbour to d3, capturing it\n"
    "  Bd1xd3xd5   a chain of jumps. A capture is compulsory: the board then lists every\n"
    "              legal chain, and only those can be played\n"
    "  W G B       white, grey, black, from the shared pool (from your own captures once\n"
    "              the pool is empty). Lower case works too: wd4-a1\n"
    "  Win with 4 white, or 5 grey, or 6 black, or 3 of each (blitz: 3, 4, 5 or 2 of each).\n";

}  // namespace

const cli_game& zertz_cli() {
  static const cli_game table{"zertz",
                              "ZERTZ",
                              {"standard", "blitz", "tournament"},
                              {37, 40, 43, 44, 48, 61},
                              looks_like_zertz_move,
                              zertz_normalize,
                              zertz_tokens,
                              render_zertz,
                              zertz_move,
                              zertz_result,
                              false,
                              "Wd4-a1, Gc3, Bd1xd3xd5",
                              moves_help};
  return table;
}

}  // namespace ringside::cli
