// Identities used to never expire (1,147 new ones a second from one client,
// 327 B each in the journal, kept for good). Now they remember when they were last seen, and
// those not seen for --identity-ttl that hold no seat in an unfinished game are deleted.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <thread>

#include "journaled_server.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_checks.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

// How many identities the store of --data `dir` holds with this player id: dir/ringside.db,
// or the database standing for `dir` on PostgreSQL.
int identities_named(const std::string& dir, const std::string& player) {
  if (const auto database = postgres_database_for(dir); !database.empty()) {
    // Player ids are the server's own (hex), never quoted text from a client.
    return std::stoi(test_support::postgres_cluster::shared().query_one(
        database, "SELECT count(*) FROM identities WHERE player_id = '" + player + "'"));
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir + "/ringside.db").c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT count(*) FROM identities WHERE player_id = ?1", -1, &s,
                             nullptr) == SQLITE_OK);
  sqlite3_bind_text(s, 1, player.c_str(), -1, SQLITE_TRANSIENT);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  const int n = sqlite3_column_int(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(db);
  return n;
}

}  // namespace

TEST_CASE("identities not seen for --identity-ttl and holding no seat are pruned") {
  temp_dir dir;
  journaled_server srv(dir.path(), {"--identity-ttl", "1"});
  json idle;
  json seated;
  {
    ws_client c(srv.port());
    idle = c.hello("idle");
  }
  {
    ws_client c(srv.port());
    seated = c.hello("seated");
    c.request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}},
              "joined");
  }
  ws_client present(srv.port());
  const json here = present.hello("present");
  CHECK(identities_named(dir.path(), idle.at("player")) == 1);

  // A sweep runs every --identity-ttl (1 s here; hourly by default): give it two.
  std::this_thread::sleep_for(std::chrono::milliseconds(2600));
  CHECK(identities_named(dir.path(), idle.at("player")) == 0);
  CHECK(metric(srv.port(), "ringside_identities_pruned_total") >= 1);
  ws_client back(srv.port());
  CHECK(back.request({{"type", "hello"}, {"name", "idle"}, {"token", idle.at("token")}}, "error")
            .at("code") == "bad_token");
  // A seat in an unfinished game keeps its identity, however long its player is away.
  ws_client sitter(srv.port());
  sitter.request({{"type", "hello"}, {"name", "x"}, {"token", seated.at("token")}}, "welcome");
  CHECK(sitter.expect("joined").at("seat") == 1);
  // So does a connection: it is seen at every sweep.
  ws_client again(srv.port());
  CHECK(again.request({{"type", "hello"}, {"name", "x"}, {"token", here.at("token")}}, "welcome")
            .at("player") == here.at("player"));
}

TEST_CASE("--identity-ttl 0 keeps every identity") {
  temp_dir dir;
  journaled_server srv(dir.path(), {"--identity-ttl", "0"});
  json idle;
  {
    ws_client c(srv.port());
    idle = c.hello("idle");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  ws_client back(srv.port());
  back.request({{"type", "hello"}, {"name", "idle"}, {"token", idle.at("token")}}, "welcome");
  CHECK(metric(srv.port(), "ringside_identities_pruned_total") == 0);
}

}  // namespace ringside::test
