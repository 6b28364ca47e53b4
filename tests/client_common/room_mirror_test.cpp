// The room mirror: patches apply only one version on; stale ones are ignored, gaps and bad
// ops ask for a sync; a requested snapshot is always taken, an unasked one only when newer.
#include <doctest/doctest.h>

#include "clients/common/room_mirror.hpp"

using nlohmann::json;
using ringside::client::room_mirror;
using outcome = room_mirror::patch_outcome;

namespace {

json replace(const char* path, json value) {
  return json::array({{{"op", "replace"}, {"path", path}, {"value", std::move(value)}}});
}

const json bad_ops = json::array({{{"op", "replace"}, {"path", "/status"}, {"value", "playing"}},
                                  {{"op", "remove"}, {"path", "/nope/x"}}});

}  // namespace

TEST_CASE("a patch applies only at exactly one version on") {
  room_mirror m;
  CHECK_FALSE(m.has_state());
  CHECK(m.apply(replace("/status", "x"), 0) == outcome::gap);  // nothing to patch yet
  m.reset({{"status", "waiting"}, {"n", 0}}, 3);
  CHECK(m.apply(replace("/n", 1), 4) == outcome::applied);
  CHECK(m.state().at("n") == 1);
  CHECK(m.version() == 4);
  CHECK(m.apply(replace("/n", 9), 4) == outcome::stale);
  CHECK(m.apply(replace("/n", 9), 2) == outcome::stale);
  CHECK(m.apply(replace("/n", 9), 6) == outcome::gap);
  CHECK(m.state().at("n") == 1);
  CHECK(m.version() == 4);
}

TEST_CASE("keep_state: a failed patch leaves the state whole and the version where it was") {
  room_mirror m;
  m.reset({{"status", "waiting"}}, 4);
  CHECK(m.apply(bad_ops, 5) == outcome::failed);
  CHECK(m.state().at("status") == "waiting");
  CHECK(m.version() == 4);
  CHECK(m.apply(replace("/status", "playing"), 5) == outcome::applied);
}

TEST_CASE("patch_in_place: a failed patch drops the half-patched state until a snapshot") {
  room_mirror m(room_mirror::on_failure::patch_in_place);
  m.reset({{"status", "waiting"}}, 4);
  CHECK(m.apply(replace("/status", "playing"), 5) == outcome::applied);
  CHECK(m.apply(bad_ops, 6) == outcome::failed);
  CHECK_FALSE(m.has_state());
  CHECK(m.apply(replace("/status", "finished"), 6) == outcome::gap);
  CHECK(m.adopt({{"status", "finished"}}, 7));
  CHECK(m.version() == 7);
}

TEST_CASE(
    "while a snapshot is awaited patches are dropped; the snapshot is taken whatever its "
    "version") {
  room_mirror m;
  m.reset({{"n", 0}}, 10);
  m.await_snapshot();
  CHECK(m.apply(replace("/n", 1), 11) == outcome::awaiting);
  CHECK(m.advance(11) == outcome::awaiting);
  CHECK(m.version() == 10);
  CHECK(m.adopt({{"n", 5}}, 9));  // asked for: the server's word wins
  CHECK_FALSE(m.awaiting_snapshot());
  CHECK(m.version() == 9);
  CHECK(m.apply(replace("/n", 6), 10) == outcome::applied);
}

TEST_CASE("an unasked snapshot is adopted when it is not older than the copy") {
  room_mirror m;
  m.reset({{"n", 0}}, 10);
  CHECK_FALSE(m.adopt({{"n", -1}}, 8));
  CHECK(m.state().at("n") == 0);
  CHECK(m.adopt({{"n", 20}}, 20));  // a server catching a slow client up
  CHECK(m.version() == 20);
  CHECK(m.state().at("n") == 20);
}

TEST_CASE("advance keeps the version for a watcher that holds no state") {
  room_mirror m;
  m.reset(json(), 3);
  CHECK(m.advance(4) == outcome::applied);
  CHECK(m.advance(4) == outcome::stale);
  CHECK(m.advance(6) == outcome::gap);
  CHECK(m.version() == 4);
  m.clear();
  CHECK_FALSE(m.has_state());
}

TEST_CASE("compact ops (hello's compact) apply as their RFC 6902 objects would, mixed or not") {
  const json state{{"ply", 0}, {"rings", {{"a1", ""}, {"a2", ""}}}, {"history", json::array()}};
  const json objects = json::parse(R"([{"op":"replace","path":"/ply","value":1},
    {"op":"remove","path":"/rings/a2"},{"op":"add","path":"/history/-","value":"Wa1-a2"}])");
  const json compact =
      json::parse(R"([["=","/ply",1],["-","/rings/a2"],["+","/history/-","Wa1-a2"]])");
  const json mixed = json::parse(R"([["=","/ply",1],{"op":"remove","path":"/rings/a2"},
    ["+","/history/-","Wa1-a2"]])");
  room_mirror by_objects;
  by_objects.reset(state, 1);
  REQUIRE(by_objects.apply(objects, 2) == outcome::applied);
  for (const json& ops : {compact, mixed}) {
    for (const auto policy :
         {room_mirror::on_failure::keep_state, room_mirror::on_failure::patch_in_place}) {
      room_mirror m(policy);
      m.reset(state, 1);
      CHECK(m.apply(ops, 2) == outcome::applied);
      CHECK(m.state() == by_objects.state());
    }
  }
  // An op in neither form, or a compact op of the wrong shape, fails: the caller syncs.
  for (const char* bad : {R"([["*","/ply",1]])", R"([["=","/ply"]])", R"([["-","/ply",1]])",
                          R"([["+"]])", R"([[1,"/ply",1]])", R"([["=",7,1]])"}) {
    CAPTURE(bad);
    room_mirror m;
    m.reset(state, 1);
    CHECK(m.apply(json::parse(bad), 2) == outcome::failed);
    CHECK(m.state() == state);
  }
}
