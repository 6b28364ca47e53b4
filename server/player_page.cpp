#include "server/player_page.hpp"
#include "server/rating/rounded_rating.hpp"

#include <cmath>
#include <map>

namespace ringside::server {

namespace {

const char* result_for(const player_game_row& g) {
  if (g.winner == 0) return "draw";
  return g.winner == g.seat ? "win" : "loss";
}

nlohmann::json game_entry(const player_game_row& g, nlohmann::json rating_change) {
  return {{"room", g.room_id},
          {"game", g.game},
          {"variant", g.variant},
          {"opponent", g.opponent},
          {"color", g.seat},
          {"result", result_for(g)},
          {"reason", g.reason},
          {"rating_change", std::move(rating_change)},
          {"finished_ms", g.finished_ms}};
}

player_answer failed(const std::string& why) {
  return {500, "the journal could not be read: " + why + "\n"};
}

}  // namespace

ringside::expected<std::optional<seat_row>> player_named(journal& j, std::string_view name) {
  // An account's name is reserved: it names the account. A guest's is whoever sat last under it.
  auto account = j.account_named(name);
  if (!account || *account) return account;
  return j.player_by_seat_name(name);
}

bool player_is_guest(journal& j, std::string_view player_id) {
  const auto account = j.is_account(player_id);
  return !account || !*account;
}

nlohmann::json player_ratings(journal& j, std::string_view player_id) {
  nlohmann::json out = nlohmann::json::array();
  const auto ratings = j.ratings_of(player_id);
  if (!ratings) return out;
  const auto history = j.rating_history_of(player_id);
  std::map<std::string, nlohmann::json> points;
  if (history) {
    for (const auto& h : *history) {
      auto& graph = points[h.change.category];
      // The graph starts where the first rated game found the rating (1500 for a newcomer).
      if (graph.is_null()) {
        graph.push_back(
            {{"at_ms", h.change.played_ms}, {"rating", rounded_rating(h.change.before.rating)}});
      }
      graph.push_back(
          {{"at_ms", h.change.played_ms}, {"rating", rounded_rating(h.change.after.rating)}});
    }
  }
  for (const auto& r : *ratings) {
    auto& graph = points[r.category];
    out.push_back({{"category", r.category},
                   {"rating", rounded_rating(r.value.rating)},
                   {"deviation", rounded_rating(r.value.deviation)},
                   // lichess's "?": the rating is still a guess while its deviation is over 110.
                   {"provisional", r.value.deviation > 110.0},
                   {"games", r.games},
                   {"history", graph.is_null() ? nlohmann::json::array() : graph}});
  }
  return out;
}

// The rating change this player's seat got from a rated game, or null.
nlohmann::json rating_change_of(journal& j, const player_game_row& g) {
  const auto changes = j.room_rating_changes(g.room_id);
  if (!changes) return nullptr;
  for (const auto& c : *changes) {
    if (c.seat == g.seat) return rounded_rating(c.after.rating) - rounded_rating(c.before.rating);
  }
  return nullptr;
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
  for (const auto& g : *games) list.push_back(game_entry(g, rating_change_of(j, g)));
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
