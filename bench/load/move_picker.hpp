#pragma once
// pick_move: chooses a legal move from the room state the server sent (docs/protocol.md, "The
// room state"), the way any client must. ZÈRTZ: a chain from `captures` when `must_capture`,
// otherwise a placement built from `rings`, `pool` (or the mover's `captured`) and
// `removable`. DVONN, and any game whose state lists `legal`: one of those moves. It links no
// engine: the server stays the only judge of legality.

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <random>
#include <string>

namespace ringside::load {

// A move for seat `seat` (1 or 2) to play in `state` (the game is read from its `game`
// field; ZÈRTZ when it has none), or nothing when the state offers no move (a malformed
// state, or a position where the server would pass for us).
std::optional<std::string> pick_move(const nlohmann::json& state, int seat, std::mt19937_64& rng);

}  // namespace ringside::load
