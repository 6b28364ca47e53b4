// One case per error code. Each checks the error (code, `re`, a message) and that nothing
// changed for anyone: both players' sync returns the version and state they already hold,
// and the snapshot is the next message they get (a patch in between would fail `request`).
#include <doctest/doctest.h>

#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

void check_error(const json& e, std::string_view code, const json& re) {
  INFO("error: " << e.dump());
  CHECK(e.at("type") == "error");
  CHECK(e.at("code") == code);
  CHECK(e.at("message").get<std::string>().size() > 10);
  if (re.is_null()) {
    CHECK_FALSE(e.contains("re"));
  } else {
    CHECK(e.at("re") == re);
  }
}

void check_nothing_changed(table& t) {
  for (int s = 1; s <= 2; ++s) {
    const auto snap = t.sync(s);
    CHECK(snap.at("version") == t.seat(s).version());
    CHECK(snap.at("state") == t.seat(s).state());
  }
}

json move_msg(const table& t, const std::string& move, std::int64_t version, const json& id) {
  return {{"type", "move"}, {"room", t.room()}, {"move", move}, {"version", version}, {"id", id}};
}

std::string first_placement(const json& state) {
  return placement(state);
}

}  // namespace

TEST_CASE("hello_first: anything before hello is refused, and hello still works after") {
  server_process srv;
  ws_client c(srv.port());
  check_error(c.request({{"type", "list_rooms"}, {"id", "x"}}, "error"), "hello_first", "x");
  check_error(
      c.request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}}, "error"),
      "hello_first", nullptr);
  c.hello("alice");
  CHECK(c.request({{"type", "list_rooms"}}, "rooms").at("rooms").empty());
}

TEST_CASE("bad_request: not JSON, not an object, a wrong field; the game goes on") {
  server_process srv;
  table t(srv.port());
  auto& c = *t.seat(1).conn;
  REQUIRE(c.send_text("{not json"));
  check_error(c.expect("error"), "bad_request", nullptr);
  REQUIRE(c.send_text("[1,2,3]"));
  check_error(c.expect("error"), "bad_request", nullptr);
  check_error(c.request(move_msg(t, first_placement(t.seat(1).state()), -1, 5), "error"),
              "bad_request", 5);
  check_error(
      c.request({{"type", "move"}, {"room", t.room()}, {"move", 42}, {"version", 2}, {"id", 6}},
                "error"),
      "bad_request", 6);
  check_error(c.request({{"type", "chat"}, {"room", t.room()}, {"text", ""}, {"id", 7}}, "error"),
              "bad_request", 7);
  check_nothing_changed(t);
}

TEST_CASE("bad_request: a game, variant or board the registry does not have makes no room") {
  server_process srv;
  ws_client c(srv.port());
  c.hello("alice");
  const auto create = [](const char* key, json value, int id) {
    json m{{"type", "create_room"}, {"game", "zertz"}, {"variant", "standard"}, {"id", id}};
    m[key] = std::move(value);
    return m;
  };
  const std::pair<json, std::string> cases[] = {
      {create("game", "chess", 1), "there is no game \"chess\""},
      {create("variant", "Standard", 2), "ZÈRTZ has no variant"},
      {create("board", 38, 3), "there is no 38-ring board"},
  };
  for (const auto& [msg, words] : cases) {
    const json e = c.request(msg, "error");
    check_error(e, "bad_request", msg.at("id"));
    CHECK_MESSAGE(e.at("message").get<std::string>().find(words) != std::string::npos,
                  e.at("message"));
  }
  CHECK(c.request({{"type", "list_rooms"}}, "rooms").at("rooms").empty());
  // A good request on the same connection still makes its room.
  CHECK(c.request(create("board", 61, 4), "joined").at("state").at("board") == 61);
}

TEST_CASE("unknown_type") {
  server_process srv;
  table t(srv.port());
  check_error(t.seat(2).conn->request({{"type", "teleport"}, {"id", 1}}, "error"), "unknown_type",
              1);
  check_nothing_changed(t);
}

TEST_CASE("no_such_room") {
  server_process srv;
  table t(srv.port());
  auto& c = *t.seat(1).conn;
  auto elsewhere = move_msg(t, "Wd4-a1", t.version(), 1);
  elsewhere["room"] = "zzzzzzzz";
  check_error(c.request(elsewhere, "error"), "no_such_room", 1);
  check_error(c.request({{"type", "join"}, {"room", "nope"}, {"as", "player"}, {"id", 2}}, "error"),
              "no_such_room", 2);
  check_nothing_changed(t);
}

TEST_CASE("room_full: a third player is refused, but may watch") {
  server_process srv;
  table t(srv.port());
  ws_client c(srv.port());
  c.hello("carol");
  check_error(
      c.request({{"type", "join"}, {"room", t.room()}, {"as", "player"}, {"id", 3}}, "error"),
      "room_full", 3);
  check_nothing_changed(t);
  // Re-joining one's own seat is fine and changes nothing either.
  const auto again =
      t.seat(2).conn->request({{"type", "join"}, {"room", t.room()}, {"as", "player"}}, "joined");
  CHECK(again.at("seat") == 2);
  CHECK(again.at("version") == t.version());
  check_nothing_changed(t);
}

TEST_CASE("not_a_player: a spectator cannot move, resign or offer a draw") {
  server_process srv;
  table t(srv.port());
  ws_client c(srv.port());
  c.hello("eve");
  c.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  t.take_patch(1);
  t.take_patch(2);
  c.expect("patch");  // the spectator count, which the newcomer sees too
  const auto v = t.version();
  check_error(c.request(move_msg(t, first_placement(t.seat(1).state()), v, 1), "error"),
              "not_a_player", 1);
  check_error(c.request({{"type", "resign"}, {"room", t.room()}, {"id", 2}}, "error"),
              "not_a_player", 2);
  check_error(c.request({{"type", "offer_draw"}, {"room", t.room()}, {"id", 3}}, "error"),
              "not_a_player", 3);
  check_nothing_changed(t);
}

TEST_CASE("not_your_turn") {
  server_process srv;
  table t(srv.port());
  check_error(t.seat(2).conn->request(
                  move_msg(t, first_placement(t.seat(2).state()), t.version(), "b1"), "error"),
              "not_your_turn", "b1");
  check_nothing_changed(t);
}

TEST_CASE("illegal_move: the engine's reason is passed on") {
  server_process srv;
  table t(srv.port());
  auto& c = *t.seat(1).conn;
  const auto cells = t.seat(1).state().at("removable");
  const std::string cell = cells.at(0);
  // Placing and removing the same ring: never legal.
  const auto e = c.request(move_msg(t, cat({"W", cell, "-", cell}), t.version(), 1), "error");
  check_error(e, "illegal_move", 1);
  check_error(c.request(move_msg(t, "Wz9-a1", t.version(), 2), "error"), "illegal_move", 2);
  check_nothing_changed(t);
}

TEST_CASE(
    "stale_version: the error says so in words and a snapshot with the current version "
    "follows") {
  server_process srv;
  table t(srv.port());
  t.play(1, first_placement(t.seat(1).state()));
  auto& c = *t.seat(2).conn;
  const auto e =
      c.request(move_msg(t, first_placement(t.seat(2).state()), t.version() - 1, 9), "error");
  check_error(e, "stale_version", 9);
  // A player reads the message: no version numbers in it (the snapshot carries them).
  CHECK(e.at("message").get<std::string>().find(std::to_string(t.version())) == std::string::npos);
  CHECK(e.at("message").get<std::string>().find("position") != std::string::npos);
  const auto snap = c.expect("snapshot");
  CHECK(snap.at("version") == t.version());
  CHECK(snap.at("state") == t.seat(2).state());
  check_nothing_changed(t);
}

TEST_CASE("a move chosen before a spectator count or a presence change is still current") {
  server_process srv;
  table t(srv.port());
  t.play(1, first_placement(t.seat(1).state()));
  const auto chosen_on = t.version();
  const std::string move = first_placement(t.seat(2).state());
  // Meanwhile a spectator arrives (a count version) and seat 1 drops and comes back.
  ws_client fan(srv.port());
  fan.hello("fan");
  fan.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  for (int s = 1; s <= 2; ++s) t.take_patch(s);
  t.seat(1).conn.reset();
  t.take_patch(2);  // alice offline
  ws_client again(srv.port());
  again.request({{"type", "hello"}, {"name", "alice"}, {"token", t.seat(1).token}}, "welcome");
  again.expect("joined");
  t.take_patch(2);  // alice back
  REQUIRE(t.seat(2).version() >= chosen_on + 3);
  // The move made on the older version is played, and lands on the newest.
  const auto ack = t.seat(2).conn->request({{"type", "move"},
                                            {"room", t.room()},
                                            {"move", move},
                                            {"version", chosen_on},
                                            {"id", "late"}},
                                           "ack");
  CHECK(ack.at("version") == t.seat(2).version() + 1);
  t.take_patch(2);
  CHECK(t.seat(2).state().at("history").size() == 2);
  // But a move chosen before the last move is stale.
  again.expect("patch");
  const auto e = again.request(move_msg(t, "Wd4-a1", chosen_on, "old"), "error");
  check_error(e, "stale_version", "old");
}

TEST_CASE("game_over: no move after the end") {
  server_process srv;
  table t(srv.port());
  t.act(1, "resign");
  check_error(t.seat(2).conn->request(
                  move_msg(t, first_placement(t.seat(2).state()), t.version(), 4), "error"),
              "game_over", 4);
  check_error(t.seat(1).conn->request({{"type", "resign"}, {"room", t.room()}, {"id", 5}}, "error"),
              "game_over", 5);
  check_nothing_changed(t);
}

TEST_CASE("rate_limited: past 40 messages in 10 s, requests are refused, not acted on") {
  server_process srv;
  table t(srv.port());
  auto& c = *t.seat(1).conn;
  // This connection has sent hello and create_room: message i of the loop is number i + 3.
  int answered = 0;
  int limited = 0;
  for (int i = 0; i < 45; ++i) {
    const auto m = c.request({{"type", "sync"}, {"room", t.room()}, {"id", i}},
                             i + 3 <= 40 ? "snapshot" : "error");
    if (m.at("type") == "snapshot") ++answered;
    if (m.at("type") == "error") {
      check_error(m, "rate_limited", nullptr);
      ++limited;
    }
  }
  CHECK(answered == 38);
  CHECK(limited == 7);
  // A move while limited is not played: seat 2 sees nothing change.
  check_error(c.request(move_msg(t, first_placement(t.seat(1).state()), t.version(), 1), "error"),
              "rate_limited", nullptr);
  const auto snap = t.sync(2);
  CHECK(snap.at("version") == t.seat(2).version());
  CHECK(snap.at("state") == t.seat(2).state());
}

TEST_CASE("bad_token: an unknown token is refused; hello without one still works") {
  server_process srv;
  ws_client c(srv.port());
  check_error(c.request({{"type", "hello"}, {"name", "mallory"}, {"token", "0123abcd"}, {"id", 1}},
                        "error"),
              "bad_token", 1);
  check_error(c.request({{"type", "list_rooms"}, {"id", 2}}, "error"), "hello_first", 2);
  const auto w = c.hello("mallory");
  CHECK(w.at("token").get<std::string>().size() >= 32);
}

}  // namespace ringside::test
