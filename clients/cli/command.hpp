#pragma once
// command — one line typed by a person or read from a script, split into a verb and its
// arguments; and the table of every command, which `help` and tab completion both use.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringside::cli {

struct command {
  std::string verb;               // "move", "join", ...; empty for a blank or comment line
  std::vector<std::string> args;  // the words after the verb
  std::string rest;               // everything after the verb, spaces kept (for `say`)
};

struct command_info {
  std::string_view verb;
  std::string_view usage;
  std::string_view example;
  std::string_view what;
  bool script_only;  // waits and checks meant for scripts (they work interactively too)
};

// Splits `line`. A bare move token ("Wd4-a1", "wd4-a1", "Bd1xd3xd5", "c3e3", "pass"), or a
// word merely shaped like one ("d9"), becomes verb "move";
// lines starting with '#' are comments. Unknown verbs are kept as they are, for the caller
// to report.
command parse_command(std::string_view line);

// True when `word` looks like a move token, so it can be typed without `move`: ZÈRTZ's
// (`Wd4-a1`, `Gc3`, `Bd1xd3xd5`; the colour letter in either case) or DVONN's (`c3`, `c3e3`,
// `c3-e3`). This is a shape check only; whether the move is legal is the server's to say.
bool looks_like_move(std::string_view word);
// True for looks_like_move's words and anything shaped like a move on no board (`d9`,
// `Wz1-a1`): parse_command sends those as moves too, so the server's reason is what a
// mistyped move gets, not "unknown command".
bool shaped_like_move(std::string_view word);
// True for the ZÈRTZ shape of looks_like_move.
bool looks_like_zertz_move(std::string_view word);

// The token as the server writes it: ZÈRTZ's colour letter upper case and cells lower case
// (`wD4-A1` -> `Wd4-a1`), DVONN's all lower case.
std::string normalize_move(std::string_view word);

// Every command, in the order `help` lists them.
const std::vector<command_info>& command_table();

// `help`: one screen (at most 20 lines) naming every interactive command.
std::string help_text();
// `help all`: every command with its usage and an example, and how scripts work.
std::string help_all_text();
// `help moves`: how to write the moves of both games.
std::string help_moves_text();

// Options of `new`: any order, each recognised by its shape ("blitz", "61", "5+3", "first",
// "private"). The error says which word was not understood.
struct new_room_options {
  std::string game = "zertz";
  std::string variant = "standard";
  std::optional<int> board;
  std::optional<int> clock_initial_s;
  std::optional<int> clock_increment_s;
  std::optional<int> days_per_move;  // "3d": a correspondence clock, the server checks the days
  std::string seat = "random";
  bool is_private = false;
  bool rated = false;  // the result changes both players' ratings
  std::optional<int> computer_level;  // `computer 3`: play the computer at that level
};
struct new_room_parse {
  new_room_options options;
  std::string error;  // empty on success
};
new_room_parse parse_new_room(const std::vector<std::string>& args);

}  // namespace ringside::cli
