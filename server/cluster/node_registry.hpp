#pragma once
// node_registry: the cluster's nodes in Redis. Each node's heartbeat is a key with a time to
// live holding what it says of itself (node_info); a set names every node that ever beat, so
// one look (a Lua script) lists the live ones and removes, and reports once, those whose key
// ran out: a dead node is noticed within its ttl, with no goodbye needed.
//
// Use on the redis_client's strand (callbacks run there).

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "server/cluster/node_census.hpp"
#include "server/redis/redis_client.hpp"

namespace ringside::server::cluster {

class node_registry {
 public:
  node_registry(redis::redis_client& redis, std::chrono::milliseconds ttl);

  // Writes `self`'s heartbeat (alive for the ttl from now). fn(false): Redis did not answer.
  void beat(const node_info& self, std::function<void(bool)> fn);
  // The live nodes and the ones found dead; nullopt when Redis did not answer.
  void census(std::function<void(std::optional<node_census>)> fn);
  // Removes `id`'s heartbeat at once (a clean exit), so no room is sent its way meanwhile.
  void leave(const std::string& id, std::function<void(bool)> fn);

  static std::string heartbeat_key(const std::string& id);
  static const std::string& members_key();

 private:
  redis::redis_client& redis_;
  std::chrono::milliseconds ttl_;
};

}  // namespace ringside::server::cluster
