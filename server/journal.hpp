#pragma once
// journal: the server's durable record, in SQLite (dir/ringside.db, WAL, synchronous=FULL)
// or PostgreSQL (synchronous commit), through store_connection.
// It holds identities (by token digest, never the token), rooms and every accepted move,
// so a restarted server can resume unfinished games and serve finished games' records.
//
// No exception crosses this API: every call returns a value or a reason. Calls are
// thread-safe (one mutex around one connection) and writes block for one fsync, so a room
// should call them from a thread that may block.

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/common/expected.hpp"
#include "server/rating/glicko2.hpp"

namespace ringside::server {

class journal_statement;
class store_connection;

// A write that succeeded carries nothing; a failed one carries the reason.
using journal_status = ringside::expected<std::monostate>;

struct identity_row {
  std::string player_id;
  std::string name;
  bool account = false;  // registered (not a guest)
  friend bool operator==(const identity_row&, const identity_row&) = default;
};

// A registered identity: its reserved name and its password's Argon2id hash (crypto_pwhash_str).
struct account_row {
  std::string player_id;
  std::string name;
  std::string password_hash;
  friend bool operator==(const account_row&, const account_row&) = default;
};

struct clock_setting {
  std::int64_t initial_s = 0;
  std::int64_t increment_s = 0;
  std::int64_t days_per_move = 0;  // > 0: a correspondence clock (initial_s is that many days)
  friend bool operator==(const clock_setting&, const clock_setting&) = default;
};

// A taken seat: who sits there and the name shown for them.
struct seat_row {
  std::string player_id;
  std::string name;
  bool account = false;  // read back only: the player is an account (not saved with the seat)
  friend bool operator==(const seat_row&, const seat_row&) = default;
};

struct room_result {
  int winner = 0;      // seat 1 or 2; 0 when nobody won (tie, abandoned)
  std::string reason;  // "win_condition", "resignation", "time", ... as on the wire
  friend bool operator==(const room_result&, const room_result&) = default;
};

struct room_row {
  std::string id;
  std::string game;     // a game of engine/games.hpp: "zertz", ...
  std::string variant;  // that game's variant: "standard", "blitz", ...
  int board = 37;
  bool is_private = false;
  std::optional<clock_setting> clock;  // empty: untimed
  std::array<std::optional<seat_row>, 2> seats;
  std::int64_t created_ms = 0;  // unix ms
  std::string status;           // "waiting", "playing" or "finished"
  bool rated = false;           // its result may change ratings (see finish_rated_room)
  // Filled by finish_room; empty while the game runs.
  std::optional<room_result> result;
  std::optional<std::string> final_position;
  std::optional<std::string> record;  // the game record (tag pairs and movetext)
  bool takebacks = true;              // players may ask to take a move back
  friend bool operator==(const room_row&, const room_row&) = default;
};

struct move_row {
  int ply = 0;                             // 1 for the first move; strictly increasing per room
  std::string text;                        // the canonical move token as accepted
  std::array<std::int64_t, 2> clock_ms{};  // both clocks after the move
  std::int64_t received_ms = 0;            // unix ms when the server received it
  friend bool operator==(const move_row&, const move_row&) = default;
};

// A player's rating in one category (rating_category.hpp's "game/variant/speed").
struct rating_row {
  std::string player_id;
  std::string category;
  rating::glicko2_rating value;
  std::int64_t games = 0;
  std::int64_t last_played_ms = 0;  // unix ms of the last rated game's end
  friend bool operator==(const rating_row&, const rating_row&) = default;
};

// What one rated game did to one seat's rating.
struct rating_change {
  int seat = 0;
  std::string player_id;
  std::string category;
  double score = 0;  // 1 won, 0.5 drew, 0 lost
  rating::glicko2_rating before;  // the stored rating, its deviation grown by idle time
  rating::glicko2_rating after;
  std::int64_t played_ms = 0;
  friend bool operator==(const rating_change&, const rating_change&) = default;
};
// One row of rating_history, with the game that made it.
struct rating_history_row {
  std::int64_t seq = 0;  // history order
  std::string room_id;
  rating_change change;
};

// One run of the server: from its start to its last heartbeat (unix ms).
struct server_run {
  std::int64_t started_ms = 0;
  std::int64_t heartbeat_ms = 0;
  friend bool operator==(const server_run&, const server_run&) = default;
};

struct room_with_moves {
  room_row room;
  std::vector<move_row> moves;  // in ply order
};

// One finished game as its player's page lists it.
struct player_game_row {
  std::string room_id;
  std::string game;
  std::string variant;
  int seat = 0;          // the player's: 1 or 2
  std::string opponent;  // the other seat's name ("" when it was empty)
  int winner = 0;        // 1 or 2; 0 when nobody won
  std::string reason;
  std::int64_t finished_ms = 0;  // unix ms
  friend bool operator==(const player_game_row&, const player_game_row&) = default;
};

// Where a page of a player's games starts: strictly older than this game.
struct player_games_cursor {
  std::int64_t finished_ms = 0;
  std::string room_id;
};

struct player_tally {
  std::int64_t wins = 0;
  std::int64_t losses = 0;
  std::int64_t draws = 0;  // finished with no winner
};

class journal {
 public:
  // Opens (creating when missing) `dir` and dir/ringside.db, migrates the schema and proves
  // the file writable; fails with a sentence naming the path when any of that is impossible.
  static ringside::expected<std::unique_ptr<journal>> open(const std::filesystem::path& dir);
  // Opens the store `location` names: a postgresql:// URL (see postgres_connection.hpp),
  // or else a SQLite data directory as open(dir) does. `idle_transaction_timeout` (PostgreSQL
  // only; zero: the site's setting) bounds how long a transaction of ours may wait for its
  // next statement before PostgreSQL ends the session (postgres_connection::open).
  static ringside::expected<std::unique_ptr<journal>> open_location(
      std::string_view location,
      std::chrono::milliseconds idle_transaction_timeout = std::chrono::milliseconds{0});
  // The same on any store (SQLite, PostgreSQL): migrates its schema and prepares every
  // statement; fails with a sentence naming the store.
  static ringside::expected<std::unique_ptr<journal>> open_on(std::unique_ptr<store_connection> db);

  journal(const journal&) = delete;
  journal& operator=(const journal&) = delete;
  ~journal();

  // Records `player_id` with its current name and token digest (64 hex characters, as
  // token_digest gives), seen now; saving the same player again replaces name and digest.
  journal_status save_identity(std::string_view player_id, std::string_view name,
                               std::string_view token_hash);
  // The identity whose token (its first one, or a device's) has this digest; empty when none
  // has.
  ringside::expected<std::optional<identity_row>> find_identity(std::string_view token_hash);
  // Marks these identities seen at `seen_ms` (unix ms); unknown ids are skipped.
  journal_status touch_identities(const std::vector<std::string>& player_ids,
                                  std::int64_t seen_ms);
  // Deletes every identity last seen before `seen_before_ms` that holds no seat in an
  // unfinished room and is not an account; returns how many went.
  ringside::expected<std::int64_t> prune_identities(std::int64_t seen_before_ms);

  // Makes the identity `account.player_id` an account named `account.name` (its identity row
  // takes the name too), in one transaction; fails if it already is one.
  journal_status save_account(const account_row& account);
  // Replaces an account's password hash.
  journal_status set_password(std::string_view player_id, std::string_view password_hash);
  // Every account, for the names they reserve.
  ringside::expected<std::vector<account_row>> accounts();
  // The account of `player_id`: one row, or none when it is no account.
  ringside::expected<std::vector<account_row>> account_of(std::string_view player_id);
  // Records one more device's token digest for the account `player_id`.
  journal_status save_device_token(std::string_view player_id, std::string_view token_hash);
  // The token with this digest stops working: a device token is deleted; an identity's first
  // token is replaced by `replacement_hash`, a digest of a token nobody holds.
  journal_status revoke_token(std::string_view token_hash, std::string_view replacement_hash);

  // Deletes (with their moves) up to `limit` finished rooms that finished before
  // `finished_before_ms` (unix ms; one finished before schema 4 counts as finished at the
  // upgrade) and
  // have fewer than `plies_kept_from` moves; returns their ids. Unfinished rooms never go.
  ringside::expected<std::vector<std::string>> prune_finished_rooms(
      std::int64_t finished_before_ms, std::int64_t plies_kept_from, std::int64_t limit);

  // Inserts a new room (result fields ignored); fails if the id is already taken.
  journal_status save_room(const room_row& room);
  // Replaces both seats and the status ("waiting" or "playing") of an unfinished room.
  journal_status update_seats(std::string_view room_id,
                              const std::array<std::optional<seat_row>, 2>& seats,
                              std::string_view status);
  // Marks an unfinished room finished with its result, final position (the game's notation)
  // and game record.
  journal_status finish_room(std::string_view room_id, const room_result& result,
                             std::string_view final_position, std::string_view record);
  // finish_room for a rated game between the room's two seated players, which also updates
  // both players' ratings in `category` by Glicko-2 (`system`) and appends both changes to
  // rating_history, all or nothing (inside a batch as well): no crash can leave a game ended
  // without its rating change, or the reverse. `played_ms` (unix ms) is the game's end; the
  // time since each player's last rated game grows their deviation first. A tie (winner 0)
  // is a draw. Fails like finish_room, and for a room without two seats or not rated.
  ringside::expected<std::array<rating_change, 2>> finish_rated_room(
      std::string_view room_id, const room_result& result, std::string_view final_position,
      std::string_view record, std::string_view category, const rating::glicko2& system,
      std::int64_t played_ms);
  // The player's rating in `category`; empty when they have played no rated game in it.
  ringside::expected<std::optional<rating_row>> find_rating(std::string_view player_id,
                                                            std::string_view category);
  // Every rating, by player and category, and every history row in the order written (what
  // a test replays; a later ratings page would ask for one player's).
  ringside::expected<std::vector<rating_row>> all_ratings();
  ringside::expected<std::vector<rating_history_row>> rating_history();
  // The rating changes a finished rated room made (none for any other room), by seat.
  ringside::expected<std::vector<rating_change>> room_rating_changes(std::string_view room_id);

  // Appends one move; outside a batch it is its own transaction, durable (fsynced) when it
  // returns success; inside one it is durable once commit_batch succeeds.
  // Fails for an unknown or finished room, and when `move.ply` is not above every stored ply
  // of the room (so a duplicate or reordered move is never stored twice).
  journal_status append_move(std::string_view room_id, const move_row& move);

  // Takes back every move of an unfinished room from ply `from_ply` on: in one transaction
  // they move from moves to takebacks, marked taken back at `taken_back_ms` (unix ms), so the
  // room replays as it stands after the takeback and the journal keeps what was played. Fails
  // (writing nothing) for an unknown or finished room, or when it has no move at `from_ply`.
  journal_status take_back(std::string_view room_id, int from_ply, std::int64_t taken_back_ms);
  // How many moves of the room were taken back (for tests and reports).
  ringside::expected<std::int64_t> taken_back_count(std::string_view room_id);

  // Opens one write transaction that the calls above join until commit_batch, so many
  // writes share one fsync (group commit). Only for a single writer thread: a reader on
  // another thread would see the batch before it is durable.
  journal_status begin_batch();
  // Commits the batch (durable when it returns success); on failure rolls it back, so none
  // of the batch's writes stay, not even after a restart (see undo_failed_commit).
  journal_status commit_batch();
  // True while a batch is open; false after SQLite rolled one back on its own (I/O error,
  // disk full), which makes every later write of that batch unsafe to report as durable.
  bool in_batch();

  // Fencing for a cluster (room_lease's epoch): records that the node holding lease `epoch`
  // writes room `room_id`; false (writing nothing) when the store has seen a greater epoch
  // for it, or no such room. A room's writer calls it in the same transaction as its write,
  // so a node that lost the room cannot commit, whatever it still believes.
  ringside::expected<bool> fence_room(std::string_view room_id, std::int64_t epoch);
  // A node that just claimed room `room_id` with `epoch`: fences it, then reads it with its
  // moves in the same transaction, so no write of an older owner can land after the read.
  // Empty when there is no such room or a greater epoch holds it.
  ringside::expected<std::optional<room_with_moves>> take_over_room(std::string_view room_id,
                                                                    std::int64_t epoch);
  // The greatest epoch the store has seen for room `room_id` (0: none, or no such room).
  ringside::expected<std::int64_t> room_epoch(std::string_view room_id);

  // Every room not finished, oldest first, with its moves in ply order: what a restarted
  // server resumes.
  ringside::expected<std::vector<room_with_moves>> unfinished_rooms();
  // One room (finished or not); empty when there is no such room.
  ringside::expected<std::optional<room_row>> room(std::string_view room_id);
  // A room's moves in ply order (empty for an unknown room).
  ringside::expected<std::vector<move_row>> moves(std::string_view room_id);

  // The runs recorded so far, oldest first (what a restart charges clocks from).
  ringside::expected<std::vector<server_run>> server_runs();
  // Records a run starting at `started_ms` and forgets runs whose heartbeat is before
  // `forget_before_ms` (no clock's turn reaches back that far).
  journal_status begin_run(std::int64_t started_ms, std::int64_t forget_before_ms);
  // The run that started at `started_ms` is alive at `now_ms`.
  journal_status heartbeat(std::int64_t started_ms, std::int64_t now_ms);
  // Players' pages (journal_players.cpp).
  // The player whose most recently created seat bore `name` (ASCII case ignored), with the
  // name as written there; empty when no seat did.
  ringside::expected<std::optional<seat_row>> player_by_seat_name(std::string_view name);
  // Up to `limit` finished games of `player_id`, newest first (by finish, then room id),
  // only of `game` unless it is empty, only older than `before` when given.
  ringside::expected<std::vector<player_game_row>> player_games(
      std::string_view player_id, std::string_view game,
      const std::optional<player_games_cursor>& before, std::int64_t limit);
  // The player's finished games counted as wins, losses and draws.
  ringside::expected<player_tally> player_tally_of(std::string_view player_id);
  // The account named `name` (case ignored) as (player id, name); empty when none is.
  ringside::expected<std::optional<seat_row>> account_named(std::string_view name);
  // Whether `player_id` is an account's.
  ringside::expected<bool> is_account(std::string_view player_id);
  // The player's ratings, by category, and every change to them in the order made.
  ringside::expected<std::vector<rating_row>> ratings_of(std::string_view player_id);
  ringside::expected<std::vector<rating_history_row>> rating_history_of(
      std::string_view player_id);

 private:
  struct statements;
  explicit journal(std::unique_ptr<store_connection> db);
  journal_status prepare_all();
  journal_status exec(const char* sql);
  journal_status run_write(journal_statement& s, std::string_view what);
  // run_write for a write that is its own transaction outside a batch.
  journal_status write_one(journal_statement& s, std::string_view what);
  // After a COMMIT failed: rolls back what is still open and keeps the failed commit's
  // frames, which may be in the WAL file, from being replayed by a restart.
  void undo_failed_commit();
  ringside::failure db_failure(std::string_view what) const;
  room_row read_room(const journal_statement& s) const;
  ringside::expected<std::vector<move_row>> read_moves(std::string_view room_id);
  ringside::expected<std::optional<rating_row>> read_rating(std::string_view player_id,
                                                            std::string_view category);
  // Every row `s` (a rating_history SELECT, bound) gives.
  ringside::expected<std::vector<rating_history_row>> read_history(journal_statement& s);
  // The UPDATE of fence_room, under the lock the caller holds.
  ringside::expected<bool> fence_room_row(std::string_view room_id, std::int64_t epoch);
  // The UPDATE of finish_room, under the lock the caller holds.
  journal_status finish_room_row(std::string_view room_id, const room_result& result,
                                 std::string_view final_position, std::string_view record,
                                 std::string_view what);
  // The writes of finish_rated_room, inside its savepoint.
  ringside::expected<std::array<rating_change, 2>> write_rated_finish(
      std::string_view room_id, const room_result& result, std::string_view final_position,
      std::string_view record, std::string_view category, const rating::glicko2& system,
      std::int64_t played_ms);

  std::mutex mutex_;
  std::unique_ptr<store_connection> db_;
  std::unique_ptr<statements> st_;
  // The last ply of each unfinished room whose moves this process appended, so appending the
  // next one needs no query (a tenth of a move's journal work). Forgotten whenever a
  // transaction is undone, and for a room being finished.
  std::map<std::string, int, std::less<>> last_ply_;
};

}  // namespace ringside::server
