#include "server/room_presence.hpp"

#include <utility>

namespace ringside::server {

void room_presence::add(std::uint64_t peer_id, member m) {
  const int seat = m.seat;
  if (!members_.emplace(peer_id, std::move(m)).second) return;
  if (seat == 0) {
    ++spectators_;
  } else if (seat == 1 || seat == 2) {
    ++seated_[static_cast<std::size_t>(seat - 1)];
  }
}

std::optional<room_presence::member> room_presence::remove(std::uint64_t peer_id) {
  const auto it = members_.find(peer_id);
  if (it == members_.end()) return std::nullopt;
  member gone = std::move(it->second);
  members_.erase(it);
  if (gone.seat == 0) {
    --spectators_;
  } else if (gone.seat == 1 || gone.seat == 2) {
    --seated_[static_cast<std::size_t>(gone.seat - 1)];
  }
  return gone;
}

bool room_presence::online(int seat) const {
  return (seat == 1 || seat == 2) && seated_[static_cast<std::size_t>(seat - 1)] > 0;
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
