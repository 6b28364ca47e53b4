// encode_patch writes its frame around the ops by hand: it must give the very bytes the plain
// nlohmann object gave, and stay valid JSON whatever the room id holds.
#include <doctest/doctest.h>

#include <string>

#include "protocol/wire/encode.hpp"

namespace ringside::protocol {

using nlohmann::json;

namespace {

// The frame as encode_patch wrote it before: one json object, serialised.
std::string reference_patch(std::string_view room, std::int64_t version, const json& ops) {
  return to_wire(json{{"type", "patch"}, {"room", room}, {"version", version}, {"ops", ops}});
}

}  // namespace

TEST_CASE("encode_patch: the same bytes as the json object, for awkward rooms and ops") {
  const json ops = json::parse(R"([
    {"op":"replace","path":"/ply","value":7},
    {"op":"remove","path":"/rings/a1"},
    {"op":"add","path":"/history/-","value":"Wd4-a1"},
    {"op":"replace","path":"/players/0","value":{"name":"\u00e9l\"o\\","online":true,"clock_ms":null}}
  ])");
  for (const std::string room :
       {"k3x9q2", "quo\"te", "back\\slash", "tab\there", "\xc3\xa9t\xc3\xa9"}) {
    CAPTURE(room);
    for (const std::int64_t version :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{1732390000123456}}) {
      const std::string frame = encode_patch(room, version, ops);
      CHECK(frame == reference_patch(room, version, ops));
      const json parsed = json::parse(frame);
      CHECK(parsed.at("type") == "patch");
      CHECK(parsed.at("room") == room);
      CHECK(parsed.at("version") == version);
      CHECK(parsed.at("ops") == ops);
    }
  }
  CHECK(encode_patch("r", 2, json::array()) == reference_patch("r", 2, json::array()));
}

TEST_CASE("encode_patch: invalid UTF-8 in a room id is replaced, not thrown on") {
  const std::string bad = "r\xff";
  std::string frame;
  CHECK_NOTHROW(frame = encode_patch(bad, 1, json::array()));
  CHECK(frame == reference_patch(bad, 1, json::array()));
  json parsed;
  CHECK_NOTHROW(parsed = json::parse(frame));
  CHECK(parsed.at("room").get<std::string>() != bad);  // the bad byte became U+FFFD
}

TEST_CASE("encode_ack: the same bytes as nlohmann writes, for every kind of id and room") {
  for (const request_id& re :
       {request_id{}, request_id{std::string("m7")}, request_id{std::string("q\"u\\o\xc3\xa9")},
        request_id{std::int64_t{-42}}, request_id{std::int64_t{1} << 60}}) {
    for (const std::string room : {"k3x9q2", "quo\"te", "r\xff"}) {
      for (const std::int64_t version : {std::int64_t{0}, std::int64_t{1732390000123456}}) {
        json j{{"type", "ack"}, {"room", room}, {"version", version}};
        j["re"] = id_json(re);
        CHECK(encode_ack(re, room, version) ==
              j.dump(-1, ' ', false, json::error_handler_t::replace));
      }
    }
  }
}

TEST_CASE("encode_lean_patch: the lean ops, and with `re` the answer to a move") {
  patch_ops ops;
  const json ply = 3;
  const json zip = "zip text";
  ops.append("replace", "/ply", &ply);
  ops.append_unless_lean("add", "/zip", &zip);
  const json lean_ops = json::parse(R"([{"op":"replace","path":"/ply","value":3}])");
  CHECK(encode_lean_patch("k", 9, ops) == reference_patch("k", 9, lean_ops));
  for (const request_id& re : {request_id{std::string("m\"1")}, request_id{std::int64_t{12}}}) {
    json j{{"type", "patch"}, {"room", "k"}, {"version", 9}, {"ops", lean_ops}};
    j["re"] = id_json(re);
    CHECK(encode_lean_patch("k", 9, ops, &re) == to_wire(j));
  }
}

TEST_CASE("encode_compact_patch: the lean ops in the compact form, with `re` when answering") {
  patch_ops ops;
  const json ply = 3;
  const json zip = "zip text";
  ops.append("replace", "/ply", &ply);
  ops.append_unless_lean("add", "/zip", &zip);
  ops.append("remove", "/rings/a1", nullptr);
  const json compact_ops = json::parse(R"([["=","/ply",3],["-","/rings/a1"]])");
  CHECK(json::parse(encode_compact_patch("k", 9, ops)) ==
        json{{"type", "patch"}, {"room", "k"}, {"version", 9}, {"ops", compact_ops}});
  const request_id re{std::string("m1")};
  CHECK(json::parse(encode_compact_patch("k", 9, ops, &re)) ==
        json{{"type", "patch"}, {"room", "k"}, {"version", 9}, {"ops", compact_ops}, {"re", "m1"}});
}

TEST_CASE("encode_rooms: a page's text spliced in, next as a string or null") {
  const auto last =
      json::parse(encode_rooms(request_id{std::int64_t{2}}, "[{\"room\":\"a\"}]", {}));
  CHECK(last == json{{"type", "rooms"},
                     {"re", 2},
                     {"next", nullptr},
                     {"rooms", json::array({json{{"room", "a"}}})}});
  const auto more = json::parse(encode_rooms({}, "[]", std::string("r9")));
  CHECK(more == json{{"type", "rooms"}, {"next", "r9"}, {"rooms", json::array()}});
}

}  // namespace ringside::protocol
