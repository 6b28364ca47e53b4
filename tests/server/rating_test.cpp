// Rated rooms through the real server: a rated game's end changes both players' ratings by
// exactly what Glicko-2 says, a casual game changes none, the computer never plays rated, and
// a resignation and a time forfeit count like any result. The players register accounts;
// guests in a rated room change nothing.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <functional>
#include <span>

#include "server/rating/glicko2.hpp"
#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

std::vector<std::string> rated_flags() {
  auto flags = unlimited_messages;
  // Accounts with the cheapest password hashing: the hashing is not what is tested.
  for (const char* f : {"--password-opslimit", "1", "--password-memlimit", "8192"}) {
    flags.push_back(f);
  }
  return flags;
}

// Reads messages on `v`, applying its room's patches, until `done` holds for its state.
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
  return p.at(0).contains("rating_change") && p.at(1).contains("rating_change");
}

// Two players in a new room: alice on seat 1 created it with `create`, bob joined on seat 2.
// With `tokens` they say hello as the players those tokens are (and keep the tokens); new
// players register accounts unless `as_guests`.
std::array<seat_view, 2> seat_two(std::uint16_t port, const json& create,
                                  std::array<std::string, 2>* tokens = nullptr,
                                  bool as_guests = false) {
  std::array<seat_view, 2> seats;
  for (std::size_t s = 0; s < 2; ++s) {
    seats[s].conn = std::make_unique<ws_client>(port);
    const std::string name = s == 0 ? "alice" : "bob";
    json hello{{"type", "hello"}, {"name", name}};
    const bool known = tokens != nullptr && !(*tokens)[s].empty();
    if (known) hello["token"] = (*tokens)[s];
    const auto welcome = seats[s].conn->request(hello, "welcome");
    if (tokens != nullptr) (*tokens)[s] = welcome.at("token");
    if (!known && !as_guests) {
      seats[s].conn->request(
          {{"type", "register"}, {"name", name}, {"password", name + "'s password"}},
          "registered");
    }
  }
  json req{{"type", "create_room"}, {"game", "zertz"}, {"seat", "first"}};
  req.update(create);
  const auto created = answer_to(*seats[0].conn, req, 101);
  REQUIRE(created.at("type") == "joined");
  seats[0].mirror.reset(created.at("state"), created.at("version"));
  const auto joined = answer_to(
      *seats[1].conn, {{"type", "join"}, {"room", created.at("room")}, {"as", "player"}}, 102);
  REQUIRE(joined.at("type") == "joined");
  seats[1].mirror.reset(joined.at("state"), joined.at("version"));
  return seats;
}

std::string room_of(const seat_view& v) {
  return v.state().at("room");
}

int rounded(double x) {
  return static_cast<int>(std::lround(x));
}

}  // namespace

TEST_CASE("a rated game ended by resignation changes both ratings by Glicko-2") {
  server_process srv(rated_flags());
  std::array<std::string, 2> tokens;
  auto seats = seat_two(srv.port(),
                        {{"variant", "standard"},
                         {"clock", {{"initial_s", 600}, {"increment_s", 0}}},
                         {"rated", true}},
                        &tokens);
  for (auto& v : seats) {
    follow_until(v, both_rated);
    CHECK(v.state().at("rated") == true);
    for (const auto& p : v.state().at("players")) {
      CHECK(p.at("rating") == 1500);
      CHECK(p.at("provisional") == true);  // a new player's deviation is 500
      CHECK_FALSE(p.contains("rating_change"));
    }
  }
  REQUIRE(seats[0].conn->send({{"type", "resign"}, {"room", room_of(seats[0])}}));
  for (auto& v : seats) follow_until(v, both_changed);

  const rating::glicko2 system;
  const auto start = system.settings().start;
  const rating::glicko2_game lost{start, 0.0};
  const rating::glicko2_game won{start, 1.0};
  const int alice = rounded(system.rate(start, std::span(&lost, 1), 0.0).rating);
  const int bob = rounded(system.rate(start, std::span(&won, 1), 0.0).rating);
  CHECK(alice < 1500);
  CHECK(bob > 1500);
  for (auto& v : seats) {
    const auto& p = v.state().at("players");
    CHECK(v.state().at("result").at("winner") == 2);
    CHECK(p.at(0).at("rating") == alice);
    CHECK(p.at(0).at("rating_change") == alice - 1500);
    CHECK(p.at(1).at("rating") == bob);
    CHECK(p.at(1).at("rating_change") == bob - 1500);
    CHECK(p.at(1).at("provisional") == true);  // one game is not enough
  }
  // Every view built from patches is the snapshot's.
  const auto snap =
      seats[1].conn->request({{"type", "sync"}, {"room", room_of(seats[1])}}, "snapshot");
  CHECK(snap.at("state") == seats[1].state());

  // A casual game between the same players afterwards changes nothing: the next rated room
  // in the same category shows the ratings the rated game left.
  auto casual = seat_two(
      srv.port(),
      {{"variant", "standard"}, {"clock", {{"initial_s", 600}, {"increment_s", 0}}}}, &tokens);
  CHECK(casual[0].state().at("rated") == false);
  REQUIRE(casual[1].conn->send({{"type", "resign"}, {"room", room_of(casual[1])}}));
  follow_until(casual[0], [](const json& s) { return s.at("status") == "finished"; });
  for (const auto& p : casual[0].state().at("players")) {
    CHECK_FALSE(p.contains("rating"));
    CHECK_FALSE(p.contains("rating_change"));
  }
  // 300 + 20 x 15 moves is 600 s: rapid too.
  auto again = seat_two(srv.port(),
                        {{"variant", "standard"},
                         {"clock", {{"initial_s", 300}, {"increment_s", 20}}},
                         {"rated", true}},
                        &tokens);
  follow_until(again[0], both_rated);
  CHECK(again[0].state().at("players").at(0).at("rating") == alice);
  CHECK(again[0].state().at("players").at(1).at("rating") == bob);
  // The room list shows the setting.
  ws_client lobby(srv.port());
  lobby.hello("carol");
  const auto page = lobby.request({{"type", "list_rooms"}, {"status", "all"}}, "rooms");
  int seen = 0;
  for (const auto& r : page.at("rooms")) {
    if (r.at("room") == room_of(again[0])) {
      ++seen;
      CHECK(r.at("rated") == true);
    }
    if (r.at("room") == room_of(casual[0])) CHECK(r.at("rated") == false);
  }
  CHECK(seen == 1);
  // One game changed ratings: the casual one did not count.
  const auto metrics = http_get(srv.port(), "/metrics");
  CHECK(metrics.second.find("\nringside_rated_games_total 1\n") != std::string::npos);
}

TEST_CASE("a rated game lost on time changes both ratings") {
  server_process srv(rated_flags());
  // 2 s and no increment: bullet.
  auto seats = seat_two(srv.port(), {{"variant", "blitz"},
                                     {"clock", {{"initial_s", 2}, {"increment_s", 0}}},
                                     {"rated", true}});
  for (auto& v : seats) follow_until(v, both_rated);
  // Each player's first move is free; after seat 1's second move seat 2's clock runs out.
  int id = 3;
  int ply = 0;
  for (const std::size_t s : {0U, 1U, 0U}) {
    follow_until(seats[s], [ply](const json& st) { return st.at("ply") == ply; });
    ++ply;
    const auto ack = seats[s].conn->request({{"type", "move"},
                                             {"room", room_of(seats[s])},
                                             {"move", placement(seats[s].state())},
                                             {"version", seats[s].version()},
                                             {"id", id}},
                                            "ack");
    CHECK(ack.at("re") == id);
    ++id;
  }
  for (auto& v : seats) follow_until(v, both_changed);
  const auto& state = seats[1].state();
  CHECK(state.at("result").at("reason") == "time");
  CHECK(state.at("result").at("winner") == 1);
  CHECK(state.at("players").at(0).at("rating_change").get<int>() > 0);
  CHECK(state.at("players").at(1).at("rating_change").get<int>() < 0);
}

TEST_CASE("a game against the computer is refused rated") {
  server_process srv(rated_flags());
  ws_client c(srv.port());
  c.hello("alice");
  const auto refused = c.request({{"type", "create_room"},
                                  {"game", "zertz"},
                                  {"variant", "standard"},
                                  {"opponent", {{"computer", 1}}},
                                  {"rated", true},
                                  {"id", 7}},
                                 "error");
  CHECK(refused.at("code") == "not_rateable");
  CHECK(refused.at("re") == 7);
  CHECK(refused.at("message").get<std::string>().find("computer") != std::string::npos);
  const auto bad = c.request(
      {{"type", "create_room"}, {"game", "zertz"}, {"variant", "standard"}, {"rated", "yes"}},
      "error");
  CHECK(bad.at("code") == "bad_request");
  CHECK(bad.at("message").get<std::string>().find("rated") != std::string::npos);
  const auto metrics = http_get(srv.port(), "/metrics");
  CHECK(metrics.second.find("\nringside_rated_refused_total 1\n") != std::string::npos);
}

TEST_CASE("a rated room between players without accounts changes no rating") {
  server_process srv(rated_flags());
  auto seats = seat_two(srv.port(), {{"variant", "standard"}, {"rated", true}}, nullptr, true);
  CHECK(seats[0].state().at("rated") == true);
  REQUIRE(seats[0].conn->send({{"type", "resign"}, {"room", room_of(seats[0])}}));
  follow_until(seats[1], [](const json& s) { return s.at("status") == "finished"; });
  // Nothing more arrives: no rating to show, none changed.
  const auto more = seats[1].conn->recv(300ms);
  CHECK_FALSE((more && more->at("type") == "patch"));
  for (const auto& p : seats[1].state().at("players")) {
    CHECK_FALSE(p.contains("rating"));
    CHECK_FALSE(p.contains("rating_change"));
  }
}

}  // namespace ringside::test
