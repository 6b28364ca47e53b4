#include "server/player_page.hpp"

namespace ringside::server {

namespace {

const char* result_for(const player_game_row& g) {
  if (g.winner == 0) return "draw";
  return g.winner == g.seat ? "win" : "loss";
}

nlohmann::json game_entry(const player_game_row& g) {
  return {{"room", g.room_id},
          {"game", g.game},
          {"variant", g.variant},
          {"opponent", g.opponent},
          {"color", g.seat},
          {"result", result_for(g)},
          {"reason", g.reason},
          {"rating_change", nullptr},  // rated games are not recorded yet
          {"finished_ms", g.finished_ms}};
}

player_answer failed(const std::string& why) {
  return {500, "the journal could not be read: " + why + "\n"};
}

}  // namespace

ringside::expected<std::optional<seat_row>> player_named(journal& j, std::string_view name) {
  return j.player_by_seat_name(name);
}

bool player_is_guest(journal& j, std::string_view player_id) {
  (void)j;
  (void)player_id;
  return true;
}

nlohmann::json player_ratings(journal& j, std::string_view player_id) {
  (void)j;
  (void)player_id;
  return nlohmann::json::array();
}

player_answer read_player_page(journal& j, std::string_view name, const player_games_query& q,
                               bool with_profile) {
  const auto who = player_named(j, name);
  if (!who) return failed(who.error());
  if (!*who) return {404, "nobody has played here under the name '" + std::string(name) + "'\n"};
  const auto& player = **who;
  // One more than the page shows says whether there is a next page.
  auto games = j.player_games(player.player_id, q.game, q.before, q.limit + 1);
  if (!games) return failed(games.error());
  nlohmann::json next = nullptr;
  if (static_cast<std::int64_t>(games->size()) > q.limit) {
    games->resize(static_cast<std::size_t>(q.limit));
    next = player_games_cursor_text(games->back());
  }
  nlohmann::json list = nlohmann::json::array();
  for (const auto& g : *games) list.push_back(game_entry(g));
  nlohmann::json out;
  if (with_profile) {
    const auto tally = j.player_tally_of(player.player_id);
    if (!tally) return failed(tally.error());
    out["name"] = player.name;
    out["guest"] = player_is_guest(j, player.player_id);
    out["ratings"] = player_ratings(j, player.player_id);
    out["counts"] = {{"wins", tally->wins}, {"losses", tally->losses}, {"draws", tally->draws}};
  }
  out["games"] = std::move(list);
  out["next"] = std::move(next);
  return {200, out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"};
}

}  // namespace ringside::server
