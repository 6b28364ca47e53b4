#pragma once
// chat_history: a room's most recent chat lines, kept so that whoever joins late (a spectator
// arriving mid-game, a player reloading) reads what was said before. Bounded by a count and by
// the bytes of text kept: a reconnect gets every seat's `joined` at once, and with each room's
// lines that burst must still fit a connection's queue (seats per player × the byte bound, well
// under its 1 MiB). Touched only on its room's strand.

#include <cstddef>
#include <deque>
#include <nlohmann/json.hpp>
#include <string_view>

namespace ringside::server {

class chat_history {
 public:
  // The text kept, senders' names included, at most (the oldest lines go first).
  static constexpr std::size_t max_bytes = 8 * 1024;

  // Keeps the last `capacity` lines (0: none).
  explicit chat_history(std::size_t capacity) : capacity_(capacity) {}

  void add(std::string_view from, std::string_view text, std::string_view at);
  // The lines kept, oldest first, each {from, text, at} as a relayed `chat` has them.
  nlohmann::json lines() const;
  std::size_t size() const { return lines_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  struct line {
    nlohmann::json json;
    std::size_t bytes = 0;
  };

  std::size_t capacity_;
  std::deque<line> lines_;
  std::size_t bytes_ = 0;
};

}  // namespace ringside::server
