#include "protocol/wire/encode.hpp"

namespace ringside::protocol {

using nlohmann::json;

json id_json(const request_id& id) {
  if (const auto* s = std::get_if<std::string>(&id)) return *s;
  if (const auto* n = std::get_if<std::int64_t>(&id)) return *n;
  return nullptr;
}

json clock_json(const std::optional<clock_settings>& clock) {
  if (!clock) return nullptr;
  if (clock->days_per_move > 0) return json{{"days_per_move", clock->days_per_move}};
  return json{{"initial_s", clock->initial_s}, {"increment_s", clock->increment_s}};
}

std::string to_wire(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

// Adds `re` only when the request carried an id, so unsolicited messages stay clean.
void add_re(json& j, const request_id& re) {
  if (!std::holds_alternative<std::monostate>(re)) j["re"] = id_json(re);
}

}  // namespace

std::string encode_welcome(const request_id& re, std::string_view player, std::string_view name,
                           std::string_view token, std::string_view server, const json* offers,
                           std::optional<bool> guest) {
  json j{{"type", "welcome"},
         {"player", player},
         {"name", name},
         {"token", token},
         {"protocol", protocol_version},
         {"server", server}};
  if (guest) j["guest"] = *guest;
  if (offers != nullptr && offers->is_object()) {
    for (const auto& [key, value] : offers->items()) j[key] = value;
  }
  add_re(j, re);
  return to_wire(j);
}

std::string encode_rooms(const request_id& re, std::string_view rooms_array,
                         const std::optional<std::string>& next) {
  json head{{"type", "rooms"}, {"next", next ? json(*next) : json(nullptr)}};
  add_re(head, re);
  std::string out = to_wire(head);
  out.pop_back();  // the closing brace: the array goes in before it
  out.append(",\"rooms\":").append(rooms_array).push_back('}');
  return out;
}

std::string encode_joined(const request_id& re, std::string_view room, int seat,
                          std::int64_t version, const json& state,
                          std::optional<std::int64_t> clock_elapsed_ms, const json* chat) {
  json j{{"type", "joined"}, {"room", room}, {"version", version}, {"state", state}};
  j["seat"] = seat == 0 ? json(nullptr) : json(seat);
  if (clock_elapsed_ms) j["clock_elapsed_ms"] = *clock_elapsed_ms;
  if (chat != nullptr && chat->is_array() && !chat->empty()) j["chat"] = *chat;
  add_re(j, re);
  return to_wire(j);
}

std::string encode_snapshot(const request_id& re, std::string_view room, std::int64_t version,
                            const json& state, std::optional<std::int64_t> clock_elapsed_ms) {
  json j{{"type", "snapshot"}, {"room", room}, {"version", version}, {"state", state}};
  if (clock_elapsed_ms) j["clock_elapsed_ms"] = *clock_elapsed_ms;
  add_re(j, re);
  return to_wire(j);
}

namespace {

void append_request_id(std::string& out, const request_id& re) {
  if (const auto* s = std::get_if<std::string>(&re)) {
    append_json_string(out, *s);
  } else if (const auto* n = std::get_if<std::int64_t>(&re)) {
    out += std::to_string(*n);
  } else {
    out += "null";
  }
}

// The patch frame around ops text: written by hand rather than wrapping the ops in a json object
// (which deep-copied every op); the bytes are those nlohmann writes (keys in sorted order).
std::string patch_frame(std::string_view room, std::int64_t version, std::string_view ops,
                        const request_id* re = nullptr) {
  std::string out;
  out.reserve(ops.size() + room.size() + 64);
  out += R"({"ops":)";
  out += ops;
  if (re != nullptr) {
    out += R"(,"re":)";
    append_request_id(out, *re);
  }
  out += R"(,"room":)";
  append_json_string(out, room);
  out += R"(,"type":"patch","version":)";
  out += std::to_string(version);
  out += '}';
  return out;
}

}  // namespace

std::string encode_patch(std::string_view room, std::int64_t version, const json& ops) {
  return patch_frame(room, version, to_wire(ops));
}

std::string encode_patch(std::string_view room, std::int64_t version, const patch_ops& ops) {
  return patch_frame(room, version, ops.array_text());
}

std::string encode_lean_patch(std::string_view room, std::int64_t version, const patch_ops& ops,
                              const request_id* re) {
  return patch_frame(room, version, ops.lean_array_text(), re);
}

std::string encode_compact_patch(std::string_view room, std::int64_t version, const patch_ops& ops,
                                 const request_id* re) {
  return patch_frame(room, version, ops.compact_array_text(), re);
}

// Written by hand, like the patch frame: one per move, and building a json object for four
// fields cost ten times the writing. The bytes are those nlohmann writes (keys sorted).
std::string encode_ack(const request_id& re, std::string_view room, std::int64_t version) {
  std::string out;
  out.reserve(room.size() + 64);
  out += R"({"re":)";
  append_request_id(out, re);
  out += R"(,"room":)";
  append_json_string(out, room);
  out += R"(,"type":"ack","version":)";
  out += std::to_string(version);
  out += '}';
  return out;
}

std::string encode_error(const request_id& re, error_code code, std::string_view message) {
  json j{{"type", "error"}, {"code", to_string(code)}, {"message", message}};
  add_re(j, re);
  return to_wire(j);
}

std::string encode_registered(const request_id& re, std::string_view player,
                              std::string_view name) {
  json j{{"type", "registered"}, {"player", player}, {"name", name}, {"guest", false}};
  add_re(j, re);
  return to_wire(j);
}

std::string encode_logged_out(const request_id& re) {
  json j{{"type", "logged_out"}};
  add_re(j, re);
  return to_wire(j);
}

std::string encode_password_changed(const request_id& re) {
  json j{{"type", "password_changed"}};
  add_re(j, re);
  return to_wire(j);
}

std::string encode_notice(std::string_view code, std::string_view message) {
  return to_wire(json{{"type", "notice"}, {"code", code}, {"message", message}});
}

std::string encode_declined(std::string_view room, std::string_view offer, int seat) {
  return to_wire(json{{"type", "declined"}, {"room", room}, {"offer", offer}, {"seat", seat}});
}

std::string encode_rematch_started(std::string_view room, std::string_view new_room) {
  return to_wire(json{{"type", "rematch_started"}, {"room", room}, {"new_room", new_room}});
}

std::string encode_chat(std::string_view room, std::string_view from, std::string_view text,
                        std::string_view at, const request_id& re) {
  json j{{"type", "chat"}, {"room", room}, {"from", from}, {"text", text}, {"at", at}};
  add_re(j, re);
  return to_wire(j);
}

}  // namespace ringside::protocol
