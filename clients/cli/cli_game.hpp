#pragma once
// cli_game — everything the terminal client knows of one game, in one table: its words for
// `new` (variants, boards), the shape of its moves, the moves it may offer for Tab, its board
// picture, and how its moves and results are told. Each game has its file (zertz_cli.cpp,
// dvonn_cli.cpp) and cli_games.cpp lists them; the rest of the client asks the registry and
// names no game. Facts still come from the state document: a table only spells them out.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "clients/cli/board_renderer.hpp"

namespace ringside::cli {

struct cli_game {
  std::string_view name;   // the wire name: "zertz"
  std::string_view title;  // as the terminal writes it (plain ASCII): "ZERTZ", "DVONN"
  std::vector<std::string_view> variants;  // the first is the default
  std::vector<int> boards;
  // Whether `word` has this game's move shape (so a bare word on the prompt is a move).
  bool (*looks_like_move)(std::string_view word);
  // The move as the server spells it (case), for a word looks_like_move accepts.
  std::string (*normalize_move)(std::string_view word);
  // The tokens the player to move may type now, read off the state (the game is playing).
  std::vector<std::string> (*legal_tokens)(const nlohmann::json& state);
  std::vector<std::string> (*render)(const nlohmann::json& state, const render_options& options);
  // "alice placed white on d4 and removed g3": the last move in words, `who` its player.
  std::string (*move_words)(const nlohmann::json& state, const nlohmann::json& last,
                            const std::string& who);
  // The result the rules gave (`reason`), in words, or "" for the common wording. `won` is
  // "alice wins", or "" for a draw.
  std::string (*result_words)(const nlohmann::json& state, const std::string& reason, int winner,
                              const std::string& won);
  // Games decided by points: a result is told with the score.
  bool counts_score = false;
  // A few moves as typed ("Wd4-a1, Gc3"), for `help`; and the game's part of `help moves`.
  std::string_view move_examples;
  std::string_view moves_help;
};

// Every game the client knows, in the order `help` and completion show them.
const std::vector<const cli_game*>& cli_games();

// The game named `name`, or nullptr.
const cli_game* cli_game_named(std::string_view name);

// The game of a room state; the first game when the state names none the client knows (it
// still draws something, and the server has the last word on every move).
const cli_game& cli_game_of(const nlohmann::json& state);

// "3 rings", "1 stack": small wording shared by the games' tables.
std::string plural(int n, const std::string& one);

// The strings of a JSON array (others skipped); empty for anything else.
std::vector<std::string> strings_of(const nlohmann::json& list);

}  // namespace ringside::cli
