// The write path of a crowd's patches: on plain TCP whole frames go straight to the socket in
// gather writes, past Beast. A reader that stops until the server's socket is full and then
// reads again must still get whole frames in order; a ping answered in the middle of that must
// come back as a whole pong between two frames; and a spectator over TLS, where Beast still
// writes, gets every patch.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "support/raw_ws_reader.hpp"
#include "support/server_checks.hpp"
#include "support/server_process.hpp"
#include "support/test_certificate.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

const std::vector<std::string> fanout_flags = {"--rate-limit", "1000000", "--address-rate-limit",
                                               "0"};

// A waiting room nobody sits in: its creator made it and left.
std::string fanout_room(ws_client& host) {
  const auto joined = host.request(
      {{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}},
      "joined");
  const std::string room = joined.at("room");
  host.request({{"type", "leave"}, {"room", room}}, "patch");
  return room;
}

// Reads what the reader, at `version`, is owed: `syncs` snapshots answering its syncs, the room's
// versions up to `last`, and a pong for each of `pings` pings (their payloads in order). Every
// frame must be whole: a final text frame of one JSON object, or a pong.
void read_back(raw_ws_reader& reader, std::int64_t version, int syncs, std::int64_t last,
               int pings) {
  int snapshots = 0;
  int pongs = 0;
  while (snapshots < syncs || version < last || pongs < pings) {
    const auto f = reader.next(5s);
    REQUIRE_MESSAGE(f.has_value(), "stopped after " << snapshots << " snapshots, version "
                                                    << version << ", " << pongs << " pongs");
    REQUIRE(f->fin);
    if (f->opcode == 0xA) {
      CHECK(f->payload == "ping " + std::to_string(pongs));
      ++pongs;
      continue;
    }
    REQUIRE(f->opcode == 0x1);
    const auto msg = json::parse(f->payload);  // throws, failing the test, on a torn frame
    const std::string type = msg.at("type");
    REQUIRE_MESSAGE((type == "patch" || type == "snapshot"), f->payload);
    const std::int64_t v = msg.at("version");
    if (type == "patch") CHECK(v == version + 1);
    CHECK(v >= version);
    version = v;
    if (type == "snapshot" && !msg.contains("re")) ++snapshots;
  }
  CHECK(pongs == pings);
}

// The reader joins `room` as a spectator, then stops reading while it asks for `syncs`
// snapshots (sending a ping every `ping_every`, 0: none) and a crowd makes versions: far more
// than the server's socket buffer and the reader's small window hold.
void stop_then_resume(std::uint16_t port, int ping_every) {
  ws_client host(port);
  host.hello("host");
  const std::string room = fanout_room(host);
  raw_ws_reader reader(port, 4096);
  reader.send_text(json{{"type", "hello"}, {"name", "reader"}}.dump());
  reader.send_text(json{{"type", "join"}, {"room", room}, {"as", "spectator"}}.dump());
  std::int64_t version = 0;
  for (const char* expected : {"welcome", "joined"}) {
    const auto f = reader.next(5s);
    REQUIRE(f.has_value());
    REQUIRE(f->opcode == 0x1);
    const auto msg = json::parse(f->payload);
    REQUIRE(msg.at("type") == expected);
    if (msg.contains("version")) version = msg.at("version");
  }

  constexpr int syncs = 150;  // each a whole snapshot, over 1 KB
  int pings = 0;
  for (int i = 0; i < syncs; ++i) {
    reader.send_text(json{{"type", "sync"}, {"room", room}}.dump());
    if (ping_every != 0 && i % ping_every == 0) reader.send_ping("ping " + std::to_string(pings++));
  }
  ws_client crowd(port);
  crowd.hello("crowd");
  std::int64_t last = 0;
  for (int i = 0; i < 30; ++i) {
    crowd.request({{"type", "join"}, {"room", room}, {"as", "player"}}, "joined");
    last = crowd.request({{"type", "leave"}, {"room", room}}, "patch").at("version");
  }
  read_back(reader, version, syncs, last, pings);
  // The frames above went by the direct path, not Beast's.
  CHECK(metric(port, "ringside_direct_writes_total") > 0);
}

}  // namespace

TEST_CASE(
    "fan-out: a raw reader that stops until the socket fills, then reads, gets whole frames") {
  server_process srv(fanout_flags);
  stop_then_resume(srv.port(), 0);
}

TEST_CASE("fan-out: pings during a backed-up broadcast get whole pongs between whole frames") {
  server_process srv(fanout_flags);
  stop_then_resume(srv.port(), 10);
}

TEST_CASE("fan-out: a spectator over TLS gets every patch, as one over plain TCP does") {
  test_certificate cert(21);
  server_process srv({"--tls-cert", cert.cert_file(), "--tls-key", cert.key_file(), "--rate-limit",
                      "1000000", "--address-rate-limit", "0"});
  ws_client host(srv.port(), cert.cert_file());
  host.hello("host");
  const std::string room = fanout_room(host);
  ws_client spectator(srv.port(), cert.cert_file());
  spectator.hello("watcher");
  auto joined =
      spectator.request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");
  json state = joined.at("state");
  std::int64_t version = joined.at("version");

  ws_client crowd(srv.port(), cert.cert_file());
  crowd.hello("crowd");
  std::int64_t last = 0;
  for (int i = 0; i < 5; ++i) {
    crowd.request({{"type", "join"}, {"room", room}, {"as", "player"}}, "joined");
    last = crowd.request({{"type", "leave"}, {"room", room}}, "patch").at("version");
  }
  const json final_state =
      crowd.request({{"type", "sync"}, {"room", room}}, "snapshot").at("state");
  while (version < last) {
    const auto patch = spectator.expect("patch");
    REQUIRE(patch.at("version") == version + 1);
    state = state.patch(patch.at("ops"));
    version = patch.at("version");
  }
  CHECK(state == final_state);
  // Nothing went past Beast: TLS frames are Beast's to write.
  const auto metrics = https_get(srv.port(), cert.cert_file(), "/metrics");
  REQUIRE(metrics.status == 200);
  CHECK(metrics.body.find("\nringside_direct_writes_total 0\n") != std::string::npos);
}

}  // namespace ringside::test
