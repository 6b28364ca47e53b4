// Takebacks and restarts: a move taken back is gone from the game a killed server brings back
// (with the clocks as they stood before it) but kept in the journal's takebacks table; a room
// made with takebacks off keeps that setting across a restart.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <thread>

#include "journaled_server.hpp"
#include "reconnect.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

// The first column of the first row `sql` gives on dir/ringside.db.
std::string first_value(const std::string& dir, const std::string& sql) {
  if (const auto database = postgres_database_for(dir); !database.empty()) {
    return test_support::postgres_cluster::shared().query_one(database, sql);
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir + "/ringside.db").c_str(), &db) == SQLITE_OK);
  std::string first = "<no row>";
  auto keep = [](void* out, int, char** values, char**) -> int {
    auto& s = *static_cast<std::string*>(out);
    if (s == "<no row>") s = values[0] != nullptr ? values[0] : "NULL";
    return 0;
  };
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), keep, &first, &err);
  const std::string why = err != nullptr ? err : "";
  sqlite3_free(err);
  sqlite3_close(db);
  REQUIRE_MESSAGE(rc == SQLITE_OK, why);
  return first;
}

json room_request(const std::string& type, const std::string& room) {
  return {{"type", type}, {"room", room}};
}

}  // namespace

TEST_CASE("a restart after a takeback restores the position after the takeback") {
  temp_dir dir;
  json after_takeback;
  std::string taken_back;
  std::unique_ptr<table> t;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(
        srv.port(), json{{"variant", "blitz"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    t->play(1, placement(t->seat(1).state()));
    t->play(2, placement(t->seat(2).state(), "B"));
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    t->play(1, placement(t->seat(1).state(), "G"));
    taken_back = t->seat(1).state().at("last_move").at("move");
    REQUIRE(t->seat(1).conn->send(room_request("takeback", t->room())));
    t->take_patch(1);
    t->take_patch(2);
    REQUIRE(t->seat(2).conn->send(room_request("takeback", t->room())));
    for (int s = 1; s <= 2; ++s) {
      const auto snap = t->seat(s).conn->expect("snapshot");
      t->seat(s).mirror.adopt(snap.at("state"), snap.at("version"));
    }
    after_takeback = t->sync(1).at("state");
    REQUIRE(after_takeback.at("to_move") == 1);
    srv.kill9();
  }
  CHECK(first_value(dir.path(), "SELECT count(*) FROM moves WHERE room_id = '" + t->room() +
                                    "'") == "2");
  CHECK(first_value(dir.path(), "SELECT text FROM takebacks WHERE room_id = '" + t->room() +
                                    "' AND ply = 3") == taken_back);

  journaled_server srv(dir.path(), unlimited_messages);
  auto v = reconnect_both(srv.port(), *t);
  CHECK(without_presence(v[0].state()) == without_presence(after_takeback));
  // The game goes on from the position after the takeback: the same ply is played again.
  play(v, t->room(), placement(v[0].state(), "W"));
  CHECK(v[0].state().at("history").size() == after_takeback.at("history").size() + 1);
  const auto [status, record] = http_get(srv.port(), "/api/rooms/" + t->room() + "/record");
  CHECK(status == 200);
  CHECK(record.find(v[0].state().at("last_move").at("move").get<std::string>()) !=
        std::string::npos);
}

TEST_CASE("a room made with takebacks off keeps the setting across a restart") {
  temp_dir dir;
  std::unique_ptr<table> t;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(srv.port(), json{{"variant", "blitz"}, {"takebacks", false}});
    t->play(1, placement(t->seat(1).state()));
    srv.kill9();
  }
  journaled_server srv(dir.path(), unlimited_messages);
  auto v = reconnect_both(srv.port(), *t);
  CHECK(v[0].state().at("takebacks") == false);
  const auto err = v[0].conn->request(room_request("takeback", t->room()), "error");
  CHECK(err.at("code") == "takebacks_off");
}

}  // namespace ringside::test
