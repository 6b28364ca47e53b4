// player_name: what a typed name becomes, what it is refused for, and which names look alike.
#include "protocol/wire/player_name.hpp"

#include <doctest/doctest.h>

#include <string>
#include <utility>

namespace ringside::protocol {
namespace {

// The name `typed` becomes; fails the test when it is refused.
std::string accepted(const std::string& typed) {
  auto r = player_name::read(typed);
  if (const auto* no = std::get_if<name_refusal>(&r)) {
    FAIL_CHECK("'" << typed << "' refused: " << no->reason);
    return {};
  }
  return std::get<player_name>(r).text();
}

// Why `typed` is refused; empty (and a failed check) when it is accepted.
std::string refusal(const std::string& typed) {
  auto r = player_name::read(typed);
  if (const auto* no = std::get_if<name_refusal>(&r)) return no->reason;
  FAIL_CHECK("'" << typed << "' accepted as '" << std::get<player_name>(r).text() << "'");
  return {};
}

bool look_alike(const std::string& a, const std::string& b) {
  return player_name::look_alike(a, b);
}

}  // namespace

TEST_CASE("ordinary names in one script are accepted as typed") {
  // Latin, Cyrillic (an accent on a), Greek, Han, Japanese with Latin, Korean, Hebrew, Arabic.
  const char* const names[] = {
      "alice",       "Ann Lee",     "Zoë",        "Ива́н",
      "Иван Петров", "山田",        "山田 太郎",  "李小龙",
      "Ιωάννης",     "Ψ",           "tōkyō 東京", "東京とうきょうトウキョウ",
      "김민준",      "אליס",        "أحمد",       "computer science",
      "Computers",   "computer 3b", "R2-D2",      "player_1",
      "x",
  };
  for (const std::string name : names) {
    INFO(name);
    CHECK(accepted(name) == name);
  }
}

TEST_CASE("a name is NFKC-normalised: compatibility forms become the plain letters") {
  CHECK(accepted("ａｌｉｃｅ") == "alice");  // fullwidth
  CHECK(accepted("Ｚｏë") == "Zoë");
  CHECK(accepted("ﬁona") == "fiona");     // the fi ligature
  CHECK(accepted("Zoe\u0308") == "Zoë");  // e + combining diaeresis, composed
  CHECK(accepted("№ 5") == "No 5");
}

TEST_CASE("format and default-ignorable characters are refused, each by its code point") {
  // From Unicode's data, not a list: General Category Cf and Default_Ignorable_Code_Point.
  const std::pair<std::string, std::string> refused[] = {
      {"alice\U0001D173", "U+1D173"},  // musical symbol begin beam (Cf)
      {"alice\u180B", "U+180B"},       // Mongolian free variation selector (ignorable)
      {"alice\U0001BCA0", "U+1BCA0"},  // shorthand format letter overlap (Cf)
      {"alice\U00013437", "U+13437"},  // Egyptian hieroglyph begin segment (Cf)
      {"alice\u202Eecila", "U+202E"},  // right-to-left override
      {"\u2067bob", "U+2067"},         // right-to-left isolate
      {"al\u200Bice", "U+200B"},       // zero-width space
      {"ali\u200Dce", "U+200D"},       // zero-width joiner
      {"\uFEFFalice", "U+FEFF"},       // zero-width no-break space
      {"alice\u00AD", "U+00AD"},       // soft hyphen
      {"alice\u034F", "U+034F"},       // combining grapheme joiner
      {"alice\uFE0F", "U+FE0F"},       // variation selector
      {"alice\U000E0041", "U+E0041"},  // tag letter
      {"\u3164", "U+3164"},            // Hangul filler: looks blank
      {"\uFFA0", "U+FFA0"},            // halfwidth Hangul filler
      {"alice\u061C", "U+061C"},       // Arabic letter mark
  };
  for (const auto& entry : refused) {
    INFO(entry.first);
    const std::string why = refusal(entry.first);
    CHECK(why.find("invisible or direction-changing") != std::string::npos);
    CHECK(why.find(entry.second) != std::string::npos);
  }
}

TEST_CASE("controls, odd spaces, blank-looking, unassigned and private-use characters") {
  const std::pair<std::string, std::string> refused[] = {
      {"a\nb", "printable"},               // newline
      {"\x01", "printable"},               // a C0 control
      {"a\u0085b", "printable"},           // a C1 control (next line)
      {"   ", "blank"},                    // spaces only
      {"\u2800\u2800", "U+2800"},          // braille blank: a symbol that draws nothing
      {"alice\u00A0", "U+00A0"},           // no-break space
      {"ali\u2003ce", "U+2003"},           // em space
      {"\u3000", "U+3000"},                // ideographic space
      {"a\u2028b", "U+2028"},              // line separator
      {" alice", "begin or end"},          // leading space
      {"alice ", "begin or end"},          // trailing space
      {"ann  lee", "two spaces"},          // double space
      {"alice\u0378", "unassigned"},       // not (yet) a character
      {"alice\uE000", "private-use"},      // private use area
      {"alice\U0010FFFD", "private-use"},  // supplementary private use area
  };
  for (const auto& entry : refused) {
    INFO(entry.first);
    CHECK(refusal(entry.first).find(entry.second) != std::string::npos);
  }
}

TEST_CASE("NFKC cannot stretch a name past 24 characters") {
  CHECK(refusal("\uFDFA\uFDFA").find("at most 24") != std::string::npos);  // 2, then 36
  CHECK(refusal("abcdefghijklmnopqrstuvw\u3392").find("at most 24") != std::string::npos);
  CHECK(accepted(std::string(24, 'x')) == std::string(24, 'x'));
}

TEST_CASE("a name is written in one script, and a refusal names the scripts it mixes") {
  const std::string cyrillic_a = refusal("\u0430lice");  // Cyrillic а, then Latin
  CHECK(cyrillic_a.find("one script") != std::string::npos);
  CHECK(cyrillic_a.find("Cyrillic and Latin") != std::string::npos);
  CHECK(refusal("c\u043Emputer 5").find("Latin and Cyrillic") != std::string::npos);
  CHECK(refusal("p\u0430yp\u0430l").find("one script") != std::string::npos);
  CHECK(refusal("Ζeus").find("Greek and Latin") != std::string::npos);        // Greek Zeta
  CHECK(refusal("abc\u0661\u0662").find("one script") != std::string::npos);  // Arabic digits
  CHECK(refusal("12\u0967").find("number systems") != std::string::npos);     // Devanagari one
  CHECK(refusal("e\u0301\u0301").find("accent") != std::string::npos);
}

TEST_CASE("names that look alike: case, digits for letters, confusable letters") {
  CHECK(look_alike("alice", "Alice"));
  CHECK(look_alike("alice", "ALICE"));
  CHECK(look_alike("alice", "a1ice"));
  CHECK(look_alike("Alice", "AIice"));                           // a capital i
  CHECK(look_alike("alice", "\u0430\u0406\u0456\u0441\u0435"));  // all Cyrillic: аІісе
  CHECK(look_alike("alice", accepted("ａｌｉｃｅ")));
  CHECK(look_alike("Bob", "B0b"));
  CHECK(look_alike("Ann Lee", "Ann Iee"));
  CHECK(look_alike("Bern", "Bem"));  // rn and m
  CHECK(!look_alike("alice", "alice 2"));
  CHECK(!look_alike("alice", "alic"));
  CHECK(!look_alike("Ann Lee", "AnnLee"));
  CHECK(!look_alike("山田", "田山"));
  // The all-Cyrillic impostor is one script, so only its key stops it beside alice.
  CHECK(accepted("\u0430\u0406\u0456\u0441\u0435") == "\u0430\u0406\u0456\u0441\u0435");
}

TEST_CASE("the computer players' names, and names that look like them, are refused") {
  for (const std::string name :
       {"computer", "Computer", "computer 3", "COMPUTER5", "Computer 10", "c0mputer 3",
        "cornputer 3", "computer l", "ｃｏｍｐｕｔｅｒ ３"}) {
    INFO(name);
    CHECK(refusal(name).find("computer players") != std::string::npos);
  }
  // Mixed-script imitations are refused for the mixing, before their looks count.
  CHECK(refusal("c\u043Emputer 5").find("one script") != std::string::npos);
}

TEST_CASE("looking alike depends on the names alone, so it holds after a restart") {
  // Nothing is stored but the names: the same two texts give the same answer every time.
  for (int i = 0; i < 3; ++i) {
    CHECK(player_name::look_alike("Alice", "a1ice"));
    CHECK(!player_name::look_alike("Alice", "Bob"));
  }
}

}  // namespace ringside::protocol
