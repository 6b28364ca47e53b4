#pragma once
// chat_history: a room's most recent chat lines, kept so that whoever joins late (a spectator
// arriving mid-game, a player reloading) reads what was said before. Bounded by a count, and
// every line is at most 500 characters, so a room's history stays small. Touched only on its
// room's strand.

#include <cstddef>
#include <deque>
#include <nlohmann/json.hpp>
#include <string_view>

namespace ringside::server {

class chat_history {
 public:
  // Keeps the last `capacity` lines (0: none).
  explicit chat_history(std::size_t capacity) : capacity_(capacity) {}

  void add(std::string_view from, std::string_view text, std::string_view at);
  // The lines kept, oldest first, each {from, text, at} as a relayed `chat` has them.
  nlohmann::json lines() const;
  std::size_t size() const { return lines_.size(); }

 private:
  std::size_t capacity_;
  std::deque<nlohmann::json> lines_;
};

}  // namespace ringside::server
