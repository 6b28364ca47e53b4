// The journal's reads for players' pages: who a name stands for, a page of a player's finished
// games and their tally. Each reads rooms through the seat indexes (schema 9), so the work is
// bounded by one player's games, never by every room.

#include <limits>

#include "server/journal.hpp"
#include "server/journal_statement.hpp"

namespace ringside::server {

namespace {

// One seat's finished games, newest first, as (seat, opponent) for seat `mine`; ?1 player,
// ?2 game or '', ?3/?4 the cursor, ?5 the limit. Each side is limited on its own, so the
// union sorts at most twice a page.
std::string games_of_seat(int mine) {
  const std::string me = std::to_string(mine);
  const std::string other = std::to_string(3 - mine);
  return "SELECT * FROM (SELECT id, game, variant, " + me + ", COALESCE(seat" + other +
         "_name, ''), COALESCE(result_winner, 0), COALESCE(result_reason, ''), finished_ms "
         "FROM rooms WHERE seat" +
         me +
         "_player = ?1 AND status = 'finished' "
         "AND finished_ms IS NOT NULL AND (?2 = '' OR game = ?2) "
         "AND finished_ms <= ?3 AND (finished_ms < ?3 OR id < ?4) "
         "ORDER BY finished_ms DESC, id DESC LIMIT ?5) AS seat" +
         me + "_games";
}

}  // namespace

ringside::expected<std::optional<seat_row>> journal::player_by_seat_name(std::string_view name) {
  std::lock_guard lock(mutex_);
  auto s = journal_statement::prepare(
      *db_,
      // Each seat's newest first, from the end of its name index: two rows read, however
      // many games the name has.
      "SELECT player, name FROM ("
      " SELECT * FROM (SELECT seat1_player AS player, seat1_name AS name, created_ms FROM rooms"
      "  WHERE " +
          db_->equals_ignoring_case("seat1_name", "?1") +
          " AND seat1_player IS NOT NULL"
          "  ORDER BY created_ms DESC LIMIT 1) AS newest1"
          " UNION ALL"
          " SELECT * FROM (SELECT seat2_player, seat2_name, created_ms FROM rooms"
          "  WHERE " +
          db_->equals_ignoring_case("seat2_name", "?1") +
          " AND seat2_player IS NOT NULL"
          "  ORDER BY created_ms DESC LIMIT 1) AS newest2) AS newest"
          " ORDER BY created_ms DESC LIMIT 1");
  if (!s) return ringside::fail("player_by_seat_name: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, name);
  const auto rc = s->step();
  if (rc == store_step::done) return std::optional<seat_row>{};
  if (rc != store_step::row) return db_failure("player_by_seat_name");
  return std::optional<seat_row>{seat_row{s->text(0), s->text(1)}};
}

ringside::expected<std::vector<player_game_row>> journal::player_games(
    std::string_view player_id, std::string_view game,
    const std::optional<player_games_cursor>& before, std::int64_t limit) {
  std::lock_guard lock(mutex_);
  auto s = journal_statement::prepare(*db_, games_of_seat(1) + " UNION ALL " + games_of_seat(2) +
                                                " ORDER BY 8 DESC, 1 DESC LIMIT ?5");
  if (!s) return ringside::fail("player_games: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, player_id);
  s->bind(2, game);
  // No cursor: everything is older than the end of time.
  s->bind(3, before ? before->finished_ms : std::numeric_limits<std::int64_t>::max());
  s->bind(4, before ? std::string_view(before->room_id) : std::string_view());
  s->bind(5, limit);
  std::vector<player_game_row> out;
  for (;;) {
    const auto rc = s->step();
    if (rc == store_step::done) return out;
    if (rc != store_step::row) return db_failure("player_games");
    out.push_back(player_game_row{s->text(0), s->text(1), s->text(2),
                                  static_cast<int>(s->integer(3)), s->text(4),
                                  static_cast<int>(s->integer(5)), s->text(6), s->integer(7)});
  }
}

ringside::expected<player_tally> journal::player_tally_of(std::string_view player_id) {
  std::lock_guard lock(mutex_);
  auto s = journal_statement::prepare(
      *db_,
      "SELECT COALESCE(SUM(w), 0), COALESCE(SUM(l), 0), COALESCE(SUM(d), 0) FROM ("
      " SELECT CASE WHEN result_winner = 1 THEN 1 ELSE 0 END AS w,"
      "  CASE WHEN result_winner = 2 THEN 1 ELSE 0 END AS l,"
      "  CASE WHEN COALESCE(result_winner, 0) = 0 THEN 1 ELSE 0 END AS d"
      "  FROM rooms WHERE seat1_player = ?1 AND status = 'finished'"
      " UNION ALL"
      " SELECT CASE WHEN result_winner = 2 THEN 1 ELSE 0 END,"
      "  CASE WHEN result_winner = 1 THEN 1 ELSE 0 END,"
      "  CASE WHEN COALESCE(result_winner, 0) = 0 THEN 1 ELSE 0 END"
      "  FROM rooms WHERE seat2_player = ?1 AND status = 'finished') AS games");
  if (!s) return ringside::fail("player_tally_of: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, player_id);
  if (s->step() != store_step::row) return db_failure("player_tally_of");
  return player_tally{s->integer(0), s->integer(1), s->integer(2)};
}

ringside::expected<std::optional<seat_row>> journal::account_named(std::string_view name) {
  std::lock_guard lock(mutex_);
  auto s =
      journal_statement::prepare(*db_, "SELECT player_id, name FROM accounts WHERE " +
                                           db_->equals_ignoring_case("name", "?1") + " LIMIT 1");
  if (!s) return ringside::fail("account_named: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, name);
  const auto rc = s->step();
  if (rc == store_step::done) return std::optional<seat_row>{};
  if (rc != store_step::row) return db_failure("account_named");
  return std::optional<seat_row>{seat_row{s->text(0), s->text(1), true}};
}

ringside::expected<std::vector<account_row>> journal::account_of(std::string_view player_id) {
  std::lock_guard lock(mutex_);
  auto s = journal_statement::prepare(
      *db_, "SELECT player_id, name, password_hash FROM accounts WHERE player_id = ?1");
  if (!s) return ringside::fail("account_of: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, player_id);
  std::vector<account_row> out;
  store_step rc = store_step::row;
  while ((rc = s->step()) == store_step::row) out.push_back({s->text(0), s->text(1), s->text(2)});
  if (rc != store_step::done) return db_failure("account_of");
  return out;
}

ringside::expected<bool> journal::is_account(std::string_view player_id) {
  std::lock_guard lock(mutex_);
  auto s = journal_statement::prepare(*db_, "SELECT 1 FROM accounts WHERE player_id = ?1");
  if (!s) return ringside::fail("is_account: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, player_id);
  const auto rc = s->step();
  if (rc != store_step::row && rc != store_step::done) return db_failure("is_account");
  return rc == store_step::row;
}

ringside::expected<std::vector<rating_row>> journal::ratings_of(std::string_view player_id) {
  std::lock_guard lock(mutex_);
  auto s = journal_statement::prepare(
      *db_,
      "SELECT player_id, category, rating, deviation, volatility, games, last_played_ms "
      "FROM ratings WHERE player_id = ?1 ORDER BY category");
  if (!s) return ringside::fail("ratings_of: " + s.error());
  scoped_reset reset(*s);
  s->bind(1, player_id);
  std::vector<rating_row> out;
  store_step rc{};
  while ((rc = s->step()) == store_step::row) {
    out.push_back(rating_row{s->text(0), s->text(1), {s->real(2), s->real(3), s->real(4)},
                             s->integer(5), s->integer(6)});
  }
  if (rc != store_step::done) return db_failure("ratings_of");
  return out;
}

ringside::expected<std::vector<rating_history_row>> journal::rating_history_of(
    std::string_view player_id) {
  std::lock_guard lock(mutex_);
  // rating_history_by_player (schema 5) serves it: (player_id, category, seq).
  auto s = journal_statement::prepare(
      *db_,
      "SELECT seq, room_id, seat, player_id, category, score, rating_before, deviation_before, "
      "volatility_before, rating, deviation, volatility, played_ms FROM rating_history "
      "WHERE player_id = ?1 ORDER BY category, seq");
  if (!s) return ringside::fail("rating_history_of: " + s.error());
  s->bind(1, player_id);
  return read_history(*s);
}

}  // namespace ringside::server
