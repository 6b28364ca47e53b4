#include "clients/cli/request_builder.hpp"

#include <cstdlib>
#include <fstream>

#include "clients/cli/client_session.hpp"
#include "clients/cli/secret_input.hpp"

namespace ringside::cli {

using nlohmann::json;

bool is_request_verb(const std::string& verb) {
  for (const char* v :
       {"rooms", "new", "join", "watch", "move", "resign", "draw", "say", "leave", "sync", "seek",
        "cancel", "takeback", "decline", "rematch", "register", "login", "logout"})
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

namespace {

// `seek` takes `new`'s game, variant, board and clock words, and `rated`; a seat, `private` or
// a computer make no sense for a pairing.
built_request build_seek(const command& cmd) {
  built_request out;
  std::vector<std::string> words;
  bool rated = false;
  for (const auto& a : cmd.args) {
    if (a == "rated") {
      rated = true;
    } else {
      words.push_back(a);
    }
  }
  const auto parsed = parse_new_room(words);
  const auto& o = parsed.options;
  if (parsed.error.empty() && (o.is_private || o.computer_level || o.seat != "random")) {
    out.error = "a seek takes a game, variant, board, clock and `rated`; colours are drawn";
    return out;
  }
  if (!parsed.error.empty()) {
    out.error = parsed.error;
    return out;
  }
  out.msg = {{"type", "seek"}, {"game", o.game}, {"variant", o.variant}};
  if (o.board) out.msg["board"] = *o.board;
  if (o.clock_initial_s)
    out.msg["clock"] = {{"initial_s", *o.clock_initial_s}, {"increment_s", *o.clock_increment_s}};
  if (rated) out.msg["rated"] = true;
  return out;
}

}  // namespace

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
    if (o.rated) out.msg["rated"] = true;
    if (o.computer_level) out.msg["opponent"] = {{"computer", *o.computer_level}};
    return out;
  }
  if (v == "register" || v == "login") {
    if (cmd.args.size() != 1) {
      out.error = "usage: " + v + " NAME (the password is asked for, or read from RINGSIDE_PASSWORD)";
      return out;
    }
    auto password = read_secret("password for " + cmd.args[0] + ": ");
    if (!password) {
      out.error = "no password: set RINGSIDE_PASSWORD, or run in a terminal";
      return out;
    }
    out.msg = {{"type", v}, {"name", cmd.args[0]}, {"password", std::move(*password)}};
    return out;
  }
  if (v == "logout") {
    out.msg = {{"type", "logout"}};
    return out;
  }
  if (v == "seek") return build_seek(cmd);
  if (v == "cancel" && (cmd.args.empty() || cmd.args[0] != "room")) {
    if (!cmd.args.empty()) {
      out.error = "usage: cancel (your open seeks) or cancel room (the current waiting room)";
      return out;
    }
    out.msg = {{"type", "cancel_seek"}};
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
  } else if (v == "takeback") {
    out.msg = {{"type", "takeback"}, {"room", out.room}};
  } else if (v == "rematch") {
    out.msg = {{"type", "rematch"}, {"room", out.room}};
  } else if (v == "decline") {
    // The other player's offer, whichever stands: a draw, a takeback or a rematch.
    const int mine = room->seat().value_or(0);
    const auto theirs = [&](const char* key) {
      const auto it = room->state().find(key);
      return it != room->state().end() && it->is_number_integer() && it->get<int>() != mine;
    };
    const char* type = theirs("draw_offer")       ? "decline_draw"
                       : theirs("takeback_offer") ? "decline_takeback"
                       : theirs("rematch_offer")  ? "decline_rematch"
                                                  : nullptr;
    if (mine == 0 || type == nullptr) {
      out.error = "there is no offer of the other player's to decline";
      return out;
    }
    out.msg = {{"type", type}, {"room", out.room}};
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
  } else if (v == "cancel") {
    out.msg = {{"type", "cancel_room"}, {"room", out.room}};
  } else {
    out.error = "unknown command \"" + v + "\" (try help)";
  }
  return out;
}

}  // namespace ringside::cli
