#pragma once
// How many of one kind of thing (rooms waiting for an opponent, games against the computer)
// each player and each client address holds at once, against a cap for each. Pure and not
// thread-safe: the room registry calls it on its own strand.

#include <cstddef>
#include <string>
#include <unordered_map>

namespace ringside::server {

class creator_quota {
 public:
  enum class verdict { granted, player_cap, address_cap };

  // A cap of 0 is no cap.
  creator_quota(std::size_t per_player, std::size_t per_address)
      : per_player_(per_player), per_address_(per_address) {}

  // Counts one more for both when neither is at its cap; otherwise counts nothing and says
  // which cap refused (the player's is checked first). An empty key is never capped.
  verdict reserve(const std::string& player, const std::string& address);
  // Counts one more without asking the caps: a game restored from the journal comes back even
  // when a cap was lowered since it began.
  void hold(const std::string& player, const std::string& address);
  // Gives back one reserve() or hold(); the counts never go below zero and empty entries are dropped.
  void release(const std::string& player, const std::string& address);

  std::size_t held_by_player(const std::string& player) const;
  std::size_t held_by_address(const std::string& address) const;

 private:
  using counts = std::unordered_map<std::string, std::size_t>;
  static bool full(const counts& c, const std::string& key, std::size_t cap);
  static void drop(counts& c, const std::string& key);
  static std::size_t held(const counts& c, const std::string& key);

  std::size_t per_player_;
  std::size_t per_address_;
  counts by_player_;
  counts by_address_;
};

}  // namespace ringside::server
