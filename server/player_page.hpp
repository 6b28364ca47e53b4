#pragma once
// player_page: what GET /api/players/{name} and /api/players/{name}/games answer, read from
// the journal on its thread (journal_writer::read): who a name stands for (an account, else the
// guest who last sat under it), whether they are a guest, their ratings with their history, and
// their games with each rated game's change.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/journal.hpp"
#include "server/player_games_query.hpp"

namespace ringside::server {

struct player_answer {
  int status = 200;   // 200, 404 (no such player) or 500 (the journal failed)
  std::string body;   // JSON for a 200, a sentence otherwise
};

// The player `name` stands for (its id and name as shown): the account of that name (case
// ignored), else the player whose most recent seat bore it, ASCII case ignored.
ringside::expected<std::optional<seat_row>> player_named(journal& j, std::string_view name);
// Whether the player plays without an account.
bool player_is_guest(journal& j, std::string_view player_id);
// The player's ratings, one per category, each with its history (see docs/protocol.md).
nlohmann::json player_ratings(journal& j, std::string_view player_id);

// The whole page (`with_profile`: name, guest, ratings, counts, games, next) or just the
// games and next, for `name` and the checked query `q`.
player_answer read_player_page(journal& j, std::string_view name, const player_games_query& q,
                               bool with_profile);

}  // namespace ringside::server
