#pragma once
// move_tokens — every move the player to move may type now, as the tokens they type, read
// off the state document: ZÈRTZ's `captures` (when a capture is due) or its vacant rings and
// `removable` rings; DVONN's `legal`. The server computed all of it; the client only spells
// it out, so Tab never offers a move the server would refuse.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ringside::cli {

// Legal tokens for the player to move in `state` (sorted). ZÈRTZ placements name a colour
// from the pool, or from the mover's own captures once the pool is empty (zertz-rules.md §4).
std::vector<std::string> legal_tokens(const nlohmann::json& state);

// ZÈRTZ's `captures` chains as tokens named by the jumping marble ("Bd1xd3xd5").
std::vector<std::string> capture_tokens(const nlohmann::json& state);

}  // namespace ringside::cli
