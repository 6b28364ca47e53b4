#pragma once
// journal_statement: one prepared statement of the journal's store (SQLite or PostgreSQL,
// see store_connection.hpp), owned. The journal prepares each statement once at open and
// reuses it for every call.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/common/expected.hpp"
#include "server/store_connection.hpp"

namespace ringside::server {

class journal_statement {
 public:
  journal_statement() = default;
  // Compiles `sql` on `db`; fails with the engine's reason (a bug in our SQL or a broken
  // store).
  static ringside::expected<journal_statement> prepare(store_connection& db, std::string_view sql);

  // Binds parameter `index` (1-based). A failed bind is remembered and makes step() fail,
  // so callers check once instead of after every bind.
  void bind(int index, std::int64_t value) { stmt_->bind(index, value); }
  void bind(int index, std::string_view text) { stmt_->bind(index, text); }
  void bind(int index, const std::optional<std::string>& text);
  void bind(int index, const std::optional<std::int64_t>& value);
  void bind_real(int index, double value) { stmt_->bind_real(index, value); }

  // Runs one step: a row, done, or failed (the connection's last_error() says why).
  store_step step() { return stmt_->step(); }
  // Makes the statement ready for new bindings; call after every use (scoped_reset does).
  void reset() { stmt_->reset(); }

  // Column readers for the current row; `col` is 0-based.
  bool is_null(int col) const { return stmt_->is_null(col); }
  std::int64_t integer(int col) const { return stmt_->integer(col); }
  double real(int col) const { return stmt_->real(col); }
  std::string text(int col) const { return stmt_->text(col); }
  std::optional<std::string> optional_text(int col) const;
  std::optional<std::int64_t> optional_integer(int col) const;

 private:
  explicit journal_statement(std::unique_ptr<store_statement> stmt) : stmt_(std::move(stmt)) {}
  std::unique_ptr<store_statement> stmt_;
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
