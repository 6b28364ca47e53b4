#include "protocol/wire/decode.hpp"

#include "protocol/wire/player_name.hpp"

#include <unicode/uchar.h>

#include <cstdint>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ringside::protocol {
namespace {

using nlohmann::json;

constexpr std::size_t max_chat = 500;
constexpr std::size_t max_room_id = 32;
constexpr std::size_t max_token = 128;
constexpr std::size_t max_move = 64;
constexpr std::size_t max_id_string = 64;
constexpr std::int64_t max_version = std::int64_t{1} << 53;
constexpr std::int64_t max_initial_s = 86'400;
constexpr std::int64_t max_increment_s = 3'600;
// The computer's levels (engine/common/search_types.hpp's computer_levels; the wire layer links
// no engine).
constexpr std::int64_t max_computer_level = 5;

// Thrown nowhere: every reader returns this error instead, carried up by `field_error`.
struct field_error {
  std::string message;
  error_code code = error_code::bad_request;  // bad_name for a name's content
};

template <class T>
using checked = std::variant<T, field_error>;

field_error bad(std::string message) {
  return field_error{std::move(message)};
}

// The next code point of valid UTF-8 at s[i], advancing i.
std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(s[i++]);
  int extra = 0;
  std::uint32_t cp = lead;
  if (lead >= 0xF0) {
    extra = 3;
    cp = lead & 0x07u;
  } else if (lead >= 0xE0) {
    extra = 2;
    cp = lead & 0x0Fu;
  } else if (lead >= 0xC0) {
    extra = 1;
    cp = lead & 0x1Fu;
  }
  for (; extra > 0 && i < s.size(); --extra) {
    cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3Fu);
  }
  return cp;
}

bool is_control(std::uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

// Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), by their Unicode bidi
// class: each turns the text after it around until its end, which a chat line may never reach.
// The marks LRM, RLM and ALM have no such reach and stay allowed.
bool changes_direction(std::uint32_t cp) {
  switch (u_charDirection(static_cast<UChar32>(cp))) {
    case U_LEFT_TO_RIGHT_EMBEDDING:
    case U_LEFT_TO_RIGHT_OVERRIDE:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_POP_DIRECTIONAL_FORMAT:
    case U_LEFT_TO_RIGHT_ISOLATE:
    case U_RIGHT_TO_LEFT_ISOLATE:
    case U_FIRST_STRONG_ISOLATE:
    case U_POP_DIRECTIONAL_ISOLATE:
      return true;
    default:
      return false;
  }
}

std::string hex(std::uint32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

// A string field that must be present.
checked<std::string> read_string(const json& j, const char* key, std::size_t min_len,
                                 std::size_t max_len) {
  if (!j.contains(key)) return bad(std::string("the field '") + key + "' is missing");
  const json& v = j.at(key);
  if (!v.is_string()) return bad(std::string("the field '") + key + "' must be a string");
  const auto& s = v.get_ref<const std::string&>();
  const std::size_t n = count_code_points(s);
  if (n < min_len || n > max_len) {
    return bad(std::string("the field '") + key + "' must be " + std::to_string(min_len) + "-" +
               std::to_string(max_len) + " characters long");
  }
  return s;
}

// An integer field in [lo, hi]; floats, booleans and out-of-range values are refused
// rather than converted, because nlohmann would wrap or truncate them silently.
checked<std::int64_t> read_int(const json& j, const char* key, std::int64_t lo, std::int64_t hi) {
  if (!j.contains(key)) return bad(std::string("the field '") + key + "' is missing");
  const json& v = j.at(key);
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi) || static_cast<std::int64_t>(u) < lo) {
      return bad(std::string("the field '") + key + "' must be an integer in " + range);
    }
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) {
    const auto s = v.get<std::int64_t>();
    if (s < lo || s > hi) {
      return bad(std::string("the field '") + key + "' must be an integer in " + range);
    }
    return s;
  }
  return bad(std::string("the field '") + key + "' must be an integer in " + range);
}

checked<std::string> read_room(const json& j) {
  return read_string(j, "room", 1, max_room_id);
}

template <class T>
bool failed(const checked<T>& c) {
  return std::holds_alternative<field_error>(c);
}
template <class T>
const field_error& error_of(const checked<T>& c) {
  return std::get<field_error>(c);
}

// `clock: {"days_per_move": N}`: a correspondence clock. Any other day count is bad_clock, so a
// client can tell "not a clock this server offers" from a malformed request.
checked<clock_settings> read_correspondence_days(const json& cj) {
  if (cj.contains("initial_s") || cj.contains("increment_s")) {
    return bad("a clock has either 'days_per_move' or 'initial_s'/'increment_s', not both");
  }
  const json& v = cj.at("days_per_move");
  const bool whole = v.is_number_integer() || v.is_number_unsigned();
  const auto days = whole ? v.get<std::int64_t>() : 0;
  for (const auto offered : correspondence_days) {
    if (whole && days == offered) return clock_settings{days * 86'400, 0, days};
  }
  return field_error{"the field 'days_per_move' must be one of 1, 2, 3, 5, 7 or 14 (days)",
                     error_code::bad_clock};
}

template <class T>
T value_of(checked<T>&& c) {
  return std::get<T>(std::move(c));
}

// Reads `id` if present; an id of the wrong type is itself a bad request (without `re`).
checked<request_id> read_id(const json& j) {
  if (!j.contains("id")) return request_id{};
  const json& v = j.at("id");
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > max_id_string) return bad("the field 'id' must be at most 64 bytes long");
    return request_id{s};
  }
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return bad("the field 'id' must be a string or a 64-bit integer");
    }
    return request_id{static_cast<std::int64_t>(u)};
  }
  if (v.is_number_integer()) return request_id{v.get<std::int64_t>()};
  return bad("the field 'id' must be a string or an integer");
}

checked<client_message> read_hello(const json& j, request_id id) {
  auto name = read_string(j, "name", 1, player_name::max_length);
  if (failed(name)) return error_of(name);
  auto read = player_name::read(std::get<std::string>(name));
  if (auto* no = std::get_if<name_refusal>(&read)) {
    return field_error{std::move(no->reason), error_code::bad_name};
  }
  hello h{std::move(id), std::get<player_name>(read).text(), std::nullopt};
  if (j.contains("token")) {
    auto token = read_string(j, "token", 1, max_token);
    if (failed(token)) return error_of(token);
    h.token = value_of(std::move(token));
  }
  if (j.contains("lean")) {
    const auto& lean = j.at("lean");
    if (!lean.is_boolean()) return field_error{"lean must be true or false"};
    h.lean = lean.get<bool>();
  }
  if (j.contains("compact")) {
    const auto& compact = j.at("compact");
    if (!compact.is_boolean()) return field_error{"compact must be true or false"};
    h.compact = compact.get<bool>();
    // Compact traffic is lean traffic with shorter ops, so refusing lean contradicts it.
    if (h.compact && j.contains("lean") && !h.lean) {
      return field_error{"compact traffic is lean: leave lean out or make it true"};
    }
    h.lean = h.lean || h.compact;
  }
  return h;
}

// A name as hello reads it.
checked<std::string> read_name(const json& j) {
  auto name = read_string(j, "name", 1, player_name::max_length);
  if (failed(name)) return error_of(name);
  auto read = player_name::read(std::get<std::string>(name));
  if (auto* no = std::get_if<name_refusal>(&read)) {
    return field_error{std::move(no->reason), error_code::bad_name};
  }
  return std::get<player_name>(read).text();
}

// A password field: a string of at most max_password_bytes, and at least min_password_bytes
// when `is_new` (an old one is only compared, so any length is just wrong).
checked<std::string> read_password(const json& j, const char* key, bool is_new) {
  if (!j.contains(key)) return bad(std::string("the field '") + key + "' is missing");
  const json& v = j.at(key);
  if (!v.is_string()) return bad(std::string("the field '") + key + "' must be a string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max_password_bytes || (is_new && s.size() < min_password_bytes)) {
    return field_error{is_new ? "a password must be " + std::to_string(min_password_bytes) +
                                    " to " + std::to_string(max_password_bytes) + " bytes of UTF-8"
                              : std::string("the field '") + key + "' must be at most " +
                                    std::to_string(max_password_bytes) + " bytes",
                       is_new ? error_code::bad_password : error_code::bad_request};
  }
  return s;
}

checked<client_message> read_register(const json& j, request_id id) {
  auto name = read_name(j);
  if (failed(name)) return error_of(name);
  auto password = read_password(j, "password", true);
  if (failed(password)) return error_of(password);
  return register_account{std::move(id), value_of(std::move(name)), value_of(std::move(password))};
}

checked<client_message> read_login(const json& j, request_id id) {
  auto name = read_name(j);
  if (failed(name)) return error_of(name);
  auto password = read_password(j, "password", false);
  if (failed(password)) return error_of(password);
  return login{std::move(id), value_of(std::move(name)), value_of(std::move(password))};
}

checked<client_message> read_change_password(const json& j, request_id id) {
  auto old_password = read_password(j, "old_password", false);
  if (failed(old_password)) return error_of(old_password);
  auto new_password = read_password(j, "new_password", true);
  if (failed(new_password)) return error_of(new_password);
  return change_password{std::move(id), value_of(std::move(old_password)),
                         value_of(std::move(new_password))};
}

checked<client_message> read_list_rooms(const json& j, request_id id) {
  list_rooms l{std::move(id), std::nullopt, room_filter::open, 0, std::nullopt, std::nullopt};
  if (j.contains("game") && !j.at("game").is_null()) {
    auto game = read_string(j, "game", 1, 16);
    if (failed(game)) return error_of(game);
    l.game = value_of(std::move(game));
  }
  if (j.contains("status") && !j.at("status").is_null()) {
    auto status = read_string(j, "status", 1, 16);
    if (failed(status)) return error_of(status);
    const auto& s = std::get<std::string>(status);
    l.status = s == "open"       ? room_filter::open
               : s == "waiting"  ? room_filter::waiting
               : s == "playing"  ? room_filter::playing
               : s == "finished" ? room_filter::finished
               : s == "all"      ? room_filter::all
                                 : room_filter::invalid;
    if (l.status == room_filter::invalid) {
      return bad(
          "the field 'status' must be \"open\", \"waiting\", \"playing\", \"finished\" or "
          "\"all\"");
    }
  }
  if (j.contains("limit") && !j.at("limit").is_null()) {
    auto limit = read_int(j, "limit", 1, max_room_page);
    if (failed(limit)) return error_of(limit);
    l.limit = static_cast<int>(std::get<std::int64_t>(limit));
  }
  if (j.contains("before") && !j.at("before").is_null()) {
    auto before = read_string(j, "before", 1, 32);
    if (failed(before)) return error_of(before);
    l.before = value_of(std::move(before));
  }
  if (j.contains("computer") && !j.at("computer").is_null()) {
    if (!j.at("computer").is_boolean()) return bad("the field 'computer' must be true or false");
    l.computer = j.at("computer").get<bool>();
  }
  return l;
}

// A room's or a seek's game: only the shape is checked here; whether the game, variant and
// board exist is the registry's answer (the server asks it before making a room or a seek).
checked<game_settings> read_game_settings(const json& j) {
  game_settings g{};
  auto game = read_string(j, "game", 1, 16);
  if (failed(game)) return error_of(game);
  g.game = value_of(std::move(game));
  auto variant_name = read_string(j, "variant", 1, 16);
  if (failed(variant_name)) return error_of(variant_name);
  g.variant = value_of(std::move(variant_name));
  if (j.contains("board") && !j.at("board").is_null()) {
    auto board = read_int(j, "board", 1, 1000);
    if (failed(board)) return error_of(board);
    g.board = static_cast<int>(std::get<std::int64_t>(board));
  }
  return g;
}

// A room's or a seek's clock: null or absent for an untimed game, `days_per_move` for a
// correspondence clock, else `initial_s` and `increment_s`.
checked<std::optional<clock_settings>> read_clock(const json& j) {
  if (!j.contains("clock") || j.at("clock").is_null()) return std::optional<clock_settings>{};
  const json& cj = j.at("clock");
  if (!cj.is_object()) return bad("the field 'clock' must be an object");
  if (cj.contains("days_per_move")) {
    auto days = read_correspondence_days(cj);
    if (failed(days)) return error_of(days);
    return std::optional<clock_settings>{value_of(std::move(days))};
  }
  auto initial = read_int(cj, "initial_s", 1, max_initial_s);
  if (failed(initial)) return error_of(initial);
  auto increment = read_int(cj, "increment_s", 0, max_increment_s);
  if (failed(increment)) return error_of(increment);
  return std::optional<clock_settings>{
      clock_settings{std::get<std::int64_t>(initial), std::get<std::int64_t>(increment)}};
}

checked<client_message> read_create_room(const json& j, request_id id) {
  create_room c{};
  c.id = std::move(id);
  auto game = read_game_settings(j);
  if (failed(game)) return error_of(game);
  c.game = value_of(std::move(game));
  if (j.contains("seat")) {
    auto seat = read_string(j, "seat", 1, 16);
    if (failed(seat)) return error_of(seat);
    const auto& s = std::get<std::string>(seat);
    c.seat = s == "first"    ? seat_choice::first
             : s == "second" ? seat_choice::second
             : s == "random" ? seat_choice::random
                             : seat_choice::invalid;
    if (c.seat == seat_choice::invalid) {
      return bad("the field 'seat' must be \"first\", \"second\" or \"random\"");
    }
  }
  auto clock = read_clock(j);
  if (failed(clock)) return error_of(clock);
  c.clock = value_of(std::move(clock));
  if (j.contains("private")) {
    if (!j.at("private").is_boolean()) return bad("the field 'private' must be true or false");
    c.is_private = j.at("private").get<bool>();
  }
  if (j.contains("rated")) {
    if (!j.at("rated").is_boolean()) return bad("the field 'rated' must be true or false");
    c.rated = j.at("rated").get<bool>();
  }
  if (j.contains("opponent") && !j.at("opponent").is_null()) {
    const json& oj = j.at("opponent");
    if (!oj.is_object() || !oj.contains("computer")) {
      return bad("the field 'opponent' must be {\"computer\": LEVEL} with a level from 1 to 5");
    }
    auto level = read_int(oj, "computer", 1, max_computer_level);
    if (failed(level)) return error_of(level);
    c.computer_level = static_cast<int>(std::get<std::int64_t>(level));
  }
  if (j.contains("takebacks") && !j.at("takebacks").is_null()) {
    if (!j.at("takebacks").is_boolean()) return bad("the field 'takebacks' must be true or false");
    c.takebacks = j.at("takebacks").get<bool>();
  }
  return c;
}

checked<client_message> read_seek(const json& j, request_id id) {
  seek s{};
  s.id = std::move(id);
  auto game = read_game_settings(j);
  if (failed(game)) return error_of(game);
  s.game = value_of(std::move(game));
  auto clock = read_clock(j);
  if (failed(clock)) return error_of(clock);
  s.clock = value_of(std::move(clock));
  if (j.contains("rated") && !j.at("rated").is_null()) {
    if (!j.at("rated").is_boolean()) return bad("the field 'rated' must be true or false");
    s.rated = j.at("rated").get<bool>();
  }
  if (j.contains("range") && !j.at("range").is_null()) {
    const json& rj = j.at("range");
    if (!rj.is_object()) return bad("the field 'range' must be {\"min\": N, \"max\": N}");
    auto lo = read_int(rj, "min", 0, max_rating);
    if (failed(lo)) return error_of(lo);
    auto hi = read_int(rj, "max", 0, max_rating);
    if (failed(hi)) return error_of(hi);
    const auto min = static_cast<int>(std::get<std::int64_t>(lo));
    const auto max = static_cast<int>(std::get<std::int64_t>(hi));
    if (min > max) {
      return field_error{"the rating range is the other way round: 'min' (" + std::to_string(min) +
                             ") is above 'max' (" + std::to_string(max) + ")",
                         error_code::bad_settings};
    }
    s.range = rating_range{min, max};
  }
  return s;
}

checked<client_message> read_cancel_seek(const json& j, request_id id) {
  cancel_seek c{std::move(id), std::nullopt};
  if (j.contains("seek") && !j.at("seek").is_null()) {
    auto which = read_string(j, "seek", 1, max_room_id);
    if (failed(which)) return error_of(which);
    c.seek = value_of(std::move(which));
  }
  return c;
}

checked<client_message> read_join(const json& j, request_id id) {
  auto room = read_room(j);
  if (failed(room)) return error_of(room);
  join m{std::move(id), value_of(std::move(room)), join_role::player};
  auto as = read_string(j, "as", 1, 16);
  if (failed(as)) return error_of(as);
  const auto& a = std::get<std::string>(as);
  m.as = a == "player"      ? join_role::player
         : a == "spectator" ? join_role::spectator
                            : join_role::invalid;
  if (m.as == join_role::invalid) return bad("the field 'as' must be \"player\" or \"spectator\"");
  return m;
}

checked<client_message> read_move(const json& j, request_id id) {
  auto room = read_room(j);
  if (failed(room)) return error_of(room);
  auto text = read_string(j, "move", 1, max_move);
  if (failed(text)) return error_of(text);
  auto version = read_int(j, "version", 0, max_version);
  if (failed(version)) return error_of(version);
  return move{std::move(id), value_of(std::move(room)), value_of(std::move(text)),
              std::get<std::int64_t>(version)};
}

checked<client_message> read_chat(const json& j, request_id id) {
  auto room = read_room(j);
  if (failed(room)) return error_of(room);
  auto text = read_string(j, "text", 1, max_chat);
  if (failed(text)) return error_of(text);
  std::string t = value_of(std::move(text));
  for (std::size_t i = 0; i < t.size();) {
    const std::uint32_t cp = next_code_point(t, i);
    if (is_control(cp) && cp != '\n' && cp != '\t') {
      return bad("the chat text must not contain control characters");
    }
    if (changes_direction(cp)) {
      return bad("the chat text must not contain bidi embeddings, overrides or isolates (it has " +
                 hex(cp) + "): they would show the text reversed");
    }
  }
  return chat{std::move(id), value_of(std::move(room)), std::move(t)};
}

// Messages whose only field is `room`.
template <class M>
checked<client_message> read_room_only(const json& j, request_id id) {
  auto room = read_room(j);
  if (failed(room)) return error_of(room);
  return M{std::move(id), value_of(std::move(room))};
}

checked<client_message> read_offer_message(const json& j, const std::string& type, request_id id);

checked<client_message> read_message(const json& j, const std::string& type, request_id id) {
  if (type == "hello") return read_hello(j, std::move(id));
  if (type == "list_rooms") return read_list_rooms(j, std::move(id));
  if (type == "create_room") return read_create_room(j, std::move(id));
  if (type == "join") return read_join(j, std::move(id));
  if (type == "move") return read_move(j, std::move(id));
  if (type == "resign") return read_room_only<resign>(j, std::move(id));
  if (type == "offer_draw") return read_room_only<offer_draw>(j, std::move(id));
  if (type == "chat") return read_chat(j, std::move(id));
  if (type == "sync") return read_room_only<sync>(j, std::move(id));
  if (type == "leave") return read_room_only<leave>(j, std::move(id));
  if (type == "seek") return read_seek(j, std::move(id));
  if (type == "cancel_seek") return read_cancel_seek(j, std::move(id));
  if (type == "list_seeks") return list_seeks{std::move(id)};
  if (type == "cancel_room") return read_room_only<cancel_room>(j, std::move(id));
  if (type == "register") return read_register(j, std::move(id));
  if (type == "login") return read_login(j, std::move(id));
  if (type == "logout") return logout{std::move(id)};
  if (type == "change_password") return read_change_password(j, std::move(id));
  return read_offer_message(j, type, std::move(id));
}

// The answers to offers (takebacks, draws, rematches), each only a `room`.
checked<client_message> read_offer_message(const json& j, const std::string& type, request_id id) {
  if (type == "takeback") return read_room_only<takeback>(j, std::move(id));
  if (type == "decline_takeback") return read_room_only<decline_takeback>(j, std::move(id));
  if (type == "decline_draw") return read_room_only<decline_draw>(j, std::move(id));
  if (type == "rematch") return read_room_only<rematch>(j, std::move(id));
  if (type == "decline_rematch") return read_room_only<decline_rematch>(j, std::move(id));
  return field_error{};  // empty message: unknown type
}

decode_result decode_json(const json& j) {
  if (!j.is_object()) {
    return decode_error{error_code::bad_request, "a message must be a JSON object", {}};
  }
  auto id = read_id(j);
  if (failed(id)) return decode_error{error_code::bad_request, error_of(id).message, {}};
  request_id rid = value_of(std::move(id));
  if (!j.contains("type") || !j.at("type").is_string()) {
    return decode_error{error_code::bad_request, "the field 'type' must be a string", rid};
  }
  const auto& type = j.at("type").get_ref<const std::string&>();
  auto m = read_message(j, type, rid);
  if (failed(m)) {
    const auto& e = error_of(m);
    if (e.message.empty()) {
      return decode_error{error_code::unknown_type,
                          "the type '" + type.substr(0, 32) + "' is not a known message type", rid};
    }
    return decode_error{e.code, e.message, rid};
  }
  return value_of(std::move(m));
}

}  // namespace

std::size_t count_code_points(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) {
    if ((static_cast<unsigned char>(c) & 0xC0u) != 0x80u) ++n;
  }
  return n;
}

decode_result decode(std::string_view text) noexcept {
  try {
    const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      return decode_error{error_code::bad_request, "the message is not valid JSON", {}};
    }
    return decode_json(j);
  } catch (...) {
    // Only allocation failure can get here; refuse the frame rather than crash.
    return decode_error{error_code::bad_request, "the message could not be read", {}};
  }
}

}  // namespace ringside::protocol
