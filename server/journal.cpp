#include "server/journal.hpp"
#include "server/journal_statement.hpp"

#include "common/unix_time.hpp"
#include "server/journal_schema.hpp"
#include "server/postgres_connection.hpp"
#include "server/sqlite_connection.hpp"

#include <chrono>
#include <system_error>
#include <utility>

namespace ringside::server {
namespace {

namespace fs = std::filesystem;
using ringside::expected;
using ringside::fail;

bool is_token_hash(std::string_view s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

bool is_open_status(std::string_view s) {
  return s == "waiting" || s == "playing";
}

journal_status ok() {
  return std::monostate{};
}

}  // namespace

struct journal::statements {
  journal_statement begin_write, commit, rollback, begin_read;
  journal_statement save_identity, find_identity, touch_identity, prune_identities;
  journal_statement insert_account, rename_identity, set_password, select_accounts;
  journal_statement insert_device_token, delete_device_token, replace_first_token;
  journal_statement insert_room, update_seats, finish_room, room_state;
  journal_statement insert_move, select_room, select_unfinished, select_moves;
  journal_statement select_prunable, delete_moves, delete_room;
  journal_statement savepoint, release, rollback_to, rated_room, select_rating, save_rating,
      insert_history, select_all_ratings, select_history, select_room_history;
  journal_statement save_takebacks, delete_taken_back, delete_takebacks, count_takebacks;
  journal_statement select_runs, insert_run, beat_run, forget_runs;
  journal_statement fence_room, select_epoch;
};

journal::journal(std::unique_ptr<store_connection> db)
    : db_(std::move(db)), st_(std::make_unique<statements>()) {}

journal::~journal() {
  st_.reset();  // statements must be finalised before the connection closes
}

ringside::failure journal::db_failure(std::string_view what) const {
  return fail(std::string(what) + ": " + db_->last_error());
}

journal_status journal::exec(const char* sql) {
  return db_->exec(sql);
}

expected<std::unique_ptr<journal>> journal::open(const fs::path& dir) {
  auto db = sqlite_connection::open(dir);
  if (!db) return fail(db.error());
  return open_on(std::move(*db));
}

expected<std::unique_ptr<journal>> journal::open_location(
    std::string_view location, std::chrono::milliseconds idle_transaction_timeout) {
  if (!postgres_connection::is_url(location)) return open(fs::path(location));
  auto db = postgres_connection::open(std::string(location), idle_transaction_timeout);
  if (!db) return fail(db.error());
  return open_on(std::move(*db));
}

expected<std::unique_ptr<journal>> journal::open_on(std::unique_ptr<store_connection> db) {
  const std::string where = db->where();
  std::unique_ptr<journal> j(new journal(std::move(db)));
  store_connection& c = *j->db_;
  if (auto r = c.exec(c.begin_write_sql()); !r) {
    return fail("cannot write " + where + ": " + r.error());
  }
  auto migrate = [&]() -> journal_status {
    if (!c.migration_lock_sql().empty()) {
      if (auto r = c.exec(c.migration_lock_sql()); !r) return r;
    }
    if (auto r = c.exec("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)");
        !r) {
      return r;
    }
    auto q = journal_statement::prepare(c, "SELECT coalesce(max(version), 0) FROM schema_version");
    if (!q) return fail(q.error());
    if (q->step() != store_step::row) return j->db_failure("reading schema_version");
    const auto version = q->integer(0);
    q->reset();
    const auto migrations = c.migrations();
    const auto latest = static_cast<std::int64_t>(migrations.size());
    if (version > latest) {
      return fail(where + " has schema version " + std::to_string(version) +
                  ", newer than this server's " + std::to_string(latest));
    }
    for (auto v = version; v < latest; ++v) {
      if (auto r = c.exec(migrations[static_cast<std::size_t>(v)]); !r) return r;
      const std::string mark = "INSERT INTO schema_version VALUES(" + std::to_string(v + 1) + ")";
      if (auto r = c.exec(mark); !r) return r;
    }
    // Proves the store writable even when there was nothing to migrate.
    const std::string probe = "INSERT INTO journal_meta VALUES('last_open_ms', '" +
                              std::to_string(unix_ms_now()) +
                              "') ON CONFLICT(key) DO UPDATE SET value = excluded.value";
    return c.exec(probe);
  };
  if (auto r = migrate(); !r) {
    c.exec("ROLLBACK");
    return fail("cannot migrate " + where + ": " + r.error());
  }
  if (auto r = c.exec("COMMIT"); !r) {
    c.exec("ROLLBACK");
    return fail("cannot write " + where + ": " + r.error());
  }
  if (auto r = j->prepare_all(); !r) return fail(r.error());
  return j;
}

journal_status journal::prepare_all() {
  // After the room's own columns: whether each seat's player is an account.
  const std::string room_select =
      std::string("SELECT ") + journal_schema::room_columns +
      ", CASE WHEN seat1_player IN (SELECT player_id FROM accounts) THEN 1 ELSE 0 END"
      ", CASE WHEN seat2_player IN (SELECT player_id FROM accounts) THEN 1 ELSE 0 END "
      "FROM rooms ";
  const std::pair<journal_statement*, std::string> all[] = {
      {&st_->begin_write, std::string(db_->begin_write_sql())},
      {&st_->commit, "COMMIT"},
      {&st_->rollback, "ROLLBACK"},
      {&st_->begin_read, std::string(db_->begin_read_sql())},
      {&st_->save_identity,
       "INSERT INTO identities(player_id, name, token_hash, last_seen_ms) VALUES(?1, ?2, ?3, ?4) "
       "ON CONFLICT(player_id) DO UPDATE SET name = excluded.name, "
       "token_hash = excluded.token_hash, last_seen_ms = excluded.last_seen_ms"},
      {&st_->touch_identity, "UPDATE identities SET last_seen_ms = ?2 WHERE player_id = ?1"},
      // A seat of an unfinished room is what a token is kept for; finished rooms keep the
      // names they showed in their own rows.
      {&st_->prune_identities,
       "DELETE FROM identities WHERE last_seen_ms < ?1 AND player_id NOT IN ("
       "SELECT seat1_player FROM rooms WHERE status <> 'finished' AND seat1_player IS NOT NULL "
       "UNION ALL "
       "SELECT seat2_player FROM rooms WHERE status <> 'finished' AND seat2_player IS NOT NULL) "
       "AND player_id NOT IN (SELECT player_id FROM accounts)"},
      {&st_->find_identity,
       "SELECT i.player_id, coalesce(a.name, i.name), "
       "CASE WHEN a.player_id IS NULL THEN 0 ELSE 1 END FROM identities i "
       "LEFT JOIN accounts a ON a.player_id = i.player_id WHERE i.token_hash = ?1 "
       "UNION ALL "
       "SELECT a.player_id, a.name, 1 FROM device_tokens d JOIN accounts a "
       "ON a.player_id = d.player_id WHERE d.token_hash = ?1"},
      {&st_->insert_account,
       "INSERT INTO accounts(player_id, name, password_hash, created_ms) VALUES(?1, ?2, ?3, ?4)"},
      {&st_->rename_identity, "UPDATE identities SET name = ?2 WHERE player_id = ?1"},
      {&st_->set_password, "UPDATE accounts SET password_hash = ?2 WHERE player_id = ?1"},
      {&st_->select_accounts, "SELECT player_id, name, password_hash FROM accounts"},
      {&st_->insert_device_token,
       "INSERT INTO device_tokens(token_hash, player_id, created_ms) VALUES(?1, ?2, ?3)"},
      {&st_->delete_device_token, "DELETE FROM device_tokens WHERE token_hash = ?1"},
      {&st_->replace_first_token, "UPDATE identities SET token_hash = ?2 WHERE token_hash = ?1"},
      {&st_->insert_room,
       "INSERT INTO rooms(id, game, variant, board, private, clock_initial_s, "
       "clock_increment_s, seat1_player, seat1_name, seat2_player, seat2_name, created_ms, "
       "status, rated, takebacks_allowed, clock_days_per_move) VALUES(?1, ?2, ?3, ?4, ?5, ?6, "
       "?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"},
      {&st_->update_seats,
       "UPDATE rooms SET seat1_player = ?2, seat1_name = ?3, seat2_player = ?4, "
       "seat2_name = ?5, status = ?6 WHERE id = ?1 AND status <> 'finished'"},
      {&st_->finish_room,
       "UPDATE rooms SET status = 'finished', result_winner = ?2, result_reason = ?3, "
       "final_position = ?4, record = ?5, finished_ms = ?6 "
       "WHERE id = ?1 AND status <> 'finished'"},
      // A rated game stays: its record is what its rating change rests on.
      {&st_->select_prunable,
       "SELECT id FROM rooms WHERE status = 'finished' AND rated = 0 AND finished_ms < ?1 AND "
       "(SELECT count(*) FROM moves WHERE moves.room_id = rooms.id) < ?2 LIMIT ?3"},
      {&st_->delete_moves, "DELETE FROM moves WHERE room_id = ?1"},
      {&st_->save_takebacks,
       "INSERT INTO takebacks(room_id, ply, text, clock1_ms, clock2_ms, received_ms, "
       "taken_back_ms) SELECT room_id, ply, text, clock1_ms, clock2_ms, received_ms, "
       "CAST(?3 AS BIGINT) "
       "FROM moves WHERE room_id = ?1 AND ply >= ?2"},
      {&st_->delete_taken_back, "DELETE FROM moves WHERE room_id = ?1 AND ply >= ?2"},
      {&st_->delete_takebacks, "DELETE FROM takebacks WHERE room_id = ?1"},
      {&st_->count_takebacks, "SELECT count(*) FROM takebacks WHERE room_id = ?1"},
      {&st_->delete_room, "DELETE FROM rooms WHERE id = ?1 AND status = 'finished'"},
      // Fencing: the epoch only grows, and only a writer holding the greatest one passes.
      {&st_->fence_room, "UPDATE rooms SET owner_epoch = ?2 WHERE id = ?1 AND owner_epoch <= ?2"},
      {&st_->select_epoch, "SELECT owner_epoch FROM rooms WHERE id = ?1"},
      {&st_->room_state,
       "SELECT status, (SELECT max(ply) FROM moves WHERE room_id = ?1) FROM rooms "
       "WHERE id = ?1"},
      {&st_->insert_move,
       "INSERT INTO moves(room_id, ply, text, clock1_ms, clock2_ms, received_ms) "
       "VALUES(?1, ?2, ?3, ?4, ?5, ?6)"},
      {&st_->select_room, room_select + "WHERE id = ?1"},
      {&st_->select_unfinished, room_select + "WHERE status <> 'finished' ORDER BY created_ms, id"},
      {&st_->savepoint, "SAVEPOINT rated_finish"},
      {&st_->release, "RELEASE rated_finish"},
      {&st_->rollback_to, "ROLLBACK TO rated_finish"},
      {&st_->rated_room,
       "SELECT seat1_player, seat2_player, rated, status FROM rooms WHERE id = ?1"},
      {&st_->select_rating,
       "SELECT rating, deviation, volatility, games, last_played_ms FROM ratings "
       "WHERE player_id = ?1 AND category = ?2"},
      {&st_->save_rating,
       "INSERT INTO ratings(player_id, category, rating, deviation, volatility, games, "
       "last_played_ms) VALUES(?1, ?2, ?3, ?4, ?5, 1, ?6) "
       "ON CONFLICT(player_id, category) DO UPDATE SET rating = excluded.rating, "
       "deviation = excluded.deviation, volatility = excluded.volatility, "
       "games = ratings.games + 1, "
       "last_played_ms = excluded.last_played_ms"},
      {&st_->insert_history,
       "INSERT INTO rating_history(room_id, seat, player_id, category, score, rating_before, "
       "deviation_before, volatility_before, rating, deviation, volatility, played_ms) "
       "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"},
      {&st_->select_all_ratings,
       "SELECT player_id, category, rating, deviation, volatility, games, last_played_ms "
       "FROM ratings ORDER BY player_id, category"},
      {&st_->select_history,
       "SELECT seq, room_id, seat, player_id, category, score, rating_before, deviation_before, "
       "volatility_before, rating, deviation, volatility, played_ms FROM rating_history "
       "ORDER BY seq"},
      {&st_->select_room_history,
       "SELECT seq, room_id, seat, player_id, category, score, rating_before, deviation_before, "
       "volatility_before, rating, deviation, volatility, played_ms FROM rating_history "
       "WHERE room_id = ?1 ORDER BY seat"},
      {&st_->select_moves,
       "SELECT ply, text, clock1_ms, clock2_ms, received_ms FROM moves WHERE room_id = ?1 "
       "ORDER BY ply"},
      {&st_->select_runs, "SELECT started_ms, heartbeat_ms FROM server_runs ORDER BY started_ms"},
      {&st_->insert_run,
       "INSERT INTO server_runs(started_ms, heartbeat_ms) VALUES(?1, ?1) "
       "ON CONFLICT(started_ms) DO UPDATE SET heartbeat_ms = excluded.heartbeat_ms"},
      {&st_->beat_run, "UPDATE server_runs SET heartbeat_ms = ?2 WHERE started_ms = ?1"},
      {&st_->forget_runs, "DELETE FROM server_runs WHERE heartbeat_ms < ?1"},
  };
  for (const auto& [stmt, sql] : all) {
    auto p = journal_statement::prepare(*db_, sql);
    if (!p) return fail(p.error());
    *stmt = std::move(*p);
  }
  return ok();
}

journal_status journal::run_write(journal_statement& s, std::string_view what) {
  scoped_reset reset(s);
  if (s.step() != store_step::done) return db_failure(what);
  return ok();
}

journal_status journal::write_one(journal_statement& s, std::string_view what) {
  const bool own_transaction = db_->transaction() == store_transaction::none;
  auto r = run_write(s, what);
  // A failed constraint wrote nothing; only a failed disk can leave a commit behind.
  if (!r && own_transaction && db_->last_failure_was_storage()) undo_failed_commit();
  return r;
}

void journal::undo_failed_commit() {
  if (db_->transaction() != store_transaction::none) {
    run_write(st_->rollback, "rollback after a failed commit");
  }
  last_ply_.clear();  // it may name moves that are gone now
  db_->after_failed_commit();
}

journal_status journal::save_identity(std::string_view player_id, std::string_view name,
                                      std::string_view token_hash) {
  if (!is_token_hash(token_hash)) {
    return fail("save_identity: token_hash must be 64 lower-case hex digits (a SHA-256)");
  }
  std::lock_guard lock(mutex_);
  auto& s = st_->save_identity;
  s.bind(1, player_id);
  s.bind(2, name);
  s.bind(3, token_hash);
  s.bind(4, unix_ms_now());
  return write_one(s, "save_identity " + std::string(player_id));
}

journal_status journal::touch_identities(const std::vector<std::string>& player_ids,
                                         std::int64_t seen_ms) {
  std::lock_guard lock(mutex_);
  auto& s = st_->touch_identity;
  for (const auto& id : player_ids) {
    s.bind(1, std::string_view(id));
    s.bind(2, seen_ms);
    if (auto r = write_one(s, "touch_identity " + id); !r) return r;
  }
  return ok();
}

ringside::expected<std::int64_t> journal::prune_identities(std::int64_t seen_before_ms) {
  std::lock_guard lock(mutex_);
  auto& s = st_->prune_identities;
  s.bind(1, seen_before_ms);
  if (auto r = write_one(s, "prune_identities"); !r) return fail(r.error());
  return static_cast<std::int64_t>(db_->changes());
}

ringside::expected<std::vector<std::string>> journal::prune_finished_rooms(
    std::int64_t finished_before_ms, std::int64_t plies_kept_from, std::int64_t limit) {
  std::lock_guard lock(mutex_);
  std::vector<std::string> ids;
  {
    auto& s = st_->select_prunable;
    scoped_reset reset(s);
    s.bind(1, finished_before_ms);
    s.bind(2, plies_kept_from);
    s.bind(3, limit);
    store_step rc = store_step::row;
    while ((rc = s.step()) == store_step::row) ids.push_back(s.text(0));
    if (rc != store_step::done) return db_failure("prune_finished_rooms: select");
  }
  if (ids.empty()) return ids;
  // Inside a batch the batch owns the transaction; otherwise the rooms go together or not.
  const bool own_transaction = db_->transaction() == store_transaction::none;
  if (own_transaction) {
    if (auto r = run_write(st_->begin_write, "prune_finished_rooms: begin"); !r)
      return fail(r.error());
  }
  for (const auto& id : ids) {
    st_->delete_moves.bind(1, std::string_view(id));
    st_->delete_takebacks.bind(1, std::string_view(id));
    st_->delete_room.bind(1, std::string_view(id));
    auto r = run_write(st_->delete_moves, "prune_finished_rooms: moves of " + id);
    if (r) r = run_write(st_->delete_takebacks, "prune_finished_rooms: takebacks of " + id);
    if (r) r = run_write(st_->delete_room, "prune_finished_rooms: room " + id);
    if (!r) {
      if (own_transaction) undo_failed_commit();
      return fail(r.error());
    }
  }
  if (own_transaction) {
    if (auto r = run_write(st_->commit, "prune_finished_rooms: commit"); !r) {
      undo_failed_commit();
      return fail(r.error());
    }
  }
  return ids;
}

expected<std::optional<identity_row>> journal::find_identity(std::string_view token_hash) {
  std::lock_guard lock(mutex_);
  auto& s = st_->find_identity;
  scoped_reset reset(s);
  s.bind(1, token_hash);
  const auto rc = s.step();
  if (rc == store_step::done) return std::optional<identity_row>{};
  if (rc != store_step::row) return db_failure("find_identity");
  return std::optional<identity_row>{identity_row{s.text(0), s.text(1), s.integer(2) != 0}};
}

journal_status journal::save_account(const account_row& account) {
  std::lock_guard lock(mutex_);
  // Inside a batch the batch owns the transaction; otherwise both rows go together or not.
  const bool own_transaction = db_->transaction() == store_transaction::none;
  if (own_transaction) {
    if (auto r = run_write(st_->begin_write, "save_account: begin"); !r) return r;
  }
  auto& a = st_->insert_account;
  a.bind(1, std::string_view(account.player_id));
  a.bind(2, std::string_view(account.name));
  a.bind(3, std::string_view(account.password_hash));
  a.bind(4, unix_ms_now());
  auto r = run_write(a, "save_account " + account.player_id);
  if (r) {
    auto& n = st_->rename_identity;
    n.bind(1, std::string_view(account.player_id));
    n.bind(2, std::string_view(account.name));
    r = run_write(n, "save_account: rename " + account.player_id);
  }
  if (r && own_transaction) r = run_write(st_->commit, "save_account: commit");
  if (!r && own_transaction) undo_failed_commit();
  return r;
}

journal_status journal::set_password(std::string_view player_id, std::string_view password_hash) {
  std::lock_guard lock(mutex_);
  auto& s = st_->set_password;
  s.bind(1, player_id);
  s.bind(2, password_hash);
  auto r = write_one(s, "set_password " + std::string(player_id));
  if (r && db_->changes() == 0) return fail("set_password: no account " + std::string(player_id));
  return r;
}

expected<std::vector<account_row>> journal::accounts() {
  std::lock_guard lock(mutex_);
  auto& s = st_->select_accounts;
  scoped_reset reset(s);
  std::vector<account_row> out;
  store_step rc = store_step::row;
  while ((rc = s.step()) == store_step::row) out.push_back({s.text(0), s.text(1), s.text(2)});
  if (rc != store_step::done) return db_failure("accounts");
  return out;
}

journal_status journal::save_device_token(std::string_view player_id,
                                          std::string_view token_hash) {
  if (!is_token_hash(token_hash)) {
    return fail("save_device_token: token_hash must be 64 lower-case hex digits (a SHA-256)");
  }
  std::lock_guard lock(mutex_);
  auto& s = st_->insert_device_token;
  s.bind(1, token_hash);
  s.bind(2, player_id);
  s.bind(3, unix_ms_now());
  return write_one(s, "save_device_token " + std::string(player_id));
}

journal_status journal::revoke_token(std::string_view token_hash,
                                     std::string_view replacement_hash) {
  if (!is_token_hash(replacement_hash)) {
    return fail("revoke_token: the replacement must be 64 lower-case hex digits (a SHA-256)");
  }
  std::lock_guard lock(mutex_);
  auto& d = st_->delete_device_token;
  d.bind(1, token_hash);
  if (auto r = write_one(d, "revoke_token: device"); !r) return r;
  auto& f = st_->replace_first_token;
  f.bind(1, token_hash);
  f.bind(2, replacement_hash);
  return write_one(f, "revoke_token: first");
}

journal_status journal::save_room(const room_row& room) {
  if (room.id.empty()) return fail("save_room: empty room id");
  if (!is_open_status(room.status)) {
    return fail("save_room " + room.id + ": status must be waiting or playing, not \"" +
                room.status + "\"");
  }
  std::lock_guard lock(mutex_);
  auto& s = st_->insert_room;
  s.bind(1, std::string_view(room.id));
  s.bind(2, std::string_view(room.game));
  s.bind(3, std::string_view(room.variant));
  s.bind(4, std::int64_t{room.board});
  s.bind(5, std::int64_t{room.is_private ? 1 : 0});
  s.bind(6, room.clock ? std::optional<std::int64_t>(room.clock->initial_s) : std::nullopt);
  s.bind(7, room.clock ? std::optional<std::int64_t>(room.clock->increment_s) : std::nullopt);
  for (int i = 0; i < 2; ++i) {
    const auto& seat = room.seats[static_cast<std::size_t>(i)];
    s.bind(8 + 2 * i, seat ? std::optional<std::string>(seat->player_id) : std::nullopt);
    s.bind(9 + 2 * i, seat ? std::optional<std::string>(seat->name) : std::nullopt);
  }
  s.bind(12, room.created_ms);
  s.bind(13, std::string_view(room.status));
  s.bind(14, std::int64_t{room.rated ? 1 : 0});
  s.bind(15, std::int64_t{room.takebacks ? 1 : 0});
  s.bind(16, room.clock && room.clock->days_per_move > 0
                 ? std::optional<std::int64_t>(room.clock->days_per_move)
                 : std::nullopt);
  return write_one(s, "save_room " + room.id);
}

// Explains why an UPDATE ... WHERE status <> 'finished' touched no row.
static ringside::failure missing_or_finished(journal_statement& state, std::string_view room_id,
                                             std::string_view what) {
  scoped_reset reset(state);
  state.bind(1, room_id);
  const bool exists = state.step() == store_step::row;
  return fail(std::string(what) + ": room " + std::string(room_id) +
              (exists ? " is already finished" : " does not exist"));
}

journal_status journal::update_seats(std::string_view room_id,
                                     const std::array<std::optional<seat_row>, 2>& seats,
                                     std::string_view status) {
  if (!is_open_status(status)) {
    return fail("update_seats: status must be waiting or playing, not \"" + std::string(status) +
                "\"");
  }
  std::lock_guard lock(mutex_);
  auto& s = st_->update_seats;
  s.bind(1, room_id);
  for (int i = 0; i < 2; ++i) {
    const auto& seat = seats[static_cast<std::size_t>(i)];
    s.bind(2 + 2 * i, seat ? std::optional<std::string>(seat->player_id) : std::nullopt);
    s.bind(3 + 2 * i, seat ? std::optional<std::string>(seat->name) : std::nullopt);
  }
  s.bind(6, status);
  if (auto r = write_one(s, "update_seats"); !r) return r;
  if (db_->changes() == 0) return missing_or_finished(st_->room_state, room_id, "update_seats");
  return ok();
}

journal_status journal::finish_room(std::string_view room_id, const room_result& result,
                                    std::string_view final_position, std::string_view record) {
  std::lock_guard lock(mutex_);
  last_ply_.erase(std::string(room_id));  // a finished room takes no moves: ask the file
  return finish_room_row(room_id, result, final_position, record, "finish_room");
}

journal_status journal::finish_room_row(std::string_view room_id, const room_result& result,
                                        std::string_view final_position, std::string_view record,
                                        std::string_view what) {
  auto& s = st_->finish_room;
  s.bind(1, room_id);
  s.bind(2, std::int64_t{result.winner});
  s.bind(3, std::string_view(result.reason));
  s.bind(4, final_position);
  s.bind(5, record);
  s.bind(6, unix_ms_now());
  if (auto r = write_one(s, what); !r) return r;
  if (db_->changes() == 0) return missing_or_finished(st_->room_state, room_id, what);
  return ok();
}

expected<std::optional<rating_row>> journal::read_rating(std::string_view player_id,
                                                        std::string_view category) {
  auto& s = st_->select_rating;
  scoped_reset reset(s);
  s.bind(1, player_id);
  s.bind(2, category);
  const auto rc = s.step();
  if (rc == store_step::done) return std::optional<rating_row>{};
  if (rc != store_step::row) return db_failure("rating of " + std::string(player_id));
  return std::optional<rating_row>{rating_row{std::string(player_id),
                                              std::string(category),
                                              {s.real(0), s.real(1), s.real(2)},
                                              s.integer(3),
                                              s.integer(4)}};
}

expected<std::optional<rating_row>> journal::find_rating(std::string_view player_id,
                                                        std::string_view category) {
  std::lock_guard lock(mutex_);
  return read_rating(player_id, category);
}

expected<std::array<rating_change, 2>> journal::write_rated_finish(
    std::string_view room_id, const room_result& result, std::string_view final_position,
    std::string_view record, std::string_view category, const rating::glicko2& system,
    std::int64_t played_ms) {
  const std::string what = "finish_rated_room " + std::string(room_id);
  std::array<rating_change, 2> changes;
  {
    auto& s = st_->rated_room;
    scoped_reset reset(s);
    s.bind(1, room_id);
    const auto rc = s.step();
    if (rc == store_step::done) return fail(what + ": the room does not exist");
    if (rc != store_step::row) return db_failure(what);
    if (s.text(3) == "finished") return fail(what + ": the room is already finished");
    if (s.integer(2) == 0) return fail(what + ": the room is not rated");
    for (int i = 0; i < 2; ++i) {
      auto player = s.optional_text(i);
      if (!player) return fail(what + ": seat " + std::to_string(i + 1) + " is empty");
      changes[static_cast<std::size_t>(i)].player_id = std::move(*player);
    }
  }
  if (auto r = finish_room_row(room_id, result, final_position, record, what); !r)
    return fail(r.error());
  for (int i = 0; i < 2; ++i) {
    auto& c = changes[static_cast<std::size_t>(i)];
    c.seat = i + 1;
    c.category = std::string(category);
    c.played_ms = played_ms;
    c.score = result.winner == 0 ? 0.5 : (result.winner == c.seat ? 1.0 : 0.0);
    auto stored = read_rating(c.player_id, category);
    if (!stored) return fail(stored.error());
    c.before = system.settings().start;
    if (*stored) {
      c.before = (*stored)->value;
      c.before.deviation =
          system.idle_deviation(c.before, system.periods_between(played_ms - (*stored)->last_played_ms));
    }
  }
  for (int i = 0; i < 2; ++i) {
    auto& c = changes[static_cast<std::size_t>(i)];
    const auto& opponent = changes[static_cast<std::size_t>(1 - i)];
    const rating::glicko2_game game{opponent.before, c.score};
    c.after = system.rate(c.before, std::span(&game, 1), 0.0);
  }
  for (const auto& c : changes) {
    auto& r = st_->save_rating;
    r.bind(1, std::string_view(c.player_id));
    r.bind(2, category);
    r.bind_real(3, c.after.rating);
    r.bind_real(4, c.after.deviation);
    r.bind_real(5, c.after.volatility);
    r.bind(6, played_ms);
    if (auto w = run_write(r, what + ": rating"); !w) return fail(w.error());
    auto& h = st_->insert_history;
    h.bind(1, room_id);
    h.bind(2, std::int64_t{c.seat});
    h.bind(3, std::string_view(c.player_id));
    h.bind(4, category);
    h.bind_real(5, c.score);
    h.bind_real(6, c.before.rating);
    h.bind_real(7, c.before.deviation);
    h.bind_real(8, c.before.volatility);
    h.bind_real(9, c.after.rating);
    h.bind_real(10, c.after.deviation);
    h.bind_real(11, c.after.volatility);
    h.bind(12, played_ms);
    if (auto w = run_write(h, what + ": history"); !w) return fail(w.error());
  }
  return changes;
}

expected<std::array<rating_change, 2>> journal::finish_rated_room(
    std::string_view room_id, const room_result& result, std::string_view final_position,
    std::string_view record, std::string_view category, const rating::glicko2& system,
    std::int64_t played_ms) {
  const std::string what = "finish_rated_room " + std::string(room_id);
  std::lock_guard lock(mutex_);
  last_ply_.erase(std::string(room_id));
  // Outside a batch this is its own transaction; inside one a savepoint makes it all or
  // nothing, so a failed rating write cannot leave the finished room in the batch's commit.
  const bool own_transaction = db_->transaction() == store_transaction::none;
  if (own_transaction) {
    if (auto r = run_write(st_->begin_write, what + ": begin"); !r) return fail(r.error());
  }
  if (auto r = run_write(st_->savepoint, what + ": savepoint"); !r) {
    if (own_transaction) undo_failed_commit();
    return fail(r.error());
  }
  auto changes =
      write_rated_finish(room_id, result, final_position, record, category, system, played_ms);
  if (!changes) {
    if (db_->transaction() != store_transaction::none) {
      run_write(st_->rollback_to, what + ": rollback");
      run_write(st_->release, what + ": release");
    }
    if (own_transaction && db_->transaction() != store_transaction::none) {
      run_write(st_->rollback, what + ": rollback");
    }
    return changes;
  }
  if (auto r = run_write(st_->release, what + ": release"); !r) {
    if (own_transaction) undo_failed_commit();
    return fail(r.error());
  }
  if (own_transaction) {
    if (auto r = run_write(st_->commit, what + ": commit"); !r) {
      undo_failed_commit();
      return fail(r.error());
    }
  }
  return changes;
}

expected<std::vector<rating_row>> journal::all_ratings() {
  std::lock_guard lock(mutex_);
  auto& s = st_->select_all_ratings;
  scoped_reset reset(s);
  std::vector<rating_row> out;
  store_step rc{};
  while ((rc = s.step()) == store_step::row) {
    out.push_back(rating_row{
        s.text(0), s.text(1), {s.real(2), s.real(3), s.real(4)}, s.integer(5), s.integer(6)});
  }
  if (rc != store_step::done) return db_failure("all_ratings");
  return out;
}

expected<std::vector<rating_history_row>> journal::read_history(journal_statement& s) {
  scoped_reset reset(s);
  std::vector<rating_history_row> out;
  store_step rc{};
  while ((rc = s.step()) == store_step::row) {
    rating_history_row row;
    row.seq = s.integer(0);
    row.room_id = s.text(1);
    auto& c = row.change;
    c.seat = static_cast<int>(s.integer(2));
    c.player_id = s.text(3);
    c.category = s.text(4);
    c.score = s.real(5);
    c.before = {s.real(6), s.real(7), s.real(8)};
    c.after = {s.real(9), s.real(10), s.real(11)};
    c.played_ms = s.integer(12);
    out.push_back(std::move(row));
  }
  if (rc != store_step::done) return db_failure("reading rating_history");
  return out;
}

expected<std::vector<rating_history_row>> journal::rating_history() {
  std::lock_guard lock(mutex_);
  return read_history(st_->select_history);
}

expected<std::vector<rating_change>> journal::room_rating_changes(std::string_view room_id) {
  std::lock_guard lock(mutex_);
  st_->select_room_history.bind(1, room_id);
  auto rows = read_history(st_->select_room_history);
  if (!rows) return fail(rows.error());
  std::vector<rating_change> out;
  for (auto& row : *rows) out.push_back(std::move(row.change));
  return out;
}

journal_status journal::append_move(std::string_view room_id, const move_row& move) {
  const std::string what =
      "append_move " + std::string(room_id) + " ply " + std::to_string(move.ply);
  std::lock_guard lock(mutex_);
  // Inside a batch the batch owns the transaction; a failed check leaves nothing written.
  const bool own_transaction = db_->transaction() == store_transaction::none;
  if (own_transaction) {
    if (auto r = run_write(st_->begin_write, what + ": begin"); !r) return r;
  }
  auto attempt = [&]() -> journal_status {
    if (move.ply < 1) return fail(what + ": ply must be 1 or more");
    if (const auto known = last_ply_.find(room_id); known != last_ply_.end()) {
      if (move.ply <= known->second) {
        return fail(what + ": the room already has moves up to ply " +
                    std::to_string(known->second));
      }
    } else {
      auto& state = st_->room_state;
      scoped_reset reset(state);
      state.bind(1, room_id);
      const auto rc = state.step();
      if (rc == store_step::done) return fail(what + ": the room does not exist");
      if (rc != store_step::row) return db_failure(what);
      if (state.text(0) == "finished") return fail(what + ": the room is finished");
      const auto last = state.optional_integer(1);
      if (last && move.ply <= *last) {
        return fail(what + ": the room already has moves up to ply " + std::to_string(*last));
      }
    }
    auto& s = st_->insert_move;
    s.bind(1, room_id);
    s.bind(2, std::int64_t{move.ply});
    s.bind(3, std::string_view(move.text));
    s.bind(4, move.clock_ms[0]);
    s.bind(5, move.clock_ms[1]);
    s.bind(6, move.received_ms);
    auto written = run_write(s, what);
    if (written) last_ply_.insert_or_assign(std::string(room_id), move.ply);
    return written;
  };
  auto r = attempt();
  if (!own_transaction) return r;
  if (!r) {
    if (db_->transaction() != store_transaction::none)
      run_write(st_->rollback, what + ": rollback");
    last_ply_.clear();
    return r;
  }
  r = run_write(st_->commit, what + ": commit");
  if (!r) undo_failed_commit();
  return r;
}

journal_status journal::take_back(std::string_view room_id, int from_ply,
                                  std::int64_t taken_back_ms) {
  const std::string what =
      "take_back " + std::string(room_id) + " from ply " + std::to_string(from_ply);
  std::lock_guard lock(mutex_);
  const bool own_transaction = db_->transaction() == store_transaction::none;
  if (own_transaction) {
    if (auto r = run_write(st_->begin_write, what + ": begin"); !r) return r;
  }
  auto attempt = [&]() -> journal_status {
    if (from_ply < 1) return fail(what + ": ply must be 1 or more");
    {
      auto& state = st_->room_state;
      scoped_reset reset(state);
      state.bind(1, room_id);
      const auto rc = state.step();
      if (rc == store_step::done) return fail(what + ": the room does not exist");
      if (rc != store_step::row) return db_failure(what);
      if (state.text(0) == "finished") return fail(what + ": the room is finished");
      const auto last = state.optional_integer(1);
      if (!last || *last < from_ply) return fail(what + ": the room has no move at that ply");
    }
    auto& save = st_->save_takebacks;
    save.bind(1, room_id);
    save.bind(2, std::int64_t{from_ply});
    save.bind(3, taken_back_ms);
    if (auto r = run_write(save, what + ": keep"); !r) return r;
    auto& drop = st_->delete_taken_back;
    drop.bind(1, room_id);
    drop.bind(2, std::int64_t{from_ply});
    return run_write(drop, what + ": remove");
  };
  // The room's next move is the ply after what is left: the cached last ply no longer holds.
  last_ply_.erase(std::string(room_id));
  auto r = attempt();
  if (!own_transaction) return r;
  if (!r) {
    if (db_->transaction() != store_transaction::none)
      run_write(st_->rollback, what + ": rollback");
    last_ply_.clear();
    return r;
  }
  r = run_write(st_->commit, what + ": commit");
  if (!r) undo_failed_commit();
  return r;
}

expected<std::int64_t> journal::taken_back_count(std::string_view room_id) {
  std::lock_guard lock(mutex_);
  auto& s = st_->count_takebacks;
  scoped_reset reset(s);
  s.bind(1, room_id);
  if (s.step() != store_step::row) return db_failure("taken_back_count");
  return s.integer(0);
}

journal_status journal::begin_batch() {
  std::lock_guard lock(mutex_);
  if (db_->transaction() != store_transaction::none)
    return fail("begin_batch: a batch is already open");
  return run_write(st_->begin_write, "begin_batch");
}

journal_status journal::commit_batch() {
  std::lock_guard lock(mutex_);
  const auto state = db_->transaction();
  if (state != store_transaction::open) {
    const std::string why = db_->last_error();
    // PostgreSQL keeps a doomed transaction open until it is rolled back.
    if (state == store_transaction::aborted) run_write(st_->rollback, "commit_batch: rollback");
    last_ply_.clear();
    return fail("commit_batch: the store rolled the batch back: " + why);
  }
  auto r = run_write(st_->commit, "commit_batch");
  if (!r) undo_failed_commit();
  return r;
}

bool journal::in_batch() {
  std::lock_guard lock(mutex_);
  return db_->transaction() == store_transaction::open;
}

room_row journal::read_room(const journal_statement& s) const {
  // The first column after room_columns (see prepare_all's room_select).
  static const int account_column = [] {
    int n = 1;
    for (const char* c = journal_schema::room_columns; *c != '\0'; ++c) n += *c == ',' ? 1 : 0;
    return n;
  }();
  room_row row;
  row.id = s.text(0);
  row.game = s.text(1);
  row.variant = s.text(2);
  row.board = static_cast<int>(s.integer(3));
  row.is_private = s.integer(4) != 0;
  if (!s.is_null(5)) {
    row.clock = clock_setting{s.integer(5), s.optional_integer(6).value_or(0),
                              s.optional_integer(19).value_or(0)};
  }
  for (int i = 0; i < 2; ++i) {
    auto player = s.optional_text(7 + 2 * i);
    if (player) {
      row.seats[static_cast<std::size_t>(i)] =
          seat_row{std::move(*player), s.optional_text(8 + 2 * i).value_or(""),
                   s.optional_integer(account_column + i).value_or(0) != 0};
    }
  }
  row.created_ms = s.integer(11);
  row.status = s.text(12);
  if (row.status == "finished") {
    row.result = room_result{static_cast<int>(s.optional_integer(13).value_or(0)),
                             s.optional_text(14).value_or("")};
    row.final_position = s.optional_text(15);
    row.record = s.optional_text(16);
  }
  row.rated = s.integer(17) != 0;
  row.takebacks = s.integer(18) != 0;
  return row;
}

expected<std::vector<move_row>> journal::read_moves(std::string_view room_id) {
  auto& s = st_->select_moves;
  scoped_reset reset(s);
  s.bind(1, room_id);
  std::vector<move_row> out;
  store_step rc{};
  while ((rc = s.step()) == store_step::row) {
    out.push_back(move_row{
        static_cast<int>(s.integer(0)), s.text(1), {s.integer(2), s.integer(3)}, s.integer(4)});
  }
  if (rc != store_step::done) return db_failure("reading moves of room " + std::string(room_id));
  return out;
}

expected<std::vector<room_with_moves>> journal::unfinished_rooms() {
  std::lock_guard lock(mutex_);
  // One read transaction, so rooms and their moves come from the same snapshot.
  if (auto r = run_write(st_->begin_read, "unfinished_rooms: begin"); !r) return fail(r.error());
  auto load = [&]() -> expected<std::vector<room_with_moves>> {
    std::vector<room_with_moves> out;
    {
      auto& s = st_->select_unfinished;
      scoped_reset reset(s);
      store_step rc{};
      while ((rc = s.step()) == store_step::row) out.push_back(room_with_moves{read_room(s), {}});
      if (rc != store_step::done) return db_failure("unfinished_rooms");
    }
    for (auto& r : out) {
      auto m = read_moves(r.room.id);
      if (!m) return fail(m.error());
      r.moves = std::move(*m);
    }
    return out;
  };
  auto out = load();
  run_write(st_->commit, "unfinished_rooms: end");
  return out;
}

expected<bool> journal::fence_room(std::string_view room_id, std::int64_t epoch) {
  std::lock_guard lock(mutex_);
  return fence_room_row(room_id, epoch);
}

expected<bool> journal::fence_room_row(std::string_view room_id, std::int64_t epoch) {
  auto& s = st_->fence_room;
  s.bind(1, room_id);
  s.bind(2, epoch);
  if (auto r = write_one(s, "fence_room"); !r) return fail(r.error());
  return db_->changes() != 0;
}

expected<std::int64_t> journal::room_epoch(std::string_view room_id) {
  std::lock_guard lock(mutex_);
  auto& s = st_->select_epoch;
  scoped_reset reset(s);
  s.bind(1, room_id);
  const auto rc = s.step();
  if (rc == store_step::done) return std::int64_t{0};
  if (rc != store_step::row) return db_failure("room_epoch " + std::string(room_id));
  return s.integer(0);
}

expected<std::optional<room_with_moves>> journal::take_over_room(std::string_view room_id,
                                                                 std::int64_t epoch) {
  std::lock_guard lock(mutex_);
  // The previous owner's cached last ply may be behind what it wrote since.
  last_ply_.erase(std::string(room_id));
  auto fenced = fence_room_row(room_id, epoch);
  if (!fenced) return fail(fenced.error());
  if (!*fenced) return std::optional<room_with_moves>{};
  auto& s = st_->select_room;
  room_with_moves out;
  {
    scoped_reset reset(s);
    s.bind(1, room_id);
    const auto rc = s.step();
    if (rc == store_step::done) return std::optional<room_with_moves>{};
    if (rc != store_step::row) return db_failure("take_over_room " + std::string(room_id));
    out.room = read_room(s);
  }
  auto m = read_moves(room_id);
  if (!m) return fail(m.error());
  out.moves = std::move(*m);
  return std::optional<room_with_moves>{std::move(out)};
}

expected<std::optional<room_row>> journal::room(std::string_view room_id) {
  std::lock_guard lock(mutex_);
  auto& s = st_->select_room;
  scoped_reset reset(s);
  s.bind(1, room_id);
  const auto rc = s.step();
  if (rc == store_step::done) return std::optional<room_row>{};
  if (rc != store_step::row) return db_failure("room " + std::string(room_id));
  return std::optional<room_row>{read_room(s)};
}

expected<std::vector<move_row>> journal::moves(std::string_view room_id) {
  std::lock_guard lock(mutex_);
  return read_moves(room_id);
}

expected<std::vector<server_run>> journal::server_runs() {
  std::lock_guard lock(mutex_);
  auto& s = st_->select_runs;
  scoped_reset reset(s);
  std::vector<server_run> out;
  store_step rc{};
  while ((rc = s.step()) == store_step::row) out.push_back(server_run{s.integer(0), s.integer(1)});
  if (rc != store_step::done) return db_failure("server_runs");
  return out;
}

journal_status journal::begin_run(std::int64_t started_ms, std::int64_t forget_before_ms) {
  std::lock_guard lock(mutex_);
  auto& forget = st_->forget_runs;
  forget.bind(1, forget_before_ms);
  if (auto r = write_one(forget, "forget old server runs"); !r) return r;
  auto& s = st_->insert_run;
  s.bind(1, started_ms);
  return write_one(s, "begin_run");
}

journal_status journal::heartbeat(std::int64_t started_ms, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto& s = st_->beat_run;
  s.bind(1, started_ms);
  s.bind(2, now_ms);
  return write_one(s, "heartbeat");
}

}  // namespace ringside::server
