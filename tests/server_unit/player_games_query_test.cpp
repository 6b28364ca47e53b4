#include "server/player_games_query.hpp"

#include <doctest/doctest.h>

namespace ringside::server {

TEST_CASE("player_games_query: defaults, a limit, a game and a cursor it made itself") {
  const auto none = parse_player_games_query("", 20, 200);
  CHECK(none.error.empty());
  CHECK(none.limit == 20);
  CHECK(none.game.empty());
  CHECK_FALSE(none.before.has_value());

  const player_game_row last{"abc234", "zertz", "blitz", 1, "bob", 1, "resignation", 1700000000123};
  const auto q = parse_player_games_query(
      "game=dvonn&limit=200&before=" + player_games_cursor_text(last), 20, 200);
  CHECK(q.error.empty());
  CHECK(q.game == "dvonn");
  CHECK(q.limit == 200);
  REQUIRE(q.before.has_value());
  CHECK(q.before->finished_ms == 1700000000123);
  CHECK(q.before->room_id == "abc234");
}

TEST_CASE("player_games_query: each refusal names its field, unknown keys pass") {
  const auto refused = [](std::string_view query) {
    return parse_player_games_query(query, 20, 200).error;
  };
  CHECK(refused("limit=0").find("'limit'") != std::string::npos);
  CHECK(refused("limit=201").find("'limit'") != std::string::npos);
  CHECK(refused("limit=-1").find("'limit'") != std::string::npos);
  CHECK(refused("limit=99999999999999").find("'limit'") != std::string::npos);
  CHECK(refused("game=chess").find("'game'") != std::string::npos);
  CHECK(refused("game=").find("'game'") != std::string::npos);
  CHECK(refused("before=").find("'before'") != std::string::npos);
  CHECK(refused("before=.abc").find("'before'") != std::string::npos);
  CHECK(refused("before=12.").find("'before'") != std::string::npos);
  CHECK(refused("before=12.a%2Fb").find("'before'") != std::string::npos);
  CHECK(refused("before=1234567890123456789012.abc").find("'before'") != std::string::npos);
  CHECK(refused("game=%C3%28").find("not UTF-8") != std::string::npos);
  CHECK(refused("colour=blue&limit").empty());
}

}  // namespace ringside::server
