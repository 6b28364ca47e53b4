// Whole games through the real server: two players, a spectator arriving mid-game, every kind
// of end; every client rebuilds the state from patches and must match a fresh snapshot.
#include <doctest/doctest.h>

#include <thread>
#include <vector>

#include "support/game_search.hpp"
#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

// Plays `g` through `t`; a spectator joins after `spectate_at` moves and follows the rest.
// Returns the spectator's view.
seat_view replay(table& t, std::uint16_t port, const found_game& g, std::size_t spectate_at) {
  seat_view watcher;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    if (i == spectate_at) {
      watcher.conn = std::make_unique<ws_client>(port);
      watcher.conn->hello("eve");
      const auto joined = watcher.conn->request(
          {{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
      CHECK(joined.at("seat").is_null());
      watcher.mirror.reset(joined.at("state"), joined.at("version"));
      // The arrival changes only the count, shown in the next batch: the first after a quiet
      // second at once, as one version that everyone, the newcomer too, gets as a patch.
      CHECK(watcher.state().at("spectators") == 0);
      for (int s = 1; s <= 2; ++s) t.take_patch(s);
      apply_patch(watcher, watcher.conn->expect("patch"));
      CHECK(t.seat(1).state().at("spectators") == 1);
      CHECK(watcher.state() == t.seat(1).state());
    }
    const int mover = t.seat(1).state().at("to_move").get<int>();
    const auto patch = t.play(mover, g.moves[i]);
    if (watcher.conn) apply_patch(watcher, watcher.conn->expect("patch"));
  }
  return watcher;
}

// Every view, rebuilt from its first state and the patches since, equals a fresh snapshot.
void check_views_match_snapshots(table& t, seat_view& watcher) {
  for (int s = 1; s <= 2; ++s) {
    const auto snap = t.sync(s);
    CHECK(snap.at("version") == t.seat(s).version());
    CHECK(snap.at("state") == t.seat(s).state());
  }
  const auto snap = watcher.conn->request({{"type", "sync"}, {"room", t.room()}}, "snapshot");
  CHECK(snap.at("version") == watcher.version());
  CHECK(snap.at("state") == watcher.state());
  CHECK(watcher.state() == t.seat(1).state());
}

}  // namespace

TEST_CASE("a blitz game won by a capture, watched from the middle") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto& last) {
    return end.outcome()->reason == "win_condition" &&
           last.text.find('x') != std::string::npos;
  });
  server_process srv(unlimited_messages);
  table t(srv.port());
  auto watcher = replay(t, srv.port(), g, g.moves.size() / 2);
  const auto& s = t.seat(1).state();
  CHECK(s.at("status") == "finished");
  CHECK(s.at("result").at("reason") == "win_condition");
  CHECK(s.at("result").at("winner") == g.result.winner);
  CHECK(s.at("zip") == g.final_zip);
  CHECK(s.at("last_move").at("move") == g.moves.back());
  CHECK(s.at("history").size() >= g.moves.size());
  check_views_match_snapshots(t, watcher);
}

TEST_CASE("a game won by isolating marbles") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto& last) {
    return end.outcome()->reason == "win_condition" && !last.isolated.empty() &&
           last.text.find('x') == std::string::npos;
  });
  server_process srv(unlimited_messages);
  table t(srv.port());
  auto watcher = replay(t, srv.port(), g, 1);
  const auto& s = t.seat(2).state();
  CHECK(s.at("status") == "finished");
  CHECK(s.at("result").at("reason") == "win_condition");
  CHECK(s.at("result").at("winner") == g.result.winner);
  CHECK(s.at("last_move").at("isolated").size() == g.last.isolated.size());
  CHECK(s.at("zip") == g.final_zip);
  check_views_match_snapshots(t, watcher);
}

TEST_CASE("resignation ends the game for the other player, in one version") {
  server_process srv;
  table t(srv.port());
  t.play(1, placement(t.seat(1).state()));
  const auto before = t.version();
  REQUIRE(t.seat(2).conn->send({{"type", "resign"}, {"room", t.room()}}));
  const auto p1 = t.take_patch(1);
  t.take_patch(2);
  CHECK(p1.at("version") == before + 1);
  CHECK(t.seat(1).state().at("status") == "finished");
  CHECK(t.seat(1).state().at("result") == json{{"winner", 1}, {"reason", "resignation"}});
  CHECK(t.sync(2).at("state") == t.seat(2).state());
  // The record says who won, though the rules did not decide it.
  const auto [status, record] = http_get(srv.port(), "/api/rooms/" + t.room() + "/record");
  CHECK(status == 200);
  CHECK(record.find("[Result \"1-0\"]") != std::string::npos);
}

TEST_CASE("a resignation in a timed game charges the side to move up to the resignation") {
  server_process srv;
  table t(srv.port(),
          {{"variant", "standard"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  // Both first moves are free; seat 2's clock runs from its second turn.
  t.play(1, placement(t.seat(1).state()));
  t.play(2, placement(t.seat(2).state()));
  t.play(1, placement(t.seat(1).state()));
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // seat 2 thinks, then resigns
  t.act(2, "resign");
  const auto& players = t.seat(1).state().at("players");
  CHECK(players.at(1).at("clock_ms").get<std::int64_t>() <= 60000 - 600);
  CHECK(players.at(1).at("clock_ms").get<std::int64_t>() > 50000);
  CHECK(t.sync(2).at("state") == t.seat(1).state());
}

TEST_CASE("a draw offered by one player and agreed by the other") {
  server_process srv;
  table t(srv.port());
  t.act(1, "offer_draw");
  CHECK(t.seat(2).state().at("draw_offer") == 1);
  CHECK(t.seat(2).state().at("status") == "playing");
  t.act(2, "offer_draw");
  CHECK(t.seat(1).state().at("result") == json{{"winner", nullptr}, {"reason", "agreement"}});
  CHECK(t.seat(1).state().at("draw_offer").is_null());
}

TEST_CASE("the clock: time is shown, charged at a move, and a fallen flag ends the game") {
  server_process srv;
  table t(srv.port(), {{"variant", "standard"}, {"clock", {{"initial_s", 1}, {"increment_s", 0}}}});
  CHECK(t.seat(1).state().at("players").at(0).at("clock_ms") == 1000);
  CHECK(t.seat(1).state().at("players").at(1).at("clock_ms") == 1000);
  // The first move of each player is free; then both clocks run.
  t.play(1, placement(t.seat(1).state(), "G"));
  t.play(2, placement(t.seat(2).state(), "G"));
  t.play(1, placement(t.seat(1).state(), "G"));
  const auto left = t.seat(1).state().at("players").at(0).at("clock_ms").get<std::int64_t>();
  CHECK(left > 0);
  CHECK(left <= 1000);
  // Seat 2 never moves: its flag falls about a second later, one patch to both.
  const auto patch = t.seat(1).conn->expect("patch", 5s);
  apply_patch(t.seat(1), patch);
  t.take_patch(2);
  CHECK(t.seat(1).state().at("result") == json{{"winner", 1}, {"reason", "time"}});
  CHECK(t.seat(1).state().at("players").at(1).at("clock_ms") == 0);
}

TEST_CASE("joined and sync say how long the side to move has been thinking, when a clock runs") {
  server_process srv;
  table timed(srv.port(),
              {{"variant", "standard"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  // Before a player's first move nothing runs, so nothing has elapsed.
  CHECK_FALSE(timed.sync(1).contains("clock_elapsed_ms"));
  timed.play(1, placement(timed.seat(1).state()));
  timed.play(2, placement(timed.seat(2).state()));
  std::this_thread::sleep_for(300ms);
  ws_client fan(srv.port());
  fan.hello("fan");
  const auto joined =
      fan.request({{"type", "join"}, {"room", timed.room()}, {"as", "spectator"}}, "joined");
  REQUIRE(joined.contains("clock_elapsed_ms"));
  const auto first = joined.at("clock_elapsed_ms").get<std::int64_t>();
  CHECK(first >= 250);
  CHECK(first < 60000);
  // The state's clock is the time left at the start of the turn; the elapsed time is apart.
  CHECK(joined.at("state").at("players")[0].at("clock_ms") == 60000);
  timed.take_patch(1);  // the spectator count
  timed.take_patch(2);
  std::this_thread::sleep_for(100ms);
  const auto snap = timed.sync(1);
  CHECK(snap.at("clock_elapsed_ms").get<std::int64_t>() >= first + 80);
  // After a move the other side's turn starts afresh.
  timed.play(1, placement(timed.seat(1).state()));
  CHECK(timed.sync(2).at("clock_elapsed_ms").get<std::int64_t>() < first);

  // Untimed rooms carry no such field.
  table untimed(srv.port());
  CHECK_FALSE(untimed.sync(1).contains("clock_elapsed_ms"));
}

TEST_CASE("a dropped player shows offline, and the token brings back the same seat") {
  server_process srv(unlimited_messages);
  table t(srv.port());
  const auto token = t.seat(1).token;
  t.seat(1).conn.reset();  // the connection drops without a word
  t.take_patch(2);
  CHECK(t.seat(2).state().at("players").at(0).at("online") == false);

  auto back = std::make_unique<ws_client>(srv.port());
  const auto welcome =
      back->request({{"type", "hello"}, {"name", "someone else"}, {"token", token}}, "welcome");
  CHECK(welcome.at("player") == t.seat(1).player);
  CHECK(welcome.at("name") == "alice");
  const auto joined = back->expect("joined");
  CHECK(joined.at("seat") == 1);
  CHECK(joined.at("room") == t.room());
  t.seat(1).conn = std::move(back);
  t.seat(1).mirror.reset(joined.at("state"), joined.at("version"));
  t.take_patch(2);
  CHECK(t.seat(2).state().at("players").at(0).at("online") == true);
  CHECK(t.seat(2).state() == t.seat(1).state());
  t.play(1, placement(t.seat(1).state(), "B"));
}

TEST_CASE("a timed room's entry in the room list says its clock") {
  server_process srv;
  ws_client a(srv.port());
  a.hello("alice");
  a.request({{"type", "create_room"},
             {"game", "dvonn"},
             {"variant", "standard"},
             {"clock", {{"initial_s", 300}, {"increment_s", 5}}}},
            "joined");
  const auto list = a.request({{"type", "list_rooms"}, {"id", 2}}, "rooms");
  REQUIRE(list.at("rooms").size() == 1);
  CHECK(list.at("rooms").at(0).at("clock") ==
        nlohmann::json{{"initial_s", 300}, {"increment_s", 5}});
}

TEST_CASE("rooms are listed unless private, and a private room is joinable by id") {
  server_process srv;
  ws_client a(srv.port());
  a.hello("alice");
  const auto open =
      a.request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "tournament"}}, "joined");
  CHECK(open.at("state").at("board") == 48);
  const auto hidden = a.request({{"type", "create_room"},
                                 {"game", "zertz"},
                                 {"variant", "standard"},
                                 {"board", 61},
                                 {"private", true}},
                                "joined");
  CHECK(hidden.at("state").at("board") == 61);
  const auto list = a.request({{"type", "list_rooms"}, {"id", 7}}, "rooms");
  CHECK(list.at("re") == 7);
  REQUIRE(list.at("rooms").size() == 1);
  const auto& entry = list.at("rooms").at(0);
  CHECK(entry.at("room") == open.at("room"));
  CHECK(entry.at("variant") == "tournament");
  CHECK(entry.at("status") == "waiting");
  CHECK(entry.at("players").size() == 2);
  CHECK(entry.at("clock").is_null());
  ws_client b(srv.port());
  b.hello("bob");
  const auto joined =
      b.request({{"type", "join"}, {"room", hidden.at("room")}, {"as", "player"}}, "joined");
  CHECK(joined.at("state").at("status") == "playing");
  const std::size_t bob_slot = hidden.at("seat") == 1 ? 1 : 0;
  CHECK(joined.at("state").at("players").at(bob_slot).at("name") == "bob");
}

TEST_CASE("a waiting room nobody is in closes after --abandon-after; one somebody is in stays") {
  server_process srv({"--abandon-after", "1"});
  const json create{{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}};
  ws_client stays(srv.port());
  stays.hello("stays");
  const std::string kept = stays.request(create, "joined").at("room");
  ws_client leaves(srv.port());
  leaves.hello("leaves");
  const std::string left = leaves.request(create, "joined").at("room");
  leaves.request({{"type", "leave"}, {"room", left}}, "patch");
  std::string dropped;
  {
    ws_client drops(srv.port());
    drops.hello("drops");
    dropped = drops.request(create, "joined").at("room").get<std::string>();
  }  // its seat is kept, but nobody is in the room
  const auto listed = [&] {
    const auto [status, body] = http_get(srv.port(), "/api/rooms");
    REQUIRE(status == 200);
    std::vector<std::string> ids;
    const auto page = json::parse(body);
    for (const auto& r : page.at("rooms")) ids.push_back(r.at("room"));
    return ids;
  };
  CHECK(listed().size() == 3);
  std::vector<std::string> now;
  for (int i = 0; i < 50 && (now = listed()).size() != 1; ++i) std::this_thread::sleep_for(100ms);
  CHECK(now == std::vector<std::string>{kept});
  // The deserted rooms are over (never played: no result); the one with its creator in it
  // saw nothing happen.
  for (const auto& id : {left, dropped}) {
    const auto [status, record] = http_get(srv.port(), "/api/rooms/" + id + "/record");
    CHECK(status == 200);
    CHECK(record.find("[Result \"*\"]") != std::string::npos);
  }
  CHECK_FALSE(stays.recv(100ms).has_value());
  CHECK(stays.request({{"type", "sync"}, {"room", kept}}, "snapshot").at("state").at("status") ==
        "waiting");
}

}  // namespace ringside::test
