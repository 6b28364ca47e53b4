// Ratings across a crash: a rated game's result and both rating changes are durable together,
// so a server killed with SIGKILL right after shows the same ratings when it comes back, and
// the finished game, read back from the journal, still shows what it changed.
#include <doctest/doctest.h>

#include <array>
#include <functional>

#include "journaled_server.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

std::vector<std::string> rated_flags() {
  auto flags = unlimited_messages;
  // Accounts with the cheapest password hashing: the hashing is not what is tested.
  for (const char* f : {"--password-opslimit", "1", "--password-memlimit", "8192"}) {
    flags.push_back(f);
  }  // every person counts as an account
  return flags;
}

void follow_until(seat_view& v, const std::function<bool(const json&)>& done) {
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!done(v.state())) {
    REQUIRE_MESSAGE(std::chrono::steady_clock::now() < deadline, "state: " << v.state().dump());
    const auto m = v.conn->recv(500ms);
    if (m && m->at("type") == "patch") apply_patch(v, *m);
  }
}

// Sends `msg` with id `id` and returns the answer to it, skipping what comes before (a
// hello with a token rejoins the player's earlier rooms, each with a `joined` of its own).
json answer_to(ws_client& c, json msg, int id) {
  msg["id"] = id;
  REQUIRE(c.send(msg));
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  for (;;) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    const auto m = c.recv(500ms);
    if (m && m->contains("re") && m->at("re") == id) return *m;
  }
}

bool both_rated(const json& state) {
  const auto& p = state.at("players");
  return p.at(0).is_object() && p.at(1).is_object() && p.at(0).contains("rating") &&
         p.at(1).contains("rating");
}

bool both_changed(const json& state) {
  const auto& p = state.at("players");
  return p.at(0).is_object() && p.at(1).is_object() && p.at(0).contains("rating_change") &&
         p.at(1).contains("rating_change");
}

// alice (seat 1) creates a rated rapid ZÈRTZ room, bob joins; both say hello with their
// tokens when they have them.
std::array<seat_view, 2> rated_room(std::uint16_t port, std::array<std::string, 2>& tokens) {
  std::array<seat_view, 2> seats;
  for (std::size_t s = 0; s < 2; ++s) {
    seats[s].conn = std::make_unique<ws_client>(port);
    const std::string name = s == 0 ? "alice" : "bob";
    json hello{{"type", "hello"}, {"name", name}};
    const bool known = !tokens[s].empty();
    if (known) hello["token"] = tokens[s];
    tokens[s] = seats[s].conn->request(hello, "welcome").at("token");
    if (!known) {
      seats[s].conn->request(
          {{"type", "register"}, {"name", name}, {"password", name + "'s password"}},
          "registered");
    }
  }
  const auto created = answer_to(*seats[0].conn,
                                 {{"type", "create_room"},
                                  {"game", "zertz"},
                                  {"variant", "standard"},
                                  {"seat", "first"},
                                  {"clock", {{"initial_s", 600}, {"increment_s", 0}}},
                                  {"rated", true}},
                                 101);
  REQUIRE(created.at("type") == "joined");
  seats[0].mirror.reset(created.at("state"), created.at("version"));
  const auto joined = answer_to(
      *seats[1].conn, {{"type", "join"}, {"room", created.at("room")}, {"as", "player"}}, 102);
  REQUIRE(joined.at("type") == "joined");
  seats[1].mirror.reset(joined.at("state"), joined.at("version"));
  return seats;
}

}  // namespace

TEST_CASE("ratings and a finished rated game's changes survive a SIGKILL") {
  temp_dir dir;
  std::array<std::string, 2> tokens;
  json after_game;
  std::string finished_room;
  {
    journaled_server srv(dir.path(), rated_flags());
    auto seats = rated_room(srv.port(), tokens);
    follow_until(seats[0], both_rated);
    finished_room = seats[0].state().at("room");
    REQUIRE(seats[1].conn->send({{"type", "resign"}, {"room", finished_room}}));
    follow_until(seats[0], both_changed);
    after_game = seats[0].state().at("players");
    // Shown only once durable: kill at once.
    srv.kill9();
  }
  journaled_server srv(dir.path(), rated_flags());
  auto seats = rated_room(srv.port(), tokens);
  follow_until(seats[0], both_rated);
  const auto& now = seats[0].state().at("players");
  CHECK(now.at(0).at("rating") == after_game.at(0).at("rating"));
  CHECK(now.at(1).at("rating") == after_game.at(1).at("rating"));
  CHECK(after_game.at(0).at("rating_change").get<int>() > 0);
  CHECK(after_game.at(1).at("rating_change").get<int>() < 0);

  // The finished game, read back from the journal for a newcomer, shows what it changed.
  seat_view watcher;
  watcher.conn = std::make_unique<ws_client>(srv.port());
  watcher.conn->hello("carol");
  const auto joined = watcher.conn->request(
      {{"type", "join"}, {"room", finished_room}, {"as", "spectator"}}, "joined");
  watcher.mirror.reset(joined.at("state"), joined.at("version"));
  CHECK(watcher.state().at("status") == "finished");
  follow_until(watcher, both_changed);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(watcher.state().at("players").at(i).at("rating") == after_game.at(i).at("rating"));
    CHECK(watcher.state().at("players").at(i).at("rating_change") ==
          after_game.at(i).at("rating_change"));
  }
}

}  // namespace ringside::test
