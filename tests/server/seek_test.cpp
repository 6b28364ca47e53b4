// Quick pairing and cancelling a waiting room, through the real server: two seeks pair at
// once (both told, both seated), others wait, seeks are withdrawn by cancel_seek or by their
// seeker's last connection closing, a waiting room is cancelled by its creator only, and
// impossible settings get their own errors.
#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <thread>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

json blitz_seek(const json& id) {
  return {{"type", "seek"},
          {"id", id},
          {"game", "zertz"},
          {"variant", "blitz"},
          {"clock", {{"initial_s", 300}, {"increment_s", 3}}}};
}

json list_seeks(ws_client& c) {
  return c.request({{"type", "list_seeks"}, {"id", "ls"}}, "seeks");
}

// Asks for the seek list until `pred` holds on it (a closed connection is noticed a moment
// later), for at most two seconds.
json seeks_until(ws_client& c, const std::function<bool(const json&)>& pred) {
  json last;
  for (int i = 0; i < 40; ++i) {
    last = list_seeks(c);
    if (pred(last)) return last;
    std::this_thread::sleep_for(50ms);
  }
  return last;
}

// The next message of `type`, skipping the room's patches on the way.
json skip_patches_to(ws_client& c, std::string_view type) {
  for (;;) {
    const auto m = c.recv();
    REQUIRE(m);
    if (m->at("type") != "patch") {
      CHECK(m->at("type") == type);
      return *m;
    }
  }
}

}  // namespace

TEST_CASE("two compatible seeks pair at once: both told, both seated, colours shared out") {
  server_process srv;
  ws_client alice(srv.port());
  ws_client bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  const auto waiting = alice.request(blitz_seek(1), "seeking");
  CHECK(waiting.at("re") == 1);
  const auto seek_a = waiting.at("seek").at("seek").get<std::string>();
  CHECK(waiting.at("seek").at("game") == "zertz");
  CHECK(waiting.at("seek").at("board") == 37);
  CHECK(list_seeks(bob).at("seeks").size() == 1);

  const auto paired_b = bob.request(blitz_seek(2), "paired");
  CHECK(paired_b.at("re") == 2);
  CHECK(paired_b.at("opponent").at("name") == "alice");
  const auto room = paired_b.at("room").get<std::string>();
  const auto paired_a = alice.expect("paired");
  CHECK_FALSE(paired_a.contains("re"));
  CHECK(paired_a.at("seek") == seek_a);
  CHECK(paired_a.at("room") == room);
  CHECK(paired_a.at("opponent").at("name") == "bob");

  const auto joined_b = bob.expect("joined");
  const auto joined_a = alice.expect("joined");
  CHECK(joined_a.at("room") == room);
  CHECK(joined_b.at("room") == room);
  const int seat_a = joined_a.at("seat").get<int>();
  const int seat_b = joined_b.at("seat").get<int>();
  CHECK(seat_a + seat_b == 3);
  CHECK(joined_a.at("state").at("status") == "playing");
  // Nothing is left waiting.
  CHECK(list_seeks(alice).at("seeks").empty());
  const auto rooms = alice.request({{"type", "list_rooms"}, {"status", "playing"}}, "rooms");
  REQUIRE(rooms.at("rooms").size() == 1);
  CHECK(rooms.at("rooms")[0].at("room") == room);
  CHECK(rooms.at("rooms")[0].at("clock").at("initial_s") == 300);
}

TEST_CASE("correspondence seeks are listed with their days and pair into a correspondence game") {
  server_process srv;
  ws_client alice(srv.port());
  ws_client bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  auto daily = [](int id) {
    auto s = blitz_seek(id);
    s["clock"] = {{"days_per_move", 3}};
    return s;
  };
  alice.request(daily(1), "seeking");
  const auto listed = list_seeks(bob).at("seeks");
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].at("clock") == json{{"days_per_move", 3}});
  // A blitz seek is another game: it waits beside the correspondence one.
  bob.request(blitz_seek(2), "seeking");
  CHECK(list_seeks(bob).at("seeks").size() == 2);
  bob.request({{"type", "cancel_seek"}, {"id", 3}}, "seek_cancelled");
  bob.request(daily(4), "paired");
  bob.expect("joined");
  alice.expect("paired");
  CHECK(alice.expect("joined").at("state").at("status") == "playing");
  const auto rooms = alice.request({{"type", "list_rooms"}, {"status", "playing"}}, "rooms");
  REQUIRE(rooms.at("rooms").size() == 1);
  CHECK(rooms.at("rooms")[0].at("clock") == json{{"days_per_move", 3}});
}

TEST_CASE("an incompatible seek waits beside the other, and the lobby lists both and its counts") {
  server_process srv;
  ws_client alice(srv.port());
  ws_client bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  alice.request(blitz_seek(1), "seeking");
  auto untimed = blitz_seek(2);
  untimed.erase("clock");
  bob.request(untimed, "seeking");
  auto rated = blitz_seek(3);
  rated["rated"] = true;
  bob.request(rated, "seeking");
  auto picky = blitz_seek(4);
  picky["range"] = {{"min", 1600}, {"max", 2200}};  // everyone counts as 1500 for now
  bob.request(picky, "seeking");
  const auto list = list_seeks(alice);
  CHECK(list.at("seeks").size() == 4);
  CHECK(list.at("total") == 4);
  CHECK(list.at("online") == 2);
  CHECK(list.at("playing") == 0);
  CHECK(list.at("seeks")[0].at("name") == "alice");
  CHECK(list.at("seeks")[2].at("rated") == true);
  CHECK(list.at("seeks")[3].at("range").at("min") == 1600);
  const auto [status, body] = http_get(srv.port(), "/api/stats");
  CHECK(status == 200);
  const auto stats = json::parse(body);
  CHECK(stats.at("online") == 2);
  CHECK(stats.at("seeks") == 4);
  CHECK(stats.at("playing") == 0);
}

TEST_CASE("cancel_seek withdraws one's own seek by id, or all of them, never another's") {
  server_process srv;
  ws_client alice(srv.port());
  ws_client bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  const auto id = alice.request(blitz_seek(1), "seeking").at("seek").at("seek").get<std::string>();
  const auto theirs = bob.request({{"type", "cancel_seek"}, {"seek", id}, {"id", 2}}, "error");
  CHECK(theirs.at("code") == "no_such_seek");
  const auto gone =
      alice.request({{"type", "cancel_seek"}, {"seek", id}, {"id", 3}}, "seek_cancelled");
  CHECK(gone.at("re") == 3);
  CHECK(gone.at("seeks") == json::array({id}));
  CHECK(alice.request({{"type", "cancel_seek"}, {"seek", id}}, "error").at("code") ==
        "no_such_seek");
  // Nothing left to pair with: bob waits.
  bob.request(blitz_seek(4), "seeking");
  auto untimed = blitz_seek(5);
  untimed.erase("clock");
  bob.request(untimed, "seeking");
  const auto all = bob.request({{"type", "cancel_seek"}, {"id", 6}}, "seek_cancelled");
  CHECK(all.at("seeks").size() == 2);
  CHECK(list_seeks(alice).at("seeks").empty());
}

TEST_CASE("a seeker whose last connection closes loses its seeks, but not when one of two closes") {
  server_process srv;
  std::optional<ws_client> alice;
  alice.emplace(srv.port());
  const auto welcome = alice->hello("alice");
  ws_client bob(srv.port());
  bob.hello("bob");
  {
    ws_client alice_too(srv.port());
    alice_too.request({{"type", "hello"}, {"name", "alice"}, {"token", welcome.at("token")}},
                      "welcome");
    alice_too.request(blitz_seek(1), "seeking");
  }
  // Alice is still online on her first connection: the seek stays, and pairs through it.
  const auto kept = seeks_until(bob, [](const json& l) { return l.at("online") == 2; });
  CHECK(kept.at("seeks").size() == 1);
  {
    ws_client carol(srv.port());
    carol.hello("carol");
    carol.request(blitz_seek(2), "paired");
    alice->expect("paired");
    alice->expect("joined");
  }
  // Alice's last connection closes: her other seek goes with it.
  auto untimed = blitz_seek(3);
  untimed.erase("clock");
  alice->send(untimed);
  skip_patches_to(*alice, "seeking");  // carol going offline shows in alice's game
  CHECK(list_seeks(bob).at("seeks").size() == 1);
  alice.reset();
  // The online count drops once the closed session is gone, which on PostgreSQL can come a
  // little after its seeks went (its last journal writes hold it): wait for both.
  const auto after =
      seeks_until(bob, [](const json& l) { return l.at("seeks").empty() && l.at("online") == 1; });
  CHECK(after.at("seeks").empty());
  CHECK(after.at("online") == 1);
  bob.request(untimed, "seeking");  // nobody left to pair with
}

TEST_CASE("cancel_room: the creator ends a waiting room, others and a started game are refused") {
  server_process srv;
  ws_client alice(srv.port());
  ws_client bob(srv.port());
  alice.hello("alice");
  bob.hello("bob");
  const auto joined =
      alice.request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}}, "joined");
  const auto room = joined.at("room").get<std::string>();
  const auto refused = bob.request({{"type", "cancel_room"}, {"room", room}, {"id", 1}}, "error");
  CHECK(refused.at("code") == "not_creator");
  CHECK(refused.at("re") == 1);
  const auto patch = alice.request({{"type", "cancel_room"}, {"room", room}, {"id", 2}}, "patch");
  CHECK(patch.dump().find("cancelled") != std::string::npos);
  CHECK(bob.request({{"type", "list_rooms"}}, "rooms").at("rooms").empty());
  const auto finished = bob.request({{"type", "list_rooms"}, {"status", "finished"}}, "rooms");
  REQUIRE(finished.at("rooms").size() == 1);
  CHECK(finished.at("rooms")[0].at("status") == "finished");
  CHECK(alice.request({{"type", "cancel_room"}, {"room", room}, {"id", 3}}, "error").at("code") ==
        "not_waiting");
  CHECK(bob.request({{"type", "join"}, {"room", room}, {"as", "player"}}, "error").at("code") ==
        "room_full");
  CHECK(alice.request({{"type", "cancel_room"}, {"room", "nosuchroom"}}, "error").at("code") ==
        "no_such_room");

  // A game that started cannot be cancelled, only resigned.
  const auto other =
      alice.request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}}, "joined");
  const auto started = other.at("room").get<std::string>();
  bob.request({{"type", "join"}, {"room", started}, {"as", "player"}}, "joined");
  alice.expect("patch");
  CHECK(alice.request({{"type", "cancel_room"}, {"room", started}}, "error").at("code") ==
        "not_waiting");
}

TEST_CASE("impossible seeks get clear errors and nothing waits") {
  server_process srv;
  ws_client alice(srv.port());
  alice.hello("alice");
  const auto code_of = [&](json m) {
    const auto e = alice.request(m, "error");
    INFO(e.dump());
    CHECK(e.at("message").get<std::string>().size() > 10);
    return e.at("code").get<std::string>();
  };
  auto m = blitz_seek(1);
  m["game"] = "chess";
  CHECK(code_of(m) == "bad_settings");
  m = blitz_seek(2);
  m["variant"] = "bullet";
  CHECK(code_of(m) == "bad_settings");
  m = blitz_seek(3);
  m["board"] = 41;
  CHECK(code_of(m) == "bad_settings");
  m = blitz_seek(4);
  m["range"] = {{"min", 1800}, {"max", 1200}};
  CHECK(code_of(m) == "bad_settings");
  m = blitz_seek(5);
  m["clock"] = {{"initial_s", 0}, {"increment_s", 3}};
  CHECK(code_of(m) == "bad_request");
  m = blitz_seek(6);
  m["rated"] = "yes";
  CHECK(code_of(m) == "bad_request");
  CHECK(list_seeks(alice).at("seeks").empty());
  alice.request(blitz_seek(7), "seeking");
  CHECK(code_of(blitz_seek(8)) == "too_many_seeks");  // one open seek per shape
}

}  // namespace ringside::test
