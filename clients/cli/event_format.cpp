#include "clients/cli/event_format.hpp"

#include "clients/cli/room_view.hpp"
#include "clients/cli/safe_text.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

// A field value: strings through script_value (bare or quoted), numbers and booleans as JSON
// writes them, null as "-", anything else as its JSON text, quoted.
std::string value_text(const json& v) {
  if (v.is_string()) return script_value(v.get_ref<const std::string&>());
  if (v.is_null()) return "-";
  if (v.is_number() || v.is_boolean()) return v.dump();
  return script_value(v.dump(-1, ' ', false, json::error_handler_t::replace));
}

class line_builder {
 public:
  explicit line_builder(std::string kind) : line_(std::move(kind)) {}
  line_builder& add(const char* key, const json& v) {
    line_ += ' ';
    line_ += key;
    line_ += '=';
    line_ += value_text(v);
    return *this;
  }
  line_builder& add_text(const char* key, const std::string& v) { return add(key, json(v)); }
  std::string str() const { return line_; }

 private:
  std::string line_;
};

std::string room_lines(const json& list) {
  std::string out;
  if (!list.is_array()) return out;
  for (const auto& r : list) {
    const json& players = field(r, "players");
    line_builder b("\nroom");
    b.add("id", field(r, "room"))
        .add("game", field(r, "game"))
        .add("variant", field(r, "variant"))
        .add("board", field(r, "board"))
        .add("status", field(r, "status"));
    for (std::size_t i = 0; i < 2; ++i)
      b.add(i == 0 ? "player1" : "player2",
            players.is_array() && players.size() > i ? players[i] : null_json());
    b.add("spectators", field(r, "spectators"));
    out += b.str();
  }
  return out;
}

}  // namespace

std::string quoted(const std::string& text) {
  const std::string v = script_value(text);
  return v.front() == '"' ? v : "\"" + v + "\"";
}

std::string format_event(const json& msg, const room_view* room) {
  const std::string type = field_string(msg, "type");
  line_builder b(type.empty() || !is_plain_token(type) ? "message" : type);
  if (type == "welcome") {
    b.add("player", field(msg, "player")).add("name", field(msg, "name"));
    b.add("protocol", field(msg, "protocol"));
  } else if (type == "rooms") {
    const json& list = field(msg, "rooms");
    b.add("count", static_cast<long long>(list.is_array() ? list.size() : 0));
    return b.str() + room_lines(list);
  } else if (type == "joined" || type == "snapshot" || type == "patch") {
    b.add("room", field(msg, "room"));
    if (type == "joined") b.add("seat", field(msg, "seat"));
    b.add("version", field(msg, "version"));
    if (room != nullptr && room->has_state()) {
      b.add_text("status", room->status()).add("to_move", room->to_move());
      const json& last = field(field(room->state(), "last_move"), "move");
      if (type == "patch" && last.is_string()) b.add("last", last);
    }
  } else if (type == "seeking") {
    b.add("seek", field(field(msg, "seek"), "seek"));
  } else if (type == "paired") {
    b.add("seek", field(msg, "seek")).add("room", field(msg, "room"));
    b.add("opponent", field(field(msg, "opponent"), "name"));
  } else if (type == "seek_cancelled") {
    const json& ids = field(msg, "seeks");
    b.add("count", static_cast<long long>(ids.is_array() ? ids.size() : 0));
  } else if (type == "ack") {
    b.add("room", field(msg, "room")).add("version", field(msg, "version"));
  } else if (type == "error") {
    b.add("code", field(msg, "code"));
    if (msg.contains("re")) b.add("re", field(msg, "re"));
    b.add_text("message", field_string(msg, "message"));
  } else if (type == "chat") {
    b.add("room", field(msg, "room")).add("from", field(msg, "from"));
    b.add_text("text", field_string(msg, "text"));
  } else if (type == "notice") {
    b.add("code", field(msg, "code"));
    b.add_text("message", field_string(msg, "message"));
  } else {
    b.add("json", msg);
  }
  return b.str();
}

std::string format_result(const room_view& room) {
  const json& result = field(room.state(), "result");
  const json& winner = field(result, "winner");
  line_builder b("result");
  b.add_text("room", room.id())
      .add("winner", winner.is_number_integer() ? winner : json("none"))
      .add("reason", field(result, "reason"))
      .add("version", room.version());
  if (const json& score = field(result, "score"); score.is_array()) b.add("score", score);
  return b.str();
}

}  // namespace ringside::cli
