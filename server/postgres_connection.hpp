#pragma once
// postgres_connection: the journal's store in PostgreSQL through libpq's synchronous API
// (the journal already runs its writes on its own thread). synchronous_commit stays on, so a
// COMMIT that returns is durable, as SQLite's synchronous=FULL commit is.
//
// A lost connection fails the call that found it, and the next call after a short pause
// reconnects and prepares its statements again, so a PostgreSQL restart costs the writes
// made while it was down, not the server. A connection lost inside a transaction (PostgreSQL
// ended the session, e.g. on its idle-in-transaction timeout while this process was paused)
// reads as an aborted transaction: every statement fails until the caller's ROLLBACK, so the
// rest of that transaction never runs on a new session as statements of their own.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "server/store_connection.hpp"

struct pg_conn;

namespace ringside::server {

class postgres_connection final : public store_connection {
 public:
  // Connects to `url` ("postgresql://user@host:port/db"); fails with a sentence naming the
  // server (never the password) when it cannot be reached. A positive
  // `idle_transaction_timeout` has PostgreSQL end the session when a transaction of ours
  // waits that long for its next statement (this process paused): its row locks would
  // otherwise hold up whoever needs the rows next. Zero keeps the site's setting.
  static ringside::expected<std::unique_ptr<postgres_connection>> open(
      const std::string& url,
      std::chrono::milliseconds idle_transaction_timeout = std::chrono::milliseconds{0});
  // True for a location that names a PostgreSQL store.
  static bool is_url(std::string_view location);
  // `url` with any password replaced by "***", for messages and logs.
  static std::string redacted(std::string_view url);

  postgres_connection(const postgres_connection&) = delete;
  postgres_connection& operator=(const postgres_connection&) = delete;
  ~postgres_connection() override;

  ringside::expected<std::unique_ptr<store_statement>> prepare(std::string_view sql) override;
  ringside::expected<std::monostate> exec(std::string_view sql) override;
  store_transaction transaction() override;
  std::string last_error() const override { return last_error_; }
  std::int64_t changes() const override { return changes_; }
  bool last_failure_was_storage() const override { return false; }
  void after_failed_commit() override {}
  std::string_view begin_write_sql() const override { return "BEGIN"; }
  std::string_view begin_read_sql() const override {
    return "BEGIN ISOLATION LEVEL REPEATABLE READ";
  }
  std::string equals_ignoring_case(std::string_view column, std::string_view param) const override;
  std::span<const char* const> migrations() const override;
  std::string_view migration_lock_sql() const override;
  std::string where() const override { return where_; }

 private:
  friend class postgres_statement;
  postgres_connection(pg_conn* conn, std::string where,
                      std::chrono::milliseconds idle_transaction_timeout)
      : conn_(conn),
        where_(std::move(where)),
        idle_transaction_timeout_(idle_transaction_timeout) {}
  // Makes sure the connection is up, reconnecting (at most once a second) when it was lost;
  // false, with last_error_ set, when it is still down.
  bool ensure_connected();
  // Settings every session needs, run after each (re)connection.
  bool configure_session();
  void note_failure(const std::string& why);
  // Whether a transaction is open on the session now (before running a statement).
  bool in_transaction() const;
  // After a failed statement: notes a transaction lost with the connection.
  void after_failure(bool was_in_transaction);
  // Runs `sql` on a connection whose transaction was lost: a ROLLBACK ends it (the server
  // already did) and succeeds, a COMMIT ends it and fails, anything else fails. True when
  // the statement succeeded.
  bool end_lost_transaction(std::string_view sql);

  pg_conn* conn_ = nullptr;
  std::string where_;
  std::chrono::milliseconds idle_transaction_timeout_;
  std::string last_error_;
  // The connection was lost inside a transaction that nobody has rolled back yet.
  bool lost_transaction_ = false;
  std::string lost_reason_;  // why, for every statement refused until the ROLLBACK
  std::int64_t changes_ = 0;
  // Bumped by each reconnection: a statement prepared under an older one prepares again.
  std::uint64_t generation_ = 0;
  std::uint64_t next_statement_ = 0;
  std::chrono::steady_clock::time_point last_reconnect_{};
};

}  // namespace ringside::server
