#pragma once
// Helpers shared by the journal's test files: temp directories, raw reads, samples.
//
// The same tests run on both stores: with RINGSIDE_TEST_STORE=postgresql (ctest's
// journal_postgresql entry sets it) each temp directory stands for a fresh PostgreSQL
// database of the process's one cluster, and open_ok and query_one go there.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "server/journal.hpp"
#include "support/postgres_cluster.hpp"

namespace ringside::journal_test {

namespace fs = std::filesystem;
using namespace ringside::server;

// A fresh directory under /tmp, removed (with everything in it) at scope exit.
struct temp_dir {
  fs::path path;
  temp_dir() {
    std::string tmpl = (fs::temp_directory_path() / "ringside-journal-XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~temp_dir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    for (auto& e : fs::recursive_directory_iterator(path, ec)) {
      fs::permissions(e.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(path, ec);
  }
};

// prefix followed by n ("r3"); built by appending, which also sidesteps a GCC 12
// -Wrestrict false positive on `"r" + std::to_string(n)`.
inline std::string numbered(const char* prefix, int n) {
  std::string s = prefix;
  s += std::to_string(n);
  return s;
}

inline bool on_postgres() {
  const char* store = std::getenv("RINGSIDE_TEST_STORE");
  return store != nullptr && std::string_view(store) == "postgresql";
}

// The PostgreSQL database standing for directory `dir`, made on first use.
inline std::string database_for(const fs::path& dir) {
  static std::map<std::string, std::string> databases;
  auto& name = databases[dir.string()];
  if (name.empty()) name = test_support::postgres_cluster::shared().create_database();
  return name;
}

// Opens the journal of `dir` on the store under test.
inline ringside::expected<std::unique_ptr<journal>> open_journal(const fs::path& dir) {
  if (!on_postgres()) return journal::open(dir);
  return journal::open_location(test_support::postgres_cluster::shared().url(database_for(dir)));
}

// One value from the store (dir/ringside.db, or dir's database), read with a separate raw
// connection.
inline std::string query_one(const fs::path& db_file, const std::string& sql) {
  if (on_postgres()) {
    return test_support::postgres_cluster::shared().query_one(database_for(db_file.parent_path()),
                                                              sql);
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(db_file.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
  std::string out = "<no row>";
  if (sqlite3_step(st) == SQLITE_ROW) {
    const auto* p = sqlite3_column_text(st, 0);
    out = p != nullptr ? reinterpret_cast<const char*>(p) : "<null>";
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

inline std::unique_ptr<journal> open_ok(const fs::path& dir) {
  auto j = open_journal(dir);
  REQUIRE_MESSAGE(j.has_value(), (j.has_value() ? std::string() : j.error()));
  return std::move(*j);
}

inline room_row sample_room(const std::string& id, std::int64_t created) {
  room_row r;
  r.id = id;
  r.game = "zertz";
  r.variant = "tournament";
  r.board = 48;
  r.is_private = true;
  r.clock = clock_setting{300, 5};
  r.seats[0] = seat_row{"p-alice", "alice"};
  r.created_ms = created;
  r.status = "waiting";
  return r;
}

inline move_row sample_move(int ply) {
  return move_row{
      ply, numbered("W", ply) + "-x", {300000 - ply, 290000 + ply}, 1700000000000 + ply};
}

}  // namespace ringside::journal_test
