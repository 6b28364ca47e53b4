#include "clients/cli/game_words.hpp"

#include <algorithm>
#include <array>
#include <vector>

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

std::string plural(int n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
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

std::string score_text(const json& score) {
  if (!score.is_array() || score.size() != 2 || !score[0].is_number_integer() ||
      !score[1].is_number_integer())
    return "";
  return std::to_string(score[0].get<long long>()) + "-" +
         std::to_string(score[1].get<long long>());
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

std::string zertz_move(const json& last, const std::string& who) {
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

std::string dvonn_move(const json& state, const json& last, const std::string& who) {
  const std::string move = field_string(last, "move");
  if (move == "pass") return who + " passed: no stack can move";
  std::string out;
  if (move.size() <= 3) {
    const std::string stack = field_string(field(state, "stacks"), move);
    out = who + " placed " + (stack == "D" ? "a DVONN piece" : "a piece") + " on " + move;
  } else {
    const auto split = move.find_first_of("abcdefghijk", 1);
    out = who + " moved " + move.substr(0, split) + " onto " + move.substr(split);
  }
  const json& removed = field(last, "removed");
  if (removed.is_object() && !removed.empty())
    out += "; " + plural(static_cast<int>(removed.size()), "stack") + " cut off and removed";
  return visible(out);
}

}  // namespace

std::string marble_word(const std::string& letter) {
  if (letter == "W") return "white";
  if (letter == "G") return "grey";
  if (letter == "B") return "black";
  return letter;
}

std::string seat_name(const json& state, int seat) {
  const json& players = field(state, "players");
  const auto i = static_cast<std::size_t>(seat - 1);
  const std::string name =
      players.is_array() && players.size() > i ? field_string(players[i], "name") : "";
  return name.empty() ? "seat " + std::to_string(seat) : visible(name);
}

std::string result_words(const json& state) {
  const json& result = field(state, "result");
  if (!result.is_object()) return "";
  const json& w = field(result, "winner");
  const int winner = w.is_number_integer() ? w.get<int>() : 0;
  const std::string reason = field_string(result, "reason");
  const std::string won = winner == 1 || winner == 2 ? seat_name(state, winner) + " wins" : "";
  const std::string loser = winner == 1 || winner == 2 ? seat_name(state, 3 - winner) : "";
  const bool dvonn = field_string(state, "game") == "dvonn";
  if (reason == "resignation" && !won.empty()) return loser + " resigned: " + won;
  if (reason == "time" && !won.empty()) return loser + " ran out of time: " + won;
  if (reason == "abandoned" && !won.empty()) return loser + " left the game: " + won;
  if (reason == "agreement") return "a draw by agreement";
  if (reason == "repetition") return "a draw: the same position came up a third time";
  if (dvonn || reason == "score") {
    const std::string score = score_text(field(result, "score"));
    if (won.empty()) return score.empty() ? "a tie" : "a tie, " + score;
    return score.empty() ? won : won + " " + score;
  }
  if (reason == "win_condition" && !won.empty()) return won + " " + zertz_win(state, winner);
  if (reason == "board_full" && !won.empty()) return won + ": the board is full";
  if (reason == "no_moves" && won.empty()) return "a draw: neither player can place or capture";
  if (won.empty()) return "a draw (" + visible(reason) + ")";
  return won + " (" + visible(reason) + ")";
}

std::string last_move_words(const json& state) {
  const json& last = field(state, "last_move");
  if (!last.is_object()) return "";
  const std::string who = seat_name(state, field_int(last, "by", 0));
  if (field_string(state, "game") == "dvonn") return dvonn_move(state, last, who);
  return zertz_move(last, who);
}

}  // namespace ringside::cli
