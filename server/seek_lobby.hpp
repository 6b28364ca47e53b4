#pragma once
// seek_lobby: the server's one seek_pool, shared by every session (so locked), with who made
// each open seek and through which connection, which the pool itself does not need to know.
// Keeps the open-seeks gauge of /metrics.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/identity.hpp"
#include "server/seek_pool.hpp"

namespace ringside::server {

class metrics;

class seek_lobby {
 public:
  using clock = seek_pool::clock;

  // Who made a seek: the identity to seat, the connection it came from (tried first when it
  // is paired), and the client address the room will be counted against.
  struct seeker {
    identity_ptr who;
    std::uint64_t peer_id = 0;
    std::string address;
  };
  struct outcome {
    seek_pool::refusal why = seek_pool::refusal::none;
    std::optional<open_seek> partner;  // paired with this seek, now out of the lobby
    seeker partner_by;
  };

  seek_lobby(seek_caps caps, metrics& m) : pool_(caps), metrics_(m) {}

  outcome add(open_seek s, seeker by, clock::time_point now);
  // The pool's admit: `s` waits for the cluster's pool to pair it (or is refused).
  seek_pool::refusal admit(open_seek s, seeker by, clock::time_point now);
  // Takes seek `id` out of the lobby with its seeker: the cluster's pool paired it.
  std::optional<std::pair<open_seek, seeker>> take(const std::string& id);
  void put_back(open_seek s, seeker by);
  bool cancel(const std::string& player, const std::string& id);
  std::vector<std::string> cancel_all(const std::string& player);
  std::vector<open_seek> open() const;

 private:
  void count();  // on the lock

  mutable std::mutex mutex_;
  seek_pool pool_;
  std::unordered_map<std::string, seeker> by_id_;
  metrics& metrics_;
};

}  // namespace ringside::server
