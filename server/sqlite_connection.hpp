#pragma once
// sqlite_connection: the journal's store in one SQLite file (dir/ringside.db) in WAL mode
// with synchronous=FULL, so a commit is on disk when it returns.

#include <filesystem>
#include <memory>

#include "server/store_connection.hpp"

struct sqlite3;

namespace ringside::server {

class sqlite_connection final : public store_connection {
 public:
  // Opens (creating when missing) `dir` and dir/ringside.db in WAL mode; fails with a
  // sentence naming the path when that is impossible.
  static ringside::expected<std::unique_ptr<sqlite_connection>> open(
      const std::filesystem::path& dir);

  sqlite_connection(const sqlite_connection&) = delete;
  sqlite_connection& operator=(const sqlite_connection&) = delete;
  ~sqlite_connection() override;

  ringside::expected<std::unique_ptr<store_statement>> prepare(std::string_view sql) override;
  ringside::expected<std::monostate> exec(std::string_view sql) override;
  store_transaction transaction() override;
  std::string last_error() const override;
  std::int64_t changes() const override;
  bool last_failure_was_storage() const override;
  void after_failed_commit() override;
  std::string_view begin_write_sql() const override { return "BEGIN IMMEDIATE"; }
  std::string_view begin_read_sql() const override { return "BEGIN"; }
  std::string equals_ignoring_case(std::string_view column, std::string_view param) const override;
  std::span<const char* const> migrations() const override;
  std::string_view migration_lock_sql() const override { return {}; }
  std::string where() const override { return where_; }

 private:
  sqlite_connection(sqlite3* db, std::string where) : db_(db), where_(std::move(where)) {}
  friend class sqlite_statement;
  sqlite3* db_ = nullptr;
  std::string where_;
  int last_rc_ = 0;  // the last failing call's extended result code
};

}  // namespace ringside::server
