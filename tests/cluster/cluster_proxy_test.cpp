// The cluster as deployed: real HAProxy (docker/haproxy.cfg) in front of three real nodes
// sharing one Redis and one PostgreSQL. What the proxy must do: answer /healthz, spread new
// connections over the nodes, reach a named node by its path, carry a whole game over
// WebSockets, and take a killed node out of its pool while everything else keeps working.
//
// Here the game's second player and its spectator reach the room's node by its /node/<id>/
// path; a game spread over the nodes through plain /ws is cluster_e2e_test's.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <thread>

#include "support/game_search.hpp"
#include "support/local_cluster.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"
#include "support/ws_client.hpp"

using namespace std::chrono_literals;
using namespace ringside::test;
using ringside::zertz::variant;

namespace {

json healthz(std::uint16_t port, const std::string& path = "/healthz") {
  const auto [status, body] = http_get(port, path);
  REQUIRE(status == 200);
  return json::parse(body);
}

std::int64_t node_connections(local_cluster& c, std::size_t i) {
  return healthz(c.node_port(i)).at("connections").get<std::int64_t>();
}

// Polls until every node's own /healthz counts `want[i]` WebSocket connections.
bool connections_become(local_cluster& c, const std::array<std::int64_t, 3>& want) {
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  do {
    bool all = true;
    for (std::size_t i = 0; i < local_cluster::size; ++i)
      all = all && (!c.node_running(i) || node_connections(c, i) == want[i]);
    if (all) return true;
    std::this_thread::sleep_for(20ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

}  // namespace

TEST_CASE("through HAProxy: /healthz, new connections spread over the nodes, a node by its path") {
  local_cluster cluster;
  const auto proxy = cluster.proxy_port();
  CHECK(healthz(proxy).at("status") == "ok");
  // Every node passes its first checks.
  for (std::size_t i = 0; i < local_cluster::size; ++i)
    CHECK(cluster.proxy().wait_status(local_cluster::node_id(i), "UP", 2s));

  // leastconn: three WebSockets in a row land one on each node.
  std::vector<std::unique_ptr<ws_client>> clients;
  for (int k = 0; k < 3; ++k) {
    clients.push_back(std::make_unique<ws_client>(proxy, ws_client::at_path{"/ws"}));
    clients.back()->hello("p" + std::to_string(k));
  }
  CHECK(connections_become(cluster, {1, 1, 1}));

  // /node/<id>/ reaches that node only: a fourth connection by node-c's path lands there.
  ws_client pinned(proxy, ws_client::at_path{local_cluster::via_node(2, "/ws")});
  pinned.hello("pinned");
  CHECK(connections_become(cluster, {1, 1, 2}));
  CHECK(healthz(proxy, local_cluster::via_node(2, "/healthz")).at("connections") == 2);
  CHECK(http_get(proxy, "/node/node-x/healthz").first == 503);
}

namespace {

// The next message on `v` that is not `room`'s snapshot sent unasked: a room made through a node
// that does not own it sends its creator one once that node listens to it, whenever that is.
// The view takes it when it is not older than its copy; patches it covers are passed over.
json next_asked(seat_view& v, const std::string& room) {
  for (;;) {
    auto m = v.conn->recv(std::chrono::seconds(5));
    REQUIRE_MESSAGE(m.has_value(), "got nothing");
    const auto type = m->value("type", "");
    if (type == "snapshot" && m->value("room", "") == room && !m->contains("re")) {
      v.mirror.adopt(m->at("state"), m->at("version").get<std::int64_t>());
      continue;
    }
    if (type == "patch" && m->at("version").get<std::int64_t>() <= v.version()) continue;
    return *m;
  }
}

json next_patch(seat_view& v, const std::string& room) {
  auto m = next_asked(v, room);
  INFO("message: " << m.dump());
  REQUIRE(m.value("type", "") == "patch");
  return m;
}

}  // namespace

TEST_CASE("a whole game through HAProxy, the second player and a spectator on the room's node") {
  const auto g = find_game(variant::blitz, [](const ringside::zertz::game& end, const auto&) {
    return end.outcome()->reason == "win_condition";
  });
  local_cluster cluster({.node_flags = unlimited_messages});
  const auto proxy = cluster.proxy_port();

  std::array<seat_view, 2> seats;
  seats[0].conn = std::make_unique<ws_client>(proxy, ws_client::at_path{"/ws"});
  seats[0].conn->hello("alice");
  const auto created = seats[0].conn->request(
      {{"type", "create_room"}, {"game", "zertz"}, {"seat", "first"}, {"variant", "blitz"}},
      "joined");
  const std::string room = created.at("room");
  seats[0].mirror.reset(created.at("state"), created.at("version"));
  const auto owner = cluster.node_with_rooms(1);
  REQUIRE(owner < local_cluster::size);

  seats[1].conn =
      std::make_unique<ws_client>(proxy, ws_client::at_path{local_cluster::via_node(owner, "/ws")});
  seats[1].conn->hello("bob");
  const auto joined =
      seats[1].conn->request({{"type", "join"}, {"room", room}, {"as", "player"}}, "joined");
  seats[1].mirror.reset(joined.at("state"), joined.at("version"));
  apply_patch(seats[0], next_patch(seats[0], room));

  seat_view watcher;
  watcher.conn =
      std::make_unique<ws_client>(proxy, ws_client::at_path{local_cluster::via_node(owner, "/ws")});
  watcher.conn->hello("eve");
  const auto watching =
      watcher.conn->request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");
  watcher.mirror.reset(watching.at("state"), watching.at("version"));
  // The arrival is one version of its own, sent to everyone (the spectator count).
  for (auto* view : {&seats[0], &seats[1], &watcher}) apply_patch(*view, next_patch(*view, room));

  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    auto& mover = seats[static_cast<std::size_t>(seats[0].state().at("to_move").get<int>() - 1)];
    const json req{{"type", "move"},
                   {"room", room},
                   {"move", g.moves[i]},
                   {"version", mover.version()},
                   {"id", "m" + std::to_string(i)}};
    REQUIRE(mover.conn->send(req));
    const auto ack = next_asked(mover, room);
    INFO("message: " << ack.dump());
    REQUIRE(ack.value("type", "") == "ack");
    REQUIRE(ack.at("re") == req.at("id"));
    const auto version = ack.at("version").get<std::int64_t>();
    for (auto* view : {&seats[0], &seats[1], &watcher})
      while (view->version() < version) apply_patch(*view, next_patch(*view, room));
  }
  const auto& s = seats[0].state();
  CHECK(s.at("status") == "finished");
  CHECK(s.at("result").at("winner") == g.result.winner);
  CHECK(s.at("zip") == g.final_zip);
  CHECK(seats[1].state().at("zip") == g.final_zip);
  CHECK(watcher.state().at("zip") == g.final_zip);
  // Every move is in the nodes' shared store.
  auto& postgres = ringside::test_support::postgres_cluster::shared();
  CHECK(postgres.query_one(cluster.store_database(),
                           "SELECT count(*) FROM moves WHERE room_id = '" + room + "'") ==
        std::to_string(g.moves.size()));
}

TEST_CASE("a SIGKILLed node leaves HAProxy's pool, /healthz keeps answering, its client returns") {
  local_cluster cluster;
  const auto proxy = cluster.proxy_port();
  std::vector<std::unique_ptr<ws_client>> clients;
  std::vector<std::string> tokens, players;
  for (int k = 0; k < 3; ++k) {
    clients.push_back(std::make_unique<ws_client>(proxy, ws_client::at_path{"/ws"}));
    const auto welcome = clients.back()->hello("p" + std::to_string(k));
    tokens.push_back(welcome.at("token"));
    players.push_back(welcome.at("player"));
  }
  REQUIRE(connections_become(cluster, {1, 1, 1}));

  const auto killed_at = std::chrono::steady_clock::now();
  cluster.kill_node(1);
  // Until the checks find it dead, and after, every /healthz through the proxy is answered.
  int answered = 0;
  while (cluster.proxy().server_status("node-b") != "DOWN") {
    REQUIRE(std::chrono::steady_clock::now() - killed_at < 3s);
    CHECK(http_get(proxy, "/healthz").first == 200);
    ++answered;
  }
  const auto out_after = std::chrono::steady_clock::now() - killed_at;
  MESSAGE("node-b out of the pool after "
          << std::chrono::duration_cast<std::chrono::milliseconds>(out_after).count() << " ms, "
          << answered << " /healthz answered meanwhile");
  for (int k = 0; k < 10; ++k) CHECK(http_get(proxy, "/healthz").first == 200);
  CHECK(http_get(proxy, local_cluster::via_node(1, "/healthz")).first == 503);

  // Exactly the client that was on node-b lost its connection; it reconnects through the
  // proxy with its token, reaches a live node, and is the same player (the store is shared).
  // The first wait is the long one: by its end any closed connection has been seen closed.
  std::size_t lost = clients.size();
  for (std::size_t k = 0; k < clients.size(); ++k) {
    if (clients[k]->wait_closed(k == 0 ? 1s : 100ms) != -1 || clients[k]->closed()) {
      CHECK(lost == clients.size());
      lost = k;
    }
  }
  REQUIRE(lost < clients.size());
  clients[lost] = std::make_unique<ws_client>(proxy, ws_client::at_path{"/ws"});
  const auto back = clients[lost]->request(
      {{"type", "hello"}, {"name", "p" + std::to_string(lost)}, {"token", tokens[lost]}},
      "welcome");
  CHECK(back.at("player") == players[lost]);
  CHECK(node_connections(cluster, 0) + node_connections(cluster, 2) == 3);

  // Started again on its port, the node is back in the pool after two good checks.
  cluster.restart_node(1);
  CHECK(cluster.proxy().wait_status("node-b", "UP", 3s));
  CHECK(healthz(proxy, local_cluster::via_node(1, "/healthz")).at("status") == "ok");
}
