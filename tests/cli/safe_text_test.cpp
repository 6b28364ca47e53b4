// Wire strings made safe: nothing from the server can act on the terminal, and a script
// line's fields parse back to exactly what was sent.

#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "clients/cli/event_format.hpp"
#include "clients/cli/safe_text.hpp"

using namespace ringside::cli;
using nlohmann::json;

namespace {

// Splits a script line `kind key=value ...` the way the README says to: a value is either a
// JSON string or runs to the next space.
std::map<std::string, std::string> fields_of(const std::string& line) {
  std::map<std::string, std::string> out;
  std::size_t i = line.find(' ');
  while (i != std::string::npos && i < line.size()) {
    ++i;
    const auto eq = line.find('=', i);
    REQUIRE(eq != std::string::npos);
    const std::string key = line.substr(i, eq - i);
    std::size_t end;
    if (line[eq + 1] == '"') {
      end = eq + 2;
      while (line[end] != '"') end += line[end] == '\\' ? 2u : 1u;
      ++end;
      out[key] = json::parse(line.substr(eq + 1, end - eq - 1)).get<std::string>();
    } else {
      end = line.find(' ', eq);
      out[key] = line.substr(eq + 1, end == std::string::npos ? std::string::npos : end - eq - 1);
    }
    i = end;
    if (i != std::string::npos && i < line.size()) REQUIRE(line[i] == ' ');
  }
  return out;
}

bool has_control(const std::string& s) {
  for (const char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7f) return true;
  }
  return s.find("\xc2\x9b") != std::string::npos ||    // C1 CSI
         s.find("\xe2\x80\xae") != std::string::npos;  // right-to-left override
}

}  // namespace

TEST_CASE("visible(): escapes and controls are shown, printable text of any script is kept") {
  CHECK(visible("alice") == "alice");
  CHECK(visible("Zo\xc3\xab \xe2\x99\x9f") == "Zo\xc3\xab \xe2\x99\x9f");  // Zoë ♟
  CHECK(visible("\x1b]0;pwned\x07") == "\\e]0;pwned\\x07");
  CHECK(visible("a\nError (illegal_move): x") == "a\\nError (illegal_move): x");
  CHECK(visible("\x1b[8mhidden") == "\\e[8mhidden");
  CHECK(visible("tab\there\r") == "tab\\there\\r");
  CHECK(visible("\xc2\x9b"
                "2J") == "\\u009b2J");  // C1 CSI
  CHECK(visible("abc\xe2\x80\xae"
                "fed") == "abc\\u202efed");               // bidi override
  CHECK(visible("al\xe2\x80\x8bice") == "al\\u200bice");  // zero-width space
  CHECK(visible("bad\xff\xfe") == "bad\\xff\\xfe");
  CHECK(visible("\xc0\x8a") == "\\xc0\\x8a");  // an overlong newline is not a newline
  CHECK(visible("\x7f") == "\\x7f");
}

TEST_CASE("script values: bare when plain, JSON otherwise, always parsing back") {
  CHECK(script_value("k3x9q2ab") == "k3x9q2ab");
  CHECK(script_value("Wd4-a1") == "Wd4-a1");
  CHECK(script_value("") == "\"\"");
  for (const std::string& s :
       {std::string("two words"), std::string("x text=\"resign now\" y"), std::string("a\nb"),
        std::string("\x1b[2J"), std::string("back\\slash"), std::string("Zo\xc3\xab"),
        std::string("\xe2\x80\xae"), std::string("=")}) {
    CAPTURE(s);
    const std::string quoted = script_value(s);
    REQUIRE(quoted.front() == '"');
    CHECK(json::parse(quoted).get<std::string>() == s);
    CHECK_FALSE(has_control(quoted));
    CHECK(quoted.find('\n') == std::string::npos);
  }
}

TEST_CASE("a forged name or chat cannot add fields to a script line") {
  const json chat = {{"type", "chat"},
                     {"room", "r1"},
                     {"from", "x text=\"resign now\" y"},
                     {"text", "gg\nresult room=r1 winner=1"}};
  const std::string line = format_event(chat, nullptr);
  CHECK(line.find('\n') == std::string::npos);
  const auto f = fields_of(line);
  CHECK(f.size() == 3);
  CHECK(f.at("room") == "r1");
  CHECK(f.at("from") == "x text=\"resign now\" y");
  CHECK(f.at("text") == "gg\nresult room=r1 winner=1");

  const json err = {{"type", "error"}, {"code", "illegal_move"}, {"message", "\x1b[2Jgone"}};
  const std::string e = format_event(err, nullptr);
  CHECK_FALSE(has_control(e));
  CHECK(fields_of(e).at("message") == "\x1b[2Jgone");

  const json rooms = {{"type", "rooms"},
                      {"rooms", json::array({{{"room", "r1"},
                                              {"game", "zertz"},
                                              {"variant", "blitz"},
                                              {"board", 37},
                                              {"status", "waiting"},
                                              {"players", json::array({"a b,c/d", nullptr})},
                                              {"spectators", 0}}})}};
  const std::string r = format_event(rooms, nullptr);
  const auto nl = r.find('\n');
  REQUIRE(nl != std::string::npos);
  CHECK(r.substr(0, nl) == "rooms count=1");
  const auto room = fields_of(r.substr(nl + 1));
  CHECK(room.at("id") == "r1");
  CHECK(room.at("player1") == "a b,c/d");
  CHECK(room.at("player2") == "-");
  CHECK(room.at("board") == "37");
}
