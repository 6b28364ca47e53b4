// patch_ops writes JSON text by hand: it must parse back to exactly the ops given, whatever the
// strings hold, and stay valid JSON on invalid UTF-8.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "protocol/wire/patch_ops.hpp"

namespace ringside::protocol {

using nlohmann::json;

TEST_CASE("patch_ops: text parses back to the same ops, awkward strings included") {
  patch_ops ops;
  CHECK(ops.empty());
  CHECK(ops.array_text() == "[]");
  const json values[] = {7,
                         -3,
                         std::uint64_t{18446744073709551615ULL},
                         std::int64_t{-9223372036854775807},
                         1.5,
                         json::object(),
                         json::array(),
                         true,
                         nullptr,
                         "plain",
                         "quo\"te and back\\slash",
                         "tab\tnewline\n\x01",
                         "\xc3\xa9t\xc3\xa9 \xe2\x9c\x93",
                         json::array({"a", 1}),
                         json{{"name", "x\"y"}, {"online", false}, {"clock_ms", nullptr}}};
  json expected = json::array();
  for (const auto& v : values) {
    ops.append("replace", "/players/0/name", &v);
    expected.push_back(json{{"op", "replace"}, {"path", "/players/0/name"}, {"value", v}});
  }
  ops.append("remove", "/rings/a~1b", nullptr);
  expected.push_back(json{{"op", "remove"}, {"path", "/rings/a~1b"}});
  ops.append("add", "/history/-", &values[9]);
  expected.push_back(json{{"op", "add"}, {"path", "/history/-"}, {"value", "plain"}});
  CHECK(!ops.empty());
  CHECK(ops.size() == expected.size());
  CHECK(json::parse(ops.array_text()) == expected);
  std::string out = "x";
  ops.write_array(out);
  std::string expected_out = "x";  // appended, not "x" + s: GCC 12 warns -Wrestrict on that falsely
  expected_out += ops.array_text();
  CHECK(out == expected_out);
}

TEST_CASE("append_json_string: escapes, and replaces invalid UTF-8 instead of throwing") {
  for (const std::string s : {"", "d4", "a\"b", "a\\b", "\x1f", "\xc3\xa9", "bad\xff"}) {
    CAPTURE(s);
    std::string out;
    CHECK_NOTHROW(append_json_string(out, s));
    CHECK(out == json(s).dump(-1, ' ', false, json::error_handler_t::replace));
    json back;
    CHECK_NOTHROW(back = json::parse(out));
    CHECK(back.is_string());
  }
}

}  // namespace ringside::protocol
