// protocol::decode: every message, and every way a field can be of the wrong type or range.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/wire/decode.hpp"
#include "protocol/wire/encode.hpp"

namespace ringside::protocol {
namespace {

using nlohmann::json;

template <class M>
M decode_as(const json& j) {
  auto r = decode(j.dump());
  if (const auto* e = std::get_if<decode_error>(&r)) FAIL("unexpected error: " << e->message);
  const auto& msg = std::get<client_message>(r);
  REQUIRE(std::holds_alternative<M>(msg));
  return std::get<M>(msg);
}

decode_error text_error(std::string_view text) {
  auto r = decode(text);
  REQUIRE_MESSAGE(std::holds_alternative<decode_error>(r), text);
  return std::get<decode_error>(r);
}

decode_error error_of(const json& j) {
  return text_error(j.dump());
}

void check_bad(const json& j) {
  INFO(j.dump());
  const auto e = error_of(j);
  CHECK(e.code == error_code::bad_request);
  CHECK(!e.message.empty());
}

const json valid_move{{"type", "move"}, {"room", "abc"}, {"move", "Wd4-a1"}, {"version", 3}};
const json valid_create{{"type", "create_room"}, {"game", "zertz"}, {"variant", "standard"}};

json with(json j, const char* key, const json& v) {
  j[key] = v;
  return j;
}
json without(json j, const char* key) {
  j.erase(key);
  return j;
}

}  // namespace

TEST_CASE("not JSON, not an object, no type") {
  for (const char* text : {"", "{", "nul", "[1]", "\"s\"", "3", "{\"type\":1}", "{}"}) {
    const auto e = text_error(text);
    CHECK(e.code == error_code::bad_request);
    CHECK(std::holds_alternative<std::monostate>(e.id));
  }
  CHECK(error_of(json{{"type", "fly"}}).code == error_code::unknown_type);
  CHECK(error_of(json{{"type", "Hello"}, {"name", "a"}}).code == error_code::unknown_type);
}

TEST_CASE("id: string or integer, echoed on errors, anything else refused") {
  CHECK(std::get<std::string>(decode_as<list_rooms>({{"type", "list_rooms"}, {"id", "q"}}).id) ==
        "q");
  CHECK(std::get<std::int64_t>(decode_as<list_rooms>({{"type", "list_rooms"}, {"id", -4}}).id) ==
        -4);
  const auto e = error_of(json{{"type", "nope"}, {"id", 12}});
  CHECK(std::get<std::int64_t>(e.id) == 12);
  for (const json& id : {json(1.5), json(true), json::array(), json::object(),
                         json(std::uint64_t{1} << 63), json(std::string(65, 'x'))}) {
    check_bad({{"type", "list_rooms"}, {"id", id}});
  }
  CHECK(error_of(with(without(valid_move, "room"), "id", "r1")).id == request_id{"r1"});
}

TEST_CASE("list_rooms: optional game, status, limit 1-200 and a cursor") {
  const auto plain = decode_as<list_rooms>({{"type", "list_rooms"}});
  CHECK(plain.status == room_filter::open);
  CHECK(plain.limit == 0);
  CHECK_FALSE(plain.game.has_value());
  CHECK_FALSE(plain.before.has_value());
  const auto full = decode_as<list_rooms>({{"type", "list_rooms"},
                                           {"game", "dvonn"},
                                           {"status", "finished"},
                                           {"limit", 200},
                                           {"before", "r12"}});
  CHECK(full.game == "dvonn");
  CHECK(full.status == room_filter::finished);
  CHECK(full.limit == 200);
  CHECK(full.before == "r12");
  CHECK_FALSE(plain.computer.has_value());
  CHECK(decode_as<list_rooms>({{"type", "list_rooms"}, {"computer", true}}).computer == true);
  CHECK(decode_as<list_rooms>({{"type", "list_rooms"}, {"computer", false}}).computer == false);
  for (const char* s : {"open", "waiting", "playing", "all"}) {
    CHECK(decode_as<list_rooms>({{"type", "list_rooms"}, {"status", s}}).status !=
          room_filter::invalid);
  }
  const json base{{"type", "list_rooms"}};
  for (const json& bad : {json{{"status", "lost"}}, json{{"status", 1}}, json{{"limit", 0}},
                          json{{"limit", 201}}, json{{"limit", 1.5}}, json{{"limit", "5"}},
                          json{{"game", ""}}, json{{"before", std::string(33, 'r')}},
                          json{{"before", 7}}, json{{"computer", "yes"}}, json{{"computer", 1}}}) {
    json j = base;
    j.update(bad);
    check_bad(j);
  }
}

TEST_CASE("hello: name 1-24 printable characters, optional token string") {
  const auto h = decode_as<hello>({{"type", "hello"}, {"name", "Zoë"}});
  CHECK(h.name == "Zoë");
  CHECK(!h.token);
  CHECK(*decode_as<hello>({{"type", "hello"}, {"name", "a"}, {"token", "t"}}).token == "t");
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", std::string(24, 'x')}}).name.size() == 24);
  // 24 characters, 48 bytes: characters are counted, not bytes.
  std::string wide;
  for (int i = 0; i < 24; ++i) wide += "é";
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", wide}}).name == wide);
  for (const json& name : {json(""), json(std::string(25, 'x')), json(5), json(nullptr),
                           json::array({"a"})}) {
    check_bad({{"type", "hello"}, {"name", name}});
  }
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", "Ann Lee"}}).name == "Ann Lee");
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", "computer science"}}).name ==
        "computer science");
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", "李小龙"}}).name == "李小龙");
  // The name as shown is the NFKC one (protocol/wire/player_name.hpp has the rest).
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", "ａｌｉｃｅ"}}).name == "alice");
  CHECK(error_of({{"type", "hello"}, {"name", "\u0430lice"}}).code == error_code::bad_name);
}

TEST_CASE("hello: lean is an optional boolean, off when absent") {
  CHECK(!decode_as<hello>({{"type", "hello"}, {"name", "a"}}).lean);
  CHECK(decode_as<hello>({{"type", "hello"}, {"name", "a"}, {"lean", true}}).lean);
  CHECK(!decode_as<hello>({{"type", "hello"}, {"name", "a"}, {"lean", false}}).lean);
  for (const json& lean : {json(1), json("true"), json(nullptr)}) {
    check_bad({{"type", "hello"}, {"name", "a"}, {"lean", lean}});
  }
}

TEST_CASE("hello: compact is an optional boolean that implies lean") {
  CHECK(!decode_as<hello>({{"type", "hello"}, {"name", "a"}}).compact);
  const auto compact = decode_as<hello>({{"type", "hello"}, {"name", "a"}, {"compact", true}});
  CHECK(compact.compact);
  CHECK(compact.lean);
  const auto both =
      decode_as<hello>({{"type", "hello"}, {"name", "a"}, {"lean", true}, {"compact", true}});
  CHECK((both.compact && both.lean));
  const auto off =
      decode_as<hello>({{"type", "hello"}, {"name", "a"}, {"lean", true}, {"compact", false}});
  CHECK((!off.compact && off.lean));
  for (const json& not_boolean : {json(1), json("true"), json(nullptr)}) {
    check_bad({{"type", "hello"}, {"name", "a"}, {"compact", not_boolean}});
  }
  // Compact traffic is lean: asking for it without lean contradicts itself.
  check_bad({{"type", "hello"}, {"name", "a"}, {"lean", false}, {"compact", true}});
}

TEST_CASE("hello: names that hide or impersonate are bad_name, with the reason") {
  // Controls, bidi overrides and isolates, zero-width characters, fillers that draw nothing,
  // spaces that are not U+0020, blank names, and the computer players' names.
  const std::pair<std::string, std::string> refused[] = {
      {"a\nb", "printable"},
      {"\x01", "printable"},
      {"   ", "blank"},
      {"alice\u202Eecila", "U+202E"},  // right-to-left override
      {"\u2067bob", "U+2067"},         // right-to-left isolate
      {"al\u200Bice", "U+200B"},       // zero-width space
      {"ali\u200Dce", "U+200D"},       // zero-width joiner
      {"\uFEFFalice", "U+FEFF"},
      {"\u3164", "U+3164"},            // Hangul filler: looks blank
      {"\u2800\u2800", "U+2800"},     // braille blank
      {"alice\u00A0", "U+00A0"},       // no-break space
      {"\u3000", "U+3000"},            // ideographic space
      {" alice", "begin or end"},
      {"alice ", "begin or end"},
      {"ann  lee", "two spaces"},
      {"computer 3", "computer players"},
      {"Computer", "computer players"},
      {"COMPUTER5", "computer players"},
  };
  for (const auto& entry : refused) {
    INFO(entry.first);  // not a structured binding: clang 14 cannot capture one in INFO
    const auto e = error_of({{"type", "hello"}, {"name", entry.first}, {"id", 4}});
    CHECK(e.code == error_code::bad_name);
    CHECK(e.message.find(entry.second) != std::string::npos);
    CHECK(e.id == request_id{std::int64_t{4}});
  }
  check_bad({{"type", "hello"}});
  check_bad({{"type", "hello"}, {"name", "a"}, {"token", 5}});
  check_bad({{"type", "hello"}, {"name", "a"}, {"token", ""}});
}

TEST_CASE("create_room: game, variant, board, seat, clock, private") {
  const auto c = decode_as<create_room>(valid_create);
  CHECK(c.game.game == "zertz");
  CHECK(c.game.variant == "standard");
  CHECK(c.game.board == 0);  // left to the variant
  CHECK(c.seat == seat_choice::random);
  CHECK(!c.clock);
  CHECK(!c.is_private);
  // Names are the registry's business (tests/engine/any_game_test.cpp): the wire carries them.
  CHECK(decode_as<create_room>(with(valid_create, "variant", "tournament")).game.variant ==
        "tournament");
  CHECK(decode_as<create_room>(with(valid_create, "game", "dvonn")).game.game == "dvonn");
  for (int b : {37, 40, 43, 44, 48, 61}) {
    CHECK(decode_as<create_room>(with(valid_create, "board", b)).game.board == b);
  }
  CHECK(decode_as<create_room>(with(valid_create, "seat", "second")).seat == seat_choice::second);
  const auto timed =
      decode_as<create_room>(with(valid_create, "clock", {{"initial_s", 300}, {"increment_s", 5}}));
  REQUIRE(timed.clock);
  CHECK(timed.clock->initial_s == 300);
  CHECK(timed.clock->increment_s == 5);
  CHECK(decode_as<create_room>(with(valid_create, "private", true)).is_private);

  check_bad(without(valid_create, "game"));
  check_bad(with(valid_create, "game", ""));
  check_bad(with(valid_create, "game", 5));
  check_bad(without(valid_create, "variant"));
  check_bad(with(valid_create, "variant", std::string(17, 'x')));
  check_bad(with(valid_create, "variant", 0));
  // 293 would wrap to 37 as a uint8_t; a board out of any range is refused, not wrapped.
  for (const json& b : {json(0), json(1001), json(-37), json(37.0), json("37"), json(true)}) {
    check_bad(with(valid_create, "board", b));
  }
  check_bad(with(valid_create, "seat", "third"));
  check_bad(with(valid_create, "seat", 1));
  for (const json& clock :
       {json(300), json::array({300, 5}), json{{"initial_s", 0}, {"increment_s", 0}},
        json{{"initial_s", 86401}, {"increment_s", 0}}, json{{"initial_s", 60}},
        json{{"initial_s", 60}, {"increment_s", -1}},
        json{{"initial_s", 60}, {"increment_s", 3601}},
        json{{"initial_s", 60.5}, {"increment_s", 0}},
        json{{"initial_s", 4294967356LL}, {"increment_s", 0}}}) {
    check_bad(with(valid_create, "clock", clock));
  }
  check_bad(with(valid_create, "private", 1));
  check_bad(with(valid_create, "private", "yes"));
}

TEST_CASE("create_room: rated is a boolean, false unless sent") {
  CHECK_FALSE(decode_as<create_room>(valid_create).rated);
  CHECK(decode_as<create_room>(with(valid_create, "rated", true)).rated);
  CHECK_FALSE(decode_as<create_room>(with(valid_create, "rated", false)).rated);
  check_bad(with(valid_create, "rated", 1));
  check_bad(with(valid_create, "rated", "true"));
  check_bad(with(valid_create, "rated", nullptr));
}

TEST_CASE("create_room: takebacks true or false, left to the server when absent") {
  CHECK(!decode_as<create_room>(valid_create).takebacks);
  CHECK(decode_as<create_room>(with(valid_create, "takebacks", false)).takebacks == false);
  CHECK(decode_as<create_room>(with(valid_create, "takebacks", true)).takebacks == true);
  check_bad(with(valid_create, "takebacks", 0));
  check_bad(with(valid_create, "takebacks", "no"));
  CHECK(decode_as<takeback>({{"type", "takeback"}, {"room", "r"}}).room == "r");
  CHECK(decode_as<decline_draw>({{"type", "decline_draw"}, {"room", "r"}, {"id", 4}}).id ==
        request_id{std::int64_t{4}});
}

TEST_CASE("create_room: a correspondence clock is days per move, from the offered list") {
  for (const int days : {1, 2, 3, 5, 7, 14}) {
    const auto c = decode_as<create_room>(with(valid_create, "clock", {{"days_per_move", days}}));
    REQUIRE(c.clock);
    CHECK(c.clock->days_per_move == days);
    CHECK(c.clock->initial_s == days * 86'400);
    CHECK(c.clock->increment_s == 0);
  }
  for (const json& days : {json(0), json(4), json(15), json(-7), json(2.5), json("2"), json(nullptr),
                           json(18446744073709551615ULL)}) {
    CAPTURE(days.dump());
    const auto e = error_of(with(valid_create, "clock", {{"days_per_move", days}}));
    CHECK(e.code == error_code::bad_clock);
  }
  // One shape or the other: both at once is malformed.
  check_bad(with(valid_create, "clock", {{"days_per_move", 3}, {"increment_s", 0}}));
}

TEST_CASE("join: room and as") {
  const auto j = decode_as<join>({{"type", "join"}, {"room", "r"}, {"as", "spectator"}});
  CHECK(j.room == "r");
  CHECK(j.as == join_role::spectator);
  check_bad({{"type", "join"}, {"room", "r"}});
  check_bad({{"type", "join"}, {"room", "r"}, {"as", "referee"}});
  check_bad({{"type", "join"}, {"as", "player"}});
  check_bad({{"type", "join"}, {"room", ""}, {"as", "player"}});
  check_bad({{"type", "join"}, {"room", std::string(33, 'r')}, {"as", "player"}});
  check_bad({{"type", "join"}, {"room", 7}, {"as", "player"}});
}

TEST_CASE("move: room, move text, version in range") {
  const auto m = decode_as<move>(valid_move);
  CHECK(m.text == "Wd4-a1");
  CHECK(m.version == 3);
  CHECK(decode_as<move>(with(valid_move, "version", 0)).version == 0);
  for (const json& v : {json(-1), json(1.0), json("3"), json(nullptr), json(std::uint64_t{1} << 60),
                        json(std::int64_t{-1} << 60)}) {
    check_bad(with(valid_move, "version", v));
  }
  check_bad(without(valid_move, "version"));
  check_bad(without(valid_move, "move"));
  check_bad(with(valid_move, "move", ""));
  check_bad(with(valid_move, "move", std::string(65, 'W')));
  check_bad(with(valid_move, "move", json::object()));
}

TEST_CASE("room-only messages and chat") {
  for (const char* type : {"resign", "offer_draw", "sync", "leave", "takeback", "decline_takeback",
                           "decline_draw", "rematch", "decline_rematch"}) {
    INFO(type);
    const auto r = decode(json{{"type", type}, {"room", "abc"}}.dump());
    REQUIRE(std::holds_alternative<client_message>(r));
    check_bad({{"type", type}});
    check_bad({{"type", type}, {"room", 1}});
  }
  CHECK(decode_as<chat>({{"type", "chat"}, {"room", "r"}, {"text", "gg\nwp"}}).text == "gg\nwp");
  CHECK(decode_as<chat>({{"type", "chat"}, {"room", "r"}, {"text", std::string(500, 'x')}})
            .text.size() == 500);
  check_bad({{"type", "chat"}, {"room", "r"}, {"text", ""}});
  check_bad({{"type", "chat"}, {"room", "r"}, {"text", std::string(501, 'x')}});
  check_bad({{"type", "chat"}, {"room", "r"}, {"text", "bell\x07"}});
  check_bad({{"type", "chat"}, {"room", "r"}});
}

TEST_CASE("chat: bidi embeddings, overrides and isolates are refused, marks and joiners are not") {
  // Each would show the rest of its line reversed, the sender's name included.
  for (const char* bidi : {"\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066",
                           "\u2067", "\u2068", "\u2069"}) {
    const std::string text = std::string(bidi) + "niw uoy ,ngiser I";
    const auto e = error_of({{"type", "chat"}, {"room", "r"}, {"text", text}});
    CHECK(e.code == error_code::bad_request);
    CHECK(e.message.find("bidi") != std::string::npos);
  }
  // Right-to-left text, its marks (LRM, RLM, ALM), emoji joiners and Persian's ZWNJ stay.
  for (const char* fine : {"שלום", "gg \u200F!", "\u200Ehi", "\u061C", "👨\u200D👩\u200D👧",
                           "می\u200Cخواهم", "❤\uFE0F"}) {
    CHECK(decode_as<chat>({{"type", "chat"}, {"room", "r"}, {"text", fine}}).text == fine);
  }
}

TEST_CASE("decode never throws on hostile input") {
  std::string deep(10000, '[');
  CHECK(text_error(deep).code == error_code::bad_request);
  CHECK(text_error(std::string("{\"type\":\"hello\",\"name\":\"\xff\"}")).code ==
        error_code::bad_request);
  CHECK(text_error(std::string("\0\0\0", 3)).code == error_code::bad_request);
}

TEST_CASE("encoders: re only when there was an id, seat null for spectators") {
  const auto err = json::parse(encode_error({}, error_code::room_full, "full"));
  CHECK(err == json{{"type", "error"}, {"code", "room_full"}, {"message", "full"}});
  const auto err2 =
      json::parse(encode_error(request_id{std::int64_t{3}}, error_code::game_over, "x"));
  CHECK(err2.at("re") == 3);
  const auto joined = json::parse(encode_joined(request_id{"a"}, "r", 0, 4, json::object()));
  CHECK(joined.at("seat").is_null());
  CHECK(joined.at("re") == "a");
  const auto ack = json::parse(encode_ack(request_id{"m"}, "r", 9));
  CHECK(ack == json{{"type", "ack"}, {"re", "m"}, {"room", "r"}, {"version", 9}});
}

}  // namespace ringside::protocol
