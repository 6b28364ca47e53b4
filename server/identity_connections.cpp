#include "server/identity_connections.hpp"

namespace ringside::server {

std::vector<peer_ptr> identity_connections::add(const std::string& player, std::uint64_t id,
                                                std::weak_ptr<peer> who,
                                                const std::string& address) {
  std::vector<peer_ptr> elsewhere;
  const std::lock_guard lock(mutex_);
  auto& mine = by_player_[player];
  for (const auto& entry : mine) {
    if (entry.second.address == address) continue;
    if (auto p = entry.second.who.lock()) elsewhere.push_back(std::move(p));
  }
  mine[id] = connection{std::move(who), address};
  return elsewhere;
}

void identity_connections::remove(const std::string& player, std::uint64_t id) {
  const std::lock_guard lock(mutex_);
  const auto it = by_player_.find(player);
  if (it == by_player_.end()) return;
  it->second.erase(id);
  if (it->second.empty()) by_player_.erase(it);
}

peer_ptr identity_connections::one_of(const std::string& player, std::uint64_t first) const {
  const std::lock_guard lock(mutex_);
  const auto it = by_player_.find(player);
  if (it == by_player_.end()) return nullptr;
  if (const auto f = it->second.find(first); f != it->second.end()) {
    if (auto p = f->second.who.lock()) return p;
  }
  for (const auto& entry : it->second) {
    if (auto p = entry.second.who.lock()) return p;
  }
  return nullptr;
}

std::size_t identity_connections::size() const {
  const std::lock_guard lock(mutex_);
  return by_player_.size();
}

}  // namespace ringside::server
