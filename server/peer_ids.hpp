#pragma once
// Peer ids: one counter for every kind of peer in the process (WebSocket sessions and the
// stand-ins for other nodes' clients), so that a room never sees two peers with one id.

#include <atomic>
#include <cstdint>

namespace ringside::server {

inline std::uint64_t next_peer_id() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

}  // namespace ringside::server
