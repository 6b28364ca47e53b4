#pragma once
// The query of GET /api/players/{name} and /api/players/{name}/games
// (`game=dvonn&before=...&limit=20`), checked: values %-decoded and UTF-8, `game` one this
// server plays, `limit` a whole number up to the server's page size, `before` a `next` this
// server gave. Each refusal names the field. Unknown keys are ignored, as /api/rooms does.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/journal.hpp"

namespace ringside::server {

struct player_games_query {
  std::string game;  // empty: every game
  std::optional<player_games_cursor> before;
  std::int64_t limit = 0;
  std::string error;  // why the query is refused, as a sentence; empty when it is fine
};

// `default_limit` when the query names none; `max_limit` the most it may ask for.
player_games_query parse_player_games_query(std::string_view query, std::int64_t default_limit,
                                            std::int64_t max_limit);

// The `next` cursor that continues after `last`: "<finished_ms>.<room id>".
std::string player_games_cursor_text(const player_game_row& last);

}  // namespace ringside::server
