// The cluster end to end, as players meet it: every client connects through the real HAProxy
// on plain /ws and lands on whichever node leastconn picks; the nodes forward to each room's
// owner. A SIGKILLed owner and a rolling restart (each node in turn stopped with SIGTERM and
// started again) must cost no game: the clients whose node went reconnect through the proxy
// with their tokens, every game finishes, and the shared PostgreSQL store holds every acked
// move exactly once. So must ten SIGKILLs of random nodes (seeded) during a run of two dozen
// games, each node started again at once.
#include <doctest/doctest.h>

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
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
using steady = std::chrono::steady_clock;

namespace {

std::int64_t connections_on(local_cluster& c, std::size_t i) {
  if (!c.node_running(i)) return 0;
  const auto [status, body] = http_get(c.node_port(i), "/healthz");
  return status == 200 ? json::parse(body).value("connections", std::int64_t{0}) : 0;
}

// One client of the cluster: through the proxy on /ws, back through it with its token when
// its node goes, and into its room again.
struct roaming_client {
  std::uint16_t proxy = 0;
  std::string name;
  std::string room;
  std::string as = "player";
  seat_view view;
  int reconnects = 0;
  int requests = 0;
  int missed = 0;  // patches that never came (found by a sync after a silence)

  roaming_client(std::uint16_t proxy_port, std::string who)
      : proxy(proxy_port), name(std::move(who)) {}

  void connect() {
    view.conn = std::make_unique<ws_client>(proxy, ws_client::at_path{"/ws"});
    json hello{{"type", "hello"}, {"name", name}};
    if (!view.token.empty()) hello["token"] = view.token;
    const auto welcome = view.conn->request(hello, "welcome");
    if (!view.player.empty()) REQUIRE(welcome.at("player") == view.player);
    view.token = welcome.at("token");
    view.player = welcome.at("player");
  }

  // Asks for `msg` until the room's owner answers it with `want` (a room between owners
  // answers with an error for a moment); keeps the room's patches and snapshots meanwhile.
  json ask(json msg, const std::string& want) {
    json last;  // the last refusal, for the failure's message
    for (int attempt = 0; attempt < 100; ++attempt) {
      if (!view.conn || view.conn->closed()) return {};
      const std::string id = name + "-" + std::to_string(++requests);
      msg["id"] = id;
      if (!view.conn->send(msg)) return {};
      for (;;) {
        auto m = view.conn->recv(5s);
        if (!m) {
          REQUIRE_MESSAGE(view.conn->closed(), name << " waited in vain for " << want);
          return {};
        }
        if (keep(*m)) continue;
        if (m->value("re", json()) != id) continue;
        if (m->at("type") == want) return *m;
        REQUIRE_MESSAGE(m->at("type") == "error", m->dump());
        if (m->at("code") == "stale_version") return *m;
        last = *m;
        break;
      }
      std::this_thread::sleep_for(50ms);
    }
    std::string owner_view = "(no snapshot)";
    if (view.conn && !view.conn->closed() &&
        view.conn->send({{"type", "sync"}, {"room", room}, {"id", "why"}})) {
      for (int i = 0; i < 50; ++i) {
        auto m = view.conn->recv(2s);
        if (!m) break;
        if (m->value("re", json()) == "why") {
          owner_view = m->dump().substr(0, 300);
          if (m->contains("state"))
            owner_view = "version " + m->at("version").dump() + " ply " +
                         m->at("state").at("ply").dump() + " to_move " +
                         m->at("state").at("to_move").dump();
          break;
        }
      }
    }
    FAIL(name << ": no " << want << " after 100 attempts; the last answer: " << last.dump()
              << "; this client's view: version " << view.version() << " ply "
              << view.state().at("ply") << " to_move " << view.state().at("to_move")
              << "; the room says: " << owner_view);
    return {};
  }

  // Back through the proxy with the same token, and in the same room, seat or seat in the
  // stands.
  void rejoin() {
    ++reconnects;
    for (int attempt = 0; attempt < 20; ++attempt) {
      connect();
      const auto joined = ask({{"type", "join"}, {"room", room}, {"as", as}}, "joined");
      if (joined.is_null()) continue;  // that node went too
      view.mirror.reset(joined.at("state"), joined.at("version"));
      return;
    }
    FAIL(name << " could not come back");
  }

  // A message of the room, kept; false for anything else.
  bool keep(const json& m) {
    if (m.at("type") == "patch" && m.value("room", room) == room) {
      // A new owner numbers its versions past the old one's: a gap, so sync, as clients do.
      const auto got = view.mirror.apply(m.at("ops"), m.at("version").get<std::int64_t>());
      using outcome = ringside::client::room_mirror::patch_outcome;
      if (got == outcome::gap || got == outcome::failed) resync();
      return true;
    }
    if ((m.at("type") == "snapshot" || m.at("type") == "joined") && !m.contains("re") &&
        m.value("room", room) == room) {
      view.mirror.reset(m.at("state"), m.at("version"));
      return true;
    }
    return !m.contains("re");
  }

  void resync() {
    view.mirror.await_snapshot();
    view.conn->send({{"type", "sync"}, {"room", room}});
  }

  // Reads until the room is at `version` at least, coming back if the connection went.
  void catch_up(std::int64_t version) {
    const auto deadline = steady::now() + 10s;
    while (view.version() < version || view.mirror.awaiting_snapshot()) {
      REQUIRE_MESSAGE(steady::now() < deadline,
                      name << " stopped at version " << view.version() << " of " << version);
      if (view.conn->closed()) {
        rejoin();
        continue;
      }
      auto m = view.conn->recv(1s);
      if (m) {
        keep(*m);
      } else if (!view.conn->closed()) {
        // Behind and nothing comes: a patch was missed (or the room was between owners when
        // the last sync went). A client learns it from its next patch or a stale_version; here
        // the test asks at once, and counts it.
        if (!view.mirror.awaiting_snapshot()) ++missed;
        resync();
      }
    }
  }

  // Reads what has come, without waiting; true when the connection is gone.
  bool absorb() {
    while (!view.conn->closed()) {
      auto m = view.conn->recv(1ms);
      if (!m) break;
      keep(*m);
    }
    return view.conn->closed();
  }

  // Plays `move` until the room has it: acked, or seen played after an answer that never came
  // (the owner went between its commit and the ack). The ply decides, as only the mover moves.
  std::int64_t play(const std::string& move) {
    for (int attempt = 0; attempt < 50; ++attempt) {
      if (view.conn->closed()) rejoin();
      const auto ply = view.state().at("ply").get<std::int64_t>();
      const auto answer = ask(
          {{"type", "move"}, {"room", room}, {"move", move}, {"version", view.version()}}, "ack");
      if (!answer.is_null() && answer.at("type") == "ack") return answer.at("version");
      if (answer.is_null()) {
        rejoin();
      } else {
        // stale_version: the room's snapshot follows the error.
        const auto snap = view.conn->next_of("snapshot");
        view.mirror.reset(snap.at("state"), snap.at("version"));
      }
      if (view.state().at("ply").get<std::int64_t>() > ply) return view.version();
    }
    FAIL(name << " could not play " << move);
    return 0;
  }
};

// Two players (and maybe spectators) of one game found by the engine.
struct cluster_game {
  found_game g;
  std::vector<std::unique_ptr<roaming_client>> members;  // seat 1, seat 2, spectators
  std::size_t next = 0;
  std::int64_t version = 0;

  bool over() const { return next == g.moves.size(); }
  roaming_client& seat(int s) { return *members[static_cast<std::size_t>(s - 1)]; }

  // Everyone catches up, then the one to move plays the next move.
  void step() {
    for (auto& m : members) m->catch_up(version);
    auto& mover = seat(seat(1).view.state().at("to_move").get<int>());
    version = std::max(version, mover.play(g.moves[next]));
    ++next;
  }
};

// Seat 1 creates the room through the proxy; seat 2 and the spectators join it.
void open_game(cluster_game& game) {
  auto& first = game.seat(1);
  const auto created = first.ask(
      {{"type", "create_room"}, {"game", "zertz"}, {"seat", "first"}, {"variant", "blitz"}},
      "joined");
  REQUIRE(!created.is_null());
  first.room = created.at("room");
  first.view.mirror.reset(created.at("state"), created.at("version"));
  for (std::size_t k = 1; k < game.members.size(); ++k) {
    auto& m = *game.members[k];
    m.room = first.room;
    m.as = k == 1 ? "player" : "spectator";
    const auto joined = m.ask({{"type", "join"}, {"room", m.room}, {"as", m.as}}, "joined");
    REQUIRE(!joined.is_null());
    m.view.mirror.reset(joined.at("state"), joined.at("version"));
    game.version = std::max(game.version, joined.at("version").get<std::int64_t>());
  }
}

// The k-th finished playout the engine finds (a different game for each k).
found_game kth_game(int k) {
  int seen = 0;
  return find_game(variant::blitz,
                   [&](const ringside::zertz::game&, const auto&) { return seen++ == k; });
}

std::string stored(const local_cluster& c, const std::string& room) {
  return ringside::test_support::postgres_cluster::shared().query_one(
      c.store_database(),
      "SELECT count(*) || ' ' || count(DISTINCT ply) FROM moves WHERE room_id = '" + room + "'");
}

void check_finished(const local_cluster& c, cluster_game& game) {
  for (auto& m : game.members) {
    m->catch_up(game.version);
    CHECK(m->view.state().at("status") == "finished");
    CHECK(m->view.state().at("zip") == game.g.final_zip);
  }
  const auto n = std::to_string(game.g.moves.size());
  CHECK(stored(c, game.seat(1).room) == n + " " + n);
}

// `games` games through the proxy, two roaming players each, every room opened.
std::vector<cluster_game> open_games(local_cluster& c, int games) {
  std::vector<cluster_game> tables(static_cast<std::size_t>(games));
  for (int k = 0; k < games; ++k) {
    auto& t = tables[static_cast<std::size_t>(k)];
    t.g = kth_game(k);
    for (const char* seat : {"a", "b"}) {
      t.members.push_back(
          std::make_unique<roaming_client>(c.proxy_port(), "g" + std::to_string(k) + seat));
      t.members.back()->connect();
    }
    open_game(t);
  }
  return tables;
}

std::size_t shortest_game(const std::vector<cluster_game>& tables) {
  std::size_t shortest = tables.at(0).g.moves.size();
  for (const auto& t : tables) shortest = std::min(shortest, t.g.moves.size());
  return shortest;
}

// Plays one move of every unfinished game per round until all are over; `between(round)` runs
// before each round (the test's trouble goes there).
void play_rounds(std::vector<cluster_game>& tables,
                 const std::function<void(std::size_t round)>& between) {
  for (std::size_t round = 0;; ++round) {
    between(round);
    bool playing = false;
    for (auto& t : tables) {
      if (t.over()) continue;
      t.step();
      playing = true;
    }
    if (!playing) return;
  }
}

// Every game finished with every acked move stored exactly once; what it cost the clients.
struct run_tally {
  std::size_t moves = 0;
  int reconnects = 0;
  int missed = 0;
};
run_tally check_all_finished(const local_cluster& c, std::vector<cluster_game>& tables) {
  run_tally tally;
  for (auto& t : tables) {
    check_finished(c, t);
    for (auto& m : t.members) {
      tally.reconnects += m->reconnects;
      tally.missed += m->missed;
    }
    tally.moves += t.g.moves.size();
  }
  return tally;
}

// A load run's hundred clients all come from the proxy's one address: no per-address caps.
std::vector<std::string> load_run_flags() {
  auto flags = unlimited_messages;
  flags.insert(flags.end(), {"--identities-per-address", "0"});
  return flags;
}

std::int64_t ms_since(steady::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - start).count();
}

}  // namespace

TEST_CASE("a game spread over the nodes through /ws survives SIGKILL of its room's owner") {
  cluster_game game;
  game.g = kth_game(0);
  local_cluster cluster({.node_flags = unlimited_messages});
  const auto proxy = cluster.proxy_port();

  // leastconn: each new connection lands on the node holding fewest; note which one.
  std::vector<std::size_t> landed;
  for (const char* who : {"alice", "bob", "eve"}) {
    std::array<std::int64_t, local_cluster::size> before{};
    for (std::size_t i = 0; i < local_cluster::size; ++i) before[i] = connections_on(cluster, i);
    game.members.push_back(std::make_unique<roaming_client>(proxy, who));
    game.members.back()->connect();
    std::size_t on = local_cluster::size;
    for (int poll = 0; poll < 100 && on == local_cluster::size; ++poll) {
      for (std::size_t i = 0; i < local_cluster::size; ++i)
        if (connections_on(cluster, i) > before[i]) on = i;
      if (on == local_cluster::size) std::this_thread::sleep_for(10ms);
    }
    REQUIRE(on < local_cluster::size);
    landed.push_back(on);
  }
  CHECK(std::set<std::size_t>(landed.begin(), landed.end()).size() >= 2);
  open_game(game);

  const auto half = game.g.moves.size() / 2;
  while (game.next < half) game.step();
  for (auto& m : game.members) m->catch_up(game.version);
  const auto owner = cluster.node_with_rooms(1);
  REQUIRE(owner < local_cluster::size);
  MESSAGE("nodes: alice " << landed[0] << ", bob " << landed[1] << ", eve " << landed[2]
                          << "; room on " << owner << "; SIGKILL after " << half << " moves");

  const auto killed_at = steady::now();
  cluster.kill_node(owner);
  // Those on the dead node see their connection go and come back through the proxy; the others
  // keep theirs.
  for (std::size_t k = 0; k < game.members.size(); ++k) {
    auto& m = *game.members[k];
    if (landed[k] != owner) continue;
    // The proxy passes the dead node's end of the tunnel on: closed, with no close frame.
    m.view.conn->wait_closed(3s);
    CHECK(m.view.conn->closed());
    m.rejoin();
    CHECK(m.view.state().at("status") == "playing");
  }
  while (!game.over()) game.step();
  MESSAGE(
      "SIGKILL to the game's end: "
      << std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - killed_at).count()
      << " ms");
  check_finished(cluster, game);
  for (std::size_t k = 0; k < game.members.size(); ++k) {
    INFO(game.members[k]->name);
    if (game.members[k]->missed > 0) MESSAGE(game.members[k]->missed << " patches missed");
    CHECK(game.members[k]->reconnects == (landed[k] == owner ? 1 : 0));
    CHECK(!game.members[k]->view.conn->closed());
  }
  CHECK(game.seat(1).view.state().at("result").at("winner") == game.g.result.winner);
}

TEST_CASE("a rolling restart during 50 games: each node in turn SIGTERMed and started again") {
  constexpr int games = 50;
  local_cluster cluster({.node_flags = load_run_flags()});
  const auto began = steady::now();
  auto tables = open_games(cluster, games);
  const auto shortest = shortest_game(tables);

  // A node goes at a quarter, half and three quarters of the shortest game.
  std::size_t restarted = 0;
  std::vector<std::int64_t> restart_ms;
  play_rounds(tables, [&](std::size_t round) {
    if (restarted >= local_cluster::size || round != shortest * (restarted + 1) / 4) return;
    const auto i = restarted++;
    const auto started = steady::now();
    REQUIRE(::kill(cluster.node(i).pid(), SIGTERM) == 0);
    // The node says 1001 to its clients and waits for them: they read it and reconnect.
    while (cluster.node_running(i)) {
      REQUIRE(steady::now() - started < 10s);
      for (auto& t : tables)
        for (auto& m : t.members)
          if (m->absorb()) m->rejoin();
      std::this_thread::sleep_for(5ms);
    }
    cluster.restart_node(i);
    restart_ms.push_back(ms_since(started));
    CHECK(cluster.proxy().wait_status(local_cluster::node_id(i), "UP", 3s));
  });
  REQUIRE(restarted == local_cluster::size);
  const auto tally = check_all_finished(cluster, tables);
  MESSAGE(games << " games, " << tally.moves << " moves, " << tally.reconnects << " reconnects, "
                << tally.missed << " patches missed; SIGTERM to restarted: " << restart_ms[0]
                << ", " << restart_ms[1] << ", " << restart_ms[2] << " ms; whole run "
                << ms_since(began) << " ms");
  // Every client was on some node that went.
  CHECK(tally.reconnects >= 2 * games);
}

TEST_CASE("ten random SIGKILLs during a load run: no acked move lost, none applied twice") {
  constexpr int games = 24;
  constexpr std::size_t kills = 10;
  // Seeded: the same nodes die at the same points of the same games every run.
  std::mt19937 rng(27);
  local_cluster cluster({.node_flags = load_run_flags()});
  const auto began = steady::now();
  auto tables = open_games(cluster, games);
  const auto shortest = shortest_game(tables);
  // A seat is answered once it is in the store, so the first kill, which may come at once,
  // can take no seat a player was told of.
  CHECK(ringside::test_support::postgres_cluster::shared().query_one(
            cluster.store_database(),
            "SELECT count(*) FROM rooms WHERE seat1_player IS NOT NULL AND seat2_player IS NOT "
            "NULL") == std::to_string(games));

  // Spread over the shortest game, each kill followed at once by a fresh process for the node
  // (same id, same port), so three nodes stay up; its rooms go to whoever claims them first.
  std::vector<std::size_t> victims;
  play_rounds(tables, [&](std::size_t round) {
    while (victims.size() < kills && round >= shortest * (victims.size() + 1) / (kills + 1)) {
      const auto i = static_cast<std::size_t>(rng() % local_cluster::size);
      cluster.kill_node(i);
      cluster.restart_node(i);
      victims.push_back(i);
      CHECK(cluster.proxy().wait_status(local_cluster::node_id(i), "UP", 3s));
    }
  });
  REQUIRE(victims.size() == kills);
  // Each game ended with its engine's own last position, every move of it stored once.
  const auto tally = check_all_finished(cluster, tables);
  std::string order;
  for (const auto i : victims) order += local_cluster::node_id(i).back();
  MESSAGE(games << " games, " << tally.moves << " moves, " << kills << " SIGKILLs (nodes " << order
                << "), " << tally.reconnects << " reconnects, " << tally.missed
                << " patches missed; whole run " << ms_since(began) << " ms");
  CHECK(tally.reconnects >= static_cast<int>(kills));
}

// A room on one node (its owner) with bob seated from another: the owner runs a stand-in
// for him. Every node has seen every other's heartbeat first, so each knows the run it will
// see change when a node starts again under its id.
struct restart_scene {
  local_cluster cluster;
  std::string room;
  std::size_t owner = local_cluster::size;
  std::size_t other = local_cluster::size;  // bob's node
  std::string bob_token;
  std::unique_ptr<ws_client> bob;
  std::unique_ptr<ws_client> sam;  // on the owner, to ask it how the room stands
  int syncs = 0;

  explicit restart_scene(std::string node_ttl)
      : cluster({.node_ttl = std::move(node_ttl), .node_flags = unlimited_messages}) {
    for (std::size_t i = 0; i < local_cluster::size; ++i) {
      bool all_seen = false;
      // Within a census (a third of the ttl) of the last node's start.
      for (int poll = 0; poll < 600 && !all_seen; ++poll) {
        all_seen = metric_line(i, "ringside_cluster_nodes_live 3");
        if (!all_seen) std::this_thread::sleep_for(20ms);
      }
      REQUIRE(all_seen);
    }
    ws_client alice(cluster.node_port(0));
    alice.hello("alice");
    const auto created = alice.request({{"type", "create_room"},
                                        {"game", "zertz"},
                                        {"variant", "standard"},
                                        {"seat", "first"},
                                        {"id", "c"}},
                                       "joined");
    room = created.at("room");
    for (int poll = 0; poll < 100 && owner == local_cluster::size; ++poll) {
      owner = cluster.node_with_rooms(1);
      if (owner == local_cluster::size) std::this_thread::sleep_for(20ms);
    }
    REQUIRE(owner < local_cluster::size);
    other = (owner + 1) % local_cluster::size;
    bob = std::make_unique<ws_client>(cluster.node_port(other));
    bob_token = bob->hello("bob").at("token");
    REQUIRE(bob->send({{"type", "join"}, {"room", room}, {"as", "player"}, {"id", "j"}}));
    REQUIRE(bob->next_of("joined").at("seat") == 2);
    sam = std::make_unique<ws_client>(cluster.node_port(owner));
    sam->hello("sam");
    REQUIRE(bob_online());
  }

  bool metric_line(std::size_t node, const std::string& line) {
    const auto [status, metrics] = http_get(cluster.node_port(node), "/metrics");
    return status == 200 && metrics.find("\n" + line + "\n") != std::string::npos;
  }

  // Whether the owner shows bob's seat online.
  bool bob_online() {
    const std::string id = "s" + std::to_string(++syncs);
    REQUIRE(sam->send({{"type", "sync"}, {"room", room}, {"id", id}}));
    for (;;) {
      const auto m = sam->next_of("snapshot");
      if (m.value("re", json()) == id) return m.at("state").at("players").at(1).at("online");
    }
  }
};

TEST_CASE(
    "a node started again under its id is noticed at the next census: the seats of its last "
    "run's clients go offline on the room's owner") {
  // A heartbeat ttl far longer than the restart: the old run is never seen dead, so only its
  // run token tells the others it went.
  restart_scene scene("5");
  scene.cluster.kill_node(scene.other);
  const auto killed = steady::now();
  scene.cluster.restart_node(scene.other);
  bool offline = false;
  for (int attempt = 1; attempt < 200 && !offline && steady::now() - killed < 8s; ++attempt) {
    offline = !scene.bob_online();
    if (!offline) std::this_thread::sleep_for(50ms);
  }
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - killed);
  MESSAGE("bob's seat offline on the owner " << took.count()
                                             << " ms after his node was killed and restarted");
  REQUIRE(offline);
  // Within the restart and a beat (a third of the 5 s ttl), well before the ttl.
  CHECK(took < 4500ms);
  CHECK(scene.metric_line(scene.owner, "ringside_cluster_nodes_restarted_total 1"));
}

TEST_CASE(
    "a client of a node's new run, seated before the owner's census tells of the restart, "
    "stays seated and answered when it does") {
  // A census every 5 s (a third of the ttl): bob is back through his node's new run well
  // before the owner's next census sees the run change.
  restart_scene scene("15");
  scene.cluster.kill_node(scene.other);
  scene.cluster.restart_node(scene.other);
  ws_client back(scene.cluster.node_port(scene.other));
  REQUIRE(back.request({{"type", "hello"}, {"name", "bob"}, {"token", scene.bob_token}}, "welcome")
              .at("token") == scene.bob_token);
  REQUIRE(back.send({{"type", "join"}, {"room", scene.room}, {"as", "player"}, {"id", "j2"}}));
  REQUIRE(back.next_of("joined").at("seat") == 2);
  // What this case is about: the owner served the new run before it knew of the restart.
  REQUIRE(scene.metric_line(scene.owner, "ringside_cluster_nodes_restarted_total 0"));
  bool noticed = false;
  for (int poll = 0; poll < 300 && !noticed; ++poll) {
    noticed = scene.metric_line(scene.owner, "ringside_cluster_nodes_restarted_total 1");
    if (!noticed) std::this_thread::sleep_for(50ms);
  }
  REQUIRE(noticed);
  // Only the last run's clients went: bob's seat, held by the new run's connection, stays
  // online, and his next request is answered.
  CHECK(scene.bob_online());
  REQUIRE(back.send({{"type", "sync"}, {"room", scene.room}, {"id", "after"}}));
  for (;;) {
    const auto m = back.next_of("snapshot");
    if (m.value("re", json()) == "after") break;
  }
}
