#pragma once
// room_presence: who is in a room — the connections, whose seat each speaks for, and the
// spectator count the room's state shows. Kept apart from the game, as a crowd is a different
// job: a spectator arriving or leaving changes only the count, and the count the state shows
// moves at most once a second however many came or went (protocol.md), so a crowd of M
// arriving costs each member about one patch a second, not M. The room owns the timer (its
// handlers keep the room alive) and asks count_due_at() when to show the count next. Used only
// on its room's strand.

#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>

#include "server/identity.hpp"
#include "server/peer.hpp"

namespace ringside::server {

class room_presence {
 public:
  using clock = std::chrono::steady_clock;

  struct member {
    std::weak_ptr<peer> conn;
    identity_ptr who;
    int seat = 0;  // 0: spectator
  };

  // `interval`: the least time between two changes of the shown spectator count.
  explicit room_presence(clock::duration interval = std::chrono::seconds(1))
      : interval_(interval) {}

  bool contains(std::uint64_t peer_id) const { return members_.count(peer_id) != 0; }
  // The member `peer_id` is, or null when it is not here.
  const member* find(std::uint64_t peer_id) const {
    const auto it = members_.find(peer_id);
    return it == members_.end() ? nullptr : &it->second;
  }
  bool empty() const { return members_.empty(); }
  // Adds connection `peer_id` (a second add of the same id changes nothing).
  void add(std::uint64_t peer_id, member m);
  // Removes `peer_id` and returns what it was, or nothing when it was not here.
  std::optional<member> remove(std::uint64_t peer_id);
  // Whether any connection speaks for `seat` (1 or 2).
  bool online(int seat) const;

  // The spectator count the state shows.
  int shown_spectators() const { return shown_; }
  // When the shown count should next catch up with the crowd: empty while they agree; the
  // first change after a quiet interval is due at once, later ones at the interval's end.
  std::optional<clock::time_point> count_due_at() const;
  // Shows the current count; returns whether the shown count changed (then the room commits
  // one version).
  bool take_count(clock::time_point now = clock::now());

  // Calls fn(peer&) for every member still connected, but `except`.
  template <class F>
  void for_each_connection(F&& fn, std::uint64_t except = 0) const {
    for (const auto& [id, m] : members_) {
      if (id == except) continue;
      if (const auto conn = m.conn.lock()) fn(*conn);
    }
  }
  // Calls fn(peer_ptr, member) for every member still connected.
  template <class F>
  void for_each_member(F&& fn) const {
    for (const auto& [id, m] : members_) {
      if (auto conn = m.conn.lock()) fn(std::move(conn), m);
    }
  }

 private:
  std::map<std::uint64_t, member> members_;
  int spectators_ = 0;  // members without a seat, now
  // Connections speaking for seat 1 and 2: every commit asks whether each seat is online, and
  // a walk over the members for it cost a crowd of thousands more than its patches.
  std::array<int, 2> seated_{};
  int shown_ = 0;  // what the state says
  clock::time_point last_shown_{};
  clock::duration interval_;
};

}  // namespace ringside::server
