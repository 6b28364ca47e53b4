#pragma once
// identity_connections: which connections speak for each identity, and from which client
// address. A token is the whole of an identity: whoever replays it from elsewhere takes the
// seats and speaks in the owner's name. The owner cannot be stopped from here, but can be
// told: a hello from another address than the identity's other connections is reported to
// those connections (request_handler sends them a `notice`). Shared by every session, so
// thread-safe; bounded by --connections-per-identity per identity, and an entry goes with its
// connection.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/peer.hpp"

namespace ringside::server {

class identity_connections {
 public:
  // Connection `id` (`who`) speaks for `player` from `address` (client_limits' key) from now
  // on. Returns that player's other connections still open from another address.
  std::vector<peer_ptr> add(const std::string& player, std::uint64_t id, std::weak_ptr<peer> who,
                            const std::string& address);
  // Connection `id` no longer speaks for `player`.
  void remove(const std::string& player, std::uint64_t id);
  // One open connection of `player`, preferring `first` if it is still open; null when the
  // player has none (quick pairing seats a seeker through it).
  peer_ptr one_of(const std::string& player, std::uint64_t first = 0) const;
  // Identities with a connection now (also the lobby's count of people online).
  std::size_t size() const;

 private:
  struct connection {
    std::weak_ptr<peer> who;
    std::string address;
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::map<std::uint64_t, connection>> by_player_;
};

}  // namespace ringside::server
