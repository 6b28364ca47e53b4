#include "server/creator_quota.hpp"

namespace ringside::server {

creator_quota::verdict creator_quota::reserve(const std::string& player,
                                              const std::string& address) {
  if (full(by_player_, player, per_player_)) return verdict::player_cap;
  if (full(by_address_, address, per_address_)) return verdict::address_cap;
  hold(player, address);
  return verdict::granted;
}

void creator_quota::hold(const std::string& player, const std::string& address) {
  ++by_player_[player];
  ++by_address_[address];
}

void creator_quota::release(const std::string& player, const std::string& address) {
  drop(by_player_, player);
  drop(by_address_, address);
}

std::size_t creator_quota::held_by_player(const std::string& player) const {
  return held(by_player_, player);
}

std::size_t creator_quota::held_by_address(const std::string& address) const {
  return held(by_address_, address);
}

bool creator_quota::full(const counts& c, const std::string& key, std::size_t cap) {
  if (cap == 0 || key.empty()) return false;
  return held(c, key) >= cap;
}

void creator_quota::drop(counts& c, const std::string& key) {
  const auto it = c.find(key);
  if (it != c.end() && --it->second == 0) c.erase(it);
}

std::size_t creator_quota::held(const counts& c, const std::string& key) {
  const auto it = c.find(key);
  return it == c.end() ? 0 : it->second;
}

}  // namespace ringside::server
