#include "server/room_presence.hpp"

#include <utility>

namespace ringside::server {

void room_presence::add(std::uint64_t peer_id, member m) {
  const bool spectator = m.seat == 0;
  if (members_.emplace(peer_id, std::move(m)).second && spectator) ++spectators_;
}

std::optional<room_presence::member> room_presence::remove(std::uint64_t peer_id) {
  const auto it = members_.find(peer_id);
  if (it == members_.end()) return std::nullopt;
  member gone = std::move(it->second);
  members_.erase(it);
  if (gone.seat == 0) --spectators_;
  return gone;
}

bool room_presence::online(int seat) const {
  for (const auto& [id, m] : members_) {
    if (m.seat == seat) return true;
  }
  return false;
}

std::optional<room_presence::clock::time_point> room_presence::count_due_at() const {
  if (spectators_ == shown_) return std::nullopt;
  return last_shown_ + interval_;
}

bool room_presence::take_count(clock::time_point now) {
  if (shown_ == spectators_) return false;
  shown_ = spectators_;
  last_shown_ = now;
  return true;
}

}  // namespace ringside::server
