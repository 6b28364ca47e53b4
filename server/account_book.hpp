#pragma once
// account_book: the accounts in memory, by player and by name. An account's name is reserved:
// no other identity may use it nor any name that looks like it (protocol::player_name's
// look-alike rules), so it is found by look-alike keys, not by its text. Pure; its owner
// (identity_registry) serialises calls.

#include <array>
#include <string>
#include <string_view>
#include <unordered_map>

namespace ringside::server {

struct account {
  std::string player;         // the identity's player id, which seats are keyed by
  std::string name;           // the reserved name, as registered
  std::string password_hash;  // crypto_pwhash_str's Argon2id string; empty while being made
};

class account_book {
 public:
  enum class added { yes, name_reserved, already_registered };

  // Adds `a`, unless its player already has an account or another account's name looks like
  // its name.
  added add(account a);
  // Takes back an account (its saving failed).
  void remove(const std::string& player);
  // The account of `player`, or null.
  const account* by_player(const std::string& player) const;
  // The account whose name looks like `name`, or null.
  const account* by_name(std::string_view name) const;
  void set_password(const std::string& player, std::string hash);
  std::size_t size() const { return by_player_.size(); }

 private:
  std::unordered_map<std::string, account> by_player_;
  std::array<std::unordered_map<std::string, std::string>, 2> by_key_;  // look-alike key -> player
};

}  // namespace ringside::server
