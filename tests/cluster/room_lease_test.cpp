// room_lease against a real redis-server: one owner at a time, growing epochs, renewals and
// releases only by the current owner, and a dead owner's lease running out.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <optional>

#include "server/cluster/room_lease.hpp"
#include "support/io_wait.hpp"
#include "support/redis_server.hpp"

using namespace std::chrono_literals;
using ringside::server::cluster::lease_clock;
using ringside::server::cluster::lease_owner;
using ringside::server::cluster::room_lease;
using ringside::server::redis::redis_client;
using ringside::server::redis::redis_endpoint;
using ringside::test::redis_server;
using ringside::test::run_until;
using outcome = room_lease::outcome;

namespace {

lease_clock::settings short_ttl() {
  return {600ms, 1.0 / 3.0, 50ms};
}

struct lease_fixture {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client client{ioc, *redis_endpoint::parse(redis.url())};
  lease_fixture() { client.start(); }
  ~lease_fixture() { client.stop(); }

  std::shared_ptr<room_lease> lease(const std::string& room, const std::string& node) {
    return std::make_shared<room_lease>(client, room, node, short_ttl());
  }
  outcome claim(room_lease& l) {
    return wait([&](auto fn) { l.claim(fn); });
  }
  outcome renew(room_lease& l) {
    return wait([&](auto fn) { l.renew(fn); });
  }
  bool release(room_lease& l) {
    std::optional<bool> r;
    l.release([&](bool b) { r = b; });
    REQUIRE(run_until(ioc, [&] { return r.has_value(); }));
    return *r;
  }
  std::optional<lease_owner> owner(const std::string& room) {
    std::optional<std::optional<lease_owner>> r;
    room_lease::read_owner(client, room, [&](std::optional<lease_owner> o, bool) { r = o; });
    REQUIRE(run_until(ioc, [&] { return r.has_value(); }));
    return *r;
  }
  template <class F>
  outcome wait(F start) {
    std::optional<outcome> r;
    start([&](outcome o) { r = o; });
    REQUIRE(run_until(ioc, [&] { return r.has_value(); }));
    return *r;
  }
  void sleep(std::chrono::milliseconds d) {
    run_until(
        ioc, [] { return false; }, d);
  }
};

}  // namespace

TEST_CASE("only one node holds a room; the owner is readable with its epoch") {
  lease_fixture f;
  auto a = f.lease("r1", "node-a");
  auto b = f.lease("r1", "node-b");
  CHECK(f.claim(*a) == outcome::granted);
  CHECK(a->epoch() == 1);
  CHECK(a->held(lease_clock::clock::now()));
  CHECK(f.claim(*b) == outcome::taken);
  REQUIRE(b->other_owner());
  CHECK(b->other_owner()->node == "node-a");
  CHECK_FALSE(b->held(lease_clock::clock::now()));
  auto o = f.owner("r1");
  REQUIRE(o);
  CHECK(o->node == "node-a");
  CHECK(o->epoch == 1);
  CHECK_FALSE(f.owner("r2"));
}

TEST_CASE(
    "renewing keeps the room past its ttl; without renewals it runs out and another claims it") {
  lease_fixture f;
  auto a = f.lease("r1", "node-a");
  auto b = f.lease("r1", "node-b");
  REQUIRE(f.claim(*a) == outcome::granted);
  for (int i = 0; i < 4; ++i) {  // 4 x 250 ms > the 600 ms ttl
    f.sleep(250ms);
    CHECK(f.renew(*a) == outcome::granted);
  }
  CHECK(f.claim(*b) == outcome::taken);

  // node-a stops renewing (as if killed): within the ttl the room is free again.
  f.sleep(700ms);
  CHECK_FALSE(a->held(lease_clock::clock::now()));
  CHECK_FALSE(f.owner("r1"));
  CHECK(f.claim(*b) == outcome::granted);
  CHECK(b->epoch() == 2);  // a new fencing token, greater than any before

  // The stale owner can neither renew nor release the new owner's lease.
  CHECK(f.renew(*a) == outcome::taken);
  CHECK_FALSE(a->held(lease_clock::clock::now()));
  CHECK_FALSE(f.release(*a));
  CHECK(f.owner("r1")->node == "node-b");
}

TEST_CASE("a release hands the room over at once, with a greater epoch for the next owner") {
  lease_fixture f;
  auto a = f.lease("r1", "node-a");
  auto b = f.lease("r1", "node-b");
  REQUIRE(f.claim(*a) == outcome::granted);
  CHECK(f.release(*a));
  CHECK_FALSE(a->held(lease_clock::clock::now()));
  CHECK(f.claim(*b) == outcome::granted);
  CHECK(b->epoch() == 2);
  // node-a claiming again (a second incarnation) waits for node-b to let go.
  auto a2 = f.lease("r1", "node-a");
  CHECK(f.claim(*a2) == outcome::taken);
}

TEST_CASE(
    "with Redis gone a claim or renewal is unavailable, and the lease holds only until its clock "
    "says") {
  lease_fixture f;
  auto a = f.lease("r1", "node-a");
  REQUIRE(f.claim(*a) == outcome::granted);
  const auto until = a->timing().trusted_until();
  f.redis.kill();
  CHECK(f.renew(*a) == outcome::unavailable);
  CHECK(a->held(lease_clock::clock::now()) == (lease_clock::clock::now() < until));
  auto b = f.lease("r2", "node-b");
  CHECK(f.claim(*b) == outcome::unavailable);
  CHECK(b->epoch() == 0);
  f.sleep(600ms);
  CHECK_FALSE(a->held(lease_clock::clock::now()));
}
