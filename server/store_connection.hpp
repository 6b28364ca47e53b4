#pragma once
// store_connection: the seam between the journal and the database engine under it. The
// journal writes its SQL once (positional parameters written ?1, ?2, ...) and runs it through
// this interface; sqlite_connection and postgres_connection each hold one engine's connection
// and the few places where the engines' dialects differ.
//
// One connection is used by one thread at a time (the journal holds a mutex around it).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "engine/common/expected.hpp"

namespace ringside::server {

// What one step of a statement gave.
enum class store_step { row, done, failed };

// Where the connection stands in a transaction.
enum class store_transaction {
  none,     // autocommit: each statement is its own transaction
  open,     // inside BEGIN ... COMMIT, usable
  aborted,  // inside a transaction that an error doomed (PostgreSQL); only ROLLBACK helps
};

// One prepared statement of a connection; used only while that connection lives.
class store_statement {
 public:
  virtual ~store_statement() = default;

  // Binds parameter `index` (1-based). A failed bind is remembered and makes step() fail.
  virtual void bind(int index, std::int64_t value) = 0;
  virtual void bind(int index, std::string_view text) = 0;
  virtual void bind_real(int index, double value) = 0;
  virtual void bind_null(int index) = 0;

  // Runs one step; after `failed` the connection's last_error() says why.
  virtual store_step step() = 0;
  // Makes the statement ready for new bindings.
  virtual void reset() = 0;

  // Column readers for the current row; `col` is 0-based.
  virtual bool is_null(int col) const = 0;
  virtual std::int64_t integer(int col) const = 0;
  virtual double real(int col) const = 0;
  virtual std::string text(int col) const = 0;
};

class store_connection {
 public:
  virtual ~store_connection() = default;

  // Compiles one statement of the journal's SQL.
  virtual ringside::expected<std::unique_ptr<store_statement>> prepare(std::string_view sql) = 0;
  // Runs SQL without parameters or rows (one or more statements: a migration).
  virtual ringside::expected<std::monostate> exec(std::string_view sql) = 0;

  virtual store_transaction transaction() = 0;
  // Why the last failed call failed, in the engine's words.
  virtual std::string last_error() const = 0;
  // Rows changed by the last INSERT, UPDATE or DELETE.
  virtual std::int64_t changes() const = 0;
  // True when the last failure may have left a half-written commit behind (a failing disk),
  // which after_failed_commit must keep from being replayed.
  virtual bool last_failure_was_storage() const = 0;
  // Called after a failed commit was rolled back: SQLite breaks the WAL's checksum chain
  // there (see sqlite_connection.cpp); PostgreSQL needs nothing.
  virtual void after_failed_commit() = 0;

  // Dialect: the statement that opens a write transaction.
  virtual std::string_view begin_write_sql() const = 0;
  // Dialect: the statement that opens a read transaction whose queries share one snapshot.
  virtual std::string_view begin_read_sql() const = 0;
  // Dialect: `column` equals parameter `param` ("?1") with ASCII case ignored, in a form the
  // engine serves from the schema's name indexes.
  virtual std::string equals_ignoring_case(std::string_view column,
                                           std::string_view param) const = 0;
  // The engine's schema migrations; entry i brings the store to version i + 1. The same
  // version numbers on every engine.
  virtual std::span<const char* const> migrations() const = 0;
  // Dialect: the SQL run first inside the migration transaction (PostgreSQL: a lock, so two
  // servers starting together do not migrate twice).
  virtual std::string_view migration_lock_sql() const = 0;
  // The store as its messages name it ("journal /var/ringside/ringside.db").
  virtual std::string where() const = 0;
};

}  // namespace ringside::server
