#pragma once
// seek_pool: the open seeks of quick pairing and who may be paired with whom. A new seek is
// matched at once with the oldest compatible one (same game, variant, board, clock and rated,
// each rating inside the other's range, two different people), or waits in the pool. It
// counts seeks per identity (one per shape, a few in all, a few per minute) and in all. Pure:
// no sockets, no strand, time given by the caller; its owner keeps it on one strand.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/wire/messages.hpp"
#include "server/sliding_window.hpp"

namespace ringside::server {

// What two seeks must share to be paired.
struct seek_shape {
  protocol::game_settings game;  // names and board as the engine made them
  std::optional<protocol::clock_settings> clock;
  bool rated = false;
  friend bool operator==(const seek_shape&, const seek_shape&) = default;
};

struct open_seek {
  std::string id;      // the server's name for it, given back in `seeking` and `paired`
  std::string player;  // the seeker's identity
  std::string name;    // the seeker's name, shown in the lobby
  seek_shape shape;
  std::optional<protocol::rating_range> range;  // the opponents' ratings it accepts
  int rating = 0;                               // the seeker's rating in this shape's category
  std::chrono::steady_clock::time_point since;
};

struct seek_caps {
  std::size_t per_player = 5;   // open seeks one identity may have (0: no cap)
  std::size_t per_minute = 30;  // seeks one identity may make in a minute (0: no cap)
  std::size_t total = 10'000;   // open seeks in the whole pool (0: no cap)
};

class seek_pool {
 public:
  using clock = std::chrono::steady_clock;

  enum class refusal { none, same_shape, player_cap, too_fast, pool_full };
  struct outcome {
    refusal why = refusal::none;
    // Set when the new seek was paired: the seek it met, now out of the pool. Unset with
    // refusal::none: the new seek waits in the pool.
    std::optional<open_seek> partner;
  };

  explicit seek_pool(seek_caps caps = {}) : caps_(caps) {}

  // Pairs `s` with the oldest compatible open seek, or keeps it open, or refuses it.
  outcome add(open_seek s, clock::time_point now);
  // Keeps `s` open, or refuses it, under the same caps as add, without pairing it: in a
  // cluster the pairing is the shared pool's, and this pool only counts the node's own seeks.
  refusal admit(open_seek s, clock::time_point now);
  // Removes seek `id`, whoever made it; returns it, or nullopt when it is not open.
  std::optional<open_seek> take(const std::string& id);
  // Removes `player`'s seek `id`; false when it has no such open seek.
  bool cancel(const std::string& player, const std::string& id);
  // Removes every open seek of `player` (it has no connection left); returns their ids.
  std::vector<std::string> cancel_all(const std::string& player);
  // Puts back a seek `add` paired whose room could not be made, without matching it again
  // (it was matched once already) or counting it against any cap.
  void put_back(open_seek s);
  // The open seeks, oldest first.
  std::vector<open_seek> open() const;
  std::size_t size() const { return by_order_.size(); }
  // Whether a and b may play each other (either order).
  static bool compatible(const open_seek& a, const open_seek& b);

 private:
  std::size_t count_of(const std::string& player) const;
  // The caps add and admit apply: counts `s` against its seeker's per-minute window.
  refusal check_caps(const open_seek& s, clock::time_point now);
  // Forgets the rate windows of identities idle for a minute, once the map has grown.
  void prune_windows(clock::time_point now);

  seek_caps caps_;
  std::uint64_t next_order_ = 0;
  std::map<std::uint64_t, open_seek> by_order_;             // oldest first: the first match wins
  std::unordered_map<std::string, sliding_window> recent_;  // per identity, for per_minute
  std::size_t prune_at_ = 64;
};

}  // namespace ringside::server
