#pragma once
// shared_seek: an open seek as the cluster's pool in Redis holds it, and back. The entry
// carries what the pairing script compares (player, rating, range, the name's two look-alike
// keys), what a lobby lists, the node whose client made it (the one told when it is paired,
// and whose heartbeat it lives by) and when it was made, in wall-clock time since nodes share
// no steady clock. Decoding checks every field: a garbled entry is refused, never half read.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "server/seek_pool.hpp"

namespace ringside::server {

struct shared_seek {
  open_seek seek;
  std::string node;

  // The entry, with `since` turned into wall-clock milliseconds by the two clocks' `now`.
  std::string encode(std::chrono::steady_clock::time_point steady_now,
                     std::chrono::system_clock::time_point wall_now) const;
  static std::optional<shared_seek> decode(std::string_view entry,
                                           std::chrono::steady_clock::time_point steady_now,
                                           std::chrono::system_clock::time_point wall_now);
};

// The part of the pool's keys naming the seeks of one shape: only seeks of one shape pair.
std::string shape_key(const seek_shape& shape);

// What a node that paired a seek of another node's client tells that node on
// `node:<id>:seeks`: which seek, the room its client is to join, and whom it will meet. And
// the answer, `declined`, when that seek was no longer open there (cancelled in the instant of
// the pairing, or its seeker gone): `from` is then the seek's node, and the room's maker
// cancels the room.
struct seek_notice {
  std::string seek;
  std::string room;
  std::string from;  // the node that made the room (and owns it); declined: the seek's node
  std::string opponent_name;
  int opponent_rating = 0;
  bool declined = false;

  std::string encode() const;
  static std::optional<seek_notice> decode(std::string_view payload);
};

std::string seeks_channel(std::string_view node);

}  // namespace ringside::server
