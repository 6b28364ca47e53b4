#pragma once
// The journal's SQLite schema as an ordered list of migrations, kept apart from the code
// that runs them so a schema change is one reviewed diff in one place.

#include <iterator>

namespace ringside::server::journal_schema {

// Schema migrations, applied in order; entry i brings the file to version i + 1. Never edit
// an entry that has shipped: append a new one.
inline constexpr const char* migrations[] = {
    R"sql(
CREATE TABLE journal_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE identities(
  player_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE);
CREATE TABLE rooms(
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  variant TEXT NOT NULL,
  board INTEGER NOT NULL,
  private INTEGER NOT NULL,
  clock_initial_s INTEGER,
  clock_increment_s INTEGER,
  seat1_player TEXT, seat1_name TEXT,
  seat2_player TEXT, seat2_name TEXT,
  created_ms INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
  result_winner INTEGER,
  result_reason TEXT,
  final_zip TEXT,
  record TEXT);
CREATE INDEX rooms_by_status ON rooms(status, created_ms);
CREATE TABLE moves(
  room_id TEXT NOT NULL REFERENCES rooms(id),
  ply INTEGER NOT NULL CHECK (ply >= 1),
  text TEXT NOT NULL,
  clock1_ms INTEGER NOT NULL,
  clock2_ms INTEGER NOT NULL,
  received_ms INTEGER NOT NULL,
  PRIMARY KEY (room_id, ply)) WITHOUT ROWID;
)sql",
    // 2: rooms play any registered game (rooms.game names it, as it did); the final position
    // is in that game's own notation, not always a ZIP.
    R"sql(
ALTER TABLE rooms RENAME COLUMN final_zip TO final_position;
)sql",
    // 3: identities remember when they were last seen (unix ms), so those that hold no seat
    // and were not seen for --identity-ttl can be pruned. Identities from before count as
    // seen now: their time starts with the upgrade.
    R"sql(
ALTER TABLE identities ADD COLUMN last_seen_ms INTEGER NOT NULL DEFAULT 0;
UPDATE identities SET last_seen_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER);
CREATE INDEX identities_by_last_seen ON identities(last_seen_ms);
)sql",
    // 4: rooms remember when their game finished (unix ms), so short finished games past
    // --finished-retention-days can be pruned. Games finished before count as finished at the
    // upgrade: their time starts with it.
    R"sql(
ALTER TABLE rooms ADD COLUMN finished_ms INTEGER;
UPDATE rooms SET finished_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  WHERE status = 'finished';
CREATE INDEX rooms_by_finish ON rooms(status, finished_ms);
)sql",
    // 5: rated rooms. A player has one Glicko-2 rating per category (game/variant/speed);
    // rating_history keeps every change with the game that made it (for a graph, and so the
    // ratings can always be replayed from it). Both change in the transaction that finishes
    // the rated room. Rooms from before were casual.
    R"sql(
ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings(
  player_id TEXT NOT NULL,
  category TEXT NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  last_played_ms INTEGER NOT NULL,
  PRIMARY KEY (player_id, category)) WITHOUT ROWID;
CREATE TABLE rating_history(
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  room_id TEXT NOT NULL,
  seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
  player_id TEXT NOT NULL,
  category TEXT NOT NULL,
  score REAL NOT NULL,
  rating_before REAL NOT NULL,
  deviation_before REAL NOT NULL,
  volatility_before REAL NOT NULL,
  rating REAL NOT NULL,
  deviation REAL NOT NULL,
  volatility REAL NOT NULL,
  played_ms INTEGER NOT NULL,
  UNIQUE (room_id, seat));
CREATE INDEX rating_history_by_player ON rating_history(player_id, category, seq);
)sql",
    // 6: rooms say whether players may take moves back (rooms made before could); a move taken
    // back leaves moves for takebacks, with when it was taken back, so nothing played is lost.
    R"sql(
ALTER TABLE rooms ADD COLUMN takebacks_allowed INTEGER NOT NULL DEFAULT 1;
CREATE TABLE takebacks(
  room_id TEXT NOT NULL REFERENCES rooms(id),
  ply INTEGER NOT NULL CHECK (ply >= 1),
  text TEXT NOT NULL,
  clock1_ms INTEGER NOT NULL,
  clock2_ms INTEGER NOT NULL,
  received_ms INTEGER NOT NULL,
  taken_back_ms INTEGER NOT NULL);
CREATE INDEX takebacks_by_room ON takebacks(room_id, ply);
)sql",
    // 7: accounts. An identity that registered keeps its player_id and gets a name reserved
    // for it and an Argon2id password hash (never the password); each device that logs in
    // gets its own token, whose digest is in device_tokens (the identity's first token stays
    // in identities). Accounts are never pruned.
    R"sql(
CREATE TABLE accounts(
  player_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL);
CREATE TABLE device_tokens(
  token_hash TEXT PRIMARY KEY,
  player_id TEXT NOT NULL,
  created_ms INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX device_tokens_by_player ON device_tokens(player_id);
)sql",
    // 8: correspondence clocks (days per move; null for a Fischer clock or none), and the
    // server's runs: when each started and when it was last known alive (a heartbeat), so a
    // restart charges a mover the thinking time before a crash and not the downtime.
    R"sql(
ALTER TABLE rooms ADD COLUMN clock_days_per_move INTEGER;
CREATE TABLE server_runs(
  started_ms INTEGER PRIMARY KEY,
  heartbeat_ms INTEGER NOT NULL);
)sql",
    // 9: a player's page lists their finished games newest first and finds a player by the
    // name on a seat (any case), each from an index rather than a scan of every room; status
    // and result_winner in the seat indexes let the win/loss/draw tally read the index alone.
    R"sql(
CREATE INDEX rooms_by_seat1_player ON rooms(seat1_player, finished_ms, status, result_winner);
CREATE INDEX rooms_by_seat2_player ON rooms(seat2_player, finished_ms, status, result_winner);
CREATE INDEX rooms_by_seat1_name ON rooms(seat1_name COLLATE NOCASE, created_ms);
CREATE INDEX rooms_by_seat2_name ON rooms(seat2_name COLLATE NOCASE, created_ms);
)sql",
    // 10: the fencing epoch of the cluster node that last wrote the room (0 on a single
    // server): a write carrying a smaller one comes from a node that lost the room.
    R"sql(
ALTER TABLE rooms ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 0;
)sql",
};
inline constexpr int latest_version = static_cast<int>(std::size(migrations));

// The rooms columns in the order journal::read_room reads them.
inline constexpr const char* room_columns =
    "id, game, variant, board, private, clock_initial_s, clock_increment_s, seat1_player, "
    "seat1_name, seat2_player, seat2_name, created_ms, status, result_winner, result_reason, "
    "final_position, record, rated, takebacks_allowed, clock_days_per_move";

}  // namespace ringside::server::journal_schema
