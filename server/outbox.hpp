#pragma once
// outbox: what one connection has yet to send, and the policy for a reader that falls behind.
// Pure bookkeeping, no I/O: the session asks it what to write next and tells it when a write
// is done. The game's own traffic is bounded (a connection past the bounds, or whose current
// write has stalled, does not read and must be closed); a room's patches waiting past a few
// are replaced by one snapshot (a catch-up); chat gives way to everything, and the next chat
// that does go out says how many were missed. Used on its session's strand only.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ringside::server {

class outbox {
 public:
  using clock = std::chrono::steady_clock;
  using frame_ptr = std::shared_ptr<const std::string>;

  struct limits {
    std::size_t max_messages = 256;  // the game's own traffic waiting, frames
    std::size_t max_bytes = 1024 * 1024;
    clock::duration write_stall = std::chrono::seconds(10);  // a write taking longer: not reading
    std::size_t catch_up_after = 16;  // one room's patches waiting before a snapshot replaces them
    // Past this much waiting (here, or unsent in the kernel), a connection gets no chat: a
    // reader on a slow link would otherwise read a crowd's chat before its own move's ack.
    std::size_t chat_backlog_frames = 16;
    std::size_t chat_backlog_bytes = 16 * 1024;
  };

  explicit outbox(limits l) : limits_(l) {}

  // Queues a frame of the game's own traffic (`room` names the room of a patch or catch-up
  // snapshot, which a later catch-up may replace; empty for anything else). False when the
  // connection does not read: the frame is not queued and the connection must be closed.
  // Queued chat is dropped first to make room.
  bool push(frame_ptr frame, std::string room, clock::time_point now);

  // Whether `room`'s patches waiting here are enough that a snapshot should replace them.
  bool behind(const std::string& room) const;
  // Drops `room`'s waiting patches; until end_catch_up, its new patches are dropped too
  // (they are older than the snapshot on its way).
  void begin_catch_up(const std::string& room);
  bool catching_up(const std::string& room) const { return catching_up_.count(room) != 0; }
  // The snapshot that ends `room`'s catch-up is `frame` (null: the room has gone); as push().
  bool end_catch_up(const std::string& room, frame_ptr frame, clock::time_point now);

  // Queues a chat unless the connection is backed up (here, or `kernel_unsent` bytes in the
  // kernel's send buffer); a dropped chat is counted. Returns whether it was queued.
  bool push_chat(frame_ptr frame, std::size_t kernel_unsent);

  // The frame to write now, which stays queued until end_write(); null when a write is under
  // way or nothing waits.
  frame_ptr start_write(clock::time_point now);
  // As start_write, for up to `max` frames written together (one system call for a backlog):
  // how many are now in flight, frames 0 to that count less one of in_flight().
  std::size_t start_writes(clock::time_point now, std::size_t max);
  const frame_ptr& in_flight(std::size_t i) const { return queue_[i].text; }
  // The write of every frame in flight is done.
  void end_write();
  bool writing() const { return in_flight_ != 0; }

  // Drops everything not being written now (the connection is closing).
  void drop_unsent();
  // Chats dropped since the last call (for the metric).
  std::uint64_t take_dropped_chats();

  std::size_t size() const { return queue_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  struct queued_frame {
    frame_ptr text;
    std::string room;   // see push()
    bool chat = false;  // gives way to everything else
  };

  bool full(std::size_t more_bytes) const;
  bool stalled(clock::time_point now) const;
  void drop_chats();
  // `room`'s entry in replaceable_, or its end.
  std::vector<std::pair<std::string, std::size_t>>::iterator find_replaceable(
      const std::string& room);
  // Drops the queued, not yet written, frames of `room`.
  void drop_room(const std::string& room);
  // The first frame that may be dropped: those in flight are being written.
  std::deque<queued_frame>::iterator unsent_begin();

  limits limits_;
  std::deque<queued_frame> queue_;  // the first in_flight_ are being written
  std::size_t bytes_ = 0;
  // Patches waiting per room, not counting the one in flight. A connection is in a room or
  // two, so a short vector: a map here cost a node's allocation and free for every patch
  // delivered, the hottest path of a crowd's fan-out.
  std::vector<std::pair<std::string, std::size_t>> replaceable_;
  std::set<std::string> catching_up_;  // rooms whose snapshot is on its way
  std::uint64_t missed_chats_ = 0;     // dropped since the last chat queued; that one says so
  std::uint64_t dropped_chats_ = 0;    // since the last take_dropped_chats
  clock::time_point write_started_{};
  std::size_t in_flight_ = 0;
};

}  // namespace ringside::server
