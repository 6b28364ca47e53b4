#include "clients/cli/player_text.hpp"

#include <doctest/doctest.h>

namespace ringside::cli {

namespace {

const nlohmann::json page = nlohmann::json::parse(R"({
  "name": "alice", "guest": true,
  "ratings": [{"category": "zertz-standard-rapid", "rating": 1512, "deviation": 88,
               "provisional": false, "games": 7, "history": []}],
  "counts": {"wins": 3, "losses": 2, "draws": 1},
  "games": [{"room": "k3v9q2ma", "game": "zertz", "variant": "blitz", "opponent": "bob",
             "color": 1, "result": "win", "reason": "resignation", "rating_change": null,
             "finished_ms": 1764151234567}],
  "next": "1764151234567.k3v9q2ma"})");

}  // namespace

TEST_CASE("player_text: the summary counts games and lists ratings, games one a line") {
  const auto summary = player_summary_text(page);
  CHECK(summary.starts_with("alice (guest): 6 games, 3 won, 2 lost, 1 drawn\n"));
  CHECK(summary.find("zertz-standard-rapid 1512 ±88 (7 games)") != std::string::npos);
  const auto games = player_games_text(page);
  CHECK(games.find("win") != std::string::npos);
  CHECK(games.find("vs bob") != std::string::npos);
  CHECK(games.find("room k3v9q2ma") != std::string::npos);
  CHECK(games.find("older games") != std::string::npos);  // a next page exists
}

TEST_CASE("player_text: script lines, and a hostile page neither breaks nor paints") {
  CHECK(player_summary_line(page) == "player name=alice wins=3 losses=2 draws=1 ratings=1\n");
  CHECK(player_games_lines(page) ==
        "game room=k3v9q2ma game=zertz variant=blitz result=win opponent=bob "
        "reason=resignation color=1\n");
  const auto hostile = nlohmann::json::parse(
      R"({"name": "\u001b[31mevil", "guest": "yes", "counts": "many", "ratings": {}, "games": [3, {"opponent": 7}]})");
  const auto text = player_summary_text(hostile) + player_games_text(hostile);
  CHECK(text.find('\x1b') == std::string::npos);
  CHECK(player_summary_line(hostile).find('\x1b') == std::string::npos);
}

}  // namespace ringside::cli
