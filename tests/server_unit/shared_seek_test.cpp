// The cluster's seeks: an open seek as Redis holds it and back, the shape line it waits in,
// the notice a pairing node sends, and the node pool's admit and take (caps without pairing).
#include "server/shared_seek.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

using ringside::protocol::clock_settings;
using ringside::protocol::rating_range;
using ringside::server::open_seek;
using ringside::server::seek_caps;
using ringside::server::seek_notice;
using ringside::server::seek_pool;
using ringside::server::shape_key;
using ringside::server::shared_seek;
using namespace std::chrono_literals;

namespace {

const std::chrono::steady_clock::time_point steady0 = std::chrono::steady_clock::time_point{} + 1h;
const std::chrono::system_clock::time_point wall0 =
    std::chrono::system_clock::time_point{} + std::chrono::hours(24 * 365 * 50);

open_seek shared_seek_of(const std::string& id, const std::string& player) {
  open_seek s;
  s.id = id;
  s.player = player;
  s.name = "Alice";
  s.shape.game = {"zertz", "blitz", 37};
  s.shape.clock = clock_settings{300, 3, 0};
  s.shape.rated = true;
  s.range = rating_range{1400, 1700};
  s.rating = 1612;
  s.since = steady0 - 5s;
  return s;
}

}  // namespace

TEST_CASE("a shared seek survives its trip through Redis, waiting time included") {
  const shared_seek s{shared_seek_of("k1", "p1"), "node-a"};
  const auto text = s.encode(steady0, wall0);
  // Another node, whose steady clock started elsewhere, reads it 2 s later.
  const auto other_steady = steady0 + 10h;
  const auto back = shared_seek::decode(text, other_steady, wall0 + 2s);
  REQUIRE(back);
  CHECK(back->node == "node-a");
  CHECK(back->seek.id == "k1");
  CHECK(back->seek.player == "p1");
  CHECK(back->seek.name == "Alice");
  CHECK(back->seek.shape == s.seek.shape);
  CHECK(back->seek.range == s.seek.range);
  CHECK(back->seek.rating == 1612);
  CHECK(other_steady - back->seek.since == 7s);
}

TEST_CASE("the entry carries the name's look-alike keys, and no range when it has none") {
  auto s = shared_seek_of("k1", "p1");
  s.range.reset();
  s.shape.clock.reset();
  const auto j = nlohmann::json::parse(shared_seek{s, "node-a"}.encode(steady0, wall0));
  CHECK(j.at("keys").size() == 2);
  CHECK_FALSE(j.contains("range_min"));
  const auto back = shared_seek::decode(j.dump(), steady0, wall0);
  REQUIRE(back);
  CHECK_FALSE(back->seek.range);
  CHECK_FALSE(back->seek.shape.clock);
}

TEST_CASE("a garbled or forged entry is refused, never half read") {
  CHECK_FALSE(shared_seek::decode("not json", steady0, wall0));
  CHECK_FALSE(shared_seek::decode("[]", steady0, wall0));
  auto j = nlohmann::json::parse(
      shared_seek{shared_seek_of("k1", "p1"), "node-a"}.encode(steady0, wall0));
  auto no_rating = j;
  no_rating.erase("rating");
  CHECK_FALSE(shared_seek::decode(no_rating.dump(), steady0, wall0));
  auto bad_node = j;
  bad_node["node"] = "a node with spaces";
  CHECK_FALSE(shared_seek::decode(bad_node.dump(), steady0, wall0));
  auto half_range = j;
  half_range.erase("range_max");
  CHECK_FALSE(shared_seek::decode(half_range.dump(), steady0, wall0));
  auto text_board = j;
  text_board["board"] = "37";
  CHECK_FALSE(shared_seek::decode(text_board.dump(), steady0, wall0));
}

TEST_CASE("a seek from a clock running ahead is no younger than now") {
  const shared_seek s{shared_seek_of("k1", "p1"), "node-a"};
  const auto back = shared_seek::decode(s.encode(steady0, wall0 + 30s), steady0, wall0);
  REQUIRE(back);
  CHECK(back->seek.since == steady0);
}

TEST_CASE("seeks of different shapes wait in different lines") {
  const auto s = shared_seek_of("k1", "p1");
  auto untimed = s.shape;
  untimed.clock.reset();
  auto casual = s.shape;
  casual.rated = false;
  auto daily = s.shape;
  daily.clock = clock_settings{0, 0, 3};
  CHECK(shape_key(s.shape) == shape_key(shared_seek_of("k2", "p2").shape));
  CHECK(shape_key(s.shape) != shape_key(untimed));
  CHECK(shape_key(s.shape) != shape_key(casual));
  CHECK(shape_key(s.shape) != shape_key(daily));
}

TEST_CASE("a pairing notice is read back whole, and a forged one is refused") {
  const seek_notice n{"k1", "room1", "node-b", "Bob", 1480};
  const auto back = seek_notice::decode(n.encode());
  REQUIRE(back);
  CHECK(back->seek == "k1");
  CHECK(back->room == "room1");
  CHECK(back->from == "node-b");
  CHECK(back->opponent_name == "Bob");
  CHECK(back->opponent_rating == 1480);
  CHECK_FALSE(back->declined);
  // A paired notice says nothing of `declined`, so a node of the version before reads it.
  CHECK(n.encode().find("declined") == std::string::npos);
  const auto no = seek_notice::decode(seek_notice{"k1", "room1", "node-a", "", 0, true}.encode());
  REQUIRE(no);
  CHECK(no->declined);
  CHECK(no->from == "node-a");
  CHECK_FALSE(seek_notice::decode(R"({"seek":"k1","room":"r","from":"n","name":"x","rating":1,)"
                                  R"("declined":"yes"})"));
  CHECK_FALSE(seek_notice::decode(R"({"seek":"k1","room":"r","from":"bad node","name":"x",)"
                                  R"("rating":1})"));
  CHECK_FALSE(seek_notice::decode(R"({"seek":"","room":"r","from":"n","name":"x","rating":1})"));
  CHECK_FALSE(seek_notice::decode("{"));
}

TEST_CASE("admit keeps a seek under the caps without pairing it; take removes it") {
  seek_pool pool(seek_caps{2, 30, 3});
  const auto start = seek_pool::clock::time_point{};
  CHECK(pool.admit(shared_seek_of("a", "alice"), start) == seek_pool::refusal::none);
  // A compatible seek waits beside it: the cluster's pool pairs, not this one.
  CHECK(pool.admit(shared_seek_of("b", "bob"), start) == seek_pool::refusal::none);
  CHECK(pool.size() == 2);
  CHECK(pool.admit(shared_seek_of("c", "alice"), start) == seek_pool::refusal::same_shape);
  auto other = shared_seek_of("d", "alice");
  other.shape.rated = false;
  CHECK(pool.admit(other, start) == seek_pool::refusal::none);
  auto third = shared_seek_of("e", "alice");
  third.shape.clock.reset();
  CHECK(pool.admit(third, start) == seek_pool::refusal::player_cap);
  auto carol = shared_seek_of("f", "carol");
  CHECK(pool.admit(carol, start) == seek_pool::refusal::pool_full);
  const auto taken = pool.take("a");
  REQUIRE(taken);
  CHECK(taken->player == "alice");
  CHECK(taken->since == start);
  CHECK_FALSE(pool.take("a"));
  CHECK(pool.size() == 2);
}
