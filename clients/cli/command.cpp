#include "clients/cli/command.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

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

}  // namespace

bool looks_like_move(std::string_view word) {
  if (word == "pass") return true;
  if (word.size() < 3 || (word[0] != 'W' && word[0] != 'G' && word[0] != 'B')) return false;
  const std::string_view body = word.substr(1);
  const auto dash = body.find_first_of("-,");
  if (dash != std::string_view::npos)
    return is_cell(body.substr(0, dash)) && is_cell(body.substr(dash + 1));
  std::size_t start = 0;
  while (true) {
    const auto x = body.find('x', start);
    if (!is_cell(body.substr(start, x - start))) return false;
    if (x == std::string_view::npos) return true;
    start = x + 1;
  }
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
  if (looks_like_move(cmd.verb)) {
    cmd.args.insert(cmd.args.begin(), cmd.verb);
    cmd.rest = cmd.verb + (cmd.rest.empty() ? "" : " " + cmd.rest);
    cmd.verb = "move";
  }
  return cmd;
}

const std::vector<command_info>& command_table() {
  static const std::vector<command_info> table = {
      {"help", "help", "help", "this list", false},
      {"rooms", "rooms", "rooms", "list the open rooms", false},
      {"new",
       "new [zertz] [variant] [board] [clock] [first|second|random] [private] [computer 1-5]",
       "new blitz 5+3 first",
       "create a room and sit in it (variant standard|blitz|tournament, board 37..61, clock "
       "minutes+increment)",
       false},
      {"join", "join ROOM", "join k3x9q2", "take a seat in ROOM (ROOM may be @FILE or $VAR)",
       false},
      {"watch", "watch ROOM", "watch k3x9q2", "follow ROOM as a spectator", false},
      {"move", "move TOKEN  (or just TOKEN)", "Wd4-a1",
       "play a move in the current room (ZEN: Wd4-a1, Gc3, Bd1xd3xd5, pass)", false},
      {"resign", "resign", "resign", "give up the current game", false},
      {"draw", "draw", "draw", "offer a draw, or accept the other player's offer", false},
      {"say", "say TEXT", "say good game", "chat to everyone in the current room", false},
      {"leave", "leave", "leave",
       "leave the current room (a player keeps the seat and the clock runs)", false},
      {"room", "room ROOM", "room k3x9q2", "switch the current room among those you are in", false},
      {"board", "board", "board", "draw the current room again", false},
      {"sync", "sync", "sync", "fetch the current room's full state again", false},
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
    } else if (a == "zertz") {
      // The game this client plays (`new zertz computer 3`); it shows no other game yet.
    } else if (a == "standard" || a == "blitz" || a == "tournament") {
      o.variant = a;
    } else if (a == "first" || a == "second" || a == "random") {
      o.seat = a;
    } else if (a == "private") {
      o.is_private = true;
    } else if (const auto plus = a.find('+'); plus != std::string::npos) {
      const auto minutes = to_int(std::string_view(a).substr(0, plus));
      const auto inc = to_int(std::string_view(a).substr(plus + 1));
      if (!minutes || !inc || *minutes < 0 || *inc < 0 || *minutes > 24 * 60 || *inc > 3600) {
        out.error = "clock \"" + a + "\" is not minutes+seconds, e.g. 5+3";
        return out;
      }
      o.clock_initial_s = *minutes * 60;
      o.clock_increment_s = *inc;
    } else if (const auto n = to_int(a)) {
      o.board = *n;
    } else {
      out.error = "\"" + a +
                  "\" is not a variant, board size, clock (5+3), seat, `private` or `computer N`";
      return out;
    }
  }
  return out;
}

}  // namespace ringside::cli
