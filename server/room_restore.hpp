#pragma once
// Rebuilding a room from what the journal holds: its settings, seats, moves (replayed through
// the engine, so a journal the rules do not accept is refused, never half-loaded), clocks and,
// for a finished game, its result and record.

#include <boost/asio/io_context.hpp>
#include <memory>

#include "engine/common/expected.hpp"
#include "server/journal.hpp"

namespace ringside::server {

class room_registry;
class metrics;
class room;

// A room equal to the one saved (same id, seats, history, status and result; clocks as of
// the last move, less what `runs` say the mover thought before a crash: restart_charge.hpp), with nobody connected; fails with the reason when a move does not replay or
// the row is not one this server writes.
expected<std::shared_ptr<room>> restore_room(boost::asio::io_context& ioc, room_registry& owner, metrics& m,
                                             const room_with_moves& saved,
                                             const std::vector<server_run>& runs = {});

}  // namespace ringside::server
