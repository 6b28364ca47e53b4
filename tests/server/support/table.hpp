#pragma once
// Two players seated in one fresh room of a running server: seat 1 created it, seat 2 joined.
// Each keeps the state it was given and applies every patch it receives (the clients' room
// mirror, nlohmann's json::patch underneath), so tests can compare that with snapshots.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

#include "clients/common/room_mirror.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {

// One client's connection and its copy of the room, kept by the clients' shared room mirror.
struct seat_view {
  std::unique_ptr<ws_client> conn;
  client::room_mirror mirror;
  std::string token;
  std::string player;

  const json& state() const { return mirror.state(); }
  std::int64_t version() const { return mirror.version(); }
};

class table {
 public:
  // hello for two players, create_room (with `create` merged in: variant, clock...) seated
  // first, join by the second; both end holding the same state. With `ca_file`, both connect
  // with wss://, trusting the certificate in it. In a cluster, a room made through a node that
  // does not own it sends its creator the room's snapshot, unasked, once that node listens to
  // it: the table takes it wherever it comes (the reads below do too).
  table(std::uint16_t port, const json& create = {{"variant", "blitz"}},
        const std::string& ca_file = "");

  const std::string& room() const { return room_; }
  seat_view& seat(int s) { return seats_[static_cast<std::size_t>(s - 1)]; }
  std::int64_t version() const { return seats_[0].version(); }

  // The mover on `s` plays `move` at the current version: ack to the mover, then one patch to
  // both. Returns the patch.
  json play(int s, const std::string& move);
  // Seat `s` sends `type` about this room (resign, offer_draw, rematch, takeback...), which
  // changes it: both seats take the one patch that follows. Returns seat `s`'s.
  json act(int s, const std::string& type);
  // Reads the next message on seat `s`, which must be a patch one version on; applies it.
  json take_patch(int s);
  // Sends sync from seat `s` and returns the snapshot.
  json sync(int s);

 private:
  // The next message on seat `s` that is not a snapshot of this room sent unasked (no `re`),
  // which resets the seat's copy instead; after one, a patch of a version it already covers is
  // passed over too.
  json next_asked(int s);

  std::array<seat_view, 2> seats_;
  std::array<bool, 2> took_unasked_snapshot_{};
  std::string room_;
};

// Joins pieces of text. (GCC 12 warns falsely, -Wrestrict, on `"x" + std::string` chains.)
std::string cat(std::initializer_list<std::string_view> parts);
// A legal first-turn placement read off `state`: `colour` on the first free ring, removing the
// second one.
std::string placement(const json& state, std::string_view colour = "W");

// Applies `patch` (a patch message) to `view`, checking it is exactly one version on.
void apply_patch(seat_view& view, const json& patch);

}  // namespace ringside::test
