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

// A room equal to the one saved (same id, seats, history, clocks as of the last move, status
// and result), with nobody connected; fails with the reason when a move does not replay or
// the row is not one this server writes.
expected<std::shared_ptr<room>> restore_room(boost::asio::io_context& ioc, room_registry& owner, metrics& m,
                                             const room_with_moves& saved);

}  // namespace ringside::server
