#pragma once
// The games this server plays, as clients offer them to a player creating a room: each game's
// name, title, variants (with the board each is played on by default), boards, computer
// levels, and the clocks a client suggests. Built from the engine's registry
// (engine/computers.hpp offered_games()), so neither the server nor a client lists a game by
// hand. Sent as GET /api/games and in `welcome` (its `games` and `clocks`).

#include <nlohmann/json.hpp>

namespace ringside::protocol {

// {"games": [...], "clocks": [...]}, built once; see docs/protocol.md "GET /api/games".
const nlohmann::json& game_list();

}  // namespace ringside::protocol
