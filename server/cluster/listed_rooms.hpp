#pragma once
// listed_rooms: the cluster's room list in Redis. Each node keeps the lobby entries of the
// rooms it owns in a hash of its own (`ringside:node:<id>:listed`, room id -> entry), written
// at each change and given the node's ttl at each heartbeat, so a dead node's entries vanish
// with it. A node answering the lobby reads every other live node's entries in one round trip
// (a Lua script), kept for a short while so a busy lobby costs Redis one read per period.
//
// Use on the redis_client's strand (callbacks run there).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/redis/redis_client.hpp"

namespace ringside::server::cluster {

class listed_rooms {
 public:
  // Room id -> its entry (encode's text).
  using entries = std::unordered_map<std::string, std::string>;
  using clock = std::chrono::steady_clock;

  listed_rooms(redis::redis_client& redis, std::string node_id, std::chrono::milliseconds ttl,
               std::chrono::milliseconds cache_for);

  // This node's entry of room `room`; an empty `entry` takes it off the list.
  void put(const std::string& room, std::string entry);
  // At each heartbeat: the hash lives for another ttl; rewritten whole when it had run out
  // (Redis restarted or was out of reach longer than the ttl).
  void refresh();
  // A clean exit: the node's entries go at once.
  void leave(std::function<void()> done);
  // Every other live node's entries; null when Redis did not answer. Answered from the last
  // read when it is younger than `cache_for`; callers arriving while a read is in flight
  // share it.
  void others(std::function<void(std::shared_ptr<const entries>)> fn);

  static std::string key(const std::string& node);
  // An entry: the room's place in the list (comparable between nodes) and its summary.
  static std::string encode(std::uint64_t order, const std::string& summary_json);
  // nullopt for text that is not an entry holding a summary with a game and a status.
  static std::optional<std::pair<std::uint64_t, nlohmann::json>> decode(const std::string& entry);

 private:
  void write_all();

  redis::redis_client& redis_;
  std::string node_id_;
  std::string key_;
  std::chrono::milliseconds ttl_;
  std::chrono::milliseconds cache_for_;
  entries own_;
  std::shared_ptr<const entries> cached_;
  clock::time_point cached_at_;
  std::vector<std::function<void(std::shared_ptr<const entries>)>> waiting_;
};

}  // namespace ringside::server::cluster
