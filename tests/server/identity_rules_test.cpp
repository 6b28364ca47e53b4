// Names that hide or impersonate, a seat taken under a seated player's
// name, a spectator's `join as: player` answered with `seat: null`, and an identity seated in
// so many rooms that its reconnect burst overflowed its queue (dropped after every welcome).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/server_checks.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

const json blitz{
    {"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}};
const json against_computer{{"type", "create_room"},
                            {"game", "zertz"},
                            {"variant", "blitz"},
                            {"seat", "first"},
                            {"opponent", {{"computer", 1}}}};

json join(const std::string& room, const char* as) {
  return {{"type", "join"}, {"room", room}, {"as", as}};
}

// The next message of `type`, skipping patches (a joined room's own news).
json next_besides_patches(ws_client& c, std::string_view type) {
  for (int i = 0; i < 1000; ++i) {
    const auto m = c.recv(5s);
    REQUIRE(m.has_value());
    if (m->at("type") != "patch") {
      CHECK(m->at("type") == type);
      return *m;
    }
  }
  FAIL("no " << type);
  return {};
}

// Whether a `notice` arrives in the next 300 ms (patches of the room may come meanwhile).
bool got_notice(ws_client& c) {
  while (const auto m = c.recv(300ms)) {
    if (m->at("type") == "notice") return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a name with bidi overrides, zero-width or blank-looking characters is bad_name") {
  server_process srv;
  for (const std::string name :
       {"alice\u202Eecila", "bo\u200Bb", "\u3164", "eve\u00A0", "computer 3", "Computer"}) {
    INFO(name);
    ws_client c(srv.port());
    const auto e = c.request({{"type", "hello"}, {"name", name}, {"id", 1}}, "error");
    CHECK(e.at("code") == "bad_name");
    CHECK(e.at("re") == 1);
    // The connection stays, and a plain name is welcome.
    CHECK(c.hello("plain").at("name") == "plain");
  }
}

TEST_CASE("nobody joins a room under the name of one of its seated players") {
  server_process srv;
  ws_client alice(srv.port());
  const std::string token = alice.hello("Alice").at("token");
  const std::string room = alice.request(blitz, "joined").at("room");
  ws_client fake(srv.port());
  fake.hello("alice");
  for (const char* as : {"player", "spectator"}) {
    const auto e = fake.request(join(room, as), "error");
    CHECK(e.at("code") == "name_taken");
    CHECK(e.at("message").get<std::string>().find("'Alice'") != std::string::npos);
  }
  // Alice's own second connection is Alice, and someone with another name may play.
  ws_client again(srv.port());
  again.request({{"type", "hello"}, {"name", "x"}, {"token", token}}, "welcome");
  CHECK(next_besides_patches(again, "joined").at("seat") == 1);
  ws_client bob(srv.port());
  bob.hello("alice 2");
  CHECK(bob.request(join(room, "player"), "joined").at("seat") == 2);
}

TEST_CASE("a spectator of a waiting room who asks to play takes the free seat, or hears why not") {
  server_process srv;
  ws_client alice(srv.port());
  alice.hello("alice");
  const std::string room = alice.request(blitz, "joined").at("room");
  ws_client bob(srv.port());
  bob.hello("bob");
  CHECK(bob.request(join(room, "spectator"), "joined").at("seat").is_null());
  (void)bob.send(join(room, "player"));
  const auto seated = next_besides_patches(bob, "joined");  // patches of the room may come first
  CHECK(seated.at("seat") == 2);
  CHECK(seated.at("state").at("status") == "playing");
  // Now both seats are taken: a spectator asking to play is told so.
  ws_client carol(srv.port());
  carol.hello("carol");
  CHECK(carol.request(join(room, "spectator"), "joined").at("seat").is_null());
  (void)carol.send(join(room, "player"));
  CHECK(next_besides_patches(carol, "error").at("code") == "room_full");
  check_server_fine(srv);
}

TEST_CASE("seats per identity are capped; a reconnect gets every seat back and stays") {
  // 64 seats (the default): the reconnect's 64 joined must fit the connection's queue. The
  // seats are games against the computer, whose own caps are lifted here.
  server_process srv({"--rate-limit", "1000", "--address-rate-limit", "0",
                      "--computer-games-per-player", "0", "--computer-games-per-address", "0"});
  ws_client alice(srv.port());
  const std::string token = alice.hello("alice").at("token");
  for (int i = 0; i < 64; ++i) REQUIRE(alice.send(against_computer));
  for (int i = 0; i < 64; ++i) next_besides_patches(alice, "joined");
  (void)alice.send(against_computer);
  const auto refused = next_besides_patches(alice, "error");
  CHECK(refused.at("code") == "too_many_seats");
  CHECK(refused.at("message").get<std::string>().find("64 seats") != std::string::npos);
  // A seat in somebody else's waiting room is one more too; watching is not.
  ws_client bob(srv.port());
  bob.hello("bob");
  const std::string room = bob.request(blitz, "joined").at("room");
  (void)alice.send(join(room, "player"));
  CHECK(next_besides_patches(alice, "error").at("code") == "too_many_seats");
  (void)alice.send(join(room, "spectator"));
  CHECK(next_besides_patches(alice, "joined").at("seat").is_null());
  CHECK(metric(srv.port(), "ringside_seats_refused_total") == 2);

  ws_client back(srv.port());
  back.request({{"type", "hello"}, {"name", "alice"}, {"token", token}}, "welcome");
  for (int i = 0; i < 64; ++i) CHECK(next_besides_patches(back, "joined").at("seat") == 1);
  (void)back.send({{"type", "list_rooms"}});
  CHECK(next_besides_patches(back, "rooms").at("rooms").is_array());
  CHECK_FALSE(back.closed());
  CHECK(metric(srv.port(), "ringside_slow_clients_dropped_total") == 0);
}

TEST_CASE("--seats-per-player 2: the third game is refused, a finished one frees its seat") {
  server_process srv({"--seats-per-player", "2"});
  ws_client alice(srv.port());
  alice.hello("alice");
  const std::string first = alice.request(against_computer, "joined").at("room");
  (void)alice.send(against_computer);
  CHECK(next_besides_patches(alice, "joined").at("seat") == 1);
  (void)alice.send(against_computer);
  CHECK(next_besides_patches(alice, "error").at("code") == "too_many_seats");
  (void)alice.send({{"type", "resign"}, {"room", first}});
  // The resignation is a patch; the room is finished and its seat counts no more.
  bool made = false;
  for (int i = 0; i < 20 && !made; ++i) {
    std::this_thread::sleep_for(50ms);
    (void)alice.send(against_computer);
    for (;;) {
      const auto m = alice.recv(5s);
      REQUIRE(m.has_value());
      if (m->at("type") == "joined") made = true;
      if (m->at("type") == "joined" || m->at("type") == "error") break;
    }
  }
  CHECK(made);
}

// A token replayed from elsewhere takes its owner's seats; the owner's open connections are
// told (a `notice`), those at the owner's own address are not (another tab, another device at
// home), nor is the newcomer. Addresses come from X-Forwarded-For through a trusted proxy.
TEST_CASE("a token used from another address: the identity's other connections get a notice") {
  server_process srv({"--trust-proxy", "127.0.0.1"});
  ws_client home(srv.port(), ws_client::via_proxy{"203.0.113.7"});
  const std::string token = home.hello("alice").at("token");
  const std::string room = home.request(blitz, "joined").at("room");
  const json again{{"type", "hello"}, {"name", "alice"}, {"token", token}};

  ws_client tab(srv.port(), ws_client::via_proxy{"203.0.113.7"});
  (void)tab.send(again);
  CHECK(next_besides_patches(tab, "welcome").at("player").is_string());
  CHECK(next_besides_patches(tab, "joined").at("room") == room);
  CHECK_FALSE(got_notice(home));
  CHECK(metric(srv.port(), "ringside_identity_used_elsewhere_total") == 0);

  ws_client thief(srv.port(), ws_client::via_proxy{"198.51.100.9"});
  (void)thief.send(again);
  CHECK(next_besides_patches(thief, "welcome").at("token") == token);
  CHECK(next_besides_patches(thief, "joined").at("seat") == 1);  // the seat is the thief's to play now
  for (ws_client* owner : {&home, &tab}) {
    const auto n = next_besides_patches(*owner, "notice");
    CHECK(n.at("code") == "identity_used_elsewhere");
    CHECK(n.at("message").get<std::string>().find("another place") != std::string::npos);
    CHECK_FALSE(n.contains("re"));
  }
  CHECK_FALSE(got_notice(thief));
  CHECK(metric(srv.port(), "ringside_identity_used_elsewhere_total") == 1);
  // A client that ignores the notice goes on as before.
  REQUIRE(home.send({{"type", "list_rooms"}, {"id", 9}}));
  CHECK(next_besides_patches(home, "rooms").at("re") == 9);
}

}  // namespace ringside::test
