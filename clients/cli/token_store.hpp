#pragma once
// token_store — remembers, per server address, the secret token from `welcome` and the rooms
// this identity sits in, so a restarted client resumes the same player and seats.
//
// The file is $XDG_CONFIG_HOME/ringside/<address>.json (or ~/.config/ringside/...), mode 0600
// because the token alone lets anyone play as you.

#include <filesystem>
#include <map>
#include <string>

namespace ringside::cli {

struct saved_identity {
  std::string token;
  std::string player;
  std::map<std::string, std::string> rooms;  // room id -> "player" | "spectator"
};

class token_store {
 public:
  // Picks the file for `server_address` (any text; it is reduced to a safe file name).
  explicit token_store(const std::string& server_address);

  // What was saved earlier; an empty identity when there is no file or it is unreadable
  // (a corrupt file must not stop the client from connecting as a new player).
  saved_identity load() const;

  // Replaces the file atomically (write to a temporary, then rename) with mode 0600.
  // Returns false, and leaves any older file in place, when it cannot be written.
  bool save(const saved_identity& id) const;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The directory tokens live in: $XDG_CONFIG_HOME/ringside, else $HOME/.config/ringside.
std::filesystem::path config_dir();

}  // namespace ringside::cli
