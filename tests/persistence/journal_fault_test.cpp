// A failing disk under a running server: the unmodified ringside-server runs with the
// fault_io_preload library, which makes writes (or fsyncs) of files in its --data directory
// fail while a trigger file exists. A move the journal cannot record must be refused with
// internal_error and change nothing for anyone; once the disk is back the same move plays,
// and only moves that were acked are there after a restart.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "journaled_server.hpp"
#include "reconnect.hpp"
#include "support/game_search.hpp"
#include "support/redis_server.hpp"
#include "support/server_checks.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

// A --data directory whose disk can be made to fail, and the switch that does it.
class failing_disk {
 public:
  std::string data() const { return dir_.path() + "/data"; }
  // The environment that loads the preload and points it at data() and the trigger.
  // A sanitizer build refuses to start when a preload comes before its runtime; the order
  // is harmless here (the preload allocates nothing), so that check is switched off.
  std::vector<std::string> env() const {
    const char* asan = std::getenv("ASAN_OPTIONS");
    return {
        std::string("LD_PRELOAD=") + RINGSIDE_FAULT_PRELOAD, "RINGSIDE_FAULT_DIR=" + data(),
        "RINGSIDE_FAULT_TRIGGER=" + trigger(),
        std::string("ASAN_OPTIONS=") + (asan != nullptr ? asan : "") + ":verify_asan_link_order=0"};
  }
  // From now on writes ("write") or fsyncs ("sync") under data() fail.
  void fail(const std::string& mode) const {
    std::ofstream(trigger()) << mode << '\n';
    REQUIRE(std::filesystem::exists(trigger()));
  }
  void heal() const { std::filesystem::remove(trigger()); }

 private:
  std::string trigger() const { return dir_.path() + "/fault"; }
  temp_dir dir_;
};

json move_request(const std::string& room, const std::string& move, std::int64_t version) {
  return {{"type", "move"}, {"room", room}, {"move", move}, {"version", version}};
}

// The seat whose turn it is.
int to_move(table& t) {
  return t.seat(1).state().at("to_move").get<int>();
}

}  // namespace

TEST_CASE("a move the journal cannot record is refused, changes nothing, and plays later") {
  const auto g = find_game(zertz::variant::blitz,
                           [](const zertz::game& end, const auto&) { return end.ply() >= 5; });
  // Both ways a disk fails a commit: the WAL write itself (disk full), or its fsync after the
  // data reached the page cache (which leaves a complete-looking commit in the WAL file).
  // The commit runs on the journal's thread, or on the I/O thread when commits are quick
  // (--journal-inline-commit-us): a failure must refuse the move either way.
  std::string mode;
  std::vector<std::string> flags = unlimited_messages;
  SUBCASE("the write fails") {
    mode = "write";
    flags.insert(flags.end(), {"--journal-inline-commit-us", "0"});
  }
  SUBCASE("the fsync fails") {
    mode = "sync";
    flags.insert(flags.end(), {"--journal-inline-commit-us", "0"});
  }
  SUBCASE("the fsync fails under a commit on the I/O thread") {
    mode = "sync";
    flags.insert(flags.end(), {"--journal-inline-commit-us", "1000000"});
  }
  CAPTURE(mode);
  CAPTURE(flags.back());

  failing_disk disk;
  std::unique_ptr<table> t;
  json acked;
  {
    journaled_server srv(disk.data(), flags, disk.env());
    t = std::make_unique<table>(srv.port());
    t->play(to_move(*t), g.moves[0]);
    t->play(to_move(*t), g.moves[1]);
    const json before1 = t->sync(1);
    const json before2 = t->sync(2);
    const int mover = to_move(*t);
    const int other = 3 - mover;
    const json req = move_request(t->room(), g.moves[2], t->seat(mover).version());

    disk.fail(mode);
    // Twice: a connection SQLite left unusable after the first failure would show here.
    for (int attempt = 0; attempt < 2; ++attempt) {
      CAPTURE(attempt);
      const auto err = t->seat(mover).conn->request(req, "error");
      CHECK(err.at("code") == "internal_error");
      CHECK_FALSE(t->seat(other).conn->recv(300ms).has_value());
    }
    // Nothing changed, for either seat.
    CHECK(t->sync(1) == before1);
    CHECK(t->sync(2) == before2);
    // An operator sees both refused writes (at least: a seat write may share their batch).
    CHECK(metric(srv.port(), "ringside_journal_writes_failed_total") >= 2);

    // The server still answers others while the disk fails.
    ws_client newcomer(srv.port());
    CHECK(newcomer.hello("newcomer").at("type") == "welcome");
    const auto rooms = newcomer.request({{"type", "list_rooms"}}, "rooms");
    CHECK(rooms.at("rooms").is_array());
    CHECK(http_get(srv.port(), "/healthz").first == 200);
    CHECK(srv.running());

    disk.heal();
    const auto ack = t->seat(mover).conn->request(req, "ack");
    CHECK(ack.at("version") == before1.at("version").get<std::int64_t>() + 1);
    t->take_patch(1);
    t->take_patch(2);
    t->play(to_move(*t), g.moves[3]);
    acked = t->sync(1).at("state");
    // The lone moves above were committed where the flags said.
    const auto [status, metrics] = http_get(srv.port(), "/metrics");
    REQUIRE(status == 200);
    const bool on_io_thread =
        metrics.find("ringside_journal_inline_batches_total 0\n") == std::string::npos;
    CHECK(on_io_thread == (flags.back() != "0"));
    REQUIRE(acked.at("history").size() == 4);
    srv.kill9();
  }
  // Every acked move, the refused-then-accepted one included, is in the journal.
  journaled_server srv(disk.data(), flags, disk.env());
  auto v = reconnect_both(srv.port(), *t);
  CHECK(without_presence(v[0].state()) == without_presence(acked));
  play(v, t->room(), g.moves[4]);
  CHECK(v[0].state().at("history").size() == 5);
}

TEST_CASE("a room the journal cannot record is not created; one made after the disk heals plays") {
  const auto g = find_game(zertz::variant::blitz,
                           [](const zertz::game& end, const auto&) { return end.ply() >= 2; });
  failing_disk disk;
  journaled_server srv(disk.data(), unlimited_messages, disk.env());
  ws_client a(srv.port());
  a.hello("alice");
  const json create{
      {"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}};
  disk.fail("write");
  // Before, the room was answered at once and then refused every move for good, since the
  // journal never had it: no seat or move of it could be written even after the disk healed.
  const auto refused = a.request(create, "error");
  CHECK_FALSE(a.recv(300ms).has_value());
  const auto listed = a.request({{"type", "list_rooms"}}, "rooms");
  CHECK(listed.at("rooms").empty());
  (void)refused;
  disk.heal();
  table t(srv.port());
  t.play(to_move(t), g.moves[0]);
  t.play(to_move(t), g.moves[1]);
  CHECK(t.sync(1).at("state").at("history").size() == 2);
}

TEST_CASE("in a cluster, a room whose row cannot be saved gives back the lease it claimed") {
  // The lease is claimed before the row is written (another node asked for the room must find
  // its owner); a room never made must not keep a lease its node would renew for ever.
  redis_server redis;
  failing_disk disk;
  auto flags = unlimited_messages;
  flags.insert(flags.end(), {"--cluster", redis.url(), "--cluster-node-id", "node-a", "--lease-ttl",
                             "30", "--node-ttl", "30"});
  journaled_server srv(disk.data(), flags, disk.env());
  ws_client a(srv.port());
  a.hello("alice");
  const json create{
      {"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}};
  disk.fail("write");
  CHECK(a.request(create, "error").at("code") == "internal_error");
  CHECK(metric(srv.port(), "ringside_cluster_leases_claimed_total") == 1);
  // Released in Redis, not only forgotten here (the release's answer may come a moment later).
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  while (metric(srv.port(), "ringside_cluster_leases_released_total") == 0 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(20ms);
  }
  CHECK(metric(srv.port(), "ringside_cluster_leases_released_total") == 1);
  CHECK(metric(srv.port(), "ringside_cluster_leases_held") == 0);

  disk.heal();
  table t(srv.port());
  CHECK(metric(srv.port(), "ringside_cluster_leases_held") == 1);
}

TEST_CASE("a move refused after a failed fsync is not in the game after a crash") {
  const auto g = find_game(zertz::variant::blitz,
                           [](const zertz::game& end, const auto&) { return end.ply() >= 3; });
  failing_disk disk;
  std::unique_ptr<table> t;
  json before;
  json req;
  {
    journaled_server srv(disk.data(), unlimited_messages, disk.env());
    t = std::make_unique<table>(srv.port());
    t->play(to_move(*t), g.moves[0]);
    before = t->sync(1).at("state");
    req = move_request(t->room(), g.moves[1], t->seat(to_move(*t)).version());
    disk.fail("sync");
    const auto err = t->seat(to_move(*t)).conn->request(req, "error");
    CHECK(err.at("code") == "internal_error");
    // The server dies before anything else is written; the WAL still holds the refused
    // commit's frames, complete but never made durable.
    srv.kill9();
  }
  disk.heal();
  journaled_server srv(disk.data(), unlimited_messages, disk.env());
  auto v = reconnect_both(srv.port(), *t);
  // The player was told the move was not played: it must not be there now.
  CHECK(without_presence(v[0].state()) == without_presence(before));
  // And the same move, sent again, plays.
  play(v, t->room(), g.moves[1]);
  CHECK(v[0].state().at("history").size() == 2);
}

}  // namespace ringside::test
