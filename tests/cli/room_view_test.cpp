// The client's copy of a room: patches in order apply, a gap or a bad patch asks for a sync
// and leaves the copy untouched; the running clock counts down; the token file is private.

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "clients/cli/room_view.hpp"
#include "clients/cli/token_store.hpp"

using namespace ringside::cli;
using nlohmann::json;

TEST_CASE("patches apply in order while gaps and bad ops are refused without damage") {
  room_view room("r1");
  CHECK_FALSE(room.has_state());
  room.reset({{"status", "waiting"}, {"to_move", 1}, {"rings", {{"a1", ""}, {"d4", ""}}}}, 3);
  CHECK(room.apply(json::array({{{"op", "replace"}, {"path", "/rings/d4"}, {"value", "W"}}}), 4) ==
        room_view::patch_outcome::applied);
  CHECK(room.state()["rings"]["d4"] == "W");
  CHECK(room.version() == 4);
  CHECK(room.apply(json::array(), 4) == room_view::patch_outcome::stale);
  CHECK(room.apply(json::array({{{"op", "remove"}, {"path", "/rings/a1"}}}), 6) ==
        room_view::patch_outcome::gap);
  CHECK(room.state()["rings"].contains("a1"));
  const json bad = json::array({{{"op", "replace"}, {"path", "/status"}, {"value", "playing"}},
                                {{"op", "remove"}, {"path", "/nope/x"}}});
  CHECK(room.apply(bad, 5) == room_view::patch_outcome::failed);
  CHECK(room.status() == "waiting");  // not half-applied
  CHECK(room.version() == 4);
  CHECK(room.apply(json::array({{{"op", "replace"}, {"path", "/status"}, {"value", "playing"}}}),
                   5) == room_view::patch_outcome::applied);
  room.set_seat(1);
  CHECK(room.my_turn());
  room.set_seat(2);
  CHECK_FALSE(room.my_turn());
}

TEST_CASE("the running clock counts down from the start of its turn; the other stands") {
  using namespace std::chrono_literals;
  room_view room("r1");
  const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
  json s = {{"status", "playing"},
            {"to_move", 1},
            {"ply", 4},
            {"players", json::array({{{"clock_ms", 60000}}, {{"clock_ms", 30000}}})}};
  room.reset(s, 7);
  room.note_change(t0);
  CHECK(room.clock_ms(1, t0 + 1500ms) == 58500);
  CHECK(room.clock_ms(2, t0 + 1500ms) == 30000);
  // A version that is not a move (a spectator count) does not restart the count.
  REQUIRE(room.apply(json::array({{{"op", "add"}, {"path", "/spectators"}, {"value", 1}}}), 8) ==
          room_view::patch_outcome::applied);
  room.note_change(t0 + 2s);
  CHECK(room.clock_ms(1, t0 + 3s) == 57000);
  // The move: seat 2's turn, from the clock values the server sent.
  REQUIRE(room.apply(
              json::array({{{"op", "replace"}, {"path", "/to_move"}, {"value", 2}},
                           {{"op", "replace"}, {"path", "/ply"}, {"value", 5}},
                           {{"op", "replace"}, {"path", "/players/0/clock_ms"}, {"value", 57100}}}),
              9) == room_view::patch_outcome::applied);
  room.note_change(t0 + 3s);
  CHECK(room.clock_ms(1, t0 + 10s) == 57100);
  CHECK(room.clock_ms(2, t0 + 10s) == 23000);
  CHECK(room.clock_ms(2, t0 + 60s) == 0);  // never below zero
  room.reset({{"status", "playing"}, {"players", json::array({{{"clock_ms", nullptr}}})}}, 10);
  CHECK_FALSE(room.clock_ms(1, t0));  // untimed
}

TEST_CASE("the token file lives under XDG_CONFIG_HOME, one per server, mode 0600") {
  char tmpl[] = "/tmp/ringside-cli-test-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  const std::filesystem::path dir = tmpl;
  REQUIRE(::setenv("XDG_CONFIG_HOME", tmpl, 1) == 0);
  const token_store a("ws://127.0.0.1:8080/ws"), b("ws://127.0.0.1:9090/ws");
  CHECK(a.path() != b.path());
  CHECK(a.path().parent_path() == dir / "ringside");
  CHECK(a.load().token.empty());
  saved_identity id;
  id.token = "secret";
  id.player = "p1";
  id.rooms["r1"] = "player";
  REQUIRE(a.save(id));
  struct stat st {};
  REQUIRE(::stat(a.path().c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  const saved_identity back = a.load();
  CHECK(back.token == "secret");
  CHECK(back.player == "p1");
  CHECK(back.rooms.at("r1") == "player");
  CHECK(b.load().token.empty());
  std::filesystem::remove_all(dir);
}
