#pragma once
// seat_write_fold: a crowd taking and leaving a room's seat queues thousands of seat writes,
// each of which replaces the room's whole seat state. On PostgreSQL every write is a round
// trip, so the backlog grows by seconds and everything queued behind it (a new player's
// welcome waits for its identity) waits with it. Within one batch (one transaction) only the
// last of a run of a room's seat writes is observable, so the earlier ones need not run: they
// take the last one's result.
//
// A seat write is folded into a later one only when no write between them may touch that
// room (a move, an ending, anything unscoped): those see the seats in the order queued, so
// they keep it.

#include <cstddef>
#include <vector>

#include "server/journal_write_scope.hpp"

namespace ringside::server {

class seat_write_fold {
 public:
  // For each write of one batch (`scopes`, in queue order), the index of the write whose
  // result it takes: itself when it must run, a later seat write of its room when that one
  // supersedes it.
  static std::vector<std::size_t> plan(const std::vector<const journal_write_scope*>& scopes);
};

}  // namespace ringside::server
