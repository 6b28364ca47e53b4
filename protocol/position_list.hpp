#pragma once
// protocol::position_list — the state document after every ply of a game, for clients that
// show the board at any point of a game they cannot replay themselves (they know no rules).
// Built by replaying the accepted moves on the engine; the document of each ply is the one a
// room would have sent then, so a client draws it with the code that draws the live game.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/any_game.hpp"
#include "engine/common/expected.hpp"
#include "protocol/state.hpp"

namespace ringside::protocol {

// The `positions` answer of protocol.md for a room whose game started from `start` and
// accepted `moves` (as the room holds them), seen now as `now` (the room's players, status
// and result). `positions[k]` is the document after ply k (0: the first position); a forced
// pass the server played with a move shows the position after that move. The history is given
// once at the top, not in each position, so the answer grows with the game, not its square.
expected<nlohmann::json> build_positions(const room_view& now, any_game start,
                                         const std::vector<std::string>& moves);

}  // namespace ringside::protocol
