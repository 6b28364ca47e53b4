#include "clients/cli/message_text.hpp"

#include "clients/cli/cli_game.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"
#include "clients/cli/text_grid.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

std::string room_line(const json& r) {
  std::string players;
  if (const json& p = field(r, "players"); p.is_array())
    for (const auto& n : p)
      players += (players.empty() ? "" : " vs ") +
                 (n.is_string() ? visible(n.get<std::string>()) : std::string("(open)"));
  std::string game = field_string(r, "game");
  std::string line = "  " + visible(field_string(r, "room")) + "  " +
                     visible(game.empty() ? std::string(cli_games().front()->name) : game) + " " +
                     visible(field_string(r, "variant"));
  if (const json& board = field(r, "board"); board.is_number_integer()) {
    line += ' ';  // piece by piece: GCC 12 warns falsely (-Wrestrict) on `" " + string`
    line += std::to_string(board.get<int>());
  }
  line += "  ";
  line += players;
  if (const int n = field_int(r, "spectators", 0); n > 0)
    line += "  (" + std::to_string(n) + (n == 1 ? " watching)" : " watching)");
  return line + "\n";
}

}  // namespace

std::string rooms_text(const json& msg, bool all) {
  const json& list = field(msg, "rooms");
  std::string waiting, playing, finished;
  int finished_count = 0;
  if (list.is_array())
    for (const auto& r : list) {
      const std::string status = field_string(r, "status");
      if (status == "waiting")
        waiting += room_line(r);
      else if (status == "playing")
        playing += room_line(r);
      else {
        ++finished_count;
        finished += room_line(r);
      }
    }
  std::string out;
  if (!waiting.empty()) out += "Waiting for a player (`join ROOM` to play):\n" + waiting;
  if (!playing.empty()) out += "Being played (`watch ROOM` to follow):\n" + playing;
  if (all && !finished.empty()) out += "Finished:\n" + finished;
  if (waiting.empty() && playing.empty()) {
    // Said first when nothing is open, so it does not read as a heading of the finished ones.
    out.insert(0, "No open rooms; `new` creates one.\n");
  }
  if (const json& next = field(msg, "next"); next.is_string())
    out += "(the newest " + std::to_string(list.is_array() ? list.size() : 0) +
           " are shown; there are more.)\n";
  if (!all && finished_count > 0)
    out += "(" + std::to_string(finished_count)
                     .append(finished_count == 1 ? " finished game" : " finished games")
                     .append(" not shown; `rooms all` lists them.)\n");
  return out;
}

std::string error_text(const json& msg, bool color) {
  return paint(color, "1;31",
               "Error (" + visible(field_string(msg, "code")) +
                   "): " + visible(field_string(msg, "message")));
}

std::string notice_text(const json& msg, bool color) {
  return paint(color, "1;33", "Notice: " + visible(field_string(msg, "message")));
}

std::string chat_text(const json& msg, bool color) {
  return paint(color, "36",
               "[chat " + visible(field_string(msg, "room")) + "] " +
                   visible(field_string(msg, "from")) + ":") +
         " " + visible(field_string(msg, "text"));
}

}  // namespace ringside::cli
