#include "server/player_games_query.hpp"

#include "protocol/game_list.hpp"
#include "protocol/wire/utf8.hpp"
#include "server/room_list_query.hpp"

namespace ringside::server {

namespace {

bool all_digits(std::string_view s, std::size_t most) {
  return !s.empty() && s.size() <= most && s.find_first_not_of("0123456789") == std::string::npos;
}

bool is_offered_game(std::string_view name) {
  for (const auto& g : protocol::game_list().at("games"))
    if (g.value("name", "") == name) return true;
  return false;
}

// "<finished_ms>.<room id>"; room ids are short lower-case letters and digits.
std::optional<player_games_cursor> parse_cursor(std::string_view text) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const auto ms = text.substr(0, dot);
  const auto id = text.substr(dot + 1);
  if (!all_digits(ms, 18) || id.empty() || id.size() > 64) return std::nullopt;
  for (const char c : id) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return std::nullopt;
  }
  return player_games_cursor{std::stoll(std::string(ms)), std::string(id)};
}

}  // namespace

player_games_query parse_player_games_query(std::string_view query, std::int64_t default_limit,
                                            std::int64_t max_limit) {
  player_games_query out;
  out.limit = default_limit;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string key = url_decode(pair.substr(0, eq));
    if (key != "game" && key != "before" && key != "limit") continue;
    const std::string value = url_decode(pair.substr(eq + 1));
    if (!protocol::is_valid_utf8(value)) {
      out.error = "the query's '" + key + "' is not UTF-8 text once %-decoded";
      return out;
    }
    if (key == "game") {
      if (!is_offered_game(value)) {
        out.error = "'game' must be a game this server plays (see /api/games)";
        return out;
      }
      out.game = value;
    } else if (key == "limit") {
      const bool ok = all_digits(value, 9) && std::stoll(value) >= 1 && std::stoll(value) <= max_limit;
      if (!ok) {
        out.error = "'limit' must be a whole number from 1 to " + std::to_string(max_limit);
        return out;
      }
      out.limit = std::stoll(value);
    } else {
      out.before = parse_cursor(value);
      if (!out.before) {
        out.error = "'before' must be a 'next' this server gave";
        return out;
      }
    }
  }
  return out;
}

std::string player_games_cursor_text(const player_game_row& last) {
  return std::to_string(last.finished_ms) + "." + last.room_id;
}

}  // namespace ringside::server
