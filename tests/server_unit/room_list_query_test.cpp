// GET /api/rooms's query string comes from anyone's URL (an <img src> on any page is enough):
// every value must come out as a list_rooms message that serialises, or as a refusal.
#include <doctest/doctest.h>

#include "server/room_list_query.hpp"

namespace ringside::server {

TEST_CASE("parse_room_list_query: known keys, limit as a number, the rest ignored") {
  const auto q = parse_room_list_query("game=dvonn&status=waiting&limit=20&before=abc&x=1&flag");
  REQUIRE(q.error.empty());
  CHECK(q.message["type"] == "list_rooms");
  CHECK(q.message["game"] == "dvonn");
  CHECK(q.message["status"] == "waiting");
  CHECK(q.message["limit"] == 20);
  CHECK(q.message["before"] == "abc");
  CHECK_FALSE(q.message.contains("x"));
  CHECK(parse_room_list_query("limit=2x").message["limit"] == "2x");  // the decoder refuses it
  CHECK(parse_room_list_query("computer=false").message["computer"] == false);
  CHECK(parse_room_list_query("computer=yes").message["computer"] == "yes");
  CHECK(parse_room_list_query("game=z%C3%88rtz+x").message["game"] == "z\xc3\x88rtz x");
}

TEST_CASE("parse_room_list_query refuses values that are not UTF-8, in every field") {
  for (const char* query : {"game=%ff", "status=%c3%28", "limit=%ff", "before=%ff",
                            "game=dvonn&before=%ed%a0%80", "g%61me=%80"}) {
    const auto q = parse_room_list_query(query);
    CHECK_MESSAGE(!q.error.empty(), query);
    CHECK(q.error.find("UTF-8") != std::string::npos);
  }
  // An unknown key's value is never read, whatever it holds.
  CHECK(parse_room_list_query("other=%ff").error.empty());
}

TEST_CASE("url_decode: escapes, plus, and malformed escapes kept as they are") {
  CHECK(url_decode("a%20b+c") == "a b c");
  CHECK(url_decode("%") == "%");
  CHECK(url_decode("%4") == "%4");
  CHECK(url_decode("%zz") == "%zz");
  CHECK(url_decode("%41%") == "A%");
}

}  // namespace ringside::server
