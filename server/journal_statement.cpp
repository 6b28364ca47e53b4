#include "server/journal_statement.hpp"

#include <sqlite3.h>

#include <utility>

namespace ringside::server {

ringside::expected<journal_statement> journal_statement::prepare(sqlite3* db,
                                                                 std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return ringside::fail(std::string("cannot prepare \"") + std::string(sql) +
                          "\": " + sqlite3_errmsg(db));
  }
  return journal_statement(stmt);
}

journal_statement::journal_statement(journal_statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr)),
      bind_error_(std::exchange(other.bind_error_, 0)) {}

journal_statement& journal_statement::operator=(journal_statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    stmt_ = std::exchange(other.stmt_, nullptr);
    bind_error_ = std::exchange(other.bind_error_, 0);
  }
  return *this;
}

journal_statement::~journal_statement() {
  sqlite3_finalize(stmt_);
}

void journal_statement::bind(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
}

void journal_statement::bind(int index, std::string_view text) {
  // SQLITE_TRANSIENT: SQLite copies, so the caller's buffer may die before step().
  const int rc =
      sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
}

void journal_statement::bind(int index, const std::optional<std::string>& text) {
  if (text) {
    bind(index, std::string_view(*text));
    return;
  }
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
}

void journal_statement::bind(int index, const std::optional<std::int64_t>& value) {
  if (value) {
    bind(index, *value);
    return;
  }
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
}

int journal_statement::step() {
  if (bind_error_ != 0) return bind_error_;
  return sqlite3_step(stmt_);
}

void journal_statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  bind_error_ = 0;
}

bool journal_statement::is_null(int col) const {
  return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
}

void journal_statement::bind_real(int index, double value) {
  const int rc = sqlite3_bind_double(stmt_, index, value);
  if (rc != SQLITE_OK && bind_error_ == 0) bind_error_ = rc;
}

double journal_statement::real(int col) const {
  return sqlite3_column_double(stmt_, col);
}

std::int64_t journal_statement::integer(int col) const {
  return sqlite3_column_int64(stmt_, col);
}

std::string journal_statement::text(int col) const {
  const unsigned char* p = sqlite3_column_text(stmt_, col);
  if (p == nullptr) return {};
  const int n = sqlite3_column_bytes(stmt_, col);
  return std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
}

std::optional<std::string> journal_statement::optional_text(int col) const {
  if (is_null(col)) return std::nullopt;
  return text(col);
}

std::optional<std::int64_t> journal_statement::optional_integer(int col) const {
  if (is_null(col)) return std::nullopt;
  return integer(col);
}

}  // namespace ringside::server
