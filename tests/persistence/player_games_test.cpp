// GET /api/players/{name}: a player's finished games (newest first, paged), tallies and the
// one-game list, read from the journal, so they are the same after a restart. Two real
// players finish real games over WebSockets; everything is checked over real HTTP.
#include <doctest/doctest.h>

#include <thread>

#include "journaled_server.hpp"
#include "support/server_checks.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

json page(std::uint16_t port, const std::string& target) {
  const auto answer = http_get(port, target);
  REQUIRE_MESSAGE(answer.first == 200,
                  target << " answered " << answer.first << ": " << answer.second);
  return json::parse(answer.second);
}

// How a game between `first` (seat 1) and `second` ends.
enum class ending { first_resigns, second_resigns, draw };

// `first` makes a room of `game`, `second` joins, the game ends as `how`; waits until alice's
// page lists it (the finish reaches the journal a moment after the last patch). Its room id.
std::string finished_game(std::uint16_t port, ws_client& first, ws_client& second,
                          const std::string& game, ending how) {
  const char* variant = game == "dvonn" ? "standard" : "blitz";
  REQUIRE(first.send(
      {{"type", "create_room"}, {"game", game}, {"variant", variant}, {"seat", "first"}}));
  const std::string room = first.next_of("joined").at("room");
  REQUIRE(second.send({{"type", "join"}, {"room", room}, {"as", "player"}}));
  REQUIRE(second.next_of("joined").at("seat") == 2);
  if (how == ending::draw) {
    REQUIRE(first.send({{"type", "offer_draw"}, {"room", room}}));
    REQUIRE(second.send({{"type", "offer_draw"}, {"room", room}}));
  } else {
    auto& loser = how == ending::first_resigns ? first : second;
    REQUIRE(loser.send({{"type", "resign"}, {"room", room}}));
  }
  for (int tries = 0; tries < 100; ++tries) {
    const auto games = page(port, "/api/players/alice/games?limit=1").at("games");
    if (!games.empty() && games[0].at("room") == room) return room;
    std::this_thread::sleep_for(50ms);
  }
  FAIL("game " << room << " never appeared on alice's page");
  return room;
}

struct played {
  std::string zertz_won;   // alice (seat 1) won: bob resigned
  std::string dvonn_lost;  // alice resigned
  std::string zertz_drawn;
};

// Three games between alice and bob, oldest first: alice wins, loses, draws.
played three_games(std::uint16_t port) {
  ws_client alice(port);
  ws_client bob(port);
  alice.hello("alice");
  bob.hello("bob");
  played p;
  p.zertz_won = finished_game(port, alice, bob, "zertz", ending::second_resigns);
  p.dvonn_lost = finished_game(port, alice, bob, "dvonn", ending::first_resigns);
  p.zertz_drawn = finished_game(port, alice, bob, "zertz", ending::draw);
  return p;
}

std::vector<std::string> rooms_of(const json& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.at("room"));
  return out;
}

}  // namespace

TEST_CASE("a player's page lists both players' games, newest first, with results and counts") {
  temp_dir dir;
  journaled_server srv(dir.path());
  const auto p = three_games(srv.port());

  const auto alice = page(srv.port(), "/api/players/alice");
  CHECK(alice.at("name") == "alice");
  CHECK(alice.at("guest") == true);
  CHECK(alice.at("ratings") == json::array());
  CHECK(alice.at("counts") == json{{"wins", 1}, {"losses", 1}, {"draws", 1}});
  CHECK(rooms_of(alice.at("games")) ==
        std::vector<std::string>{p.zertz_drawn, p.dvonn_lost, p.zertz_won});
  CHECK(alice.at("next").is_null());
  const auto& won = alice.at("games")[2];
  CHECK(won.at("game") == "zertz");
  CHECK(won.at("opponent") == "bob");
  CHECK(won.at("color") == 1);
  CHECK(won.at("result") == "win");
  CHECK(won.at("reason") == "resignation");
  CHECK(won.at("rating_change").is_null());
  CHECK(won.at("finished_ms").get<std::int64_t>() > 0);
  CHECK(alice.at("games")[0].at("result") == "draw");
  CHECK(alice.at("games")[0].at("reason") == "agreement");

  // Bob's page, asked in other letters, tells the same games from his side.
  const auto bob = page(srv.port(), "/api/players/BOB");
  CHECK(bob.at("name") == "bob");
  CHECK(bob.at("counts") == json{{"wins", 1}, {"losses", 1}, {"draws", 1}});
  const auto bob_games = bob.at("games");
  REQUIRE(bob_games.size() == 3);
  CHECK(bob_games[1].at("room") == p.dvonn_lost);
  CHECK(bob_games[1].at("result") == "win");
  CHECK(bob_games[1].at("color") == 2);
  CHECK(bob_games[1].at("opponent") == "alice");
  CHECK(bob_games[2].at("result") == "loss");
  CHECK(metric(srv.port(), "ringside_player_pages_total") >= 2);
}

TEST_CASE("a player's games come in pages: `next` passed as `before`, and one game alone") {
  temp_dir dir;
  journaled_server srv(dir.path());
  const auto p = three_games(srv.port());

  const auto first = page(srv.port(), "/api/players/alice/games?limit=2");
  CHECK(rooms_of(first.at("games")) == std::vector<std::string>{p.zertz_drawn, p.dvonn_lost});
  REQUIRE(first.at("next").is_string());
  CHECK_FALSE(first.contains("counts"));  // the list alone
  const auto second = page(srv.port(), "/api/players/alice/games?limit=2&before=" +
                                           first.at("next").get<std::string>());
  CHECK(rooms_of(second.at("games")) == std::vector<std::string>{p.zertz_won});
  CHECK(second.at("next").is_null());

  const auto dvonn = page(srv.port(), "/api/players/alice/games?game=dvonn");
  CHECK(rooms_of(dvonn.at("games")) == std::vector<std::string>{p.dvonn_lost});
  const auto zertz = page(srv.port(), "/api/players/bob/games?game=zertz&limit=1");
  CHECK(rooms_of(zertz.at("games")) == std::vector<std::string>{p.zertz_drawn});
  const auto rest = page(srv.port(), "/api/players/bob/games?game=zertz&limit=1&before=" +
                                         zertz.at("next").get<std::string>());
  CHECK(rooms_of(rest.at("games")) == std::vector<std::string>{p.zertz_won});
  // The page itself takes the same query.
  CHECK(page(srv.port(), "/api/players/alice?limit=1").at("games").size() == 1);
}

TEST_CASE("an unknown player is 404 with a sentence, a bad query is 400 naming its field") {
  temp_dir dir;
  journaled_server srv(dir.path());
  three_games(srv.port());

  const auto [status, body] = http_get(srv.port(), "/api/players/carol");
  CHECK(status == 404);
  CHECK(body.find("carol") != std::string::npos);
  CHECK(http_get(srv.port(), "/api/players/carol/games").first == 404);
  CHECK(http_get(srv.port(), "/api/players/" + std::string(200, 'a')).first == 404);

  const std::vector<std::pair<std::string, std::string>> bad{
      {"limit=0", "'limit'"},          {"limit=201", "'limit'"},
      {"limit=ten", "'limit'"},        {"game=chess", "'game'"},
      {"before=yesterday", "'before'"}, {"before=12.ROOM", "'before'"},
      {"game=%FF", "'game'"},
  };
  const auto refused_before = metric(srv.port(), "ringside_player_queries_refused_total");
  for (const auto& [query_text, field] : bad) {
    const std::string query = query_text;  // a structured binding cannot be captured (clang 14)
    const auto answer = http_get(srv.port(), "/api/players/alice/games?" + query);
    const std::string& why = answer.second;
    CHECK_MESSAGE(answer.first == 400, query);
    CHECK_MESSAGE(why.find(field) != std::string::npos, query << ": " << why);
  }
  CHECK(http_get(srv.port(), "/api/players/%FF").first == 400);
  CHECK(metric(srv.port(), "ringside_player_queries_refused_total") ==
        refused_before + static_cast<std::int64_t>(bad.size()) + 1);
  // Unknown keys are ignored, as /api/rooms does.
  CHECK(http_get(srv.port(), "/api/players/alice?colour=blue").first == 200);
}

TEST_CASE("--player-games-page bounds a page, and a player's games are the same after a restart") {
  temp_dir dir;
  played p;
  json before_crash;
  {
    journaled_server srv(dir.path(), {"--player-games-page", "2"});
    p = three_games(srv.port());
    CHECK(http_get(srv.port(), "/api/players/alice/games?limit=3").first == 400);
    before_crash = page(srv.port(), "/api/players/alice");
    CHECK(before_crash.at("games").size() == 2);  // the default page is at most the bound
    srv.kill9();
  }
  journaled_server srv(dir.path());
  const auto after = page(srv.port(), "/api/players/alice");
  CHECK(after.at("counts") == before_crash.at("counts"));
  CHECK(rooms_of(after.at("games")) ==
        std::vector<std::string>{p.zertz_drawn, p.dvonn_lost, p.zertz_won});
  // A listed game opens: its record is served from the journal.
  CHECK(http_get(srv.port(), "/api/rooms/" + p.dvonn_lost + "/record").first == 200);
}

}  // namespace ringside::test
