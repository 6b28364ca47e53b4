#pragma once
// search_scheduler: which queued computer search runs next. Fair in two ways. Across people:
// round robin over client addresses, and within an address over identities, so one player's
// many rooms (or one address's many identities) take one turn between other players'
// searches, never a run of turns. Across levels: cheap searches have a lane of their own, so
// a beginner's move never waits behind a strong level's seconds-long searches. Bounded: a
// search past the capacity is refused, not queued. Pure bookkeeping (ids only, no threads,
// no clock); computer_pool runs it under its lock.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>

namespace ringside::server {

class search_scheduler {
 public:
  enum class lane { quick, deep };

  // One queued search: `id` is the caller's handle, returned by next().
  struct job {
    std::uint64_t id = 0;
    std::string address;  // who asked, for fairness; empty is a key like any other
    std::string player;
    lane which = lane::deep;
  };

  // At most `capacity` searches queued at once (0: no bound).
  explicit search_scheduler(std::size_t capacity) : capacity_(capacity) {}

  // Queues `j`; false (nothing queued) when the queue holds `capacity` searches already.
  bool push(job j);
  // The id of the search to run next, removed from the queue; nullopt when none waits.
  // `deep_too`: the asking worker may run deep searches (quick ones always go first); a worker
  // kept for the quick lane passes false.
  std::optional<std::uint64_t> next(bool deep_too);
  std::size_t size() const { return size_; }
  std::size_t size(lane l) const { return of(l).size; }
  bool full() const { return capacity_ != 0 && size_ >= capacity_; }
  std::size_t capacity() const { return capacity_; }

 private:
  // A lane: addresses in turn order; each address its identities in turn order; each identity
  // its searches first in, first out.
  struct player_queue {
    std::string player;
    std::deque<std::uint64_t> ids;
  };
  struct address_queue {
    std::string address;
    std::deque<player_queue> players;
  };
  struct lane_queue {
    std::deque<address_queue> addresses;
    std::size_t size = 0;
  };

  lane_queue& of(lane l) { return l == lane::quick ? quick_ : deep_; }
  const lane_queue& of(lane l) const { return l == lane::quick ? quick_ : deep_; }
  static std::uint64_t take_turn(lane_queue& q);

  std::size_t capacity_;
  std::size_t size_ = 0;
  lane_queue quick_;
  lane_queue deep_;
};

}  // namespace ringside::server
