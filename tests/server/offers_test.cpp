// Takebacks, declined draws and rematches through the real server: each offer shows in the
// state, its answer changes the game or tells the offerer no, and every request nobody can
// answer is refused with its own code and nothing changed.
#include <doctest/doctest.h>

#include <thread>

#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

json room_request(const std::string& type, const std::string& room) {
  return {{"type", type}, {"room", room}, {"id", type}};
}

// Sends `type` from seat `s` and expects an error with `code`; nothing may have changed.
void refused(table& t, int s, const std::string& type, const std::string& code) {
  INFO(type << " from seat " << s);
  const auto before = t.sync(s);
  const auto err = t.seat(s).conn->request(room_request(type, t.room()), "error");
  CHECK(err.at("code") == code);
  CHECK(err.at("re") == type);
  CHECK_FALSE(err.at("message").get<std::string>().empty());
  const auto after = t.sync(s);
  CHECK(after.at("version") == before.at("version"));
  CHECK(after.at("state") == before.at("state"));
}

// Reads the snapshot a takeback sends and adopts it; it must be newer than what `v` held.
void take_snapshot(seat_view& v) {
  const auto snap = v.conn->expect("snapshot");
  CHECK(snap.at("version").get<std::int64_t>() > v.version());
  CHECK(v.mirror.adopt(snap.at("state"), snap.at("version")));
}

// The next message of `type` on `c`, skipping the patches of the room a spectator follows.
json next_answer_of(ws_client& c, std::string_view type) {
  for (int i = 0; i < 20; ++i) {
    auto m = c.recv();
    REQUIRE(m.has_value());
    if (m->at("type") == type) return *m;
    REQUIRE(m->at("type") == "patch");
  }
  FAIL("no " << type << " came");
  return {};
}

}  // namespace

TEST_CASE("a takeback asked by the mover and accepted puts the game back one move") {
  server_process srv;
  table t(srv.port());
  const json start = t.seat(1).state();
  CHECK(start.at("takebacks") == true);
  CHECK(start.at("takeback_offer").is_null());
  t.play(1, placement(t.seat(1).state()));
  const json after_one = t.seat(1).state();
  t.play(2, placement(t.seat(2).state(), "B"));

  t.act(2, "takeback");
  CHECK(t.seat(1).state().at("takeback_offer") == 2);
  REQUIRE(t.seat(1).conn->send(room_request("takeback", t.room())));
  take_snapshot(t.seat(1));
  take_snapshot(t.seat(2));
  const auto& s = t.seat(1).state();
  CHECK(s.at("takeback_offer").is_null());
  CHECK(s.at("history") == after_one.at("history"));
  CHECK(s.at("to_move") == 2);
  CHECK(s.at("ply") == after_one.at("ply"));
  CHECK(s.at("last_move") == after_one.at("last_move"));
  CHECK(t.seat(2).state() == s);
  CHECK(t.sync(2).at("state") == s);

  // The game goes on from there, by patches as before.
  t.play(2, placement(t.seat(2).state(), "G"));
  CHECK(t.sync(1).at("state") == t.seat(1).state());
  const auto [status, record] = http_get(srv.port(), "/api/rooms/" + t.room() + "/record");
  CHECK(status == 200);
  CHECK(record.find(t.seat(1).state().at("history").back().get<std::string>()) !=
        std::string::npos);
  CHECK(http_get(srv.port(), "/metrics").second.find("ringside_takebacks_total 1") !=
        std::string::npos);
}

TEST_CASE("a takeback asked by the player to move takes back their move and the reply") {
  server_process srv;
  table t(srv.port());
  t.play(1, placement(t.seat(1).state()));
  t.play(2, placement(t.seat(2).state(), "B"));
  t.act(1, "takeback");
  REQUIRE(t.seat(2).conn->send(room_request("takeback", t.room())));
  take_snapshot(t.seat(1));
  take_snapshot(t.seat(2));
  CHECK(t.seat(1).state().at("history").empty());
  CHECK(t.seat(1).state().at("to_move") == 1);
  CHECK(t.seat(1).state().at("last_move").is_null());
  CHECK(t.seat(2).state() == t.seat(1).state());
}

TEST_CASE("a declined takeback is cleared and the asker told; the move stands") {
  server_process srv;
  table t(srv.port());
  t.play(1, placement(t.seat(1).state()));
  const auto history = t.seat(1).state().at("history");
  t.act(1, "takeback");
  t.act(2, "decline_takeback");
  const auto told = t.seat(1).conn->expect("declined");
  CHECK(told == json{{"type", "declined"}, {"room", t.room()}, {"offer", "takeback"}, {"seat", 2}});
  CHECK(t.seat(2).conn->expect("declined") == told);
  CHECK(t.seat(1).state().at("takeback_offer").is_null());
  CHECK(t.seat(1).state().at("history") == history);
}

TEST_CASE("takeback requests nobody can answer are refused, each with its code") {
  server_process srv;
  table t(srv.port());
  refused(t, 1, "takeback", "nothing_to_take_back");
  refused(t, 1, "decline_takeback", "no_offer");
  refused(t, 2, "decline_draw", "no_offer");
  refused(t, 1, "rematch", "game_not_over");
  refused(t, 1, "decline_rematch", "game_not_over");
  t.play(1, placement(t.seat(1).state()));
  t.act(1, "takeback");
  refused(t, 1, "takeback", "own_offer");
  refused(t, 1, "decline_takeback", "own_offer");

  SUBCASE("a spectator cannot ask") {
    ws_client watcher(srv.port());
    watcher.hello("eve");
    watcher.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
    REQUIRE(watcher.send(room_request("takeback", t.room())));
    CHECK(next_answer_of(watcher, "error").at("code") == "not_a_player");
  }
  SUBCASE("a room created with takebacks off refuses them") {
    table off(srv.port(), {{"variant", "blitz"}, {"takebacks", false}});
    CHECK(off.seat(1).state().at("takebacks") == false);
    off.play(1, placement(off.seat(1).state()));
    refused(off, 1, "takeback", "takebacks_off");
  }
  SUBCASE("create_room's takebacks must be a boolean") {
    const auto bad = t.seat(1).conn->request(
        {{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"takebacks", 1}},
        "error");
    CHECK(bad.at("code") == "bad_request");
  }
}

TEST_CASE("a takeback puts both clocks back where they stood before the move") {
  server_process srv;
  // DVONN's placements never capture, so any legal move will do for each of the four.
  table t(srv.port(), {{"game", "dvonn"},
                       {"variant", "standard"},
                       {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  const auto any_move = [&t](int s) { return t.seat(s).state().at("legal").at(0).get<std::string>(); };
  // Each player's first move is free: the clocks run from the second.
  t.play(1, any_move(1));
  t.play(2, any_move(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  t.play(1, any_move(1));
  const auto after_one = t.seat(1).state().at("players");
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  t.play(2, any_move(2));
  CHECK(t.seat(1).state().at("players").at(1).at("clock_ms").get<std::int64_t>() <= 60000 - 400);
  t.act(2, "takeback");
  REQUIRE(t.seat(1).conn->send(room_request("takeback", t.room())));
  take_snapshot(t.seat(1));
  take_snapshot(t.seat(2));
  const auto& players = t.seat(1).state().at("players");
  CHECK(players.at(0).at("clock_ms") == after_one.at(0).at("clock_ms"));
  CHECK(players.at(1).at("clock_ms") == 60000);
}

TEST_CASE("a draw declined is cleared and the offerer told") {
  server_process srv;
  table t(srv.port());
  t.act(1, "offer_draw");
  refused(t, 1, "decline_draw", "own_offer");
  t.act(2, "decline_draw");
  CHECK(t.seat(1).conn->expect("declined") ==
        json{{"type", "declined"}, {"room", t.room()}, {"offer", "draw"}, {"seat", 2}});
  CHECK(t.seat(1).state().at("draw_offer").is_null());
  CHECK(t.seat(1).state().at("status") == "playing");
}

TEST_CASE("a rematch agreed by both seats them in a new room with colours swapped") {
  server_process srv;
  table t(srv.port(), {{"variant", "blitz"}, {"clock", {{"initial_s", 300}, {"increment_s", 2}}}});
  ws_client watcher(srv.port());
  watcher.hello("eve");
  watcher.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  t.take_patch(1);  // the spectator count
  t.take_patch(2);
  t.act(2, "resign");
  refused(t, 1, "takeback", "game_over");
  refused(t, 1, "decline_rematch", "no_offer");

  t.act(1, "rematch");
  CHECK(t.seat(2).state().at("rematch_offer") == 1);
  refused(t, 1, "rematch", "own_offer");
  refused(t, 1, "decline_rematch", "own_offer");

  t.act(2, "rematch");
  const std::string next = t.seat(1).state().at("rematch");
  CHECK(next != t.room());
  CHECK(t.seat(1).state().at("rematch_offer").is_null());
  const json started{{"type", "rematch_started"}, {"room", t.room()}, {"new_room", next}};
  CHECK(t.seat(1).conn->expect("rematch_started") == started);
  CHECK(t.seat(2).conn->expect("rematch_started") == started);
  CHECK(next_answer_of(watcher, "rematch_started") == started);

  // Both players are seated there already, colours swapped, and the game is on.
  const auto a = t.seat(1).conn->expect("joined");
  const auto b = t.seat(2).conn->expect("joined");
  CHECK(a.at("room") == next);
  CHECK(a.at("seat") == 2);
  CHECK(b.at("seat") == 1);
  const auto& s = b.at("state");
  CHECK(s.at("status") == "playing");
  CHECK(s.at("players").at(0).at("name") == "bob");
  CHECK(s.at("players").at(1).at("name") == "alice");
  CHECK(s.at("players").at(0).at("clock_ms") == 300000);
  CHECK(s.at("variant") == "blitz");
  CHECK(s.at("takebacks") == true);

  // The spectator of the old room can watch the new one; the old one says where it went.
  const auto joined = watcher.request({{"type", "join"}, {"room", next}, {"as", "spectator"}},
                                      "joined");
  CHECK(joined.at("state").at("players") == s.at("players"));
  // (Patches of the new room come meanwhile: who is online, the spectator.)
  REQUIRE(t.seat(1).conn->send({{"type", "sync"}, {"room", t.room()}}));
  CHECK(next_answer_of(*t.seat(1).conn, "snapshot").at("state").at("rematch") == next);
  // Bob, now first, moves in the new room.
  REQUIRE(t.seat(2).conn->send({{"type", "move"},
                                {"room", next},
                                {"move", placement(s)},
                                {"version", b.at("version")}}));
  CHECK(next_answer_of(*t.seat(2).conn, "ack").at("room") == next);
  CHECK(http_get(srv.port(), "/metrics").second.find("ringside_rematches_total 1") !=
        std::string::npos);
}

TEST_CASE("a rematch declined is cleared and the offerer told") {
  server_process srv;
  table t(srv.port());
  t.act(1, "resign");
  t.act(2, "rematch");
  t.act(1, "decline_rematch");
  CHECK(t.seat(2).conn->expect("declined") ==
        json{{"type", "declined"}, {"room", t.room()}, {"offer", "rematch"}, {"seat", 1}});
  CHECK(t.seat(2).state().at("rematch_offer").is_null());
  CHECK(t.seat(2).state().at("rematch").is_null());
}

TEST_CASE("against the computer a takeback needs no answer and takes back its reply too") {
  server_process srv;
  seat_view me;
  me.conn = std::make_unique<ws_client>(srv.port());
  me.conn->hello("alice");
  const auto joined = me.conn->request({{"type", "create_room"},
                                        {"game", "zertz"},
                                        {"variant", "blitz"},
                                        {"seat", "first"},
                                        {"opponent", {{"computer", 1}}}},
                                       "joined");
  const std::string room = joined.at("room");
  me.mirror.reset(joined.at("state"), joined.at("version"));
  const auto ack = me.conn->request(
      {{"type", "move"}, {"room", room}, {"move", placement(me.state())}, {"version", me.version()}},
      "ack");
  apply_patch(me, me.conn->expect("patch"));
  apply_patch(me, me.conn->expect("patch", 30s));  // the computer's reply
  REQUIRE(me.state().at("last_move").at("by") == 2);
  REQUIRE(me.conn->send(room_request("takeback", room)));
  take_snapshot(me);
  CHECK(me.state().at("history").empty());
  CHECK(me.state().at("to_move") == 1);
  CHECK(me.state().at("takeback_offer").is_null());

  // The game goes on: the computer answers the next move as before.
  me.conn->request(
      {{"type", "move"}, {"room", room}, {"move", placement(me.state())}, {"version", me.version()}},
      "ack");
  apply_patch(me, me.conn->expect("patch"));
  apply_patch(me, me.conn->expect("patch", 30s));
  CHECK(me.state().at("last_move").at("by") == 2);

  // After the end a rematch starts at once, the computer first now.
  REQUIRE(me.conn->send(room_request("resign", room)));
  apply_patch(me, me.conn->expect("patch"));
  REQUIRE(me.conn->send(room_request("rematch", room)));
  apply_patch(me, me.conn->expect("patch"));
  const std::string next = me.state().at("rematch");
  CHECK(me.conn->expect("rematch_started").at("new_room") == next);
  const auto again = me.conn->expect("joined");
  CHECK(again.at("room") == next);
  CHECK(again.at("seat") == 2);
  CHECK(again.at("state").at("players").at(0).at("computer") == true);
  CHECK(again.at("state").at("status") == "playing");
  (void)ack;
}

TEST_CASE("a rematch counts against the daily rooms of the first game's creator's address") {
  server_process srv({"--rooms-per-address-per-day", "1"});
  ws_client me(srv.port());
  me.hello("alice");
  const auto joined = me.request({{"type", "create_room"},
                                   {"game", "zertz"},
                                   {"variant", "blitz"},
                                   {"seat", "first"},
                                   {"opponent", {{"computer", 1}}}},
                                  "joined");
  const std::string room = joined.at("room");
  REQUIRE(me.send(room_request("resign", room)));
  me.expect("patch");
  const auto err = me.request(room_request("rematch", room), "error");
  CHECK(err.at("code") == "too_many_rooms");
  // Refused, nothing made: the finished room names no rematch.
  const auto snap = me.request({{"type", "sync"}, {"room", room}}, "snapshot");
  CHECK(snap.at("state").at("rematch").is_null());
  CHECK(http_get(srv.port(), "/metrics").second.find("ringside_rematches_total 0") !=
        std::string::npos);
}

}  // namespace ringside::test
