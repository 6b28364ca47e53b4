#include "server/sqlite_connection.hpp"

#include <sqlite3.h>

#include <iterator>
#include <system_error>
#include <utility>

#include "common/unix_time.hpp"
#include "server/journal_schema.hpp"

namespace ringside::server {

namespace fs = std::filesystem;

// One prepared SQLite statement, finalised with it.
class sqlite_statement final : public store_statement {
 public:
  sqlite_statement(sqlite_connection& conn, sqlite3_stmt* stmt) : conn_(conn), stmt_(stmt) {}
  sqlite_statement(const sqlite_statement&) = delete;
  sqlite_statement& operator=(const sqlite_statement&) = delete;
  ~sqlite_statement() override { sqlite3_finalize(stmt_); }

  void bind(int index, std::int64_t value) override {
    remember(sqlite3_bind_int64(stmt_, index, value));
  }
  void bind(int index, std::string_view text) override {
    // SQLITE_TRANSIENT: SQLite copies, so the caller's buffer may die before step().
    remember(
        sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
  }
  void bind_real(int index, double value) override {
    remember(sqlite3_bind_double(stmt_, index, value));
  }
  void bind_null(int index) override { remember(sqlite3_bind_null(stmt_, index)); }

  store_step step() override {
    const int rc = bind_error_ != 0 ? bind_error_ : sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return store_step::row;
    if (rc == SQLITE_DONE) return store_step::done;
    conn_.last_rc_ = rc;
    return store_step::failed;
  }
  void reset() override {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    bind_error_ = 0;
  }

  bool is_null(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::int64_t integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const override { return sqlite3_column_double(stmt_, col); }
  std::string text(int col) const override {
    const unsigned char* p = sqlite3_column_text(stmt_, col);
    if (p == nullptr) return {};
    const int n = sqlite3_column_bytes(stmt_, col);
    return std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
  }

 private:
  void remember(int rc) {
    if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
  }
  sqlite_connection& conn_;
  sqlite3_stmt* stmt_ = nullptr;
  int bind_error_ = 0;  // first failing bind's code since the last reset, 0 if none
};

ringside::expected<std::unique_ptr<sqlite_connection>> sqlite_connection::open(
    const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    return ringside::fail("cannot create journal directory " + dir.string() + ": " + ec.message());
  if (!fs::is_directory(dir, ec))
    return ringside::fail("journal path " + dir.string() + " is not a directory");

  const fs::path file = dir / "ringside.db";
  const std::string where = "journal " + file.string();
  sqlite3* db = nullptr;
  const int rc =
      sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (db == nullptr) return ringside::fail(where + ": out of memory opening SQLite");
  std::unique_ptr<sqlite_connection> c(new sqlite_connection(db, where));
  if (rc != SQLITE_OK) {
    return ringside::fail("cannot open " + where + " (is " + dir.string() +
                          " writable?): " + c->last_error());
  }
  // SQLite opens a write-protected file read-only instead of failing; we need to write.
  if (sqlite3_db_readonly(db, "main") == 1) {
    return ringside::fail("cannot write " + where + ": the file is read-only");
  }
  sqlite3_busy_timeout(db, 5000);
  sqlite3_extended_result_codes(db, 1);

  // journal_mode answers with the mode it got; a read-only directory cannot hold the WAL.
  char* mode = nullptr;
  auto keep_mode = [](void* out, int, char** values, char**) -> int {
    if (values[0] != nullptr) *static_cast<char**>(out) = sqlite3_mprintf("%s", values[0]);
    return 0;
  };
  if (sqlite3_exec(db, "PRAGMA journal_mode=WAL", keep_mode, &mode, nullptr) != SQLITE_OK) {
    sqlite3_free(mode);
    return ringside::fail("cannot open " + where + " for writing (is " + dir.string() +
                          " writable?): " + c->last_error());
  }
  const std::string got = mode != nullptr ? mode : "";
  sqlite3_free(mode);
  if (got != "wal") {
    return ringside::fail("cannot put " + where + " in WAL mode (got \"" + got + "\")");
  }
  for (const char* pragma : {"PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON"}) {
    if (auto r = c->exec(pragma); !r) return ringside::fail(r.error());
  }
  return c;
}

sqlite_connection::~sqlite_connection() {
  sqlite3_close(db_);
}

ringside::expected<std::unique_ptr<store_statement>> sqlite_connection::prepare(
    std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return ringside::fail("cannot prepare \"" + std::string(sql) + "\": " + last_error());
  }
  return std::unique_ptr<store_statement>(std::make_unique<sqlite_statement>(*this, stmt));
}

ringside::expected<std::monostate> sqlite_connection::exec(std::string_view sql) {
  const std::string text(sql);
  last_rc_ = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (last_rc_ != SQLITE_OK) return ringside::fail("journal: " + text + ": " + last_error());
  return std::monostate{};
}

store_transaction sqlite_connection::transaction() {
  return sqlite3_get_autocommit(db_) != 0 ? store_transaction::none : store_transaction::open;
}

std::string sqlite_connection::last_error() const {
  return sqlite3_errmsg(db_);
}

std::int64_t sqlite_connection::changes() const {
  return sqlite3_changes(db_);
}

bool sqlite_connection::last_failure_was_storage() const {
  const int primary = last_rc_ & 0xff;
  return primary == SQLITE_IOERR || primary == SQLITE_FULL;
}

void sqlite_connection::after_failed_commit() {
  // A failed fsync does not take back what write() already put in the page cache: the WAL
  // may hold the failed commit's frames, complete and checksummed, and a restart would
  // replay writes we reported as failed (a refused move would be in the game). The next
  // commit goes to the same place in the WAL and breaks that checksum chain, so recovery
  // stops before those frames; make one at once. If the disk fails it too, the frames were
  // most likely never written either.
  const std::string mark = "INSERT INTO journal_meta VALUES('last_failed_commit_ms', '" +
                           std::to_string(unix_ms_now()) +
                           "') ON CONFLICT(key) DO UPDATE SET value = excluded.value";
  sqlite3_exec(db_, mark.c_str(), nullptr, nullptr, nullptr);
}

std::string sqlite_connection::equals_ignoring_case(std::string_view column,
                                                    std::string_view param) const {
  // NOCASE folds ASCII only, as the seat-name indexes of schema 9 do.
  return std::string(column) + " = " + std::string(param) + " COLLATE NOCASE";
}

std::span<const char* const> sqlite_connection::migrations() const {
  return std::span<const char* const>(std::begin(journal_schema::migrations),
                                      std::end(journal_schema::migrations));
}

}  // namespace ringside::server
