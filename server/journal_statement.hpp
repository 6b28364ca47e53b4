#pragma once
// journal_statement: one prepared SQLite statement, owned (finalised on destruction).
// The journal prepares each statement once at open and reuses it for every call.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/common/expected.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace ringside::server {

class journal_statement {
 public:
  journal_statement() = default;
  // Compiles `sql` on `db`; fails with SQLite's reason (a bug in our SQL or a broken file).
  static ringside::expected<journal_statement> prepare(sqlite3* db, std::string_view sql);

  journal_statement(journal_statement&& other) noexcept;
  journal_statement& operator=(journal_statement&& other) noexcept;
  journal_statement(const journal_statement&) = delete;
  journal_statement& operator=(const journal_statement&) = delete;
  ~journal_statement();

  // Binds parameter `index` (1-based). A failed bind is remembered and returned by step(),
  // so callers check once instead of after every bind.
  void bind(int index, std::int64_t value);
  void bind(int index, std::string_view text);
  void bind(int index, const std::optional<std::string>& text);
  void bind(int index, const std::optional<std::int64_t>& value);
  void bind_real(int index, double value);

  // Runs one step: SQLITE_ROW, SQLITE_DONE or an error code (also a remembered bind error).
  int step();
  // Makes the statement ready for new bindings; call after every use (scoped_reset does).
  void reset();

  // Column readers for the current row; `col` is 0-based.
  bool is_null(int col) const;
  std::int64_t integer(int col) const;
  double real(int col) const;
  std::string text(int col) const;
  std::optional<std::string> optional_text(int col) const;
  std::optional<std::int64_t> optional_integer(int col) const;

 private:
  explicit journal_statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
  sqlite3_stmt* stmt_ = nullptr;
  int bind_error_ = 0;  // first failing bind's code since the last reset, 0 if none
};

// Resets a statement when a scope ends, whatever path leaves it, so no statement keeps a
// read transaction open or stale bindings.
class scoped_reset {
 public:
  explicit scoped_reset(journal_statement& s) : s_(s) {}
  scoped_reset(const scoped_reset&) = delete;
  scoped_reset& operator=(const scoped_reset&) = delete;
  ~scoped_reset() { s_.reset(); }

 private:
  journal_statement& s_;
};

}  // namespace ringside::server
