// Real ringside-server nodes against one real redis-server (--cluster): a room belongs to the
// node that made it, its frames go out on its channel, a killed node's leases run out within
// the ttl so another node can claim its rooms, a node stopped with SIGTERM hands its rooms over
// at once, and a node whose Redis is down goes on playing and claims its rooms when Redis
// returns.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "server/cluster/node_registry.hpp"
#include "server/cluster/room_lease.hpp"
#include "server/redis/redis_subscriber.hpp"
#include "support/io_wait.hpp"
#include "support/node_flags.hpp"
#include "support/redis_server.hpp"
#include "support/redis_watch.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"
#include "support/ws_client.hpp"

using namespace std::chrono_literals;
using namespace ringside::test;
using ringside::server::cluster::lease_clock;
using ringside::server::cluster::lease_owner;
using ringside::server::cluster::node_census;
using ringside::server::cluster::node_registry;
using ringside::server::cluster::room_lease;
using ringside::server::redis::redis_endpoint;
using ringside::server::redis::redis_reply;
using ringside::server::redis::redis_subscriber;

namespace {

// The test's own view of the cluster's Redis, with the nodes' census as a node reads it.
struct observer : redis_watch {
  node_registry nodes{client(), 1000ms};

  using redis_watch::redis_watch;

  node_census census() {
    std::optional<std::optional<node_census>> got;
    nodes.census([&](std::optional<node_census> c) { got = std::move(c); });
    REQUIRE(run_until(ioc(), [&] { return got.has_value(); }));
    REQUIRE(got->has_value());
    return **got;
  }
  std::optional<std::string> get(const std::string& key) {
    auto got = command({"GET", key});
    if (got.type != redis_reply::kind::string) return std::nullopt;
    return got.text;
  }
};

std::string metric_line(std::uint16_t port, const std::string& name) {
  const auto [status, body] = http_get(port, "/metrics");
  REQUIRE(status == 200);
  const auto at = body.find("\n" + name + " ");
  if (at == std::string::npos) return "";
  const auto end = body.find('\n', at + 1);
  return body.substr(at + 1, end - at - 1);
}

// The next move of seat `s`, at its current version: a placement read off its state.
json first_move(table& t, int s = 1) {
  auto& v = t.seat(s);
  return {{"type", "move"},
          {"room", t.room()},
          {"move", placement(v.state(), s == 1 ? "W" : "G")},
          {"version", v.version()},
          {"id", "m" + std::to_string(v.version())}};
}

// Polls /metrics until `line` is in it (a node's counters follow Redis's answers closely).
bool metric_becomes(std::uint16_t port, const std::string& line,
                    std::chrono::milliseconds limit = 3s) {
  const auto name = line.substr(0, line.find(' '));
  const auto deadline = std::chrono::steady_clock::now() + limit;
  do {
    if (metric_line(port, name) == line) return true;
    std::this_thread::sleep_for(20ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

}  // namespace

TEST_CASE(
    "two nodes in one Redis: a room is owned by the node that made it, its frames on its channel") {
  redis_server redis;
  server_process a(node_flags({.redis = redis.url(), .id = "node-a"}));
  observer o(redis);

  table t(a.port());
  REQUIRE(o.owner_becomes(t.room(), "node-a", 3s));
  // Only now: a room made while node-b is up may be placed on it (the least loaded).
  server_process b(node_flags({.redis = redis.url(), .id = "node-b"}));
  // The node counts the room its own once Redis's answer reached it, just after the key is set.
  REQUIRE(metric_becomes(a.port(), "ringside_cluster_leases_held 1"));
  CHECK(o.owner(t.room())->epoch == 1);

  // Both nodes beat; the census sees them with the owner's room and its two players.
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  node_census c;
  do {
    c = o.census();
    if (c.live.size() == 2 && c.online() == 2 && c.least_loaded(0.5)->id == "node-b") break;
    run_until(
        o.ioc(), [] { return false; }, 50ms);
  } while (std::chrono::steady_clock::now() < deadline);
  REQUIRE(c.live.size() == 2);
  CHECK(c.online() == 2);
  CHECK(c.least_loaded(0.5)->id == "node-b");  // node-a owns a room, node-b none
  for (const auto& n : c.live) {
    CHECK(n.address.rfind("127.0.0.1:", 0) == 0);
    if (n.id == "node-a") CHECK(n.rooms == 1);
  }

  // A move's patch and a chat line reach a subscriber of the room's channel.
  std::vector<nlohmann::json> heard;
  bool subscribed = false;
  redis_subscriber sub(o.ioc(), *redis_endpoint::parse(redis.url()),
                       [&](const std::string& channel, const std::string& payload) {
                         if (channel == "room:" + t.room())
                           heard.push_back(nlohmann::json::parse(payload));
                       });
  sub.on_subscribed([&](const std::string&) { subscribed = true; });
  sub.start();
  sub.subscribe("room:" + t.room());
  REQUIRE(run_until(o.ioc(), [&] { return subscribed; }));
  const json patch = t.play(1, placement(t.seat(1).state()));
  t.seat(1).conn->request({{"type", "chat"}, {"room", t.room()}, {"text", "over Redis"}, {"id", 7}},
                          "chat");
  REQUIRE(run_until(o.ioc(), [&] { return heard.size() >= 2; }));
  CHECK(heard[0].at("type") == "patch");
  CHECK(heard[0].at("room") == t.room());
  CHECK(heard[0].at("version") == patch.at("version"));
  CHECK(heard[0].at("ops") == patch.at("ops"));  // the very frame the members got
  CHECK(heard[1].at("type") == "chat");
  CHECK(heard[1].at("text") == "over Redis");
  CHECK_FALSE(heard[1].contains("re"));  // the members' copy, not the sender's answer
  sub.stop();

  CHECK(metric_becomes(a.port(), "ringside_cluster_leases_held 1"));
  CHECK(metric_becomes(b.port(), "ringside_cluster_leases_held 0"));
  CHECK(metric_line(a.port(), "ringside_cluster_frames_published_total") != "");
  CHECK(metric_becomes(b.port(), "ringside_cluster_nodes_live 2"));
}

TEST_CASE(
    "a new room and a rematch room are their node's in Redis before anybody learns their id") {
  redis_server redis;
  server_process a(node_flags({.redis = redis.url(), .id = "node-a"}));
  observer o(redis);
  const auto room_request = [](const std::string& type, const std::string& room) {
    return json{{"type", type}, {"room", room}, {"id", type}};
  };

  // Read at once, no polling: another node asked for the room now must find its owner, not
  // an orphan to adopt from the shared store.
  table t(a.port());
  const auto owner = o.owner(t.room());
  REQUIRE(owner.has_value());
  CHECK(owner->node == "node-a");

  t.act(2, "resign");
  t.act(1, "rematch");
  // With Redis silent (for less than a command's timeout) the rematch waits for its claim.
  redis.pause();
  REQUIRE(t.seat(2).conn->send(room_request("rematch", t.room())));
  const auto early = t.seat(1).conn->recv(400ms);
  CHECK_MESSAGE(!early.has_value(), "heard before the claim: " << (early ? early->dump() : ""));
  redis.resume();
  t.take_patch(1);  // the first the players hear of the new room
  t.take_patch(2);
  const std::string next = t.seat(1).state().at("rematch");
  const auto rematch_owner = o.owner(next);
  REQUIRE(rematch_owner.has_value());
  CHECK(rematch_owner->node == "node-a");
  CHECK(rematch_owner->epoch == 1);
  CHECK(metric_becomes(a.port(), "ringside_cluster_leases_held 2"));
}

TEST_CASE(
    "SIGTERM with a new room's claim in flight: that lease is released too, not left to "
    "run out") {
  redis_server redis;
  server_process a(node_flags({.redis = redis.url(), .id = "node-a", .lease_ttl = "30"}));
  observer o(redis);
  ws_client alice(a.port());
  alice.hello("alice");
  REQUIRE(metric_becomes(a.port(), "ringside_cluster_nodes_live 1"));

  // Redis holds the new room's claim unanswered while the node is told to stop, so leave()
  // hands over its rooms before the claim is granted.
  redis.pause();
  REQUIRE(alice.send(
      {{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}}));
  std::this_thread::sleep_for(200ms);  // the claim reaches the paused Redis's socket
  REQUIRE(::kill(a.pid(), SIGTERM) == 0);
  std::this_thread::sleep_for(200ms);  // and leave()'s releases queue behind it
  redis.resume();
  const auto exit_by = std::chrono::steady_clock::now() + 10s;
  while (a.running() && std::chrono::steady_clock::now() < exit_by)
    std::this_thread::sleep_for(20ms);
  REQUIRE_FALSE(a.running());

  // With a 30 s lease, no owner now means the claim granted after leave() was released.
  const auto keys = o.command({"KEYS", "ringside:room:*"});
  std::vector<std::string> owners;
  bool claimed = false;
  for (const auto& k : keys.elements) {
    if (k.text.size() > 6 && k.text.compare(k.text.size() - 6, 6, ":epoch") == 0) claimed = true;
    if (k.text.size() > 6 && k.text.compare(k.text.size() - 6, 6, ":owner") == 0)
      owners.push_back(k.text);
  }
  CHECK(claimed);  // the claim did reach Redis
  CHECK_MESSAGE(owners.empty(), "still owned: " << (owners.empty() ? "" : owners.front()));
}

TEST_CASE(
    "SIGKILL of the owner: its lease runs out within the ttl and another node may claim the room") {
  redis_server redis;
  auto a = std::make_unique<server_process>(node_flags({.redis = redis.url(), .id = "node-a"}));
  std::optional<server_process> b;
  observer o(redis);
  std::string room;
  {
    table t(a->port());
    room = t.room();
    REQUIRE(o.owner_becomes(room, "node-a", 3s));
    // Only now: a room made while node-b is up may be placed on it (the least loaded).
    b.emplace(node_flags({.redis = redis.url(), .id = "node-b"}));
    REQUIRE(metric_becomes(a->port(), "ringside_cluster_leases_held 1"));
    t.play(1, placement(t.seat(1).state()));
    const auto killed_at = std::chrono::steady_clock::now();
    a->stop(SIGKILL);
    // Free, or already adopted by node-b (which, on its own journal here, finds no such room
    // and gives it back): either way no longer node-a's.
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    std::optional<lease_owner> now;
    do {
      now = o.owner(room);
      if (now && now->node == "node-a")
        run_until(
            o.ioc(), [] { return false; }, 10ms);
    } while (now && now->node == "node-a" && std::chrono::steady_clock::now() < deadline);
    const auto freed_after = std::chrono::steady_clock::now() - killed_at;
    MESSAGE("lease of the killed node's room free after "
            << std::chrono::duration_cast<std::chrono::milliseconds>(freed_after).count()
            << " ms (--lease-ttl 1)");
    CHECK(freed_after <= 1200ms);
  }
  // The room is free for a survivor; its epoch is greater than the dead owner's. (node-b's
  // own adoption may hold it for a moment: it finds no such room in its journal and lets go.)
  auto claim = std::make_shared<room_lease>(o.client(), room, "node-c", lease_clock::settings{});
  std::optional<room_lease::outcome> got;
  const auto claim_by = std::chrono::steady_clock::now() + 3s;
  do {
    got.reset();
    claim->claim([&](room_lease::outcome out) { got = out; });
    REQUIRE(run_until(o.ioc(), [&] { return got.has_value(); }));
    if (*got != room_lease::outcome::granted)
      run_until(
          o.ioc(), [] { return false; }, 20ms);
  } while (*got != room_lease::outcome::granted && std::chrono::steady_clock::now() < claim_by);
  CHECK(*got == room_lease::outcome::granted);
  CHECK(claim->epoch() >= 2);

  // The registry drops the dead node within its heartbeat's ttl.
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  node_census c;
  do {
    c = o.census();
    if (!c.is_live("node-a")) break;
    run_until(
        o.ioc(), [] { return false; }, 50ms);
  } while (std::chrono::steady_clock::now() < deadline);
  CHECK_FALSE(c.is_live("node-a"));
  CHECK(c.is_live("node-b"));
}

TEST_CASE("SIGTERM: a node releases its rooms and leaves the registry at once, not after the ttl") {
  redis_server redis;
  server_process a(node_flags({.redis = redis.url(), .id = "node-a", .lease_ttl = "30"}));
  observer o(redis);
  std::string room;
  {
    table t(a.port());
    room = t.room();
    REQUIRE(o.owner_becomes(room, "node-a", 3s));
    REQUIRE(o.get(node_registry::heartbeat_key("node-a")));
  }
  CHECK(a.stop(SIGTERM) == 0);
  // With a 30 s lease, a free room now means it was released, not left to run out.
  CHECK_FALSE(o.owner(room));
  CHECK_FALSE(o.get(node_registry::heartbeat_key("node-a")));
  CHECK(o.get(room_lease::epoch_key(room)) == "1");  // the fencing epoch stays, for the next
}

TEST_CASE(
    "a node whose Redis is down refuses moves with internal_error, keeps its players, and plays on "
    "once Redis is back") {
  redis_server redis;
  server_process a(node_flags({.redis = redis.url(), .id = "node-a"}));
  redis.kill();
  table t(a.port());  // made while Redis is away: not claimed, so not this node's to commit
  const json refused = t.seat(1).conn->request(first_move(t), "error");
  CHECK(refused.at("code") == "internal_error");
  CHECK(metric_line(a.port(), "ringside_cluster_leases_held") == "ringside_cluster_leases_held 0");
  redis.restart();
  observer o(redis);
  CHECK(o.owner_becomes(t.room(), "node-a", 5s));
  CHECK(metric_becomes(a.port(), "ringside_cluster_leases_held 1"));
  t.play(1, placement(t.seat(1).state()));  // the same connections, the game goes on
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  bool live = false;
  while (!live && std::chrono::steady_clock::now() < deadline) {
    live = o.census().is_live("node-a");
    if (!live)
      run_until(
          o.ioc(), [] { return false; }, 50ms);
  }
  CHECK(live);
}

TEST_CASE("a stale owner whose room was taken over gives it up instead of committing moves") {
  redis_server redis;
  server_process a(node_flags({.redis = redis.url(), .id = "node-a"}));
  observer o(redis);
  table t(a.port());
  REQUIRE(o.owner_becomes(t.room(), "node-a", 3s));
  REQUIRE(metric_becomes(a.port(), "ringside_cluster_leases_held 1"));
  t.play(1, placement(t.seat(1).state()));
  // As if node-a had been cut off long enough for its lease to run out and node-b took over.
  o.command({"DEL", room_lease::owner_key(t.room())});
  auto b = std::make_shared<room_lease>(o.client(), t.room(), "node-b", lease_clock::settings{});
  std::optional<room_lease::outcome> got;
  b->claim([&](room_lease::outcome out) { got = out; });
  REQUIRE(run_until(o.ioc(), [&] { return got.has_value(); }));
  REQUIRE(*got == room_lease::outcome::granted);
  CHECK(b->epoch() == 2);
  // node-a's next renewal (a third of its 1 s ttl) finds the room taken: it gives the room up
  // and closes its members' connections (1001), which reconnect to find the owner.
  REQUIRE(metric_becomes(a.port(), "ringside_cluster_leases_lost_total 1"));
  CHECK(t.seat(2).conn->wait_closed(3s) == 1001);
  CHECK(metric_becomes(a.port(), "ringside_cluster_rooms_given_up_total 1"));
  CHECK(o.owner(t.room())->node == "node-b");
}

TEST_CASE("--cluster flags that make no sense stop the server at start, saying why") {
  const auto exit_code = [](const std::string& flags) {
    // Bounded: a server that wrongly accepted the flags would otherwise run for ever.
    const std::string cmd = "timeout 10 " + std::string(RINGSIDE_SERVER_PATH) +
                            " --port 0 --host 127.0.0.1 " + flags + " >/dev/null 2>&1";
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  CHECK(exit_code("--cluster http://127.0.0.1:6379") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:0") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:6379 --lease-ttl 0.1") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:6379 --node-ttl 100") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:6379 --cluster-node-id 'a b'") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:6379 --forward-timeout 0") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:6379 --placement-load-margin -1") == 1);
  CHECK(exit_code("--cluster redis://127.0.0.1:6379 --placement-load-margin 100") == 1);
}

TEST_CASE(
    "a Redis that asks for a password: nodes log in with it, from the URL or the environment, "
    "and a wrong one is refused and logged") {
  redis_server redis("n0de/p@ss");
  server_process a(node_flags({.redis = redis.url(), .id = "node-a"}));
  observer o(redis);
  table t(a.port());
  REQUIRE(o.owner_becomes(t.room(), "node-a", 3s));

  // The password from the environment, out of the process list; the child inherits it.
  REQUIRE(::setenv("RINGSIDE_REDIS_PASSWORD", redis.password().c_str(), 1) == 0);
  server_process b(node_flags({.redis = redis.bare_url(), .id = "node-b"}));
  REQUIRE(::unsetenv("RINGSIDE_REDIS_PASSWORD") == 0);
  CHECK(metric_becomes(b.port(), "ringside_cluster_nodes_live 2"));

  // A wrong password: the node runs, says why it has no cluster, and never joins it.
  char log_path[] = "/tmp/ringside-wrong-login-XXXXXX";
  const int log_fd = ::mkstemp(log_path);
  REQUIRE(log_fd >= 0);
  ::close(log_fd);
  {
    launch_options how;
    how.log_path = log_path;
    server_process c(
        node_flags({.redis = "redis://:hunter2x@127.0.0.1:" + std::to_string(redis.port()),
                    .id = "node-c"}),
        how);
    const auto said = [&] {
      std::ifstream in(log_path);
      const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      return log.find("refused the login") != std::string::npos &&
             log.find("hunter2x") == std::string::npos;
    };
    const auto deadline = std::chrono::steady_clock::now() + 5s;
    while (!said() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(50ms);
    CHECK(said());  // and the password itself is not in the log
    CHECK(metric_becomes(c.port(), "ringside_cluster_nodes_live 0"));
    CHECK(o.census().live.size() == 2);
  }
  std::remove(log_path);
}
