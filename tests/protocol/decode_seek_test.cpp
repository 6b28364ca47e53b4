// protocol::decode of the quick-pairing messages and cancel_room: fields, defaults, ranges.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "protocol/wire/decode.hpp"

namespace ringside::protocol {
namespace {

using nlohmann::json;

client_message ok(const json& j) {
  auto r = decode(j.dump());
  if (const auto* e = std::get_if<decode_error>(&r)) FAIL("unexpected error: " << e->message);
  return std::get<client_message>(r);
}

decode_error refused(const json& j) {
  auto r = decode(j.dump());
  REQUIRE(std::holds_alternative<decode_error>(r));
  return std::get<decode_error>(r);
}

json base() {
  return {{"type", "seek"}, {"game", "zertz"}, {"variant", "blitz"}, {"id", 3}};
}

}  // namespace

TEST_CASE("seek: game and variant, optional board, clock, rated and range") {
  const auto plain = std::get<seek>(ok(base()));
  CHECK(plain.game.game == "zertz");
  CHECK(plain.game.board == 0);
  CHECK_FALSE(plain.clock);
  CHECK_FALSE(plain.rated);
  CHECK_FALSE(plain.range);
  auto full = base();
  full["board"] = 37;
  full["clock"] = {{"initial_s", 600}, {"increment_s", 5}};
  full["rated"] = true;
  full["range"] = {{"min", 1200}, {"max", 1800}};
  const auto s = std::get<seek>(ok(full));
  CHECK(s.game.board == 37);
  CHECK(*s.clock == clock_settings{600, 5});
  CHECK(s.rated);
  CHECK(*s.range == rating_range{1200, 1800});
  auto nulls = base();
  nulls["clock"] = nullptr;
  nulls["range"] = nullptr;
  CHECK_FALSE(std::get<seek>(ok(nulls)).clock);
}

TEST_CASE("seek: a correspondence clock is read as a room's is") {
  auto m = base();
  m["clock"] = {{"days_per_move", 3}};
  const auto s = std::get<seek>(ok(m));
  REQUIRE(s.clock);
  CHECK(s.clock->days_per_move == 3);
  CHECK(s.clock->initial_s == 3 * 86'400);
  m["clock"] = {{"days_per_move", 4}};
  CHECK(refused(m).code == error_code::bad_clock);
  m["clock"] = {{"days_per_move", 3}, {"initial_s", 60}};
  CHECK(refused(m).code == error_code::bad_request);
}

TEST_CASE("seek: wrong types and ranges are bad_request, a reversed range bad_settings") {
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, json>>{{"game", 5},
                                                 {"variant", ""},
                                                 {"board", 0},
                                                 {"clock", {{"initial_s", 0}, {"increment_s", 0}}},
                                                 {"clock", "5+3"},
                                                 {"rated", 1},
                                                 {"range", {{"min", -1}, {"max", 10}}},
                                                 {"range", {{"min", 10}}},
                                                 {"range", {{"min", 10}, {"max", 4001}}}}) {
    auto m = base();
    m[key] = value;
    INFO(m.dump());
    const auto e = refused(m);
    CHECK(e.code == error_code::bad_request);
    CHECK(std::get<std::int64_t>(e.id) == 3);
  }
  auto reversed = base();
  reversed["range"] = {{"min", 1800}, {"max", 1200}};
  const auto e = refused(reversed);
  CHECK(e.code == error_code::bad_settings);
  CHECK(e.message.find("other way round") != std::string::npos);
}

TEST_CASE("cancel_seek, list_seeks and cancel_room") {
  CHECK_FALSE(std::get<cancel_seek>(ok({{"type", "cancel_seek"}})).seek);
  CHECK(*std::get<cancel_seek>(ok({{"type", "cancel_seek"}, {"seek", "abc"}})).seek == "abc");
  CHECK(refused({{"type", "cancel_seek"}, {"seek", 5}}).code == error_code::bad_request);
  CHECK(std::holds_alternative<list_seeks>(ok({{"type", "list_seeks"}})));
  CHECK(std::get<cancel_room>(ok({{"type", "cancel_room"}, {"room", "q7"}})).room == "q7");
  CHECK(refused({{"type", "cancel_room"}}).code == error_code::bad_request);
  CHECK(to_string(error_code::not_waiting) == "not_waiting");
  CHECK(to_string(error_code::too_many_seeks) == "too_many_seeks");
}

}  // namespace ringside::protocol
