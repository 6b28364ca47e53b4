// Connections that fall behind on a room: a player taking and giving up a seat over and over
// makes a version each time for everyone in the room. A client that reads, but slower than
// that, gets one snapshot in place of its backlog; a client that does not read at all is
// still dropped, by the write stall. And a crowd of spectators arriving costs each member
// about one patch a second, not one per arrival.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "support/server_checks.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

// A waiting room nobody sits in: its creator made it and left.
std::string empty_room(std::uint16_t port) {
  ws_client host(port);
  host.hello("host");
  const auto joined = host.request(
      {{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}},
      "joined");
  const std::string room = joined.at("room");
  host.request({{"type", "leave"}, {"room", room}}, "patch");
  return room;
}

// Someone takes the free seat and gives it up again: two versions. Returns the version after
// the leave.
std::int64_t come_and_go(ws_client& crowd, const std::string& room) {
  crowd.request({{"type", "join"}, {"room", room}, {"as", "player"}}, "joined");
  return crowd.request({{"type", "leave"}, {"room", room}}, "patch").at("version");
}

// A new player's welcome waits until its identity is durable, behind every journal write
// queued before it. With the journal in PostgreSQL each of the crowd's seat writes below would
// be a round trip to another process; the writer folds a room's superseded seat writes, so
// the backlog is gone in milliseconds (without the fold it took 3-10 s, at times past the
// 10 s --hello-timeout, which closes the probe). Waiting here for the welcome, bounded, lets
// check_server_fine judge the server, not a backlog.
void wait_for_journal_backlog(std::uint16_t port) {
  ws_client probe(port);
  const auto sent = std::chrono::steady_clock::now();
  probe.send({{"type", "hello"}, {"name", "backlog"}});
  const auto welcome = probe.recv(30s);
  REQUIRE_MESSAGE(welcome.has_value(),
                  (probe.closed() ? "closed before its welcome (past --hello-timeout?)"
                                  : "no welcome within 30 s"));
  MESSAGE("welcome after the crowd in "
          << std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count()
          << " s, " << metric(port, "ringside_journal_seat_writes_folded_total")
          << " seat writes folded");
  CHECK(welcome->at("type") == "welcome");
}

}  // namespace

TEST_CASE("a spectator that falls behind gets one snapshot in place of its backlog") {
  // The write stall is lifted: under sanitizers the crowd below takes longer than the
  // default 10 s, and this test is about a client that reads late, not never.
  server_process srv(
      {"--rate-limit", "1000000", "--address-rate-limit", "0", "--write-stall", "600"});
  const std::string room = empty_room(srv.port());
  ws_client lagging(srv.port(), 4096);
  lagging.hello("lagging");
  auto joined = lagging.request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");
  json state = joined.at("state");
  std::int64_t version = joined.at("version");

  // 3,000 versions (about 300 KB) while `lagging` reads nothing: far more than the kernel's
  // buffers (the server's 128 KiB send buffer, a 4 KiB receive window) and the 256-message
  // queue bound together.
  ws_client crowd(srv.port());
  crowd.hello("crowd");
  std::int64_t last = 0;
  for (int i = 0; i < 1500; ++i) last = come_and_go(crowd, room);

  int patches = 0;
  int snapshots = 0;
  while (version < last) {
    const auto msg = lagging.recv(5s);
    REQUIRE_MESSAGE(msg.has_value(), "lagging stopped at version " << version << " of " << last);
    const std::string type = msg->at("type");
    if (type == "patch") {
      REQUIRE(msg->at("version") == version + 1);
      state = state.patch(msg->at("ops"));
      ++patches;
    } else {
      REQUIRE(type == "snapshot");
      CHECK_FALSE(msg->contains("re"));
      CHECK(msg->at("version") > version);
      state = msg->at("state");
      ++snapshots;
    }
    version = msg->at("version");
  }
  MESSAGE(patches << " patches and " << snapshots << " snapshots for " << last - 1 << " versions");
  CHECK(snapshots >= 1);
  CHECK(patches + snapshots < 3000);
  CHECK_FALSE(lagging.closed());
  const auto snap = lagging.request({{"type", "sync"}, {"room", room}}, "snapshot");
  CHECK(snap.at("version") == version);
  CHECK(snap.at("state") == state);
  CHECK(metric(srv.port(), "ringside_catch_up_snapshots_total") >= snapshots);
  CHECK(metric(srv.port(), "ringside_slow_clients_dropped_total") == 0);
  wait_for_journal_backlog(srv.port());
  check_server_fine(srv);
}

TEST_CASE("a spectator that stops reading is dropped once a write stalls for --write-stall") {
  server_process srv(
      {"--rate-limit", "1000000", "--address-rate-limit", "0", "--write-stall", "1"});
  const std::string room = empty_room(srv.port());
  ws_client sloth(srv.port(), 4096);
  sloth.hello("sloth");
  sloth.request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");

  // Catch-up snapshots keep the sloth's queue short, so only the stalled write gives it away.
  ws_client crowd(srv.port());
  crowd.hello("crowd");
  std::int64_t dropped = 0;
  const auto give_up = std::chrono::steady_clock::now() + 30s;
  while (dropped == 0 && std::chrono::steady_clock::now() < give_up) {
    for (int i = 0; i < 200; ++i) come_and_go(crowd, room);
    dropped = metric(srv.port(), "ringside_slow_clients_dropped_total");
  }
  CHECK(dropped == 1);
  CHECK(metric(srv.port(), "ringside_catch_up_snapshots_total") >= 1);
  // The room carries on without it: once its close ends (2 s at most for a peer that does
  // not answer), the sloth's departure shows in the next count.
  json spectators;
  for (int i = 0; i < 50 && spectators != 0; ++i) {
    if (i > 0) std::this_thread::sleep_for(100ms);
    // A patch of the crowd's last stay (the count shown late) may still be on its way.
    REQUIRE(crowd.send({{"type", "sync"}, {"room", room}}));
    spectators = crowd.next_of("snapshot").at("state").at("spectators");
  }
  CHECK(spectators == 0);
  int drained = 0;
  while (!sloth.closed() && drained < 100000 && sloth.recv(5s)) ++drained;
  CHECK(sloth.closed());
  wait_for_journal_backlog(srv.port());
  check_server_fine(srv);
}

TEST_CASE("a crowd of spectators arriving costs each member about one patch a second") {
  // 150 fans from 127.0.0.1: the per-address caps on connections and identities are off.
  server_process srv({"--rate-limit", "1000000", "--address-rate-limit", "0",
                      "--connections-per-address", "0", "--identities-per-address", "0"});
  table t(srv.port());
  const auto started = std::chrono::steady_clock::now();
  constexpr int crowd_size = 150;
  std::vector<std::unique_ptr<ws_client>> crowd;
  for (int i = 0; i < crowd_size; ++i) {
    crowd.push_back(std::make_unique<ws_client>(srv.port()));
    crowd.back()->hello("fan");
    crowd.back()->request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  }
  // Every count shows within a second of the last arrival; read until seat 1 shows them all.
  int patches = 0;
  while (t.seat(1).state().at("spectators") != crowd_size) {
    const auto p = t.take_patch(1);
    ++patches;
    for (const auto& op : p.at("ops")) CHECK(op.at("path") == "/spectators");
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  MESSAGE(crowd_size << " arrivals in " << seconds << " s shown by " << patches << " patches");
  // One per batch: at most one a second, plus the first shown at once.
  CHECK(patches <= static_cast<int>(seconds) + 2);
  CHECK(patches >= 1);
  // Nothing more is coming: the count has caught up.
  CHECK_FALSE(t.seat(1).conn->recv(1500ms).has_value());

  // Departures are batched the same way: half the crowd leaves, one patch (or two) says so.
  for (int i = 0; i < crowd_size / 2; ++i) crowd[static_cast<std::size_t>(i)].reset();
  int leaving = 0;
  while (t.seat(1).state().at("spectators") != crowd_size - crowd_size / 2) {
    t.take_patch(1);
    ++leaving;
  }
  CHECK(leaving <= 3);
  // The game goes on, and the spectators who stayed follow it.
  t.take_patch(2);
  while (t.seat(2).state().at("spectators") != t.seat(1).state().at("spectators")) t.take_patch(2);
  t.play(1, placement(t.seat(1).state()));
  check_server_fine(srv);
}

}  // namespace ringside::test
