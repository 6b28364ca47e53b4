#pragma once
// chat_budget: whether a room relays one more chat message. A room's spectators share one
// budget per 10 seconds (room_limits::room_chat_limit), and each may be slowed to one message
// per 10 seconds or silenced (room_limits::spectators); players are never counted. Without it
// a crowd of spectators, each within its own connection's rate limit, could relay megabytes a
// second to everyone in the room. Used only on its room's strand.

#include <chrono>
#include <cstdint>
#include <map>

#include "server/room_limits.hpp"
#include "server/sliding_window.hpp"

namespace ringside::server {

class chat_budget {
 public:
  using clock = std::chrono::steady_clock;
  static constexpr clock::duration window = std::chrono::seconds(10);

  enum class verdict { ok, off, too_soon, room_busy };

  explicit chat_budget(const room_limits& limits) : limits_(limits) {}

  // A chat from connection `peer_id` on `seat` (0: a spectator) at `now`; counted when ok.
  verdict admit(std::uint64_t peer_id, int seat, clock::time_point now);
  // The connection left the room: its slow-chat turn is forgotten.
  void forget(std::uint64_t peer_id) { last_.erase(peer_id); }

 private:
  const room_limits& limits_;
  sliding_window recent_{window};                     // spectators' chats inside the window
  std::map<std::uint64_t, clock::time_point> last_;  // slow mode: each spectator's last chat
};

}  // namespace ringside::server
