// is_valid_utf8 decides whether a client's bytes may go into JSON: every ill-formed kind of
// sequence must be refused, and every well-formed one, up to the last code point, accepted.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "protocol/wire/utf8.hpp"

namespace ringside::protocol {

TEST_CASE("is_valid_utf8 accepts well-formed text of every length") {
  for (const std::string& s : std::initializer_list<std::string>{"", "zertz", "Z\xc3\x88RTZ", "\xe5\xb1\xb1\xe7\x94\xb0", "\xf0\x9f\x8e\xb2",
        "\xf4\x8f\xbf\xbf", "\xed\x9f\xbf", "\xee\x80\x80", std::string("a\0b", 3)}) {
    CHECK_MESSAGE(is_valid_utf8(s), s);
  }
}

TEST_CASE("is_valid_utf8 refuses what the JSON serialiser throws on") {
  for (const std::string& s : std::initializer_list<std::string>{
           "\xff",              // never a UTF-8 byte
           "\xc3\x28",          // a lead byte followed by no continuation
           "\x80",              // a continuation with no lead
           "abc\xc3",           // cut short at the end
           "\xe2\x82",          // cut short inside three bytes
           "\xc0\xaf",          // overlong '/'
           "\xe0\x80\xaf",      // overlong '/' in three bytes
           "\xf0\x80\x80\xaf",  // overlong '/' in four bytes
           "\xed\xa0\x80",      // a UTF-16 surrogate
           "\xf4\x90\x80\x80",  // past U+10FFFF
           "\xf8\x88\x80\x80\x80",
       }) {
    CHECK_FALSE(is_valid_utf8(s));
    // The reason it matters: nlohmann's dump() throws type_error.316 on exactly these.
    CHECK_THROWS(nlohmann::json(s).dump());
  }
}

}  // namespace ringside::protocol
