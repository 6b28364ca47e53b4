#pragma once
// room_lease: one room's ownership, held by one node at a time through Redis. A claim is a
// Lua script that, only when no node holds the room, bumps the room's epoch (INCR, never
// expiring) and sets the owner key to "<node> <epoch>" with a time to live; renewals and the
// release compare that exact value first, so a node whose lease ran out (and was claimed by
// another) can neither renew nor delete the new owner's. The epoch only grows: it is the
// fencing token the store checks in the same transaction as a move, so a stale owner that
// still thinks it holds the room cannot commit.
//
// Use on the redis_client's strand (the callbacks run there too); keep it in a shared_ptr
// (make_shared), as answers in flight hold it.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/cluster/lease_clock.hpp"
#include "server/redis/redis_client.hpp"

namespace ringside::server::cluster {

struct lease_owner {
  std::string node;
  std::uint64_t epoch = 0;
  // "<node> <epoch>", the owner key's value; nullopt for anything else.
  static std::optional<lease_owner> parse(const std::string& value);
};

class room_lease : public std::enable_shared_from_this<room_lease> {
 public:
  enum class outcome {
    granted,      // the lease is ours (claimed, or renewed)
    taken,        // another node holds it, or ours ran out
    unavailable,  // Redis did not answer; the lease clock decides how long ours still holds
  };

  room_lease(redis::redis_client& redis, std::string room_id, std::string node_id,
             lease_clock::settings timing);

  void claim(std::function<void(outcome)> fn);
  void renew(std::function<void(outcome)> fn);
  // The lease was granted to us by another script (room_adoption's) with `epoch`, from a
  // request sent at `sent_at`.
  void adopted(std::uint64_t epoch, lease_clock::clock::time_point sent_at);
  // Gives the room up (a clean handover); fn(true) when it was ours and is now free.
  void release(std::function<void(bool)> fn);

  // The fencing token of our current grant; 0 before the first one.
  std::uint64_t epoch() const { return epoch_; }
  bool held(lease_clock::clock::time_point now) const { return clock_.held(now); }
  const lease_clock& timing() const { return clock_; }
  const std::string& room_id() const { return room_id_; }
  // Who held the room when our claim was refused (empty before).
  const std::optional<lease_owner>& other_owner() const { return other_owner_; }

  // Who owns `room_id` now; fn(nullopt) when no node does or Redis did not answer (`answered`
  // tells which).
  static void read_owner(redis::redis_client& redis, const std::string& room_id,
                         std::function<void(std::optional<lease_owner>, bool answered)> fn);

  // Raises the room's epoch to at least `epoch` (the store saw it; Redis started again
  // empty); fn runs once Redis answered, or could not.
  static void raise_epoch(redis::redis_client& redis, const std::string& room_id,
                          std::int64_t epoch, std::function<void()> fn);

  static std::string owner_key(const std::string& room_id);
  static std::string epoch_key(const std::string& room_id);

 private:
  std::string owner_value() const;

  redis::redis_client& redis_;
  std::string room_id_;
  std::string node_id_;
  lease_clock clock_;
  std::uint64_t epoch_ = 0;
  std::optional<lease_owner> other_owner_;
};

}  // namespace ringside::server::cluster
