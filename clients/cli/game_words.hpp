#pragma once
// game_words — the room state told in names and words for people: who plays, who won and
// why, what the last move did. Only wording: every fact comes from the state document (the
// win thresholds named here are the variants' published ones, used to say which condition
// was met, never to decide one). Every wire string in the results is made visible().

#include <nlohmann/json.hpp>
#include <string>

namespace ringside::cli {

// The player in `seat` (1 or 2) by name, e.g. "alice"; "seat 2" when the seat is empty.
std::string seat_name(const nlohmann::json& state, int seat);

// "alice wins with 4 white marbles", "bob resigned: alice wins", "a draw by agreement",
// "alice wins 27-19"; empty while there is no result.
std::string result_words(const nlohmann::json& state);

// "bob placed white on d4 and removed g3", "alice captured 2 (grey, black) with
// Bd1xd3xd5", "bob moved c3 to e3; 2 stacks fell off", "alice placed on c3"; empty
// before the first move.
std::string last_move_words(const nlohmann::json& state);

// "W" -> "white", "G" -> "grey", "B" -> "black"; the letter itself otherwise.
std::string marble_word(const std::string& letter);

}  // namespace ringside::cli
