#include "server/account_book.hpp"

#include "protocol/wire/player_name.hpp"

namespace ringside::server {

account_book::added account_book::add(account a) {
  if (by_player_.contains(a.player)) return added::already_registered;
  const auto keys = protocol::player_name::look_alike_keys(a.name);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (by_key_[k].contains(keys[k])) return added::name_reserved;
  }
  for (std::size_t k = 0; k < keys.size(); ++k) by_key_[k].emplace(keys[k], a.player);
  const std::string player = a.player;
  by_player_.emplace(player, std::move(a));
  return added::yes;
}

void account_book::remove(const std::string& player) {
  const auto it = by_player_.find(player);
  if (it == by_player_.end()) return;
  const auto keys = protocol::player_name::look_alike_keys(it->second.name);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (const auto hit = by_key_[k].find(keys[k]); hit != by_key_[k].end() && hit->second == player)
      by_key_[k].erase(hit);
  }
  by_player_.erase(it);
}

const account* account_book::by_player(const std::string& player) const {
  const auto it = by_player_.find(player);
  return it == by_player_.end() ? nullptr : &it->second;
}

const account* account_book::by_name(std::string_view name) const {
  const auto keys = protocol::player_name::look_alike_keys(name);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (const auto hit = by_key_[k].find(keys[k]); hit != by_key_[k].end())
      return by_player(hit->second);
  }
  return nullptr;
}

void account_book::set_password(const std::string& player, std::string hash) {
  if (const auto it = by_player_.find(player); it != by_player_.end())
    it->second.password_hash = std::move(hash);
}

}  // namespace ringside::server
