// The lobby's room list is the cluster's: real ringside-server nodes on one real redis-server
// and one real PostgreSQL store. Each node's /api/rooms lists the rooms of every live node; a
// node killed without a goodbye drops out of the others' lists within its heartbeat's ttl; a
// node whose Redis is down still answers with its own rooms.
#include <doctest/doctest.h>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/node_census.hpp"
#include "server/cluster/node_registry.hpp"
#include "support/node_flags.hpp"
#include "support/postgres_cluster.hpp"
#include "support/redis_server.hpp"
#include "support/redis_watch.hpp"
#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

using namespace std::chrono_literals;
using namespace ringside;
using namespace ringside::test;
using ringside::server::cluster::node_info;
using ringside::server::cluster::node_registry;

namespace {

// Leases far longer than the test: a killed node's rooms are not adopted meanwhile, so what
// leaves the list is the dead node's entries, not rooms moving to the survivor.
std::vector<std::string> lists_node_flags(const redis_server& r, const std::string& store,
                                          const std::string& id) {
  return node_flags({.redis = r.url(), .id = id, .store = store, .lease_ttl = "30"},
                    joined(unlimited_messages, {"--http-rate-limit", "100000"}));
}

// Whether node `id`'s heartbeat says it owns at least `rooms` rooms within `timeout`.
bool beats_with_rooms(redis_watch& r, const std::string& id, std::int64_t rooms,
                      std::chrono::milliseconds timeout) {
  bool seen = false;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!seen && std::chrono::steady_clock::now() < deadline) {
    const auto info =
        node_info::decode(id, r.command({"GET", node_registry::heartbeat_key(id)}).text);
    seen = info && info->rooms >= rooms;
    if (!seen) std::this_thread::sleep_for(20ms);
  }
  return seen;
}

// The room ids on the lobby's first page of node `port` (every status).
std::set<std::string> listed(std::uint16_t port) {
  const auto [status, body] = http_get(port, "/api/rooms?status=all");
  REQUIRE(status == 200);
  const auto page = json::parse(body);
  std::set<std::string> ids;
  for (const auto& r : page.at("rooms")) ids.insert(r.at("room").get<std::string>());
  return ids;
}

// Polls node `port`'s list until `want(ids)`; how long it took, or nullopt past `limit`.
template <class Want>
std::optional<std::chrono::milliseconds> listed_within(std::uint16_t port, Want want,
                                                       std::chrono::milliseconds limit) {
  const auto from = std::chrono::steady_clock::now();
  for (;;) {
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - from);
    if (want(listed(port))) return took;
    if (took > limit) return std::nullopt;
    std::this_thread::sleep_for(20ms);
  }
}

}  // namespace

TEST_CASE(
    "every node's lobby lists every live node's rooms; a killed node's leave within its ttl") {
  redis_server redis;
  redis_watch watch(redis);
  auto& pg = test_support::postgres_cluster::shared();
  const auto store = pg.url(pg.create_database());
  std::optional<server_process> a(std::in_place, lists_node_flags(redis, store, "node-a"));
  std::optional<server_process> b(std::in_place, lists_node_flags(redis, store, "node-b"));
  // A room made through each node (placement may send either to the least loaded node).
  std::optional<table> first(std::in_place, a->port());
  const auto owner1 = watch.owner_within(first->room(), 3s);
  REQUIRE_FALSE(owner1.empty());
  // Once its heartbeat counts the room, the other node's next census (a beat, 333 ms, later)
  // sends the next room elsewhere; two beats leave room for a loaded machine.
  REQUIRE(beats_with_rooms(watch, owner1, 1, 3s));
  std::this_thread::sleep_for(700ms);
  std::optional<table> second(std::in_place, b->port());
  const auto owner2 = watch.owner_within(second->room(), 3s);
  REQUIRE_FALSE(owner2.empty());
  MESSAGE("rooms owned by " << owner1 << " and " << owner2);
  CHECK(owner1 != owner2);

  const std::set<std::string> both{first->room(), second->room()};
  for (auto* node : {&*a, &*b}) {
    const auto took = listed_within(
        node->port(), [&](const std::set<std::string>& ids) { return ids == both; }, 3s);
    REQUIRE(took.has_value());
    MESSAGE("node on port " << node->port() << " lists both rooms after " << took->count()
                            << " ms");
  }

  // SIGKILL the first room's owner: the survivor's list drops that room, keeps its own.
  auto& dead = owner1 == "node-a" ? a : b;
  auto& alive = owner1 == "node-a" ? b : a;
  dead->stop(SIGKILL);
  const auto took = listed_within(
      alive->port(),
      [&](const std::set<std::string>& ids) { return ids.count(first->room()) == 0; }, 4s);
  REQUIRE(took.has_value());
  MESSAGE("killed node's room gone from the survivor's list after " << took->count()
                                                                    << " ms (--node-ttl 1)");
  // Its heartbeat's ttl (1 s), plus a beat's period before it, plus the lobby's 500 ms cache.
  CHECK(*took <= 2000ms);
  if (owner2 != owner1) CHECK(listed(alive->port()).count(second->room()) == 1);
  first.reset();
  second.reset();
}

TEST_CASE("with Redis down a node's lobby still answers, with its own rooms") {
  redis_server redis;
  auto& pg = test_support::postgres_cluster::shared();
  const auto store = pg.url(pg.create_database());
  server_process a(lists_node_flags(redis, store, "node-a"));
  table t(a.port());
  REQUIRE(
      listed_within(
          a.port(), [&](const std::set<std::string>& ids) { return ids.count(t.room()) == 1; }, 3s)
          .has_value());
  redis.kill();
  std::this_thread::sleep_for(600ms);  // past the lobby's cache
  CHECK(listed(a.port()).count(t.room()) == 1);
  const auto [status, metrics] = http_get(a.port(), "/metrics");
  REQUIRE(status == 200);
  CHECK(metrics.find("\nringside_cluster_lists_unavailable_total 0\n") == std::string::npos);
}
