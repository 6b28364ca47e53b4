// node_registry against a real redis-server: heartbeats, the census of live nodes, a dead
// node noticed once its heartbeat runs out, and a clean leave.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <optional>

#include "server/cluster/node_registry.hpp"
#include "support/io_wait.hpp"
#include "support/redis_server.hpp"

using namespace std::chrono_literals;
using ringside::server::cluster::node_census;
using ringside::server::cluster::node_info;
using ringside::server::cluster::node_registry;
using ringside::server::redis::redis_client;
using ringside::server::redis::redis_endpoint;
using ringside::test::redis_server;
using ringside::test::run_until;

namespace {

struct registry_fixture {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client client{ioc, *redis_endpoint::parse(redis.url())};
  node_registry nodes{client, 500ms};
  registry_fixture() { client.start(); }
  ~registry_fixture() { client.stop(); }

  bool beat(const node_info& n) {
    std::optional<bool> r;
    nodes.beat(n, [&](bool ok) { r = ok; });
    REQUIRE(run_until(ioc, [&] { return r.has_value(); }));
    return *r;
  }
  std::optional<node_census> census() {
    std::optional<std::optional<node_census>> r;
    nodes.census([&](std::optional<node_census> c) { r = std::move(c); });
    REQUIRE(run_until(ioc, [&] { return r.has_value(); }));
    return *r;
  }
  void sleep(std::chrono::milliseconds d) {
    run_until(
        ioc, [] { return false; }, d);
  }
};

}  // namespace

TEST_CASE("live nodes are listed with their heartbeats; the least loaded gets the next room") {
  registry_fixture f;
  CHECK(f.beat({"a", "127.0.0.1:9001", 4, 30, 0.2, ""}));
  CHECK(f.beat({"b", "127.0.0.1:9002", 1, 50, 0.5, ""}));
  auto c = f.census();
  REQUIRE(c);
  CHECK(c->live.size() == 2);
  CHECK(c->expired.empty());
  CHECK(c->least_loaded(0.5)->id == "b");
  CHECK(c->online() == 80);
}

TEST_CASE("a node that stops beating is noticed as dead once, within its ttl") {
  registry_fixture f;
  REQUIRE(f.beat({"a", "127.0.0.1:9001", 0, 0, 0, ""}));
  REQUIRE(f.beat({"b", "127.0.0.1:9002", 0, 0, 0, ""}));
  for (int i = 0; i < 3; ++i) {  // b keeps beating, a has died
    f.sleep(250ms);
    REQUIRE(f.beat({"b", "127.0.0.1:9002", 0, 0, 0, ""}));
  }
  auto c = f.census();
  REQUIRE(c);
  REQUIRE(c->live.size() == 1);
  CHECK(c->live[0].id == "b");
  CHECK(c->expired == std::vector<std::string>{"a"});
  auto again = f.census();
  CHECK(again->expired.empty());  // reported once
}

TEST_CASE("a node that leaves is gone from the next census at once") {
  registry_fixture f;
  REQUIRE(f.beat({"a", "127.0.0.1:9001", 0, 0, 0, ""}));
  std::optional<bool> left;
  f.nodes.leave("a", [&](bool ok) { left = ok; });
  REQUIRE(run_until(f.ioc, [&] { return left.has_value(); }));
  CHECK(*left);
  CHECK(f.census()->live.empty());
}

TEST_CASE("with Redis down the census says so instead of listing nobody") {
  registry_fixture f;
  f.redis.kill();
  CHECK_FALSE(f.census());
  CHECK_FALSE(f.beat({"a", "x", 0, 0, 0, ""}));
}
