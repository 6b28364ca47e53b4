#include "clients/cli/event_format.hpp"

#include "clients/cli/room_view.hpp"
#include "clients/cli/state_fields.hpp"

namespace ringside::cli {

using nlohmann::json;

namespace {

std::string scalar(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "-";
  return v.dump();
}

}  // namespace

std::string quoted(const std::string& text) {
  return json(text).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string format_event(const json& msg, const room_view* room) {
  const std::string type = field_string(msg, "type");
  std::string line = type.empty() ? "message" : type;
  auto add = [&line](const char* key, const json& v) {
    line += std::string(" ") + key + "=" + scalar(v);
  };
  if (type == "welcome") {
    add("player", field(msg, "player"));
    add("name", field(msg, "name"));
    add("protocol", field(msg, "protocol"));
  } else if (type == "rooms") {
    const json& list = field(msg, "rooms");
    line += " count=";
    line += std::to_string(list.is_array() ? list.size() : 0);
    if (list.is_array())
      for (const auto& r : list) {
        std::string players;
        if (const json& p = field(r, "players"); p.is_array())
          for (const auto& name : p) {
            if (!players.empty()) players += ',';
            players += scalar(name);
          }
        // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on `" " + string`.
        for (const std::string& part :
             {std::string(" "), field_string(r, "room"), std::string("="),
              field_string(r, "variant"), std::string("/"), scalar(field(r, "board")),
              std::string("/"), field_string(r, "status"), std::string("/"), players})
          line += part;
      }
  } else if (type == "joined" || type == "snapshot" || type == "patch") {
    add("room", field(msg, "room"));
    if (type == "joined") add("seat", field(msg, "seat"));
    add("version", field(msg, "version"));
    if (room != nullptr && room->has_state()) {
      line += " status=" + room->status() + " to_move=" + std::to_string(room->to_move());
      const std::string last = field_string(field(room->state(), "last_move"), "move");
      if (type == "patch" && !last.empty()) line += " last=" + last;
    }
  } else if (type == "ack") {
    add("room", field(msg, "room"));
    add("version", field(msg, "version"));
  } else if (type == "error") {
    add("code", field(msg, "code"));
    if (msg.contains("re")) add("re", field(msg, "re"));
    line += " message=" + quoted(field_string(msg, "message"));
  } else if (type == "chat") {
    add("room", field(msg, "room"));
    add("from", field(msg, "from"));
    line += " text=" + quoted(field_string(msg, "text"));
  } else {
    line += ' ';
    line += msg.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  return line;
}

std::string format_result(const room_view& room) {
  const json& result = field(room.state(), "result");
  const json& winner = field(result, "winner");
  return "result room=" + room.id() +
         " winner=" + (winner.is_number_integer() ? winner.dump() : "none") +
         " reason=" + field_string(result, "reason") + " version=" + std::to_string(room.version());
}

}  // namespace ringside::cli
