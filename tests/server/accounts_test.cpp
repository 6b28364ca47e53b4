// Accounts beside guests: register turns the current identity into an account whose name is
// reserved; login on another connection (a device) gets a token of its own for the same player,
// and so the same seats; logout revokes only that device's token; change_password. The server
// hashes with libsodium's MIN costs here, to stay fast.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "support/server_checks.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

const std::vector<std::string> cheap_hashes{"--password-opslimit", "1", "--password-memlimit",
                                            "8192"};
const json blitz{
    {"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}};

json login(const std::string& name, const std::string& password) {
  return {{"type", "login"}, {"name", name}, {"password", password}, {"id", "in"}};
}

json register_as(const std::string& name, const std::string& password) {
  return {{"type", "register"}, {"name", name}, {"password", password}, {"id", "reg"}};
}

json hello_with(const std::string& name, const std::string& token) {
  return {{"type", "hello"}, {"name", name}, {"token", token}};
}

// The next message that is not a patch.
json next_message(ws_client& c) {
  for (int i = 0; i < 100; ++i) {
    auto m = c.recv(5s);
    REQUIRE(m.has_value());
    if (m->at("type") != "patch") return *m;
  }
  FAIL("only patches");
  return {};
}

}  // namespace

TEST_CASE("register, then login on a second device: same player, own token, same seats") {
  server_process srv(cheap_hashes);
  ws_client phone(srv.port());
  const json hi = phone.hello("Alice");
  CHECK(hi.at("guest") == true);
  const std::string room = phone.request(blitz, "joined").at("room");
  const json reg = phone.request(register_as("Alice", "correct horse"), "registered");
  CHECK(reg.at("re") == "reg");
  CHECK(reg.at("player") == hi.at("player"));
  CHECK(reg.at("name") == "Alice");
  CHECK(reg.at("guest") == false);
  CHECK(metric(srv.port(), "ringside_accounts_registered_total") == 1);

  ws_client laptop(srv.port());
  const json welcome = laptop.request(login("alice", "correct horse"), "welcome");
  CHECK(welcome.at("re") == "in");
  CHECK(welcome.at("player") == hi.at("player"));
  CHECK(welcome.at("name") == "Alice");
  CHECK(welcome.at("guest") == false);
  CHECK(welcome.at("token") != hi.at("token"));
  // The seat follows the account: the second device is seated in the same room.
  const json joined = next_message(laptop);
  CHECK(joined.at("type") == "joined");
  CHECK(joined.at("room") == room);
  CHECK(joined.at("seat") == 1);

  // Each device's token works on its own, and the first device's still does.
  ws_client again(srv.port());
  const json back = again.request(hello_with("whatever", welcome.at("token")), "welcome");
  CHECK(back.at("player") == hi.at("player"));
  CHECK(back.at("guest") == false);
  ws_client first(srv.port());
  CHECK(first.request(hello_with("Alice", hi.at("token")), "welcome").at("guest") == false);
}

TEST_CASE("a wrong password and an unknown account get the same answer") {
  server_process srv(cheap_hashes);
  ws_client owner(srv.port());
  owner.hello("Bob");
  owner.request(register_as("Bob", "bobs password"), "registered");

  ws_client c(srv.port());
  const json wrong = c.request(login("Bob", "not bobs password"), "error");
  const json unknown = c.request(login("Nobody", "bobs password"), "error");
  CHECK(wrong.at("code") == "bad_credentials");
  CHECK(unknown.at("code") == "bad_credentials");
  CHECK(wrong.at("message") == unknown.at("message"));
  CHECK(metric(srv.port(), "ringside_logins_failed_total") == 2);
  // Still not greeted: other requests want a hello first; a right password is welcome.
  CHECK(c.request({{"type", "list_rooms"}}, "error").at("code") == "hello_first");
  CHECK(c.request(login("BOB", "bobs password"), "welcome").at("name") == "Bob");
}

TEST_CASE("an account's name is refused to a guest's hello, in any case or look-alike") {
  server_process srv(cheap_hashes);
  ws_client owner(srv.port());
  owner.hello("Carol");
  owner.request(register_as("Carol", "carols password"), "registered");
  for (const std::string name : {"Carol", "carol", "CAROL", "Caro1", "\xd0\xa1" "arol"}) {
    INFO(name);
    ws_client guest(srv.port());
    const json e = guest.request({{"type", "hello"}, {"name", name}, {"id", 7}}, "error");
    if (e.at("code") == "bad_name") continue;  // a mixed-script name is refused as a name first
    CHECK(e.at("code") == "name_reserved");
    CHECK(e.at("re") == 7);
    CHECK(guest.hello("Dave").at("guest") == true);
  }
  // Nor may another identity register it, or a look-alike of it.
  ws_client other(srv.port());
  other.hello("Eve");
  CHECK(other.request(register_as("cArOl", "another password"), "error").at("code") ==
        "name_reserved");
}

TEST_CASE("logout revokes only that device's token") {
  server_process srv(cheap_hashes);
  ws_client first(srv.port());
  const json hi = first.hello("Frank");
  first.request(register_as("Frank", "franks password"), "registered");
  ws_client second(srv.port());
  const std::string second_token =
      second.request(login("Frank", "franks password"), "welcome").at("token");

  const json out = second.request({{"type", "logout"}, {"id", 3}}, "logged_out");
  CHECK(out.at("re") == 3);
  // The connection is as before a hello; its token is gone for good.
  CHECK(second.request({{"type", "list_rooms"}}, "error").at("code") == "hello_first");
  ws_client stale(srv.port());
  CHECK(stale.request(hello_with("Frank", second_token), "error").at("code") == "bad_token");
  // The first device is still Frank, on the connection and by its token.
  first.request({{"type", "list_rooms"}}, "rooms");
  ws_client first_again(srv.port());
  CHECK(first_again.request(hello_with("Frank", hi.at("token")), "welcome").at("player") ==
        hi.at("player"));
  // And the password still logs in (on the logged-out connection too).
  CHECK(second.request(login("Frank", "franks password"), "welcome").at("player") ==
        hi.at("player"));
}

TEST_CASE("change_password: the old one must be right, then only the new one logs in") {
  server_process srv(cheap_hashes);
  ws_client c(srv.port());
  c.hello("Grace");
  c.request(register_as("Grace", "first password"), "registered");
  const json wrong = c.request({{"type", "change_password"},
                                {"old_password", "not it at all"},
                                {"new_password", "second password"}},
                               "error");
  CHECK(wrong.at("code") == "bad_credentials");
  c.request({{"type", "change_password"},
             {"old_password", "first password"},
             {"new_password", "second password"},
             {"id", 9}},
            "password_changed");
  ws_client d(srv.port());
  CHECK(d.request(login("Grace", "first password"), "error").at("code") == "bad_credentials");
  CHECK(d.request(login("Grace", "second password"), "welcome").at("name") == "Grace");
}

TEST_CASE("account requests refused with clear codes") {
  server_process srv(cheap_hashes);
  ws_client c(srv.port());
  // Before hello, only hello or login.
  CHECK(c.request(register_as("Heidi", "heidis password"), "error").at("code") == "hello_first");
  c.hello("Heidi");
  CHECK(c.request(register_as("Heidi", "short"), "error").at("code") == "bad_password");
  CHECK(c.request(register_as("Heidi", std::string(129, 'x')), "error").at("code") ==
        "bad_password");
  // A guest has nothing to log out of or change.
  CHECK(c.request({{"type", "logout"}}, "error").at("code") == "bad_request");
  CHECK(c.request({{"type", "change_password"},
                   {"old_password", "heidis password"},
                   {"new_password", "heidis new one"}},
                  "error")
            .at("code") == "bad_request");
  // A new name on register renames the identity; a second register is refused.
  CHECK(c.request(register_as("Heidi H", "heidis password"), "registered").at("name") ==
        "Heidi H");
  CHECK(c.request(register_as("Heidi K", "heidis password"), "error").at("code") ==
        "already_registered");
  // A guest's connection may log in to another account: it then speaks for that account.
  ws_client other(srv.port());
  other.hello("Ivy");
  other.request(register_as("Ivy", "ivys password"), "registered");
  ws_client guest(srv.port());
  const json was = guest.hello("Judy");
  const json now = guest.request(login("Ivy", "ivys password"), "welcome");
  CHECK(now.at("name") == "Ivy");
  CHECK(now.at("player") != was.at("player"));
}

}  // namespace ringside::test

namespace ringside::test {

TEST_CASE("at the default (INTERACTIVE) cost, hashing is off the I/O thread") {
  server_process srv;  // default --password-opslimit/--password-memlimit: ~100 ms a hash
  ws_client owner(srv.port());
  owner.hello("Kim");
  owner.request(register_as("Kim", "kims password"), "registered");
  ws_client other(srv.port());
  other.hello("Lee");
  std::vector<double> login_ms;
  std::vector<double> list_ms;
  for (int i = 0; i < 5; ++i) {
    ws_client device(srv.port());
    const auto t0 = std::chrono::steady_clock::now();
    device.send(login("Kim", "kims password"));
    // While the hash runs, the same server answers another connection at once.
    const auto t1 = std::chrono::steady_clock::now();
    other.request({{"type", "list_rooms"}}, "rooms");
    list_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count());
    CHECK(device.expect("welcome", 10s).at("name") == "Kim");
    login_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(login_ms.begin(), login_ms.end());
  std::sort(list_ms.begin(), list_ms.end());
  MESSAGE("login median " << login_ms[2] << " ms; list_rooms during a login, median "
                          << list_ms[2] << " ms");
  CHECK(list_ms[2] < login_ms[2]);
}

}  // namespace ringside::test

namespace ringside::test {

TEST_CASE("guests are marked in the state and the room list; registering drops the mark") {
  server_process srv(cheap_hashes);
  ws_client alice(srv.port());
  alice.hello("Mia");
  const json joined = alice.request(blitz, "joined");
  const std::string room = joined.at("room");
  CHECK(joined.at("state").at("players").at(0).at("guest") == true);
  const auto listed = [&] {
    const json page = alice.request({{"type", "list_rooms"}}, "rooms");
    for (const auto& r : page.at("rooms")) {
      if (r.at("room") == room) return r;
    }
    FAIL("room not listed");
    return json{};
  };
  CHECK(listed().at("guests") == json::array({true, nullptr}));
  alice.request(register_as("Mia", "mias password"), "registered");
  // The room sends a patch that replaces the player's entry, guest: false.
  bool unmarked = false;
  for (int i = 0; i < 20 && !unmarked; ++i) {
    const auto m = alice.recv(2s);
    REQUIRE(m.has_value());
    if (m->at("type") != "patch") continue;
    for (const auto& op : m->at("ops")) {
      if (op.at("path") == "/players/0" && op.at("value").at("guest") == false) unmarked = true;
    }
  }
  CHECK(unmarked);
  CHECK(listed().at("guests") == json::array({false, nullptr}));
}

}  // namespace ringside::test
