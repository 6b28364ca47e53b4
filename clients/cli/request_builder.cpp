#include "clients/cli/request_builder.hpp"

#include <cstdlib>
#include <fstream>

#include "clients/cli/client_session.hpp"

namespace ringside::cli {

using nlohmann::json;

bool is_request_verb(const std::string& verb) {
  for (const char* v :
       {"rooms", "new", "join", "watch", "move", "resign", "draw", "say", "leave", "sync"})
    if (verb == v) return true;
  return false;
}

std::string resolve_room_ref(const std::string& ref) {
  if (ref.starts_with('@')) {
    std::ifstream in(ref.substr(1));
    std::string word;
    if (in >> word) return word;
    return {};
  }
  if (ref.starts_with('$')) {
    const char* v = std::getenv(ref.c_str() + 1);
    return v != nullptr ? std::string(v) : std::string();
  }
  return ref;
}

built_request build_request(const command& cmd, client_session& session) {
  built_request out;
  const std::string& v = cmd.verb;
  if (v == "rooms") {
    out.msg = {{"type", "list_rooms"}};
    // The server lists open rooms unless asked for finished ones too.
    if (!cmd.args.empty() && cmd.args[0] == "all") out.msg["status"] = "all";
    return out;
  }
  if (v == "new") {
    const auto parsed = parse_new_room(cmd.args);
    if (!parsed.error.empty()) {
      out.error = parsed.error;
      return out;
    }
    const auto& o = parsed.options;
    out.msg = {{"type", "create_room"}, {"game", o.game}, {"variant", o.variant}, {"seat", o.seat}};
    if (o.board) out.msg["board"] = *o.board;
    if (o.clock_initial_s)
      out.msg["clock"] = {{"initial_s", *o.clock_initial_s}, {"increment_s", *o.clock_increment_s}};
    if (o.days_per_move) out.msg["clock"] = {{"days_per_move", *o.days_per_move}};
    if (o.is_private) out.msg["private"] = true;
    if (o.computer_level) out.msg["opponent"] = {{"computer", *o.computer_level}};
    return out;
  }
  if (v == "join" || v == "watch") {
    if (cmd.args.size() != 1) {
      out.error = "usage: " + v + " ROOM";
      return out;
    }
    out.room = resolve_room_ref(cmd.args[0]);
    if (out.room.empty()) {
      out.error = "no room id in " + cmd.args[0];
      return out;
    }
    out.msg = {{"type", "join"}, {"room", out.room}, {"as", v == "join" ? "player" : "spectator"}};
    return out;
  }
  room_view* room = session.current();
  if (room == nullptr) {
    out.error = "no current room: create one with `new`, or `join`/`watch` one";
    return out;
  }
  out.room = room->id();
  if (v == "move") {
    if (cmd.args.size() != 1) {
      out.error = "usage: move TOKEN, e.g. move Wd4-a1 (`help moves` explains the notation)";
      return out;
    }
    out.msg = {{"type", "move"},
               {"room", out.room},
               {"move", normalize_move(cmd.args[0])},
               {"version", room->version()}};
  } else if (v == "resign") {
    out.msg = {{"type", "resign"}, {"room", out.room}};
  } else if (v == "draw") {
    out.msg = {{"type", "offer_draw"}, {"room", out.room}};
  } else if (v == "say") {
    if (cmd.rest.empty()) {
      out.error = "usage: say TEXT";
      return out;
    }
    out.msg = {{"type", "chat"}, {"room", out.room}, {"text", cmd.rest}};
  } else if (v == "leave") {
    out.msg = {{"type", "leave"}, {"room", out.room}};
  } else if (v == "sync") {
    out.msg = {{"type", "sync"}, {"room", out.room}};
  } else {
    out.error = "unknown command \"" + v + "\" (try help)";
  }
  return out;
}

}  // namespace ringside::cli
