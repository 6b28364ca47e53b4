#include "clients/cli/game_words.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "clients/cli/cli_game.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

std::string score_text(const json& score) {
  if (!score.is_array() || score.size() != 2 || !score[0].is_number_integer() ||
      !score[1].is_number_integer())
    return "";
  return std::to_string(score[0].get<long long>()) + "-" +
         std::to_string(score[1].get<long long>());
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
  const cli_game& game = cli_game_of(state);
  if (reason == "resignation" && !won.empty()) return loser + " resigned: " + won;
  if (reason == "time" && !won.empty()) return loser + " ran out of time: " + won;
  if (reason == "abandoned" && !won.empty()) return loser + " left the game: " + won;
  if (reason == "agreement") return "a draw by agreement";
  if (reason == "aborted") return "aborted: a player made no first move in time";
  if (reason == "cancelled") return "cancelled before it began";
  if (reason == "repetition") return "a draw: the same position came up a third time";
  if (game.counts_score || reason == "score") {
    const std::string score = score_text(field(result, "score"));
    if (won.empty()) return score.empty() ? "a tie" : "a tie, " + score;
    return score.empty() ? won : won + " " + score;
  }
  if (std::string words = game.result_words(state, reason, winner, won); !words.empty())
    return words;
  if (won.empty()) return "a draw (" + visible(reason) + ")";
  return won + " (" + visible(reason) + ")";
}

std::string last_move_words(const json& state) {
  const json& last = field(state, "last_move");
  if (!last.is_object()) return "";
  const std::string who = seat_name(state, field_int(last, "by", 0));
  return cli_game_of(state).move_words(state, last, who);
}

}  // namespace ringside::cli
