// The client's copy of a room: patches in order apply, a gap or a bad patch asks for a sync
// and leaves the copy untouched; and the token file is private.

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
  CHECK(room.cells() == std::vector<std::string>{"a1", "d4"});
}

TEST_CASE("capture chains become tokens named by the jumping marble") {
  room_view room("r1");
  room.reset(
      {{"rings", {{"d1", "B"}, {"d2", "W"}, {"d3", ""}, {"c2", "G"}}},
       {"captures", json::array({json::array({"d1", "d3"}), json::array({"c2", "d3", "e3"})})}},
      1);
  CHECK(room.capture_tokens() == std::vector<std::string>{"Bd1xd3", "Gc2xd3xe3"});
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
