#include "server/store_copy.hpp"

#include <filesystem>
#include <memory>
#include <string_view>

#include "server/journal.hpp"
#include "server/journal_statement.hpp"
#include "server/postgres_connection.hpp"
#include "server/sqlite_connection.hpp"

namespace ringside::server {

namespace {

struct table_copy {
  const char* name;
  const char* columns;
  // Columns read as doubles (the rest go as text, which is exact for integers too).
  std::vector<int> real_columns;
};

// Parents before children (moves and takebacks name their room).
const table_copy tables[] = {
    {"identities", "player_id, name, token_hash, last_seen_ms", {}},
    {"accounts", "player_id, name, password_hash, created_ms", {}},
    {"device_tokens", "token_hash, player_id, created_ms", {}},
    {"rooms",
     "id, game, variant, board, private, clock_initial_s, clock_increment_s, seat1_player, "
     "seat1_name, seat2_player, seat2_name, created_ms, status, result_winner, result_reason, "
     "final_position, record, finished_ms, rated, takebacks_allowed, clock_days_per_move",
     {}},
    {"moves", "room_id, ply, text, clock1_ms, clock2_ms, received_ms", {}},
    {"takebacks", "room_id, ply, text, clock1_ms, clock2_ms, received_ms, taken_back_ms", {}},
    {"ratings",
     "player_id, category, rating, deviation, volatility, games, last_played_ms",
     {2, 3, 4}},
    {"rating_history",
     "seq, room_id, seat, player_id, category, score, rating_before, deviation_before, "
     "volatility_before, rating, deviation, volatility, played_ms",
     {5, 6, 7, 8, 9, 10, 11}},
    {"server_runs", "started_ms, heartbeat_ms", {}},
};

int column_count(std::string_view columns) {
  int n = 1;
  for (char c : columns) n += c == ',' ? 1 : 0;
  return n;
}

std::string placeholders(int n) {
  std::string out;
  for (int i = 1; i <= n; ++i) out += (i > 1 ? ", ?" : "?") + std::to_string(i);
  return out;
}

bool is_real(const table_copy& t, int col) {
  for (int c : t.real_columns) {
    if (c == col) return true;
  }
  return false;
}

ringside::expected<std::int64_t> copy_table(const table_copy& t, store_connection& from,
                                            store_connection& to) {
  const std::string what = std::string("copying ") + t.name;
  const int n = column_count(t.columns);
  auto read =
      journal_statement::prepare(from, std::string("SELECT ") + t.columns + " FROM " + t.name);
  if (!read) return ringside::fail(what + ": " + read.error());
  auto write = journal_statement::prepare(to, std::string("INSERT INTO ") + t.name + "(" +
                                                  t.columns + ") VALUES(" + placeholders(n) + ")");
  if (!write) return ringside::fail(what + ": " + write.error());
  scoped_reset reading(*read);
  std::int64_t copied = 0;
  store_step step{};
  while ((step = read->step()) == store_step::row) {
    scoped_reset writing(*write);
    for (int c = 0; c < n; ++c) {
      if (read->is_null(c)) {
        write->bind(c + 1, std::optional<std::string>());
      } else if (is_real(t, c)) {
        write->bind_real(c + 1, read->real(c));
      } else {
        write->bind(c + 1, std::string_view(read->text(c)));
      }
    }
    if (write->step() != store_step::done) return ringside::fail(what + ": " + to.last_error());
    ++copied;
  }
  if (step != store_step::done) return ringside::fail(what + ": " + from.last_error());
  return copied;
}

}  // namespace

ringside::expected<copy_counts> copy_store(const std::string& from, const std::string& to) {
  if (postgres_connection::is_url(from)) {
    return ringside::fail("--copy-store copies from a SQLite data directory, not " +
                          postgres_connection::redacted(from));
  }
  if (!postgres_connection::is_url(to)) {
    return ringside::fail("--copy-store copies into a postgresql:// store, not " + to);
  }
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::path(from) / "ringside.db", ec)) {
    return ringside::fail("--copy-store: " + from + " holds no ringside.db");
  }
  // Both brought to the latest schema, so their columns are the ones listed above.
  {
    auto source = journal::open(from);
    if (!source) return ringside::fail(source.error());
    auto target = journal::open_location(to);
    if (!target) return ringside::fail(target.error());
  }
  auto source = sqlite_connection::open(from);
  if (!source) return ringside::fail(source.error());
  auto target = postgres_connection::open(to);
  if (!target) return ringside::fail(target.error());
  store_connection& dst = **target;

  for (const auto& t : tables) {
    auto count = journal_statement::prepare(dst, std::string("SELECT count(*) FROM ") + t.name);
    if (!count) return ringside::fail(count.error());
    if (count->step() != store_step::row) return ringside::fail(dst.last_error());
    if (count->integer(0) != 0) {
      return ringside::fail("--copy-store: the target " + dst.where() + " is not empty (" +
                            std::to_string(count->integer(0)) + " rows in " + t.name +
                            "); copy only into a new store");
    }
  }
  if (auto r = dst.exec("BEGIN"); !r) return ringside::fail(r.error());
  copy_counts counts;
  for (const auto& t : tables) {
    auto copied = copy_table(t, **source, dst);
    if (!copied) {
      dst.exec("ROLLBACK");
      return ringside::fail(copied.error());
    }
    counts.emplace_back(t.name, *copied);
  }
  // rating_history's seq was copied as it was: new rows number on from the largest.
  if (auto r = dst.exec("SELECT setval(pg_get_serial_sequence('rating_history', 'seq'), "
                        "coalesce(max(seq), 0) + 1, false) FROM rating_history");
      !r) {
    dst.exec("ROLLBACK");
    return ringside::fail(r.error());
  }
  if (auto r = dst.exec("COMMIT"); !r) return ringside::fail(r.error());
  return counts;
}

}  // namespace ringside::server
