// patch_ops writes JSON text by hand: it must parse back to exactly the ops given, whatever the
// strings hold, and stay valid JSON on invalid UTF-8.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "protocol/document_edit.hpp"
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

TEST_CASE("patch_ops: an op appended unless lean is only in the full text") {
  patch_ops ops;
  const json one = 1;
  const json text = "zip text";
  ops.append("replace", "/ply", &one);
  CHECK(!ops.differs_when_lean());
  CHECK(ops.lean_array_text() == ops.array_text());
  ops.append_unless_lean("add", "/zip", &text);
  ops.append("remove", "/rings/a1", nullptr);
  CHECK(ops.differs_when_lean());
  CHECK(ops.size() == 3);
  CHECK(json::parse(ops.array_text()) ==
        json::parse(R"([{"op":"replace","path":"/ply","value":1},{"op":"add","path":"/zip",
                        "value":"zip text"},{"op":"remove","path":"/rings/a1"}])"));
  CHECK(json::parse(ops.lean_array_text()) ==
        json::parse(R"([{"op":"replace","path":"/ply","value":1},
                        {"op":"remove","path":"/rings/a1"}])"));

  // Only a lean-only op: the lean text is an empty list.
  patch_ops alone;
  alone.append_unless_lean("add", "/position", &text);
  CHECK(alone.lean_array_text() == "[]");
  alone.append("replace", "/ply", &one);
  CHECK(json::parse(alone.lean_array_text()) ==
        json::parse(R"([{"op":"replace","path":"/ply","value":1}])"));

  // Appending ops keeps both texts.
  patch_ops all;
  all.append("replace", "/to_move", &one);
  all.append_all(ops);
  CHECK(all.size() == 4);
  CHECK(json::parse(all.array_text()).size() == 4);
  CHECK(json::parse(all.lean_array_text()).size() == 3);
}

TEST_CASE("patch_ops: the compact text is the lean ops as arrays, code and path and value") {
  patch_ops ops;
  const json one = 1;
  const json text = "zip \"text\"";
  const json last = {{"by", 1}, {"move", "Wd4-a1"}};
  CHECK(ops.compact_array_text() == "[]");
  ops.append("replace", "/ply", &one);
  ops.append_unless_lean("add", "/zip", &text);
  ops.append("remove", "/rings/a1", nullptr);
  ops.append("add", "/history/-", &text);
  ops.append("replace", "/last_move", &last);
  CHECK(ops.compact_array_text() ==
        R"([["=","/ply",1],["-","/rings/a1"],["+","/history/-","zip \"text\""],)"
        R"(["=","/last_move",{"by":1,"move":"Wd4-a1"}]])");
  // Appending ops keeps the compact text too.
  patch_ops all;
  all.append("replace", "/to_move", &one);
  all.append_all(ops);
  CHECK(json::parse(all.compact_array_text()).size() == 5);
  CHECK(all.compact_array_text() == R"([["=","/to_move",1],)" + ops.compact_array_text().substr(1));
  patch_ops none;
  none.append_all(ops);
  CHECK(none.compact_array_text() == ops.compact_array_text());
  // A null value is a value; a remove has none.
  const json null_value = nullptr;
  all.append("replace", "/draw_offer", &null_value);
  CHECK(json::parse(all.compact_array_text()).back() == json::parse(R"(["=","/draw_offer",null])"));
  // Only the ops a state document makes have a code, and a refused one changes nothing.
  const auto before = ops.compact_array_text();
  CHECK_THROWS_AS(ops.append("move", "/a", &one), std::invalid_argument);
  CHECK(ops.compact_array_text() == before);
  CHECK(ops.size() == 5);
}

TEST_CASE("edit_list: the edits turn the old list into the new, and are no longer than a replace") {
  std::mt19937 rng(29);
  for (int round = 0; round < 400; ++round) {
    CAPTURE(round);
    std::vector<std::string> before;
    const int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) before.push_back("c" + std::to_string(rng() % 60));
    std::vector<std::string> after;
    for (const auto& e : before) {
      if (rng() % 5 != 0) after.push_back(e);  // most stay, in order
      if (rng() % 7 == 0) after.push_back("n" + std::to_string(rng() % 60));
    }
    if (round % 10 == 0) std::shuffle(after.begin(), after.end(), rng);
    json doc{{"list", before}};
    const json old_doc = doc;
    patch_ops ops;
    edit_list(ops, "/list", doc["list"], before, after);
    CHECK(doc["list"] == json(after));
    CHECK(old_doc.patch(json::parse(ops.array_text())) == doc);
    if (before == after) CHECK(ops.empty());
    patch_ops whole;
    const json value = after;
    whole.append("replace", "/list", &value);
    CHECK(ops.text_size() <= whole.text_size());
  }
  // Nested lists (capture chains) too, at an index up to the length.
  const std::vector<std::vector<std::string>> chains{{"a1", "c3"}, {"b2", "d4", "f6"}};
  const std::vector<std::vector<std::string>> fewer{{"b2", "d4", "f6"}, {"e5", "c3"}};
  json doc{{"captures", chains}};
  const json old_doc = doc;
  patch_ops ops;
  edit_list(ops, "/captures", doc["captures"], chains, fewer);
  CHECK(old_doc.patch(json::parse(ops.array_text())) == json{{"captures", fewer}});
}

}  // namespace ringside::protocol
