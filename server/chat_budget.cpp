#include "server/chat_budget.hpp"

namespace ringside::server {

chat_budget::verdict chat_budget::admit(std::uint64_t peer_id, int seat, clock::time_point now) {
  if (seat != 0) return verdict::ok;
  if (limits_.spectators == spectator_chat::off) return verdict::off;
  if (limits_.spectators == spectator_chat::slow) {
    const auto it = last_.find(peer_id);
    if (it != last_.end() && now - it->second < window) return verdict::too_soon;
  }
  if (limits_.room_chat_limit != 0 && recent_.try_add(limits_.room_chat_limit, now)) {
    return verdict::room_busy;
  }
  if (limits_.spectators == spectator_chat::slow) last_[peer_id] = now;
  return verdict::ok;
}

}  // namespace ringside::server
