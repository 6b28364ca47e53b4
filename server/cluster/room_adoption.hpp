#pragma once
// room_adoption: which rooms each node owns, kept in Redis so that the rooms of a node that
// died or left find a new owner. Each node keeps a set of its rooms; when a node is found dead
// (node_registry's census) or leaves cleanly, its rooms move to one set of orphans, and every
// live node adopts a few orphans on each of its ticks: a Lua script that, for each, claims the
// room's lease exactly as room_lease's claim does (only when no node holds it: one winner),
// so a dead node's room is adopted as soon as its lease runs out, and a released one at once.
// An orphan whose lease a live node holds (a node wrongly thought dead) is simply dropped.
//
// Use on the redis_client's strand (callbacks run there).

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/redis/redis_client.hpp"

namespace ringside::server::cluster {

class room_adoption {
 public:
  struct adopted {
    std::string room;
    std::int64_t epoch = 0;
  };

  room_adoption(redis::redis_client& redis, std::string node_id, std::chrono::milliseconds ttl);

  // This node owns `room` now (a claim granted) / no longer (closed, or lost).
  void owned(const std::string& room);
  void dropped(const std::string& room);
  // This node gave `room` up on leaving: another node adopts it at once.
  void handed_over(const std::string& room, std::function<void()> done);
  // Node `dead` stopped beating: its rooms become orphans.
  void orphan_rooms_of(const std::string& dead);
  // At this node's start: a previous run under its id may have died owning rooms. They become
  // orphans and that run's leases on them are freed at once, not left to run out: that run is
  // gone (its id is this run's now), and the next claim's greater epoch fences it anyway.
  // `done` hears how many rooms it had.
  void started_again(std::function<void(std::int64_t)> done);
  // Claims up to `most` orphans whose lease is free; fn gets those granted (empty when none
  // or Redis did not answer) and when the request was sent (what their lease clocks count
  // from).
  void adopt(
      int most,
      std::function<void(std::vector<adopted>, std::chrono::steady_clock::time_point sent_at)> fn);

  static std::string rooms_key(const std::string& node_id);
  static const std::string& orphans_key();

 private:
  redis::redis_client& redis_;
  std::string node_id_;
  std::chrono::milliseconds ttl_;
};

}  // namespace ringside::server::cluster
