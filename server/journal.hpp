#pragma once
// journal: the server's durable record in SQLite (dir/ringside.db, WAL, synchronous=FULL).
// It holds identities (by token digest, never the token), rooms and every accepted move,
// so a restarted server can resume unfinished games and serve finished games' records.
//
// No exception crosses this API: every call returns a value or a reason. Calls are
// thread-safe (one mutex around one connection) and writes block for one fsync, so a room
// should call them from a thread that may block.

#include <array>
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
#include "server/journal_statement.hpp"

struct sqlite3;

namespace ringside::server {

// A write that succeeded carries nothing; a failed one carries the reason.
using journal_status = ringside::expected<std::monostate>;

struct identity_row {
  std::string player_id;
  std::string name;
  friend bool operator==(const identity_row&, const identity_row&) = default;
};

struct clock_setting {
  std::int64_t initial_s = 0;
  std::int64_t increment_s = 0;
  friend bool operator==(const clock_setting&, const clock_setting&) = default;
};

// A taken seat: who sits there and the name shown for them.
struct seat_row {
  std::string player_id;
  std::string name;
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
  // Filled by finish_room; empty while the game runs.
  std::optional<room_result> result;
  std::optional<std::string> final_position;
  std::optional<std::string> record;  // the game record (tag pairs and movetext)
  friend bool operator==(const room_row&, const room_row&) = default;
};

struct move_row {
  int ply = 0;                             // 1 for the first move; strictly increasing per room
  std::string text;                        // the canonical move token as accepted
  std::array<std::int64_t, 2> clock_ms{};  // both clocks after the move
  std::int64_t received_ms = 0;            // unix ms when the server received it
  friend bool operator==(const move_row&, const move_row&) = default;
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

  journal(const journal&) = delete;
  journal& operator=(const journal&) = delete;
  ~journal();

  // Records `player_id` with its current name and token digest (64 hex characters, as
  // token_digest gives), seen now; saving the same player again replaces name and digest.
  journal_status save_identity(std::string_view player_id, std::string_view name,
                               std::string_view token_hash);
  // The identity whose token has this digest; empty when none has.
  ringside::expected<std::optional<identity_row>> find_identity(std::string_view token_hash);
  // Marks these identities seen at `seen_ms` (unix ms); unknown ids are skipped.
  journal_status touch_identities(const std::vector<std::string>& player_ids,
                                  std::int64_t seen_ms);
  // Deletes every identity last seen before `seen_before_ms` that holds no seat in an
  // unfinished room; returns how many went.
  ringside::expected<std::int64_t> prune_identities(std::int64_t seen_before_ms);

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

  // Appends one move; outside a batch it is its own transaction, durable (fsynced) when it
  // returns success; inside one it is durable once commit_batch succeeds.
  // Fails for an unknown or finished room, and when `move.ply` is not above every stored ply
  // of the room (so a duplicate or reordered move is never stored twice).
  journal_status append_move(std::string_view room_id, const move_row& move);

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

  // Every room not finished, oldest first, with its moves in ply order: what a restarted
  // server resumes.
  ringside::expected<std::vector<room_with_moves>> unfinished_rooms();
  // One room (finished or not); empty when there is no such room.
  ringside::expected<std::optional<room_row>> room(std::string_view room_id);
  // A room's moves in ply order (empty for an unknown room).
  ringside::expected<std::vector<move_row>> moves(std::string_view room_id);

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

 private:
  struct statements;
  explicit journal(sqlite3* db);
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

  std::mutex mutex_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<statements> st_;
  int last_rc_ = 0;  // what run_write's last step returned
  // The last ply of each unfinished room whose moves this process appended, so appending the
  // next one needs no query (a tenth of a move's journal work). Forgotten whenever a
  // transaction is undone, and for a room being finished.
  std::map<std::string, int, std::less<>> last_ply_;
};

}  // namespace ringside::server
