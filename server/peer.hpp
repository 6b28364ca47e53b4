#pragma once
// What a room needs from a connection: somewhere to queue frames, and to be told when it joins
// or leaves. websocket_session implements it; rooms hold peers weakly so a dropped connection
// never stays alive through a room.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace ringside::server {

class room;

class peer {
 public:
  virtual ~peer() = default;

  // Queues one frame for sending; callable from any thread, never blocks. A peer whose
  // queue is over its bound closes itself instead of queueing.
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  // Queues one `patch` frame of room `room_id`. A peer that has fallen behind on a room may
  // drop its queued patches of that room and ask the room for one snapshot instead
  // (room::resend_snapshot): a client on a gap adopts a snapshot, so nothing is lost but
  // the backlog. Any thread.
  virtual void send_patch(const std::string& room_id, std::shared_ptr<const std::string> frame) {
    (void)room_id;
    send(std::move(frame));
  }
  // The snapshot room::resend_snapshot sends in place of dropped patches; null when the peer
  // is no longer in the room. Called from the room's strand, after every patch it replaces.
  virtual void send_catch_up(const std::string& room_id, std::shared_ptr<const std::string> frame) {
    (void)room_id;
    if (frame) send(std::move(frame));
  }
  // Queues one `chat` frame, which a peer under pressure may drop (and count) rather than
  // queue: chat must never be what gets a reader closed. Any thread.
  virtual void send_chat(std::shared_ptr<const std::string> frame) { send(std::move(frame)); }
  // Stable for the life of the connection, unique in the process.
  virtual std::uint64_t peer_id() const = 0;
  // The room now sends this peer its patches; called from the room's strand.
  virtual void note_attached(std::shared_ptr<room> r) = 0;
  // Closes the connection with 1001 (going away): the server is shutting down. Any thread.
  virtual void go_away() = 0;
  // The room no longer sends this peer anything; called from the room's strand.
  virtual void note_detached(const std::string& room_id) = 0;

  // How the client takes room traffic, as it said at hello (docs/protocol.md). Lean: its room
  // states have no position text, and its accepted move is answered by its patch, carrying
  // `re`, not an ack. Compact: lean, with each patch op a short array. Set before the client
  // is in any room; read by rooms on their strands.
  enum class traffic : std::uint8_t { full, lean, compact };
  bool lean() const { return traffic_of() != traffic::full; }
  bool compact() const { return traffic_of() == traffic::compact; }
  traffic traffic_of() const { return traffic_.load(std::memory_order_relaxed); }
  void set_traffic(traffic t) { traffic_.store(t, std::memory_order_relaxed); }

 private:
  std::atomic<traffic> traffic_{traffic::full};
};

using peer_ptr = std::shared_ptr<peer>;

// A convenience for one-off replies.
inline void send_text(peer& p, std::string text) {
  p.send(std::make_shared<const std::string>(std::move(text)));
}

}  // namespace ringside::server
