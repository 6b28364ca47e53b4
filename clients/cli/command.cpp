#include "clients/cli/command.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <sstream>

#include "clients/cli/cli_game.hpp"

namespace ringside::cli {

namespace {

bool is_cell(std::string_view s) {
  if (s.size() < 2 || s[0] < 'a' || s[0] > 'z') return false;
  return std::all_of(s.begin() + 1, s.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// "5" -> 300, "0.5" -> 30: minutes written with an optional fraction, as whole seconds.
std::optional<int> to_seconds(std::string_view s) {
  const auto dot = s.find('.');
  const auto whole = to_int(s.substr(0, dot));
  if (!whole || *whole < 0 || *whole > 24 * 60) return std::nullopt;
  int seconds = *whole * 60;
  if (dot != std::string_view::npos) {
    const std::string_view frac = s.substr(dot + 1);
    if (frac.empty() || frac.size() > 3 ||
        !std::all_of(frac.begin(), frac.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    int value = 0, scale = 1;
    for (const char c : frac) value = value * 10 + (c - '0'), scale *= 10;
    seconds += value * 60 / scale;
  }
  return seconds;
}

// A variant of any game the client knows: "blitz".
bool is_variant_word(std::string_view word) {
  for (const cli_game* g : cli_games())
    for (const auto v : g->variants)
      if (v == word) return true;
  return false;
}

}  // namespace

bool looks_like_zertz_move(std::string_view word) {
  if (word.size() < 3 || std::strchr("WGBwgb", word[0]) == nullptr) return false;
  std::string body(word.substr(1));
  for (char& c : body) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto dash = body.find_first_of("-,");
  if (dash != std::string::npos)
    return is_cell(std::string_view(body).substr(0, dash)) &&
           is_cell(std::string_view(body).substr(dash + 1));
  std::size_t start = 0;
  while (true) {
    const auto x = body.find('x', start);
    if (!is_cell(std::string_view(body).substr(start, x - start))) return false;
    if (x == std::string::npos) return true;
    start = x + 1;
  }
}

bool looks_like_move(std::string_view word) {
  if (word == "pass") return true;
  for (const cli_game* g : cli_games())
    if (g->looks_like_move(word)) return true;
  return false;
}

bool shaped_like_move(std::string_view word) {
  if (looks_like_move(word)) return true;
  // Cells (a letter and one or two digits), one or more, an optional colour letter first and
  // `-`, `x` or `,` between them: `d9`, `z1`, `Wd9-a1`, `c3k9`. No command has a digit.
  std::size_t i = 0;
  if (word.size() > 1 && std::strchr("WGBwgb", word[0]) != nullptr &&
      std::isalpha(static_cast<unsigned char>(word[1])) != 0) {
    i = 1;
  }
  int cells = 0;
  while (i < word.size()) {
    if (cells > 0 && std::strchr("-x,", word[i]) != nullptr && i + 1 < word.size() &&
        std::isalpha(static_cast<unsigned char>(word[i + 1])) != 0 &&
        (word[i] != 'x' ||
         (i + 2 < word.size() && std::isdigit(static_cast<unsigned char>(word[i + 2])) != 0))) {
      ++i;
    }
    if (std::isalpha(static_cast<unsigned char>(word[i])) == 0) return false;
    ++i;
    std::size_t digits = 0;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i])) != 0) ++i, ++digits;
    if (digits == 0 || digits > 2) return false;
    ++cells;
  }
  return cells > 0;
}

std::string normalize_move(std::string_view word) {
  for (const cli_game* g : cli_games())
    if (g->looks_like_move(word)) return g->normalize_move(word);
  std::string out(word);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

command parse_command(std::string_view line) {
  command cmd;
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])) != 0) ++i;
  if (i == line.size() || line[i] == '#') return cmd;
  std::size_t end = i;
  while (end < line.size() && std::isspace(static_cast<unsigned char>(line[end])) == 0) ++end;
  cmd.verb = std::string(line.substr(i, end - i));
  std::size_t rest = end;
  while (rest < line.size() && std::isspace(static_cast<unsigned char>(line[rest])) != 0) ++rest;
  cmd.rest = std::string(line.substr(rest));
  while (!cmd.rest.empty() && std::isspace(static_cast<unsigned char>(cmd.rest.back())) != 0)
    cmd.rest.pop_back();
  std::istringstream words(cmd.rest);
  for (std::string w; words >> w;) cmd.args.push_back(w);
  if (shaped_like_move(cmd.verb)) {
    cmd.args.insert(cmd.args.begin(), cmd.verb);
    cmd.rest = cmd.verb + (cmd.rest.empty() ? "" : " " + cmd.rest);
    cmd.verb = "move";
  }
  return cmd;
}

namespace {

// The words of `new` and `move` in `help`, from the games' tables (built once, kept). Built
// by append: GCC 12 warns falsely (-Wrestrict) on `"|" + string`.
std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out.append(separator);
    out.append(p);
  }
  return out;
}

const std::string& new_usage() {
  static const std::string text = [] {
    std::vector<std::string> names;
    for (const cli_game* g : cli_games()) names.emplace_back(g->name);
    std::string out = "new [";
    out.append(joined(names, "|"))
        .append("] [variant] [board] [clock] [first|second|random] [private] [rated] [computer 1-5]");
    return out;
  }();
  return text;
}

const std::string& new_what() {
  static const std::string text = [] {
    std::string out = "create a room and sit in it (";
    for (const cli_game* g : cli_games()) {
      if (g->variants.size() < 2 && g->boards.size() < 2) continue;
      std::vector<std::string> variants(g->variants.begin(), g->variants.end());
      out.append(g->title).append(" variant ").append(joined(variants, "|"));
      out.append(", board ").append(std::to_string(g->boards.front()));
      out.append("..").append(std::to_string(g->boards.back())).append("; ");
    }
    out.append("clock minutes+increment, or 3d for 3 days per move)");
    return out;
  }();
  return text;
}

const std::string& move_what() {
  static const std::string text = [] {
    std::vector<std::string> examples;
    for (const cli_game* g : cli_games()) {
      std::string e(g->title);
      e.append(": ").append(g->move_examples);
      examples.push_back(std::move(e));
    }
    std::string out = "play a move in the current room (";
    out.append(joined(examples, "; ")).append("); `help moves` explains");
    return out;
  }();
  return text;
}

}  // namespace

const std::vector<command_info>& command_table() {
  static const std::vector<command_info> table = {
      {"help", "help [all|moves]", "help all",
       "a short list; `all`: this list; `moves`: how to write a move", false},
      {"rooms", "rooms [all]", "rooms", "list the open rooms (`all`: finished games too)", false},
      {"new", new_usage(), "new blitz 5+3 first", new_what(), false},
      {"seek", "seek [GAME] [VARIANT] [BOARD] [CLOCK] [rated]", "seek blitz 5+3",
       "play the first person who seeks the same (paired at once, or wait; colours drawn)",
       false},
      {"cancel", "cancel [room]", "cancel",
       "withdraw your open seeks (`room`: cancel the current room while it waits)", false},
      {"join", "join ROOM", "join k3x9q2", "take a seat in ROOM (ROOM may be @FILE or $VAR)",
       false},
      {"watch", "watch ROOM", "watch k3x9q2", "follow ROOM as a spectator", false},
      {"move", "move TOKEN  (or just TOKEN)", "Wd4-a1", move_what(), false},
      {"resign", "resign", "resign", "give up the current game (asks to confirm)", false},
      {"draw", "draw", "draw", "offer a draw, or accept the other player's offer", false},
      {"decline", "decline", "decline",
       "turn down the other player's draw offer, takeback request or rematch offer", false},
      {"takeback", "takeback", "takeback",
       "ask to take back your last move, or accept the other player's request", false},
      {"rematch", "rematch", "rematch",
       "after the end: offer a rematch, or accept the other player's offer", false},
      {"say", "say TEXT", "say good game", "chat to everyone in the current room", false},
      {"leave", "leave", "leave",
       "leave the current room (a player keeps the seat and the clock runs)", false},
      {"room", "room ROOM", "room k3x9q2", "switch the current room among those you are in", false},
      {"review", "review ROOM", "review k3x9q2",
       "step through a game, live or finished: n next, p previous, first, last, q to leave", false},
      {"board", "board [coords]", "board coords",
       "draw the current room again (`coords`: show every cell's name, again to hide)", false},
      {"sync", "sync", "sync", "fetch the current room's full state again", false},
      {"register", "register NAME", "register alice",
       "make this identity an account named NAME (asks for a password, or RINGSIDE_PASSWORD)",
       false},
      {"login", "login NAME", "login alice",
       "play as the account NAME on this device too: its seats follow (asks for the password)",
       false},
      {"logout", "logout", "logout", "forget this device's account token; go on as a new guest",
       false},
      {"games", "games NAME", "games alice", "NAME's finished games, newest first", false},
      {"me", "me", "me", "your own games won, lost and drawn, and your ratings", false},
      {"quit", "quit", "quit", "close the connection and exit (your seats are kept)", false},
      {"state", "state", "state", "print the current room's state as one JSON line", true},
      {"room-file", "room-file PATH", "room-file /tmp/room",
       "write the current room id to PATH (for `join @PATH`)", true},
      {"expect-error", "expect-error CODE", "expect-error illegal_move",
       "the next command must fail with CODE", true},
      {"wait-turn", "wait-turn", "wait-turn",
       "wait until it is our move (fails with game_over if the game ends)", true},
      {"wait-version", "wait-version N", "wait-version 7",
       "wait until the current room reaches version N", true},
      {"wait-status", "wait-status STATUS", "wait-status playing",
       "wait until the room's status is STATUS", true},
      {"wait-result", "wait-result", "wait-result", "wait until the game has a result", true},
  };
  return table;
}

std::string help_text() {
  // One screen (the full list scrolled off a 40-row terminal): what a player needs first,
  // and where the rest is. Every interactive command is named here (command_test checks).
  return "Commands (Tab completes them; on your turn, on an empty line, your legal moves):\n"
         "  rooms [all]          list the open rooms (`all`: finished games too)\n"
         "  new [game] [...]     create a room and sit in it, e.g. new blitz 5+3 first\n"
         "  join ROOM            take a seat;  watch ROOM  follows it as a spectator\n"
         "  TOKEN                play a move, e.g. Wd4-a1 or c3e3 (same as move TOKEN)\n"
         "  draw, decline        offer or accept a draw; turn an offer down\n"
         "  resign               give up the current game (asks to confirm)\n"
         "  say TEXT             chat to everyone in the current room\n"
         "  review ROOM          step through a game: n, p, first, last; q to leave\n"
         "  room ROOM            switch the current room among those you are in\n"
         "  board [coords]       draw the board again (`coords`: every cell's name)\n"
         "  leave, sync, quit    leave the room; fetch its state again; exit\n"
         "`help all`: every command with an example and the script commands;\n"
         "`help moves`: how to write a move.\n";
}

std::string help_all_text() {
  std::ostringstream out;
  out << "Commands (the current room is the one you last created, joined or watched):\n";
  for (const auto& c : command_table()) {
    if (c.script_only) continue;
    out << "  " << c.usage << "\n      " << c.what << "   e.g. " << c.example << "\n";
  }
  out << "For scripts (--script reads these from stdin, one per line, and waits for each reply):\n";
  for (const auto& c : command_table()) {
    if (!c.script_only) continue;
    out << "  " << c.usage << "\n      " << c.what << "   e.g. " << c.example << "\n";
  }
  out << "  # comment lines and blank lines are skipped. Every wait gives up after --timeout "
         "seconds.\n"
         "A script exits 1 on the first error it did not expect, 3 on a timeout, 0 at the end.\n";
  return out.str();
}

std::string help_moves_text() {
  std::string out =
      "How to write a move: type it as it is (or after `move`). Tab offers only the moves\n"
      "the server will take now, step by step.\n";
  for (const cli_game* g : cli_games()) out.append("\n").append(g->moves_help);
  return out +
         "\n"
         "pass is played by the server for you when you have no move.\n"
         "Clocks are minutes+increment: `new blitz 5+3` gives each player 5 minutes, plus 3\n"
         "seconds after each of their moves.\n";
}

new_room_parse parse_new_room(const std::vector<std::string>& args) {
  new_room_parse out;
  auto& o = out.options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "computer") {
      const auto level = i + 1 < args.size() ? to_int(args[i + 1]) : std::nullopt;
      if (!level || *level < 1 || *level > 5) {
        out.error = "`computer` takes a level from 1 (beginner) to 5 (strongest), e.g. computer 3";
        return out;
      }
      o.computer_level = *level;
      ++i;
    } else if (cli_game_named(a) != nullptr) {
      o.game = a;
    } else if (is_variant_word(a)) {
      o.variant = a;
    } else if (a == "first" || a == "second" || a == "random") {
      o.seat = a;
    } else if (a == "private") {
      o.is_private = true;
    } else if (a == "rated") {
      o.rated = true;
    } else if (const auto plus = a.find('+'); plus != std::string::npos) {
      // Minutes may have a fraction (0.5+0 is thirty seconds); whole seconds in the end.
      const auto seconds = to_seconds(std::string_view(a).substr(0, plus));
      const auto inc = to_int(std::string_view(a).substr(plus + 1));
      if (!seconds || !inc || *seconds < 1 || *inc < 0 || *seconds > 24 * 3600 || *inc > 3600) {
        out.error = "clock \"" + a + "\" is not minutes+increment, e.g. 5+3 (or 0.5+0)";
        return out;
      }
      o.clock_initial_s = *seconds;
      o.clock_increment_s = *inc;
    } else if (a.size() >= 2 && a.back() == 'd' && to_int(std::string_view(a).substr(0, a.size() - 1))) {
      // "3d": three days per move; which day counts are offered is the server's to say.
      o.days_per_move = to_int(std::string_view(a).substr(0, a.size() - 1));
    } else if (const auto n = to_int(a)) {
      o.board = *n;
    } else {
      out.error = "\"" + a +
                  "\" is not a game, variant, board size, clock (5+3, or 3d per move), seat, "
                  "`private`, `rated` or `computer N`";
      return out;
    }
  }
  // A game played one way on one board takes neither word (the server would refuse them).
  if (const cli_game* g = cli_game_named(o.game); g != nullptr && g->variants.size() == 1 &&
                                                  g->boards.size() == 1 &&
                                                  (o.variant != g->variants.front() || o.board)) {
    out.error = std::string(g->title) +
                " has one board and one variant; leave out the variant and board size";
    return out;
  }
  return out;
}

}  // namespace ringside::cli
