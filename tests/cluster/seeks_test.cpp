// Quick pairing and ratings are the cluster's: real ringside-server nodes on one real
// redis-server and one real PostgreSQL store. Two players on different nodes seeking the same
// game are paired and play; two nodes pairing the same seek at once make one game; a killed
// node's seeks leave the pool with its heartbeat; a seek cancelled in the instant another
// node pairs it leaves no one waiting; a rated game's end on one node is what the other shows;
// an account registered on one node logs in on the other; with Redis gone each node pairs its
// own clients.
#include <doctest/doctest.h>

#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/game_search.hpp"
#include "support/node_flags.hpp"
#include "support/postgres_cluster.hpp"
#include "support/redis_server.hpp"
#include "support/redis_watch.hpp"
#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

using namespace std::chrono_literals;
using namespace ringside;
using namespace ringside::test;

namespace {

// Two nodes sharing a Redis and a store, with short ttls: a killed node is noticed in ~1 s.
struct seek_nodes {
  redis_server redis;
  std::string store;
  std::optional<server_process> a;
  std::optional<server_process> b;

  std::string database;

  seek_nodes() {
    auto& pg = test_support::postgres_cluster::shared();
    database = pg.create_database();
    store = pg.url(database);
    a.emplace(flags("node-a"));
    b.emplace(flags("node-b"));
  }
  std::vector<std::string> flags(const std::string& id) {
    return node_flags(
        {.redis = redis.url(), .id = id, .store = store, .node_ttl = "1"},
        joined(unlimited_messages, {"--password-opslimit", "1", "--password-memlimit", "8192"}));
  }
};

json seek_blitz(const json& id, bool rated = false) {
  return {{"type", "seek"},  {"id", id},
          {"game", "zertz"}, {"variant", "blitz"},
          {"rated", rated},  {"clock", {{"initial_s", 300}, {"increment_s", 3}}}};
}

std::unique_ptr<ws_client> guest(std::uint16_t port, const std::string& name) {
  auto c = std::make_unique<ws_client>(port);
  c->hello(name);
  return c;
}

// The next message of `type`, skipping the room's patches and presence.
json next_typed(ws_client& c, const std::string& type) {
  for (int i = 0; i < 50; ++i) {
    auto m = c.recv(5s);
    REQUIRE_MESSAGE(m.has_value(), "waited in vain for " << type);
    if (m->at("type") == type) return *m;
  }
  FAIL("no " << type);
  return {};
}

// With RINGSIDE_TIMING set, prints how long since `since` (for docs/cluster.md's figures).
void report_ms(const char* what, std::chrono::steady_clock::time_point since) {
  if (std::getenv("RINGSIDE_TIMING") == nullptr) return;
  const auto ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - since);
  std::printf("timing: %s: %.1f ms\n", what, ms.count());
}

// Sends `msg` and returns the answer of `type` to it, skipping the room's frames before it.
json answer(ws_client& c, const json& msg, const std::string& type) {
  REQUIRE(c.send(msg));
  for (int i = 0; i < 50; ++i) {
    auto m = c.recv(5s);
    REQUIRE_MESSAGE(m.has_value(), "waited in vain for " << type);
    if (m->at("type") == type && m->value("re", json()) == msg.at("id")) return *m;
    REQUIRE_MESSAGE(m->at("type") != "error", m->dump());
  }
  FAIL("no " << type);
  return {};
}

// The cluster's open seeks as node `c` lists them, until `count` are (for at most 4 s).
json seeks_until(ws_client& c, std::size_t count) {
  json last;
  const auto deadline = std::chrono::steady_clock::now() + 4s;
  while (std::chrono::steady_clock::now() < deadline) {
    // Through answer(): a remote room's unasked snapshot may come at any moment.
    last = answer(c, {{"type", "list_seeks"}, {"id", "ls"}}, "seeks");
    if (last.at("seeks").size() == count) return last;
    std::this_thread::sleep_for(50ms);
  }
  return last;
}

// Reads `c`'s messages until one carries the result `reason` (a patch or snapshot of a room
// that ended); false if none came.
bool sees_result(ws_client& c, const std::string& reason) {
  for (int i = 0; i < 50; ++i) {
    auto m = c.recv(5s);
    if (!m) return false;
    if (m->dump().find("\"reason\":\"" + reason + "\"") != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("players on two nodes seeking the same game are paired, and play a move") {
  seek_nodes n;
  auto alice = guest(n.a->port(), "alice");
  auto bob = guest(n.b->port(), "bob");
  const auto waiting = alice->request(seek_blitz(1), "seeking");
  const auto seek_a = waiting.at("seek").at("seek").get<std::string>();
  // Bob's node lists the seek alice made on hers.
  const auto listed = seeks_until(*bob, 1);
  REQUIRE(listed.at("seeks").size() == 1);
  CHECK(listed.at("seeks")[0].at("name") == "alice");

  const auto sent = std::chrono::steady_clock::now();
  const auto paired_b = bob->request(seek_blitz(2), "paired");
  CHECK(paired_b.at("opponent").at("name") == "alice");
  const auto room = paired_b.at("room").get<std::string>();
  const auto paired_a = alice->expect("paired");
  CHECK_FALSE(paired_a.contains("re"));
  CHECK(paired_a.at("seek") == seek_a);
  CHECK(paired_a.at("room") == room);
  CHECK(paired_a.at("opponent").at("name") == "bob");
  // Alice is seated in bob's node's room through forwarding, as any remote room.
  const auto joined_a = next_typed(*alice, "joined");
  CHECK(joined_a.at("room") == room);
  report_ms("seek on node-b to its partner on node-a seated", sent);
  CHECK(seeks_until(*alice, 0).at("seeks").empty());

  // Whoever sits first makes the first move of a real game, through whichever node.
  const auto game = find_game(zertz::variant::blitz,
                              [](const zertz::game&, const zertz::move_report&) { return true; });
  const auto snap = answer(*alice, {{"type", "sync"}, {"room", room}, {"id", "s"}}, "snapshot");
  const auto& players = snap.at("state").at("players");
  REQUIRE(players.at(0).is_object());
  REQUIRE(players.at(1).is_object());
  ws_client& first = players.at(0).at("name") == "alice" ? *alice : *bob;
  const auto fresh = answer(first, {{"type", "sync"}, {"room", room}, {"id", "s2"}}, "snapshot");
  const auto ack = answer(first,
                          {{"type", "move"},
                           {"id", "m1"},
                           {"room", room},
                           {"move", game.moves.at(0)},
                           {"version", fresh.at("version")}},
                          "ack");
  CHECK(ack.at("re") == "m1");
  const auto [status, metrics] = http_get(n.b->port(), "/metrics");
  CHECK(metrics.find("\nringside_seeks_paired_across_total 1\n") != std::string::npos);
}

TEST_CASE("two nodes pairing the same seek at once make exactly one game") {
  seek_nodes n;
  auto watcher = guest(n.b->port(), "watcher");
  for (int round = 0; round < 3; ++round) {
    const auto r = std::to_string(round);
    auto carol = guest(n.a->port(), "carol" + r);
    carol->request(seek_blitz("c"), "seeking");
    auto dave = guest(n.a->port(), "dave" + r);
    auto erin = guest(n.b->port(), "erin" + r);
    // Both at the same moment, one through each node.
    REQUIRE(dave->send(seek_blitz("d")));
    REQUIRE(erin->send(seek_blitz("e")));
    const auto to_dave = dave->recv(5s);
    const auto to_erin = erin->recv(5s);
    REQUIRE(to_dave);
    REQUIRE(to_erin);
    const int paired = (to_dave->at("type") == "paired") + (to_erin->at("type") == "paired");
    INFO(to_dave->dump() << " / " << to_erin->dump());
    CHECK(paired == 1);
    // The loser waits, and is paired with nobody but the next comer: carol met one of them.
    CHECK(((to_dave->at("type") == "seeking") || (to_erin->at("type") == "seeking")));
    CHECK(carol->expect("paired").at("opponent").at("name") ==
          (to_dave->at("type") == "paired" ? "dave" + r : "erin" + r));
    const auto left = seeks_until(*watcher, 1).at("seeks");
    REQUIRE(left.size() == 1);
    auto& loser = to_dave->at("type") == "paired" ? *erin : *dave;
    CHECK(left[0].at("name") == (to_dave->at("type") == "paired" ? "erin" + r : "dave" + r));
    loser.request({{"type", "cancel_seek"}, {"id", "x"}}, "seek_cancelled");
    CHECK(seeks_until(*watcher, 0).at("seeks").empty());
  }
}

TEST_CASE("a killed node's seeks leave the pool with its heartbeat; a closed one's at once") {
  seek_nodes n;
  auto alice = guest(n.a->port(), "alice");
  {
    auto gone = guest(n.a->port(), "gone");
    gone->request(seek_blitz(1), "seeking");
    CHECK(seeks_until(*alice, 1).at("seeks").size() == 1);
  }
  // Its connection closed: the seek is withdrawn from the cluster's pool.
  CHECK(seeks_until(*alice, 0).at("seeks").empty());

  auto bob = guest(n.b->port(), "bob");
  bob->request(seek_blitz(2), "seeking");
  CHECK(seeks_until(*alice, 1).at("seeks").size() == 1);
  const auto killed = std::chrono::steady_clock::now();
  n.b->stop(SIGKILL);
  CHECK(seeks_until(*alice, 0).at("seeks").empty());
  report_ms("SIGKILL of node-b to its seek gone from node-a's list", killed);
  // Nobody is paired with the dead node's client.
  CHECK(alice->request(seek_blitz(3), "seeking").at("seek").at("name") == "alice");
}

TEST_CASE(
    "a seek cancelled in the instant another node pairs it: that node's room is cancelled, and "
    "nobody waits for an opponent who never comes") {
  seek_nodes n;
  auto& pg = test_support::postgres_cluster::shared();
  auto bob = guest(n.a->port(), "bob");
  bob->request(seek_blitz(1), "seeking");
  auto alice = guest(n.b->port(), "alice");
  REQUIRE(seeks_until(*alice, 1).at("seeks").size() == 1);

  // The store holds every new room for 2 s. Alice's node takes bob's seek from the pool at
  // once, but cannot save the room it makes for them; meanwhile bob cancels on his node.
  std::jthread hold([&] {
    pg.query_one(n.database, "BEGIN; LOCK TABLE rooms IN SHARE MODE; SELECT pg_sleep(2); COMMIT");
  });
  bool held = false;
  for (int i = 0; i < 100 && !held; ++i, std::this_thread::sleep_for(20ms)) {
    held = pg.query_one(n.database,
                        "SELECT count(*) FROM pg_locks WHERE mode = 'ShareLock' AND relation = "
                        "'rooms'::regclass") == "1";
  }
  REQUIRE(held);
  REQUIRE(alice->send(seek_blitz(2)));
  std::this_thread::sleep_for(500ms);
  CHECK(seeks_until(*bob, 0).at("seeks").empty());  // taken by alice's node
  REQUIRE(bob->send({{"type", "cancel_seek"}, {"id", "x"}}));
  CHECK(bob->next_of("seek_cancelled").at("seeks").size() == 1);
  const auto paired = alice->next_of("paired");
  CHECK(paired.at("opponent").at("name") == "bob");
  const auto room = paired.at("room").get<std::string>();

  // Bob's node answers that the seek is gone; alice's node cancels the room it made.
  CHECK(sees_result(*alice, "cancelled"));
  const auto snap = answer(*alice, {{"type", "sync"}, {"room", room}, {"id", "s"}}, "snapshot");
  CHECK(snap.at("state").at("status") == "finished");
  CHECK(snap.at("state").at("result").at("reason") == "cancelled");
  // Bob, who cancelled, is paired with nobody, and the pool is empty.
  while (auto m = bob->recv(300ms)) CHECK(m->at("type") != "paired");
  CHECK(seeks_until(*alice, 0).at("seeks").empty());

  // An answer about a room not made for that node's seek cancels nothing.
  {
    redis_watch redis(n.redis);
    auto carol = guest(n.b->port(), "carol");
    const auto made = carol->request({{"type", "create_room"},
                                      {"id", "c"},
                                      {"game", "zertz"},
                                      {"variant", "blitz"},
                                      {"seat", "first"}},
                                     "joined");
    const auto carols = made.at("room").get<std::string>();
    for (const auto& [seek, from] : {std::pair{"any", "node-a"}, {"1", "node-c"}}) {
      const json declined{{"seek", seek}, {"room", carols}, {"from", from},
                          {"name", ""},   {"rating", 0},    {"declined", true}};
      REQUIRE(redis.command({"PUBLISH", "node:node-b:seeks", declined.dump()}).ok());
    }
    bool refused = false;
    for (int i = 0; i < 100 && !refused; ++i, std::this_thread::sleep_for(20ms)) {
      refused =
          http_get(n.b->port(), "/metrics")
              .second.find("\nringside_cluster_envelopes_refused_total 2\n") != std::string::npos;
    }
    CHECK(refused);
    const auto still =
        answer(*carol, {{"type", "sync"}, {"room", carols}, {"id", "s"}}, "snapshot");
    CHECK(still.at("state").at("status") == "waiting");
  }
}

TEST_CASE("with Redis gone, each node pairs its own clients and says nothing of it") {
  seek_nodes n;
  n.redis.kill();
  auto alice = guest(n.a->port(), "alice");
  auto bob = guest(n.a->port(), "bob");
  alice->request(seek_blitz(1), "seeking");
  CHECK(alice->request({{"type", "list_seeks"}, {"id", "ls"}}, "seeks").at("seeks").size() == 1);
  const auto paired = bob->request(seek_blitz(2), "paired");
  CHECK(paired.at("opponent").at("name") == "alice");
  CHECK(alice->expect("paired").at("room") == paired.at("room"));
  const auto [status, metrics] = http_get(n.a->port(), "/metrics");
  CHECK(metrics.find("\nringside_seeks_local_fallback_total 2\n") != std::string::npos);
}

TEST_CASE("accounts are every node's, and a rated game's end is the rating every node shows") {
  seek_nodes n;
  auto alice = std::make_unique<ws_client>(n.a->port());
  alice->hello("alice");
  alice->request({{"type", "register"}, {"name", "alice"}, {"password", "alice's password"}},
                 "registered");
  auto bob = std::make_unique<ws_client>(n.b->port());
  bob->hello("bob");
  bob->request({{"type", "register"}, {"name", "bob"}, {"password", "bob's password"}},
               "registered");

  // Node B heard of alice's account: her name is reserved there, and her password opens it.
  json refused;
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  do {
    ws_client someone(n.b->port());
    REQUIRE(someone.send({{"type", "hello"}, {"name", "alice"}, {"id", "h"}}));
    const auto answer = someone.recv(5s);
    REQUIRE(answer);
    refused = *answer;
    if (refused.at("type") == "error") break;
    std::this_thread::sleep_for(50ms);
  } while (std::chrono::steady_clock::now() < deadline);
  CHECK(refused.at("code") == "name_reserved");
  auto laptop = std::make_unique<ws_client>(n.b->port());
  const auto in = laptop->request(
      {{"type", "login"}, {"name", "alice"}, {"password", "alice's password"}, {"id", "in"}},
      "welcome");
  CHECK(in.at("guest") == false);

  // A rated game made by pairing across the nodes, lost by alice through forwarding.
  CHECK(alice->request(seek_blitz(1, true), "seeking").at("seek").at("rating") == 1500);
  const auto room = bob->request(seek_blitz(2, true), "paired").at("room").get<std::string>();
  alice->expect("paired");
  next_typed(*alice, "joined");
  REQUIRE(alice->send({{"type", "resign"}, {"room", room}}));

  // Each node reads the new ratings: alice's page on both, and her next seek on node B.
  const auto rating_on = [](std::uint16_t port, const std::string& name) {
    const auto [status, body] = http_get(port, "/api/players/" + name);
    const auto page = json::parse(body, nullptr, false);
    if (status != 200 || !page.is_object() || page.at("ratings").empty()) return 1500;
    return page.at("ratings")[0].at("rating").get<int>();
  };
  const auto until = std::chrono::steady_clock::now() + 5s;
  while (rating_on(n.a->port(), "alice") == 1500 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(50ms);
  }
  const int lost = rating_on(n.a->port(), "alice");
  CHECK(lost < 1500);
  CHECK(rating_on(n.b->port(), "alice") == lost);
  CHECK(rating_on(n.a->port(), "bob") > 1500);
  CHECK(laptop->request(seek_blitz(3, true), "seeking").at("seek").at("rating") == lost);

  // A device logged out on node B no longer opens alice's account on node A, where a
  // connection still holds the identity that token opened.
  const auto device = in.at("token").get<std::string>();
  auto held = std::make_unique<ws_client>(n.a->port());
  held->request({{"type", "hello"}, {"name", "alice"}, {"token", device}}, "welcome");
  laptop->request({{"type", "logout"}, {"id", "out"}}, "logged_out");
  json again;
  const auto revoke_by = std::chrono::steady_clock::now() + 3s;
  do {
    ws_client other(n.a->port());
    REQUIRE(other.send({{"type", "hello"}, {"name", "alice"}, {"token", device}, {"id", "h"}}));
    const auto got = other.recv(5s);
    REQUIRE(got);
    again = *got;
    if (again.at("type") == "error") break;
    std::this_thread::sleep_for(50ms);
  } while (std::chrono::steady_clock::now() < revoke_by);
  CHECK(again.at("code") == "bad_token");
}
