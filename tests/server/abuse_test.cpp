// Clients that misbehave: oversized frames, garbage, invalid UTF-8, floods and a client that
// never reads. After each, the server must still serve a well-behaved client.
#include <doctest/doctest.h>

#include <thread>

#include "support/server_checks.hpp"
#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

// A placement with a colour still in the pool.
std::string any_placement(const json& state) {
  const auto& pool = state.at("pool");
  return placement(state, pool.at("W") > 0 ? "W" : pool.at("G") > 0 ? "G" : "B");
}

}  // namespace

TEST_CASE("a 1 MiB frame closes the connection with 1009; a frame under 16 KiB is read") {
  server_process srv;
  ws_client ok(srv.port());
  ok.hello("alice");
  // Just under the limit: a valid request padded with a field the server ignores.
  json padded{{"type", "list_rooms"}, {"id", 1}, {"pad", std::string(15 * 1024, 'x')}};
  CHECK(ok.request(padded, "rooms").at("re") == 1);

  ws_client big(srv.port());
  big.send_text(std::string(1024 * 1024, 'a'));
  CHECK(big.wait_closed() == 1009);
  check_server_fine(srv);
}

TEST_CASE("with the frame limit at 1 MiB, a message just under it reads between small ones") {
  server_process srv({"--max-frame", std::to_string(1024 * 1024)});
  ws_client c(srv.port());
  c.hello("alice");
  // The read buffer is small at rest: the big message grows it while it arrives, and it
  // shrinks again after, so each request here meets a buffer in a different state.
  for (int round = 0; round < 2; ++round) {
    json padded{{"type", "list_rooms"}, {"id", 10 + round}, {"pad", std::string(1000 * 1000, 'x')}};
    REQUIRE(padded.dump().size() < 1024 * 1024);
    CHECK(c.request(padded, "rooms").at("re") == 10 + round);
    CHECK(c.request(json{{"type", "list_rooms"}, {"id", 20 + round}}, "rooms").at("re") ==
          20 + round);
  }
  ws_client over(srv.port());
  over.hello("bob");
  over.send_text(std::string(1024 * 1024 + 1, 'a'));
  CHECK(over.wait_closed() == 1009);
  check_server_fine(srv);
}

TEST_CASE("garbage is answered with bad_request, binary frames too, and the connection stays") {
  server_process srv;
  ws_client c(srv.port());
  for (const std::string garbage : {"", "null", "\"hello\"", "{\"type\":", "{}}", "42"}) {
    REQUIRE(c.send_text(garbage));
    CHECK(c.expect("error").at("code") == "bad_request");
  }
  REQUIRE(c.send_binary("{\"type\":\"hello\",\"name\":\"bin\"}"));
  CHECK(c.expect("error").at("code") == "bad_request");
  c.hello("after garbage");
  check_server_fine(srv);
}

TEST_CASE("invalid UTF-8 in a text frame does not crash the server") {
  server_process srv;
  ws_client c(srv.port());
  c.send_text("{\"type\":\"hello\",\"name\":\"\xff\xfe\xc3\"}");
  // Beast refuses the frame itself (close 1007); a decoder seeing it would say bad_request.
  const auto m = c.recv(2s);
  if (m) {
    CHECK(m->at("code") == "bad_request");
  } else {
    CHECK(c.close_code() == 1007);
  }
  check_server_fine(srv);
}

TEST_CASE("a burst of 1000 messages: rate_limited errors, then closed with 1008") {
  // Without the cool-down after a flood, so the check at the end may connect from the same
  // address at once (tests/abuse/address_limits_test.cpp tests the cool-down).
  server_process srv({"--flood-cooldown", "0"});
  ws_client c(srv.port());
  c.hello("flood");
  int sent = 0;
  for (; sent < 1000; ++sent) {
    if (!c.send({{"type", "list_rooms"}, {"id", sent}})) break;
  }
  int rooms = 0;
  int limited = 0;
  for (int i = 0; i < 2000; ++i) {
    const auto m = c.recv(5s);
    if (!m) break;
    if (m->at("type") == "rooms") ++rooms;
    if (m->at("type") == "error" && m->at("code") == "rate_limited") ++limited;
  }
  // hello was the 1st of the 40 allowed; 41..120 are refused; the 121st closes the connection
  // (replies still queued then are dropped with it, so these are upper bounds).
  CHECK(rooms <= 39);
  CHECK(rooms >= 1);
  CHECK(limited >= 1);
  CHECK(limited <= 80);
  CHECK(c.closed());
  CHECK(c.close_code() == 1008);
  CHECK(metric(srv.port(), "ringside_flooders_closed_total") == 1);
  check_server_fine(srv);
}

TEST_CASE("a client that never reads is dropped; the game and memory carry on") {
  server_process srv(unlimited_messages);
  table t(srv.port());
  ws_client slow(srv.port(), 4096);
  slow.hello("sloth");
  slow.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  t.take_patch(1);
  t.take_patch(2);
  const long rss_before = srv.rss_kib();
  REQUIRE(rss_before > 0);

  // From here on `slow` only writes: every sync makes the server queue a whole snapshot. The
  // kernel's buffers take a few MB first, so keep asking until the server gives up on it.
  std::int64_t dropped = 0;
  for (int round = 0; round < 40 && dropped == 0; ++round) {
    for (int i = 0; i < 500; ++i) {
      if (!slow.send({{"type", "sync"}, {"room", t.room()}})) break;
    }
    for (int i = 0; i < 10 && dropped == 0; ++i) {
      dropped = metric(srv.port(), "ringside_slow_clients_dropped_total");
      if (dropped == 0) std::this_thread::sleep_for(20ms);
    }
  }
  CHECK(dropped == 1);
  // The spectator's departure is one version for everybody; then the game goes on.
  t.take_patch(1);
  t.take_patch(2);
  CHECK(t.seat(1).state().at("spectators") == 0);
  for (int i = 0; i < 4 && t.seat(1).state().at("must_capture") == false; ++i) {
    const int mover = t.seat(1).state().at("to_move");
    t.play(mover, any_placement(t.seat(mover).state()));
  }
  // What was in flight may still arrive, then the connection ends (a close frame or a reset).
  int drained = 0;
  while (!slow.closed() && drained < 20000 && slow.recv(5s)) ++drained;
  CHECK(slow.closed());
  const auto snap = t.sync(1);
  CHECK(snap.at("state") == t.seat(1).state());
  const long rss_after = srv.rss_kib();
  MESSAGE("server RSS " << rss_before << " KiB before, " << rss_after << " KiB after");
  CHECK(rss_after < rss_before + 64 * 1024);
  check_server_fine(srv);
}

}  // namespace ringside::test
