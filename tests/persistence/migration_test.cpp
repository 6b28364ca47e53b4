// A journal written before games were a seam (schema 1, by the server of commit d466ae7; see
// fixtures/journal_v1.sql and .json) opens under today's server: it is migrated, its games
// come back and play on, its finished game's record is served, and its players keep tokens.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <fstream>
#include <sstream>

#include "engine/zertz/game.hpp"
#include "journaled_server.hpp"
#include "server/journal_schema.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs `sql` on dir/ringside.db (created) and returns the first column of its first row.
std::string sql_on(const std::string& dir, const std::string& sql) {
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

// Says hello with `token` and collects the `joined` of every seat it gets back, by room.
std::map<std::string, json> come_back(ws_client& c, const std::string& token, std::size_t seats) {
  const auto welcome =
      c.request({{"type", "hello"}, {"name", "back"}, {"token", token}}, "welcome");
  CHECK(welcome.at("token") == token);
  std::map<std::string, json> joined;
  for (std::size_t i = 0; i < seats; ++i) {
    const auto j = c.expect("joined");
    joined[j.at("room").get<std::string>()] = j;
  }
  return joined;
}

}  // namespace

TEST_CASE("a schema-1 journal migrates, and its games come back and play on") {
  const json ids = json::parse(read_file(RINGSIDE_FIXTURES "/journal_v1.json"));
  temp_dir dir;
  sql_on(dir.path(), read_file(RINGSIDE_FIXTURES "/journal_v1.sql"));
  const std::string finished = ids.at("finished");
  const std::string old_zip =
      sql_on(dir.path(), "SELECT final_zip FROM rooms WHERE id = '" + finished + "'");
  CHECK(sql_on(dir.path(), "SELECT max(version) FROM schema_version") == "1");
  const std::string identities_before = sql_on(dir.path(), "SELECT count(*) FROM identities");

  std::string timed = ids.at("timed");
  json after_move;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    // Migrated: the schema is the latest and the final position kept under its new name.
    CHECK(sql_on(dir.path(), "SELECT max(version) FROM schema_version") ==
          std::to_string(server::journal_schema::latest_version));
    // The old identities count as seen at the upgrade (schema 3), so none is pruned at once.
    const auto seen = std::stoll(sql_on(dir.path(), "SELECT min(last_seen_ms) FROM identities"));
    CHECK(seen > 1'700'000'000'000);
    // Its finished games count as finished at the upgrade (schema 4): none is pruned at once.
    CHECK(std::stoll(sql_on(dir.path(), "SELECT min(finished_ms) FROM rooms WHERE status = "
                                        "'finished'")) > 1'700'000'000'000);
    CHECK(sql_on(dir.path(), "SELECT count(*) FROM identities") == identities_before);
    CHECK(sql_on(dir.path(), "SELECT final_position FROM rooms WHERE id = '" + finished + "'") ==
          old_zip);

    // The old tokens still work, with every seat back: alice sits in two unfinished rooms.
    ws_client alice(srv.port());
    ws_client bob(srv.port());
    auto a = come_back(alice, ids.at("alice"), 2);
    auto b = come_back(bob, ids.at("bob"), 2);
    REQUIRE(a.count(timed) == 1);
    REQUIRE(a.count(ids.at("private61")) == 1);
    const json& t = a.at(timed).at("state");
    CHECK(t.at("game") == "zertz");
    CHECK(t.at("variant") == "standard");
    CHECK(t.at("board") == 37);
    CHECK(t.at("status") == "playing");
    CHECK(t.at("history").size() == 6);
    CHECK(t.at("players")[0].at("clock_ms").is_number_integer());
    CHECK(a.at(ids.at("private61")).at("state").at("board") == 61);
    CHECK(a.at(ids.at("private61")).at("state").at("history").size() == 3);

    // The timed game plays on: a legal move from its position, acked and journaled.
    const auto g = zertz::game::from_zip(zertz::variant::standard, t.at("zip").get<std::string>());
    REQUIRE(g);
    const int mover = t.at("to_move");
    auto& conn = mover == 1 ? alice : bob;
    // Alice saw bob come back to both rooms (a patch each); the move goes on the version now.
    CHECK(alice.expect("patch").at("ops")[0].at("path") == "/players/1/online");
    CHECK(alice.expect("patch").at("ops")[0].at("path") == "/players/1/online");
    const auto now = conn.request({{"type", "sync"}, {"room", timed}}, "snapshot");
    const auto ack = conn.request({{"type", "move"},
                                   {"room", timed},
                                   {"move", g->legal_moves().front()},
                                   {"version", now.at("version")}},
                                  "ack");
    (void)conn.expect("patch");
    CHECK(ack.at("room") == timed);
    after_move = conn.request({{"type", "sync"}, {"room", timed}}, "snapshot").at("state");
    CHECK(after_move.at("history").size() == 7);

    // The finished game's record, written by the old server, is served as it was stored.
    const auto [status, record] = http_get(srv.port(), "/api/rooms/" + finished + "/record");
    CHECK(status == 200);
    CHECK(record.find("[Variant \"blitz\"]") != std::string::npos);
    CHECK(record.find("[Result \"0-1\"]") != std::string::npos);
    // And the room list still shows the waiting room, with its game.
    const auto [lstatus, list] = http_get(srv.port(), "/api/rooms");
    CHECK(lstatus == 200);
    bool waiting_listed = false;
    const auto page = json::parse(list);
    for (const auto& r : page.at("rooms")) {
      if (r.at("room") == ids.at("waiting")) {
        waiting_listed = true;
        CHECK(r.at("game") == "zertz");
        CHECK(r.at("variant") == "tournament");
        CHECK(r.at("board") == 48);
        CHECK(r.at("status") == "waiting");
      }
    }
    CHECK(waiting_listed);
    srv.kill9();
  }
  // The move made after the migration survives a crash like any other.
  journaled_server srv(dir.path(), unlimited_messages);
  ws_client alice(srv.port());
  auto a = come_back(alice, ids.at("alice"), 2);
  CHECK(a.at(timed).at("state").at("history") == after_move.at("history"));
}

}  // namespace ringside::test
