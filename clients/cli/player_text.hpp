#pragma once
// player_text — a player's page from GET /api/players/NAME (docs/protocol.md "Players'
// pages") as text: for a person (`games NAME`, `me`) and as key=value lines for scripts.
// Every string from the server goes through visible() or script_value(): a name is anyone's.

#include <nlohmann/json.hpp>
#include <string>

namespace ringside::cli {

// "alice (guest): 3 games — 1 won, 1 lost, 1 drawn" then each rating, one a line.
std::string player_summary_text(const nlohmann::json& page);
// The games, newest first, one a line: result, game and variant, opponent, reason, when, room.
std::string player_games_text(const nlohmann::json& page);

// For scripts: "player name=alice wins=1 losses=1 draws=1 ratings=0".
std::string player_summary_line(const nlohmann::json& page);
// For scripts: one "game room=R game=zertz variant=blitz result=win opponent=bob
// reason=resignation color=1" line per game.
std::string player_games_lines(const nlohmann::json& page);

}  // namespace ringside::cli
