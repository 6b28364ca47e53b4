#pragma once
// search_scheduler: which queued computer search runs next. Fair in two ways. Across people:
// turns by client address, and within an address by identity, so one player's many rooms
// (or one address's many identities) take one turn between other players' searches, never a
// run of turns. Across levels: cheap searches have a lane of their own, so a beginner's move
// never waits behind a strong level's seconds-long searches. Bounded: a search past the
// capacity is refused, not queued. Pure bookkeeping (ids only, no threads, no clock);
// computer_pool runs it under its lock.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

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
  std::size_t size(lane l) const { return l == lane::quick ? quick_.size : deep_.size; }
  bool full() const { return capacity_ != 0 && size_ >= capacity_; }
  std::size_t capacity() const { return capacity_; }

 private:
  // Keyed queues taking turns in rounds: the one due earliest goes next (first come first
  // among equals) and is then due a round later. A newcomer is due in the current round:
  // ahead of those that already had their turn in it, even when the one served last is alone
  // in line. One whose queue ran dry and that comes back is due when it would have been, so
  // asking one search at a time earns no extra turns.
  template <class Inner>
  struct turns {
    struct entry {
      std::string key;
      std::uint64_t due = 0;
      std::uint64_t arrived = 0;
      Inner inner;
    };
    std::vector<entry> line;  // a handful: the addresses (identities) with searches waiting
    std::uint64_t round = 0;  // `due` of the one served last
    std::uint64_t arrivals = 0;
    // Keys that left the line after their turn and are due after this round if they come back.
    std::unordered_map<std::string, std::uint64_t> due_later;

    Inner& of(const std::string& key);
    typename std::vector<entry>::iterator first();
    // `it` had its turn: due next round, and out of the line when it has nothing left.
    void served(typename std::vector<entry>::iterator it, bool empty);
  };
  using player_line = turns<std::deque<std::uint64_t>>;
  struct lane_queue {
    turns<player_line> addresses;
    std::size_t size = 0;
  };

  static std::uint64_t take_turn(lane_queue& q);

  std::size_t capacity_;
  std::size_t size_ = 0;
  lane_queue quick_;
  lane_queue deep_;
};

}  // namespace ringside::server
