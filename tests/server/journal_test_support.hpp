#pragma once
// Helpers shared by the journal's test files: temp directories, raw SQLite reads, samples.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "server/journal.hpp"

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

// One value from the database file, read with a separate raw connection.
inline std::string query_one(const fs::path& db_file, const std::string& sql) {
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
  auto j = journal::open(dir);
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
