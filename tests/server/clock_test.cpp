// Clocks through the real server: each player's clock starts with that player's first move,
// and correspondence clocks (days per move) are made, listed and refused as documented.
#include <doctest/doctest.h>

#include <thread>

#include "support/server_checks.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

std::int64_t clock_of(const json& state, int seat) {
  return state.at("players").at(static_cast<std::size_t>(seat - 1)).at("clock_ms").get<std::int64_t>();
}
bool started(const json& state, int seat) {
  return state.at("players").at(static_cast<std::size_t>(seat - 1)).at("clock_started").get<bool>();
}

}  // namespace

TEST_CASE("a player's first move is not charged, and the clock runs from it on") {
  server_process srv;
  table t(srv.port(),
          {{"variant", "standard"}, {"clock", {{"initial_s", 60}, {"increment_s", 2}}}});
  CHECK_FALSE(started(t.seat(1).state(), 1));
  CHECK_FALSE(started(t.seat(1).state(), 2));
  // Long first thoughts cost nothing, and earn no increment either.
  std::this_thread::sleep_for(700ms);
  t.play(1, placement(t.seat(1).state()));
  CHECK(clock_of(t.seat(1).state(), 1) == 60000);
  CHECK(started(t.seat(1).state(), 1));
  CHECK_FALSE(started(t.seat(1).state(), 2));
  std::this_thread::sleep_for(700ms);
  t.play(2, placement(t.seat(2).state()));
  CHECK(clock_of(t.seat(2).state(), 2) == 60000);
  CHECK(started(t.seat(2).state(), 2));
  // Seat 1's second move is charged its thinking time, less the increment.
  std::this_thread::sleep_for(700ms);
  t.play(1, placement(t.seat(1).state()));
  const auto left = clock_of(t.seat(1).state(), 1);
  CHECK(left <= 60000 - 700 + 2000);
  CHECK(left > 60000 - 5000 + 2000);
  CHECK(t.sync(2).at("state") == t.seat(1).state());
}

TEST_CASE("a correspondence room: days per move, its deadline, and its list entry") {
  server_process srv;
  table t(srv.port(), {{"variant", "standard"}, {"clock", {{"days_per_move", 3}}}});
  const auto three_days = 3LL * 86'400'000;
  CHECK(clock_of(t.seat(1).state(), 1) == three_days);
  CHECK(clock_of(t.seat(1).state(), 2) == three_days);
  // The clock start rule holds here too: no deadline before each player's first move.
  CHECK_FALSE(t.seat(1).state().at("players").at(0).contains("deadline"));
  t.play(1, placement(t.seat(1).state()));
  t.play(2, placement(t.seat(2).state()));
  const auto& p1 = t.seat(1).state().at("players").at(0);
  REQUIRE(p1.contains("deadline"));
  // Three days from now, to the day.
  const auto deadline = p1.at("deadline").get<std::string>();
  CHECK(deadline.size() == 24);
  CHECK(deadline.back() == 'Z');
  CHECK_FALSE(t.seat(1).state().at("players").at(1).contains("deadline"));
  // Each move resets the allowance: the mover had three days, and has them again.
  t.play(1, placement(t.seat(1).state()));
  CHECK(clock_of(t.seat(1).state(), 1) == three_days);
  CHECK(t.seat(1).state().at("players").at(1).contains("deadline"));
  CHECK_FALSE(t.seat(1).state().at("players").at(0).contains("deadline"));
  CHECK(t.sync(2).at("state") == t.seat(1).state());

  ws_client c(srv.port());
  c.hello("carol");
  const auto list = c.request({{"type", "list_rooms"}, {"id", 1}}, "rooms");
  REQUIRE(list.at("rooms").size() == 1);
  CHECK(list.at("rooms").at(0).at("clock") == json{{"days_per_move", 3}});
}

TEST_CASE("correspondence clocks outside 1, 2, 3, 5, 7 or 14 days are refused with bad_clock") {
  server_process srv({"--waiting-rooms-per-player", "10"});
  ws_client c(srv.port());
  c.hello("carol");
  for (const json& days : {json(4), json(0), json(-1), json(15), json(3.5), json("3"),
                           json(nullptr), json(99999999999LL)}) {
    CAPTURE(days.dump());
    const auto err = c.request({{"type", "create_room"},
                                {"game", "zertz"},
                                {"variant", "standard"},
                                {"clock", {{"days_per_move", days}}}},
                               "error");
    CHECK(err.at("code") == "bad_clock");
    CHECK(err.at("message").get<std::string>().find("1, 2, 3, 5, 7 or 14") != std::string::npos);
  }
  // Both shapes at once is a malformed request.
  const auto both = c.request({{"type", "create_room"},
                               {"game", "zertz"},
                               {"variant", "standard"},
                               {"clock", {{"days_per_move", 3}, {"initial_s", 60}}}},
                              "error");
  CHECK(both.at("code") == "bad_request");
  // Every offered day count makes a room; nothing was made by the refusals.
  for (const int days : {1, 2, 3, 5, 7, 14}) {
    c.request({{"type", "create_room"},
               {"game", "dvonn"},
               {"variant", "standard"},
               {"clock", {{"days_per_move", days}}}},
              "joined");
  }
  const auto list = c.request({{"type", "list_rooms"}, {"id", 3}}, "rooms");
  CHECK(list.at("rooms").size() == 6);
}

TEST_CASE("--first-move-abort: a timed game whose player makes no first move is aborted") {
  server_process srv({"--first-move-abort", "1"});
  table t(srv.port(),
          {{"variant", "standard"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  // Seat 1 moves at once; seat 2, online, never makes its first move.
  t.play(1, placement(t.seat(1).state()));
  const auto patch = t.seat(1).conn->expect("patch", 5s);
  apply_patch(t.seat(1), patch);
  CHECK(t.seat(1).state().at("status") == "finished");
  CHECK(t.seat(1).state().at("result") == json{{"winner", nullptr}, {"reason", "aborted"}});
  CHECK(metric(srv.port(), "ringside_games_aborted_total") == 1);
  // A game whose players both moved is not aborted, however long they think.
  table u(srv.port(),
          {{"variant", "standard"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
  u.play(1, placement(u.seat(1).state()));
  u.play(2, placement(u.seat(2).state()));
  CHECK_FALSE(u.seat(1).conn->recv(1500ms).has_value());
  CHECK(u.sync(1).at("state").at("status") == "playing");
}

}  // namespace ringside::test

