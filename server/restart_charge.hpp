#pragma once
// What a restarted server charges the player whose turn was running when it stopped. Pure:
// the journal's runs and the times are passed in, so tests give them by hand.
//
// A Fischer clock charges the time the server was alive during the turn (the mover was
// thinking, and could have moved), up to the last heartbeat before the crash: the downtime is
// charged to nobody. A correspondence clock's deadline is a date: all the time since the turn
// began counts, downtime included.

#include <cstdint>
#include <vector>

#include "server/journal.hpp"

namespace ringside::server {

// Milliseconds to take off the mover's clock as the journal left it after the last move.
// `turn_started_ms` is when that move was received; `now_ms` is the restart (unix ms).
std::int64_t restart_charge_ms(const std::vector<server_run>& runs, std::int64_t turn_started_ms,
                               bool correspondence, std::int64_t now_ms);

}  // namespace ringside::server
