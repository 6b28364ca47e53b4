// Nodes that share one PostgreSQL store and one Redis survive losing a node: a SIGKILLed
// node's room is adopted by a survivor as soon as its lease runs out, a SIGTERMed node's at
// once, and its players reconnect to the survivor with their tokens and finish the game; a
// stale owner that still trusts its lease cannot commit, because the store checks the epoch
// in the write's own transaction. Every acknowledged move is in the store exactly once.
#include <doctest/doctest.h>

#include <signal.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/cluster/room_lease.hpp"
#include "server/postgres_connection.hpp"
#include "support/node_flags.hpp"
#include "support/postgres_cluster.hpp"
#include "support/process_stop.hpp"
#include "support/redis_server.hpp"
#include "support/redis_watch.hpp"
#include "support/server_checks.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"
#include "support/ws_client.hpp"

using namespace std::chrono_literals;
using namespace ringside::test;
using ringside::server::postgres_connection;
using ringside::server::cluster::room_lease;
using ringside::test_support::postgres_cluster;
using steady = std::chrono::steady_clock;

namespace {

// One node of the cluster under test: the shared store, the shared Redis.
std::vector<std::string> node(const redis_server& r, const std::string& store,
                              const std::string& id, const std::string& lease_ttl = "1",
                              const std::string& idle_transaction_ms = "5000") {
  return node_flags({.redis = r.url(), .id = id, .store = store, .lease_ttl = lease_ttl},
                    {"--store-idle-transaction-timeout-ms", idle_transaction_ms});
}

// A player back on `port` with the token of `seat`: hello, then the room's `joined` (sent by
// the hello when the node holds the room already, else asked for with a join).
json reconnect(seat_view& seat, std::uint16_t port, const std::string& room) {
  seat.conn = std::make_unique<ws_client>(port);
  const json welcome =
      seat.conn->request({{"type", "hello"}, {"name", "x"}, {"token", seat.token}}, "welcome");
  REQUIRE(welcome.at("player") == seat.player);
  if (auto m = seat.conn->recv(300ms); m && m->at("type") == "joined" && m->at("room") == room) {
    seat.mirror.reset(m->at("state"), m->at("version"));
    return *m;
  }
  const json joined =
      seat.conn->request({{"type", "join"}, {"room", room}, {"as", "player"}}, "joined");
  seat.mirror.reset(joined.at("state"), joined.at("version"));
  return joined;
}

// Reads what `v` was sent until it is quiet, applying the room's patches.
void settle(seat_view& v) {
  while (auto m = v.conn->recv(150ms)) {
    if (m->at("type") == "patch") apply_patch(v, *m);
  }
}

// Sends `v`'s next placement in `room` as seat `s`; returns the answer (an ack, or an
// error), applying the patches that come before it.
json send_move(seat_view& v, const std::string& room, int s, const std::string& id) {
  const json req{{"type", "move"},
                 {"room", room},
                 {"move", placement(v.state(), s == 1 ? "W" : "G")},
                 {"version", v.version()},
                 {"id", id}};
  v.conn->send(req);
  for (;;) {
    auto m = v.conn->recv(5s);
    REQUIRE(m.has_value());
    if (m->at("type") == "ack" || m->at("type") == "error") return *m;
    if (m->at("type") == "patch") apply_patch(v, *m);
  }
}

// Seat `s` plays its next placement; both seats take the patch.
void play_next(table& t, int s) {
  settle(t.seat(1));
  settle(t.seat(2));
  t.play(s, placement(t.seat(s).state(), s == 1 ? "W" : "G"));
}

std::string plies_stored(postgres_cluster& pg, const std::string& db, const std::string& room) {
  return pg.query_one(db,
                      "SELECT count(*) || ' ' || count(DISTINCT ply) || ' ' || "
                      "coalesce(max(ply), 0) FROM moves WHERE room_id = '" +
                          room + "'");
}

// Stops `pid`, a node, between two of its store transactions. Stopped inside one, it would
// hold its room's row lock, and the other node's takeover would wait until it ran again: a
// node paused inside a transaction is another case than a node paused past its lease.
void stop_between_transactions(pid_t pid, postgres_cluster& pg, const std::string& db) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    REQUIRE(stop_process(pid));
    if (pg.query_one(db,
                     "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                     "AND state LIKE 'idle in transaction%'") == "0") {
      return;
    }
    REQUIRE(::kill(pid, SIGCONT) == 0);
    std::this_thread::sleep_for(20ms);
  }
  FAIL("the node was inside a store transaction at every stop");
}

// Polls `sql` (one value) until it reads `want`; false past `limit`.
bool reads_soon(postgres_cluster& pg, const std::string& db, const std::string& sql,
                const std::string& want, std::chrono::milliseconds limit) {
  const auto deadline = steady::now() + limit;
  while (pg.query_one(db, sql) != want) {
    if (steady::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

// Stops `pid`, a node, inside the store transaction that writes the move seat `s` of `t`
// sends. The test's own session holds the moves table, so the write waits there, past the
// room's fence (its row locked); the node is stopped while it waits and the table let go:
// the statement ends, and the session then waits inside its transaction for a node that
// does not run, as a node paused there by chance would. Returns when the node was stopped.
steady::time_point stop_inside_move_write(pid_t pid, postgres_cluster& pg, const std::string& db,
                                          const std::string& backend, table& t, int s) {
  auto holder = postgres_connection::open(pg.url(db));
  REQUIRE(holder);
  REQUIRE((*holder)->exec("BEGIN"));
  REQUIRE((*holder)->exec("LOCK TABLE moves IN SHARE MODE"));
  auto& v = t.seat(s);
  v.conn->send({{"type", "move"},
                {"room", t.room()},
                {"move", placement(v.state(), s == 1 ? "W" : "G")},
                {"version", v.version()},
                {"id", "paused"}});
  REQUIRE(reads_soon(pg, db,
                     "SELECT count(*) FROM pg_stat_activity WHERE pid = " + backend +
                         " AND wait_event_type = 'Lock'",
                     "1", 3s));
  REQUIRE(stop_process(pid));
  const auto stopped_at = steady::now();
  REQUIRE((*holder)->exec("COMMIT"));
  REQUIRE(reads_soon(pg, db,
                     "SELECT count(*) FROM pg_stat_activity a WHERE a.pid = " + backend +
                         " AND a.state = 'idle in transaction' AND EXISTS (SELECT 1 FROM "
                         "pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE l.pid = a.pid "
                         "AND c.relname = 'rooms')",
                     "1", 2s));
  return stopped_at;
}

// The same player as `seat`, not yet connected: to reconnect with its token elsewhere.
seat_view same_player(const seat_view& seat) {
  seat_view moved;
  moved.token = seat.token;
  moved.player = seat.player;
  return moved;
}

// Lets a node paused with `stale`'s move on its way run again, and reads `stale`'s connection
// to its end: the move is refused (never acknowledged) and the node, which lost the room
// meanwhile, closes the seat.
void resume_and_expect_refusal(pid_t paused, seat_view& stale) {
  REQUIRE(::kill(paused, SIGCONT) == 0);
  bool acked = false;
  while (auto m = stale.conn->recv(3s)) {
    if (m->at("type") == "ack") acked = true;
    if (m->at("type") == "error") CHECK(m->at("code") == "internal_error");
  }
  CHECK_FALSE(acked);
  CHECK(stale.conn->closed());
}

// node-a owns a fresh game's room, and only then node-b starts: with placement on the least
// loaded node, a room made while both were up could land on node-b.
struct room_on_a_then_b {
  postgres_cluster& pg = postgres_cluster::shared();
  std::string db = pg.create_database();
  redis_server redis;
  server_process a;
  redis_watch o{redis};
  table t;
  bool owned_by_a = owned_by_a_before_b_starts(o, t);
  // node-a's session in the store (its journal's), found before node-b has one.
  std::string a_backend;
  server_process b;

  explicit room_on_a_then_b(const std::string& lease_ttl = "1",
                            const json& create = {{"variant", "blitz"}},
                            const std::string& idle_transaction_ms = "5000")
      : a(node(redis, pg.url(db), "node-a", lease_ttl, idle_transaction_ms)),
        t(a.port(), create),
        a_backend(backend_of_a(pg, db)),
        b(node(redis, pg.url(db), "node-b", lease_ttl, idle_transaction_ms)) {}

 private:
  static bool owned_by_a_before_b_starts(redis_watch& o, table& t) {
    REQUIRE(o.owner_becomes(t.room(), "node-a", 3s));
    return true;
  }
  // Every session in the database but the test's own: node-a's alone while node-b is down.
  static std::string backend_of_a(postgres_cluster& pg, const std::string& db) {
    return pg.query_one(db,
                        "SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE "
                        "datname = current_database() AND pid <> pg_backend_pid()");
  }
};

// Long leases: node-a goes on trusting its lease for seconds after losing it.
struct room_with_long_leases : room_on_a_then_b {
  room_with_long_leases() : room_on_a_then_b("30") {}
};

// A 2 s lease: a stall of the whole machine of about a second (CI's, once) does not let the
// survivor's lease lapse, which would let the paused node, running again, claim the room back.
struct room_with_2s_leases : room_on_a_then_b {
  room_with_2s_leases() : room_on_a_then_b("2") {}
};

// A 6 s lease: adopting the room well within it means the handover did not wait for it.
struct room_with_6s_leases : room_on_a_then_b {
  room_with_6s_leases() : room_on_a_then_b("6") {}
};

// PostgreSQL ends node-a's session once its transaction has waited a second for its next
// statement; its lease runs out within a second too.
struct room_idle_transaction_bound_1s : room_on_a_then_b {
  room_idle_transaction_bound_1s() : room_on_a_then_b("1", {{"variant", "blitz"}}, "1000") {}
};

struct room_with_clock : room_on_a_then_b {
  room_with_clock()
      : room_on_a_then_b(
            "1", {{"variant", "blitz"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}}) {}
};

}  // namespace

TEST_CASE_FIXTURE(room_with_long_leases,
                  "a stale owner that still trusts its lease cannot commit: the store refuses it") {
  play_next(t, 1);
  CHECK(pg.query_one(db, "SELECT owner_epoch FROM rooms WHERE id = '" + t.room() + "'") == "1");

  // As if node-a had been paused past its lease: the lease is gone, and node-b takes the
  // room over when a player asks it for the room.
  o.command({"DEL", room_lease::owner_key(t.room())});
  seat_view elsewhere;
  elsewhere.token = t.seat(2).token;
  elsewhere.player = t.seat(2).player;
  const json joined = reconnect(elsewhere, b.port(), t.room());
  CHECK(joined.at("seat") == 2);
  CHECK(joined.at("state").at("ply") == 1);
  CHECK(o.owner(t.room())->node == "node-b");
  CHECK(o.owner(t.room())->epoch == 2);
  CHECK(pg.query_one(db, "SELECT owner_epoch FROM rooms WHERE id = '" + t.room() + "'") == "2");

  // node-a still trusts its lease, so its move reaches the store, which refuses it: never
  // acknowledged, and node-a gives the room up (its members are closed, to reconnect).
  const json refused = send_move(t.seat(2), t.room(), 2, "a2");
  CHECK(refused.at("type") == "error");
  CHECK(refused.at("code") == "internal_error");
  CHECK(t.seat(1).conn->wait_closed(3s) == 1001);
  CHECK(plies_stored(pg, db, t.room()) == "1 1 1");

  // The game goes on at node-b, each ply stored once.
  CHECK(send_move(elsewhere, t.room(), 2, "b1").at("type") == "ack");
  CHECK(plies_stored(pg, db, t.room()) == "2 2 2");
}

TEST_CASE_FIXTURE(
    room_on_a_then_b,
    "SIGKILL of a node mid-game: a survivor adopts the room and the game finishes there") {
  int acked = 0;
  for (int s : {1, 2}) {
    play_next(t, s);
    ++acked;
  }

  const auto killed_at = steady::now();
  a.stop(SIGKILL);
  // Noticed within --node-ttl, the lease free within --lease-ttl: node-b adopts the room.
  const auto adopted = o.owner_becomes(t.room(), "node-b", 4s);
  REQUIRE(adopted);
  CHECK(o.owner(t.room())->epoch == 2);
  // Both players come back to node-b with their tokens and get their seats.
  CHECK(reconnect(t.seat(1), b.port(), t.room()).at("seat") == 1);
  CHECK(reconnect(t.seat(2), b.port(), t.room()).at("seat") == 2);
  CHECK(t.seat(1).state().at("ply") == acked);
  CHECK(t.seat(1).state().at("status") == "playing");
  settle(t.seat(1));
  const json ack = send_move(t.seat(1), t.room(), 1, "b1");
  REQUIRE_MESSAGE(ack.at("type") == "ack", ack.dump());
  const auto playable =
      std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - killed_at);
  ++acked;
  MESSAGE("SIGKILL to room adopted by the survivor: "
          << adopted->count() << " ms; to the first move acked there: " << playable.count()
          << " ms (--lease-ttl 1 --node-ttl 1)");
  CHECK(playable < 3s);

  // The game finishes normally on node-b.
  settle(t.seat(2));
  t.seat(2).conn->send({{"type", "resign"}, {"room", t.room()}, {"id", "r"}});
  const auto deadline = steady::now() + 3s;
  std::string status;
  do {
    status = pg.query_one(db, "SELECT status FROM rooms WHERE id = '" + t.room() + "'");
    if (status != "finished") std::this_thread::sleep_for(20ms);
  } while (status != "finished" && steady::now() < deadline);
  CHECK(status == "finished");
  CHECK(pg.query_one(db, "SELECT result_reason FROM rooms WHERE id = '" + t.room() + "'") ==
        "resignation");
  const std::string n = std::to_string(acked);
  CHECK(plies_stored(pg, db, t.room()) == n + " " + n + " " + n);
}

TEST_CASE_FIXTURE(room_with_6s_leases,
                  "SIGTERM of a node: another node adopts its room at once, not after the ttl") {
  play_next(t, 1);
  const auto stopped_at = steady::now();
  CHECK(::kill(a.pid(), SIGTERM) == 0);
  const auto adopted = o.owner_becomes(t.room(), "node-b", 6s);
  REQUIRE(adopted);
  const auto after =
      std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - stopped_at);
  MESSAGE("SIGTERM to room adopted by the other node: " << after.count() << " ms (--lease-ttl 6)");
  CHECK(after < 2s);
  // The players come to node-b; their old connections' close lets node-a finish its exit.
  CHECK(reconnect(t.seat(2), b.port(), t.room()).at("seat") == 2);
  CHECK(reconnect(t.seat(1), b.port(), t.room()).at("seat") == 1);
  // Already leaving since the SIGTERM above: wait for its exit (a second SIGTERM would kill it).
  CHECK(a.stop(0) == 0);
  play_next(t, 2);
  CHECK(plies_stored(pg, db, t.room()) == "2 2 2");
}

TEST_CASE_FIXTURE(room_with_2s_leases,
                  "a node paused past its lease (SIGSTOP) commits nothing once it runs again") {
  play_next(t, 1);

  // node-a stops with a move on its way: the move waits in its socket.
  stop_between_transactions(a.pid(), pg, db);
  auto& stale = t.seat(2);
  stale.conn->send({{"type", "move"},
                    {"room", t.room()},
                    {"move", placement(stale.state(), "G")},
                    {"version", stale.version()},
                    {"id", "paused"}});
  // node-b adopts the room once node-a's lease runs out, and the player comes to it.
  REQUIRE(o.owner_becomes(t.room(), "node-b", 6s));
  seat_view moved = same_player(stale);
  CHECK(reconnect(moved, b.port(), t.room()).at("state").at("ply") == 1);

  // node-a runs again: the paused move is refused (never acknowledged) and node-a gives the
  // room up, closing its members.
  resume_and_expect_refusal(a.pid(), stale);
  CHECK(plies_stored(pg, db, t.room()) == "1 1 1");

  // The same move, played at node-b, counts once.
  CHECK(send_move(moved, t.room(), 2, "b1").at("type") == "ack");
  CHECK(plies_stored(pg, db, t.room()) == "2 2 2");
}

TEST_CASE_FIXTURE(room_on_a_then_b,
                  "epochs behind the store's (Redis started again empty) are raised past it") {
  play_next(t, 1);
  // As if Redis had lost its epochs after the store saw five owners of the room.
  pg.query_one(db, "UPDATE rooms SET owner_epoch = 5 WHERE id = '" + t.room() + "' RETURNING 1");
  // node-a (epoch 1) is refused by the store and gives the room up.
  CHECK(send_move(t.seat(2), t.room(), 2, "a2").at("code") == "internal_error");
  CHECK(t.seat(2).conn->wait_closed(3s) == 1001);
  a.stop(SIGKILL);

  // node-b's claim (epoch 2) is refused too, and raises Redis's epoch past the store's; the
  // room is then adopted with epoch 6 and the player gets its seat.
  seat_view& two = t.seat(2);
  std::optional<json> joined;
  const auto deadline = steady::now() + 5s;
  while (!joined && steady::now() < deadline) {
    two.conn = std::make_unique<ws_client>(b.port());
    two.conn->request({{"type", "hello"}, {"name", "x"}, {"token", two.token}}, "welcome");
    two.conn->send({{"type", "join"}, {"room", t.room()}, {"as", "player"}});
    while (auto m = two.conn->recv(500ms)) {
      if (m->at("type") == "joined" && m->at("room") == t.room()) {
        joined = *m;
        break;
      }
      if (m->at("type") == "error") break;
    }
    if (!joined) std::this_thread::sleep_for(100ms);
  }
  REQUIRE(joined);
  two.mirror.reset(joined->at("state"), joined->at("version"));
  CHECK(o.owner(t.room())->node == "node-b");
  CHECK(o.owner(t.room())->epoch == 6);
  settle(two);
  CHECK(send_move(two, t.room(), 2, "b2").at("type") == "ack");
  CHECK(pg.query_one(db, "SELECT owner_epoch FROM rooms WHERE id = '" + t.room() + "'") == "6");
  CHECK(plies_stored(pg, db, t.room()) == "2 2 2");
}

TEST_CASE_FIXTURE(room_with_clock,
                  "a clock runs on across a takeover: the mover's turn so far is charged") {
  play_next(t, 1);
  // Seat 1's clock runs from seat 2's move, which the node receives after this.
  const auto turn_began = steady::now();
  play_next(t, 2);
  const auto before = t.seat(1).state().at("players").at(0).at("clock_ms").get<std::int64_t>();
  a.stop(SIGKILL);
  REQUIRE(o.owner_becomes(t.room(), "node-b", 4s));
  const json joined = reconnect(t.seat(1), b.port(), t.room());
  const auto after = joined.at("state").at("players").at(0).at("clock_ms").get<std::int64_t>();
  const auto thought =
      std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - turn_began);
  // At least the second the room waited for its lease, at most the whole turn so far.
  CHECK(before - after >= 700);
  CHECK(before - after <= thought.count());
}

TEST_CASE_FIXTURE(room_idle_transaction_bound_1s,
                  "a node paused inside a store transaction holds up a takeover only until the "
                  "bound") {
  REQUIRE(a_backend.find(',') == std::string::npos);
  const int acked = 1;
  play_next(t, 1);
  settle(t.seat(1));
  settle(t.seat(2));

  const int caught = 2;
  const auto stopped_at = stop_inside_move_write(a.pid(), pg, db, a_backend, t, caught);
  // node-b claims the lease once it runs out; its takeover then waits on the row node-a
  // locked, until PostgreSQL ends node-a's session. The players' hellos wait for that too.
  REQUIRE(o.owner_becomes(t.room(), "node-b", 4s));
  auto& stale = t.seat(caught);
  seat_view moved = same_player(stale);
  CHECK(reconnect(moved, b.port(), t.room()).at("state").at("ply") == acked);
  const auto taken_over =
      std::chrono::duration_cast<std::chrono::milliseconds>(steady::now() - stopped_at);
  auto& other = t.seat(3 - caught);
  CHECK(reconnect(other, b.port(), t.room()).at("state").at("ply") == acked);
  MESSAGE("node-a stopped inside a store transaction to its room's player back in it on node-b: "
          << taken_over.count()
          << " ms (--store-idle-transaction-timeout-ms 1000 --lease-ttl 1 --node-ttl 1)");
  CHECK(taken_over < 3500ms);
  CHECK(pg.query_one(db, "SELECT count(*) FROM pg_stat_activity WHERE pid = " + a_backend) == "0");

  // node-a runs again and finds its session ended: the caught move is refused, never
  // acknowledged, and node-a gives the room up.
  resume_and_expect_refusal(a.pid(), stale);
  // Counted when node-a's writer finds its session gone, which may come after the room's
  // members were closed for the lost lease.
  const auto counted_by = steady::now() + 3s;
  while (metric(a.port(), "ringside_journal_writes_failed_total") < 1 && steady::now() < counted_by)
    std::this_thread::sleep_for(20ms);
  CHECK(metric(a.port(), "ringside_journal_writes_failed_total") >= 1);
  const std::string n = std::to_string(acked);
  CHECK(plies_stored(pg, db, t.room()) == n + " " + n + " " + n);
  CHECK(pg.query_one(db, "SELECT owner_epoch FROM rooms WHERE id = '" + t.room() + "'") == "2");

  // The same move, played at node-b, counts once, and the game goes on there.
  settle(moved);
  CHECK(send_move(moved, t.room(), caught, "b1").at("type") == "ack");
  settle(other);
  CHECK(send_move(other, t.room(), 3 - caught, "b2").at("type") == "ack");
  const std::string m = std::to_string(acked + 2);
  CHECK(plies_stored(pg, db, t.room()) == m + " " + m + " " + m);

  // node-a's journal works on a new session: a new player's hello there is recorded.
  ws_client carol(a.port());
  CHECK(carol.hello("carol").at("player").is_string());
}

TEST_CASE(
    "a seat is answered only once it is in the store: a node killed before that takes no "
    "seat with it that its player believes taken") {
  postgres_cluster& pg = postgres_cluster::shared();
  const std::string db = pg.create_database();
  redis_server redis;
  server_process a(node(redis, pg.url(db), "node-a"));
  redis_watch o{redis};
  seat_view alice;
  alice.conn = std::make_unique<ws_client>(a.port());
  const auto alice_welcome = alice.conn->hello("alice");
  alice.token = alice_welcome.at("token");
  alice.player = alice_welcome.at("player");
  const auto created = alice.conn->request(
      {{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}},
      "joined");
  const std::string room = created.at("room");
  REQUIRE(o.owner_becomes(room, "node-a", 3s));
  // node-a's session in the store, found before node-b has one.
  const std::string a_backend =
      pg.query_one(db,
                   "SELECT string_agg(pid::text, ',') FROM pg_stat_activity WHERE datname = "
                   "current_database() AND pid <> pg_backend_pid()");
  server_process b(node(redis, pg.url(db), "node-b"));

  // The test holds the room's row: node-a's write of bob's seat waits for it.
  auto holder = postgres_connection::open(pg.url(db));
  REQUIRE(holder);
  REQUIRE((*holder)->exec("BEGIN"));
  REQUIRE((*holder)->exec("SELECT 1 FROM rooms WHERE id = '" + room + "' FOR UPDATE"));
  seat_view bob;
  bob.conn = std::make_unique<ws_client>(a.port());
  const auto bob_welcome = bob.conn->hello("bob");
  bob.token = bob_welcome.at("token");
  bob.player = bob_welcome.at("player");
  REQUIRE(bob.conn->send({{"type", "join"}, {"room", room}, {"as", "player"}, {"id", "j"}}));
  REQUIRE(reads_soon(pg, db,
                     "SELECT count(*) FROM pg_stat_activity WHERE pid = " + a_backend +
                         " AND wait_event_type = 'Lock'",
                     "1", 3s));
  const auto early = bob.conn->recv(300ms);
  CHECK_MESSAGE(!early.has_value(),
                "answered before the seat was stored: " << (early ? early->dump() : std::string()));

  // node-a dies with the seat unwritten; its session, and the write in it, die with it.
  a.stop(SIGKILL);
  REQUIRE((*holder)->exec("COMMIT"));
  while (auto m = bob.conn->recv(2s)) CHECK(m->at("type") != "joined");
  CHECK(bob.conn->closed());

  // node-b adopts the room as the store has it: waiting, bob not in it. bob joins again there
  // and is seated; alice, back, plays against him.
  REQUIRE(o.owner_becomes(room, "node-b", 5s));
  seat_view bob_again = same_player(bob);
  const json bob_joined = reconnect(bob_again, b.port(), room);
  CHECK(bob_joined.at("seat") == 2);
  CHECK(bob_joined.at("state").at("status") == "playing");
  seat_view alice_again = same_player(alice);
  const json alice_joined = reconnect(alice_again, b.port(), room);
  CHECK(alice_joined.at("seat") == 1);
  settle(bob_again);
  CHECK(send_move(alice_again, room, 1, "first").at("type") == "ack");
  CHECK(plies_stored(pg, db, room) == "1 1 1");
}
