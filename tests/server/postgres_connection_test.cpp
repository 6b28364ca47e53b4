// The PostgreSQL connection's own behaviour where the store's tests cannot reach: its session
// ended under an open transaction. Runs in journal_postgresql; nothing to do on SQLite.
#include <doctest/doctest.h>

#include <string>

#include "journal_test_support.hpp"
#include "server/postgres_connection.hpp"

using namespace ringside::journal_test;
using ringside::test_support::postgres_cluster;

namespace {

// Ends every session of `db` but the caller's, as PostgreSQL does to one whose transaction
// stayed idle past idle_in_transaction_session_timeout.
void end_sessions_of(postgres_cluster& pg, const std::string& db) {
  pg.query_one(db,
               "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
               "datname = current_database() AND pid <> pg_backend_pid()");
}

}  // namespace

TEST_CASE("postgres_connection: the idle-in-transaction timeout is set on the session") {
  if (!on_postgres()) return;
  auto& pg = postgres_cluster::shared();
  const auto db = pg.create_database();
  auto c = postgres_connection::open(pg.url(db), std::chrono::milliseconds(1500));
  REQUIRE(c);
  auto show = (*c)->prepare("SHOW idle_in_transaction_session_timeout");
  REQUIRE(show);
  REQUIRE((*show)->step() == store_step::row);
  CHECK((*show)->text(0) == "1500ms");
}

TEST_CASE("postgres_connection: a transaction lost with its session runs nothing more") {
  if (!on_postgres()) return;
  auto& pg = postgres_cluster::shared();
  const auto db = pg.create_database();
  auto c = postgres_connection::open(pg.url(db));
  REQUIRE(c);
  auto& conn = **c;
  REQUIRE(conn.exec("CREATE TABLE t(x INTEGER)"));
  auto insert = conn.prepare("INSERT INTO t VALUES (?1)");
  REQUIRE(insert);
  auto& s = **insert;
  int next = 1;
  // Opens a transaction, writes, and loses the session under it.
  auto lose_inside_transaction = [&] {
    REQUIRE(conn.exec("BEGIN"));
    REQUIRE(conn.exec("INSERT INTO t VALUES (" + std::to_string(next++) + ")"));
    end_sessions_of(pg, db);
    // The first statement finds the session gone; the later ones of the same transaction
    // must not run on a new session, where each would commit on its own.
    CHECK_FALSE(conn.exec("INSERT INTO t VALUES (" + std::to_string(next++) + ")"));
    CHECK(conn.transaction() == store_transaction::aborted);
    s.reset();
    s.bind(1, std::int64_t{next++});
    CHECK(s.step() == store_step::failed);
    s.reset();
    CHECK_FALSE(conn.exec("INSERT INTO t VALUES (" + std::to_string(next++) + ")"));
    CHECK(conn.last_error().find("lost inside a transaction") != std::string::npos);
    CHECK(conn.transaction() == store_transaction::aborted);
  };

  // Its owner's ROLLBACK ends it, and the next statement runs on a new session.
  lose_inside_transaction();
  CHECK(conn.exec("ROLLBACK"));
  CHECK(conn.transaction() == store_transaction::none);
  s.bind(1, std::int64_t{100});
  CHECK(s.step() == store_step::done);
  s.reset();
  CHECK(pg.query_one(db, "SELECT string_agg(x::text, ',') FROM t") == "100");

  // A COMMIT ends it too, and fails: nothing of it was kept.
  lose_inside_transaction();
  CHECK_FALSE(conn.exec("COMMIT"));
  CHECK(conn.transaction() == store_transaction::none);
  CHECK(pg.query_one(db, "SELECT string_agg(x::text, ',') FROM t") == "100");
}
