// Restarts: games survive SIGKILL with every acked move, seats come back by token, clocks keep
// their time, finished games stay readable; plus abandonment, stale resends and --data errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <random>
#include <thread>

#include "journaled_server.hpp"
#include "reconnect.hpp"
#include "support/game_search.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {

TEST_CASE("a game killed mid-play comes back whole and plays on to its end") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 8 && end.outcome()->winner != 0;
  });
  temp_dir dir;
  const std::size_t half = g.moves.size() / 2;
  json before;
  json last_request;
  std::string room;
  std::unique_ptr<table> t;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(srv.port());
    room = t->room();
    for (std::size_t i = 0; i < half; ++i) {
      const int mover = t->seat(1).state().at("to_move").get<int>();
      last_request = {{"type", "move"},
                      {"room", room},
                      {"move", g.moves[i]},
                      {"version", t->seat(mover).version()}};
      t->play(mover, g.moves[i]);
    }
    before = t->sync(1).at("state");
    REQUIRE(before.at("history").size() >= half);
    srv.kill9();
  }
  journaled_server srv(dir.path(), unlimited_messages);
  auto v = reconnect_both(srv.port(), *t);
  // Every acked move, the position and the clocks are exactly as before the kill.
  CHECK(without_presence(v[0].state()) == without_presence(before));
  CHECK(v[0].state().at("status") == "playing");

  // The last move resent after the restart is stale: refused with a snapshot, not replayed.
  const int last_mover = before.at("last_move").at("by").get<int>();
  auto& again = v[static_cast<std::size_t>(last_mover - 1)];
  const auto err = again.conn->request(last_request, "error");
  CHECK(err.at("code") == "stale_version");
  const auto snap = again.conn->expect("snapshot");
  CHECK(snap.at("state").at("history") == before.at("history"));
  CHECK(snap.at("version") == again.version());

  for (std::size_t i = half; i < g.moves.size(); ++i) play(v, room, g.moves[i]);
  CHECK(v[0].state().at("status") == "finished");
  CHECK(v[0].state().at("result").at("winner") == g.result.winner);
  CHECK(v[0].state().at("zip") == g.final_zip);
  const auto [status, record] = http_get(srv.port(), "/api/rooms/" + room + "/record");
  CHECK(status == 200);
  CHECK(record.find(g.moves.back()) != std::string::npos);

  SUBCASE("the finished game's record is still served after another restart") {
    srv.kill9();
    journaled_server again_srv(dir.path(), unlimited_messages);
    const auto [status2, record2] = http_get(again_srv.port(), "/api/rooms/" + room + "/record");
    CHECK(status2 == 200);
    CHECK(record2 == record);
    const auto [status3, body3] = http_get(again_srv.port(), "/api/rooms/nosuchroom/record");
    CHECK(status3 == 404);
    (void)body3;
  }
}

TEST_CASE("clocks keep their remaining time across a restart") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 10;
  });
  temp_dir dir;
  json before;
  std::unique_ptr<table> t;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(
        srv.port(), json{{"variant", "blitz"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
    for (std::size_t i = 0; i < 4; ++i) {
      // Thinking time, so both clocks have visibly run before the kill.
      std::this_thread::sleep_for(150ms);
      const int mover = t->seat(1).state().at("to_move").get<int>();
      t->play(mover, g.moves[i]);
    }
    before = t->sync(1).at("state");
    srv.kill9();
  }
  for (int s = 0; s < 2; ++s) {
    const auto ms =
        before.at("players")[static_cast<std::size_t>(s)].at("clock_ms").get<std::int64_t>();
    CHECK(ms < 60000 - 100);
    CHECK(ms > 50000);
  }
  // Downtime is charged to nobody: the restored clocks are those of the last move, less at
  // most the moment between it and the kill (clock_restart_test has the charge itself).
  std::this_thread::sleep_for(300ms);
  journaled_server srv(dir.path(), unlimited_messages);
  auto v = reconnect_both(srv.port(), *t);
  const auto mover = v[0].state().at("to_move").get<std::size_t>();
  auto restored = without_presence(v[0].state());
  auto saved = without_presence(before);
  const auto mover_ms = [mover](json& st) {
    auto& ms = st.at("players")[mover - 1].at("clock_ms");
    const auto out = ms.get<std::int64_t>();
    ms = nullptr;
    return out;
  };
  const auto had = mover_ms(saved);
  const auto has = mover_ms(restored);
  CHECK(has <= had);
  CHECK(has > had - 100);
  CHECK(restored == saved);
  // The clock runs again for the side to move: its next move costs it time.
  const auto left = v[0].state().at("players")[mover - 1].at("clock_ms").get<std::int64_t>();
  std::this_thread::sleep_for(200ms);
  play(v, t->room(), g.moves[4]);
  const auto after = v[0].state().at("players")[mover - 1].at("clock_ms").get<std::int64_t>();
  CHECK(after <= left - 150);
  CHECK(after > left - 5000);
}

TEST_CASE("a player gone longer than --abandon-after loses, and coming back restarts the grace") {
  std::vector<std::string> flags = unlimited_messages;
  flags.insert(flags.end(), {"--abandon-after", "2"});
  temp_dir dir;
  journaled_server srv(dir.path(), flags);
  table t(srv.port());
  // Seat 2 drops and is back within the grace: the game goes on.
  t.seat(2).conn.reset();
  t.take_patch(1);
  CHECK(t.seat(1).state().at("players")[1].at("online") == false);
  auto back = reconnect(srv.port(), t.seat(2), 2);
  t.take_patch(1);
  CHECK(t.seat(1).state().at("players")[1].at("online") == true);
  std::this_thread::sleep_for(2500ms);
  CHECK_FALSE(t.seat(1).conn->recv(100ms).has_value());
  CHECK(t.sync(1).at("state").at("status") == "playing");
  // Gone for good: after the grace seat 2 loses by abandonment.
  back.conn.reset();
  t.take_patch(1);
  const auto end = t.seat(1).conn->expect("patch", 10s);
  apply_patch(t.seat(1), end);
  CHECK(t.seat(1).state().at("status") == "finished");
  CHECK(t.seat(1).state().at("result").at("reason") == "abandoned");
  CHECK(t.seat(1).state().at("result").at("winner") == 1);
}

TEST_CASE("a resent move with an old version gets stale_version and a snapshot, once played") {
  const auto g = find_game(zertz::variant::blitz,
                           [](const zertz::game& end, const auto&) { return end.ply() >= 3; });
  temp_dir dir;
  journaled_server srv(dir.path(), unlimited_messages);
  table t(srv.port());
  const json req{
      {"type", "move"}, {"room", t.room()}, {"move", g.moves[0]}, {"version", t.seat(1).version()}};
  const auto ack = t.seat(1).conn->request(req, "ack");
  t.take_patch(1);
  t.take_patch(2);
  const auto err = t.seat(1).conn->request(req, "error");
  CHECK(err.at("code") == "stale_version");
  const auto snap = t.seat(1).conn->expect("snapshot");
  CHECK(snap.at("version") == ack.at("version"));
  CHECK(snap.at("state").at("history").size() == 1);
  CHECK(snap.at("state") == t.seat(1).state());
  // Nobody saw a second version for it.
  CHECK_FALSE(t.seat(2).conn->recv(200ms).has_value());
}

TEST_CASE("a token keeps working after every connection of its player is gone") {
  // The lobby keeps only identities something holds (a connection, a seat); the others are
  // read back from the journal, so this is the path a returning visitor takes.
  temp_dir dir;
  // The others all come from 127.0.0.1: the cap on new identities per address is off.
  std::vector<std::string> flags = unlimited_messages;
  flags.insert(flags.end(), {"--identities-per-address", "0"});
  journaled_server srv(dir.path(), flags);
  std::string token;
  std::string player;
  {
    ws_client first(srv.port());
    const auto welcome = first.hello("visitor");
    token = welcome.at("token").get<std::string>();
    player = welcome.at("player").get<std::string>();
  }
  // Many others come and go meanwhile, so the lobby sweeps what nobody holds.
  for (int i = 0; i < 80; ++i) {
    ws_client other(srv.port());
    other.hello("passer-by");
  }
  ws_client back(srv.port());
  const auto welcome =
      back.request({{"type", "hello"}, {"name", "ignored"}, {"token", token}}, "welcome");
  CHECK(welcome.at("player") == player);
  CHECK(welcome.at("name") == "visitor");
  // An unknown token is still refused.
  ws_client stranger(srv.port());
  const auto err = stranger.request(
      {{"type", "hello"}, {"name", "x"}, {"token", std::string(64, 'a')}}, "error");
  CHECK(err.at("code") == "bad_token");
}

TEST_CASE("after a restart, a seated player's name still keeps out the names that look like it") {
  // Only names are stored; whether two look alike is worked out again from them.
  temp_dir dir;
  std::string room;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    table t(srv.port());  // alice and bob
    room = t.room();
    t.play(1, "Wd4-a1");  // acked once durable, the seats before it
    srv.kill9();
  }
  journaled_server srv(dir.path(), unlimited_messages);
  const json watch{{"type", "join"}, {"room", room}, {"as", "spectator"}};
  for (const std::string name : {"a1ice", "ALICE", "\u0430\u0406\u0456\u0441\u0435", "B0B"}) {
    INFO(name);
    ws_client fake(srv.port());
    fake.hello(name);
    CHECK(fake.request(watch, "error").at("code") == "name_taken");
  }
  ws_client carol(srv.port());
  carol.hello("carol");
  CHECK(carol.request(watch, "joined").at("seat").is_null());
}

TEST_CASE("an unusable --data stops the server with exit code 2 and one clear line") {
  temp_dir dir;
  const std::string file = dir.path() + "/a-file";
  {
    std::FILE* f = std::fopen(file.c_str(), "w");
    REQUIRE(f != nullptr);
    std::fclose(f);
  }
  // A path under a regular file cannot be created even by root; nor can a file be the dir.
  for (const std::string& bad : {file + "/data", file}) {
    const auto [code, text] = run_server_to_exit({"--port", "0", "--data", bad});
    CHECK(code == 2);
    CHECK(text.find("--data " + bad) != std::string::npos);
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    CHECK(text.find("listening") == std::string::npos);
  }
}

TEST_CASE("a DVONN game killed in the moving phase comes back whole and plays on to its end") {
  temp_dir dir;
  std::unique_ptr<table> t;
  json before;
  std::string room;
  std::mt19937 rng(11);
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(srv.port(), json{{"game", "dvonn"}, {"variant", "standard"}});
    room = t->room();
    // Through the placing phase and a few moves past it: every move acked is journaled.
    while (t->seat(1).state().at("ply").get<int>() < 56) {
      const json& s = t->seat(1).state();
      REQUIRE(s.at("status") == "playing");
      const auto& legal = s.at("legal");
      t->play(s.at("to_move").get<int>(), legal.at(rng() % legal.size()));
    }
    before = t->sync(1).at("state");
    srv.kill9();
  }
  journaled_server srv(dir.path(), unlimited_messages);
  auto v = reconnect_both(srv.port(), *t);
  CHECK(without_presence(v[0].state()) == without_presence(before));
  CHECK(v[0].state().at("phase") == "movement");
  CHECK(v[0].state().at("game") == "dvonn");
  while (v[0].state().at("status") == "playing") {
    const auto& legal = v[0].state().at("legal");
    REQUIRE(!legal.empty());
    play(v, room, legal.at(rng() % legal.size()));
  }
  CHECK(v[0].state().at("result").at("reason") == "no_moves");
  srv.kill9();
  journaled_server again(dir.path(), unlimited_messages);
  const auto [status, record] = http_get(again.port(), "/api/rooms/" + room + "/record");
  CHECK(status == 200);
  CHECK(record.find("[Game \"DVONN\"]") != std::string::npos);
  CHECK(record.find(v[0].state().at("history").back().get<std::string>()) != std::string::npos);
}

}  // namespace ringside::test
