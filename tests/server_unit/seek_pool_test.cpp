// Quick pairing's pool: who is paired with whom, the oldest first, and the caps on seeking.
#include "server/seek_pool.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

using ringside::protocol::clock_settings;
using ringside::protocol::rating_range;
using ringside::server::open_seek;
using ringside::server::seek_caps;
using ringside::server::seek_pool;
using namespace std::chrono_literals;

namespace {

const seek_pool::clock::time_point t0{};

open_seek seek_of(const std::string& id, const std::string& player,
                  std::optional<clock_settings> clock = clock_settings{300, 3}) {
  open_seek s;
  s.id = id;
  s.player = player;
  s.name = "name-" + player;
  s.shape.game = {"zertz", "blitz", 37};
  s.shape.clock = clock;
  s.rating = 1500;
  return s;
}

}  // namespace

TEST_CASE("two compatible seeks pair at once and leave the pool") {
  seek_pool pool;
  auto first = pool.add(seek_of("a", "alice"), t0);
  CHECK(first.why == seek_pool::refusal::none);
  CHECK_FALSE(first.partner);
  CHECK(pool.size() == 1);
  auto second = pool.add(seek_of("b", "bob"), t0 + 1s);
  REQUIRE(second.partner);
  CHECK(second.partner->id == "a");
  CHECK(pool.size() == 0);
}

TEST_CASE("seeks of another shape wait side by side") {
  seek_pool pool;
  pool.add(seek_of("a", "alice"), t0);
  CHECK_FALSE(pool.add(seek_of("b", "bob", clock_settings{600, 5}), t0).partner);
  CHECK_FALSE(pool.add(seek_of("c", "carol", std::nullopt), t0).partner);
  auto rated = seek_of("d", "dave");
  rated.shape.rated = true;
  CHECK_FALSE(pool.add(rated, t0).partner);
  auto dvonn = seek_of("e", "erin");
  dvonn.shape.game = {"dvonn", "standard", 49};
  CHECK_FALSE(pool.add(dvonn, t0).partner);
  CHECK(pool.size() == 5);
}

TEST_CASE("the oldest compatible seek is the one paired") {
  seek_pool pool;
  pool.add(seek_of("a", "alice"), t0);
  pool.add(seek_of("b", "bob"), t0 + 1s);  // pairs with a
  pool.add(seek_of("c", "carol"), t0 + 2s);
  pool.add(seek_of("d", "dave", std::nullopt), t0 + 3s);
  const auto out = pool.add(seek_of("e", "erin"), t0 + 4s);
  REQUIRE(out.partner);
  CHECK(out.partner->id == "c");
}

TEST_CASE("a player is never paired with itself, nor with a look-alike name") {
  seek_pool pool;
  pool.add(seek_of("a", "alice"), t0);
  auto again = seek_of("b", "alice", clock_settings{300, 3});
  // The same shape twice from one identity is refused, not paired.
  CHECK(pool.add(again, t0).why == seek_pool::refusal::same_shape);
  auto lookalike = seek_of("c", "other");
  lookalike.name = "name-a1ice";
  auto alice2 = seek_of("d", "x");
  alice2.name = "name-alice";
  seek_pool fresh;
  fresh.add(alice2, t0);
  CHECK_FALSE(fresh.add(lookalike, t0).partner);
  CHECK(fresh.size() == 2);
}

TEST_CASE("a rating range must hold the other's rating, both ways") {
  seek_pool pool;
  auto picky = seek_of("a", "alice");
  picky.range = rating_range{1600, 2000};
  pool.add(picky, t0);
  CHECK_FALSE(pool.add(seek_of("b", "bob"), t0).partner);  // 1500 is below 1600
  auto strong = seek_of("c", "carol");
  strong.rating = 1700;
  strong.range = rating_range{1000, 1400};  // alice's 1500 is above carol's range
  CHECK_FALSE(pool.add(strong, t0).partner);
  auto fits = seek_of("d", "dave");
  fits.rating = 1650;
  const auto out = pool.add(fits, t0);
  REQUIRE(out.partner);
  CHECK(out.partner->id == "a");
}

TEST_CASE("cancel removes only the owner's seek, cancel_all every one of a player") {
  seek_pool pool;
  pool.add(seek_of("a", "alice"), t0);
  pool.add(seek_of("b", "alice", std::nullopt), t0);
  pool.add(seek_of("c", "bob", clock_settings{600, 5}), t0);
  CHECK_FALSE(pool.cancel("bob", "a"));
  CHECK(pool.cancel("alice", "a"));
  CHECK_FALSE(pool.cancel("alice", "a"));
  const auto gone = pool.cancel_all("alice");
  CHECK(gone == std::vector<std::string>{"b"});
  CHECK(pool.size() == 1);
  CHECK(pool.open().front().id == "c");
}

TEST_CASE("caps: open seeks per player, seeks per minute, and the pool's size") {
  SUBCASE("per player") {
    seek_pool pool(seek_caps{2, 0, 0});
    pool.add(seek_of("a", "alice", clock_settings{60, 0}), t0);
    pool.add(seek_of("b", "alice", clock_settings{120, 0}), t0);
    CHECK(pool.add(seek_of("c", "alice", clock_settings{180, 0}), t0).why ==
          seek_pool::refusal::player_cap);
    pool.cancel("alice", "a");
    CHECK(pool.add(seek_of("c", "alice", clock_settings{180, 0}), t0).why ==
          seek_pool::refusal::none);
  }
  SUBCASE("per minute, counted with the time given") {
    seek_pool pool(seek_caps{0, 3, 0});
    for (int i = 0; i < 3; ++i) {
      const auto id = std::to_string(i);
      CHECK(pool.add(seek_of(id, "alice"), t0 + std::chrono::seconds(i)).why ==
            seek_pool::refusal::none);
      pool.cancel("alice", id);
    }
    CHECK(pool.add(seek_of("x", "alice"), t0 + 59s).why == seek_pool::refusal::too_fast);
    CHECK(pool.add(seek_of("x", "bob"), t0 + 59s).why == seek_pool::refusal::none);
    CHECK(pool.add(seek_of("y", "alice", std::nullopt), t0 + 61s).why == seek_pool::refusal::none);
  }
  SUBCASE("in all, though a seek that pairs is still taken") {
    seek_pool pool(seek_caps{0, 0, 2});
    pool.add(seek_of("a", "alice", clock_settings{60, 0}), t0);
    pool.add(seek_of("b", "bob", clock_settings{120, 0}), t0);
    CHECK(pool.add(seek_of("c", "carol", clock_settings{180, 0}), t0).why ==
          seek_pool::refusal::pool_full);
    CHECK(pool.add(seek_of("d", "dave", clock_settings{60, 0}), t0).partner);
  }
}

TEST_CASE("a seek put back waits again without being counted twice") {
  seek_pool pool(seek_caps{1, 1, 0});
  auto a = seek_of("a", "alice");
  pool.add(a, t0);
  const auto out = pool.add(seek_of("b", "bob"), t0);
  REQUIRE(out.partner);
  pool.put_back(*out.partner);
  CHECK(pool.size() == 1);
  CHECK(pool.open().front().id == "a");
}
