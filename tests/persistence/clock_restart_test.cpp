// Clocks across a SIGKILL: the mover is charged the time thought before the crash (up to the
// journal's last heartbeat), not the downtime; a correspondence deadline is a date and stays.
#include <doctest/doctest.h>

#include <sqlite3.h>

#include <ctime>
#include <thread>

#include "journaled_server.hpp"
#include "reconnect.hpp"
#include "support/game_search.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

std::int64_t clock_of(const json& state, std::size_t seat) {
  return state.at("players").at(seat - 1).at("clock_ms").get<std::int64_t>();
}

// "2026-11-26T10:00:00.123Z" as unix ms.
std::int64_t unix_ms_of(const std::string& iso) {
  std::tm tm{};
  REQUIRE(strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%S", &tm) != nullptr);
  return static_cast<std::int64_t>(timegm(&tm)) * 1000 + std::stoi(iso.substr(20, 3));
}

// Runs `sql` on the journal of a stopped server in `dir`.
void run_on_journal(const std::string& dir, const std::string& sql) {
  if (const auto database = postgres_database_for(dir); !database.empty()) {
    test_support::postgres_cluster::shared().query_one(database, sql);
    return;
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((dir + "/ringside.db").c_str(), &db) == SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  const std::string why = err != nullptr ? err : "";
  sqlite3_free(err);
  sqlite3_close(db);
  REQUIRE_MESSAGE(rc == SQLITE_OK, why);
}

std::vector<std::string> with_heartbeat(std::string interval_s) {
  auto out = unlimited_messages;
  out.insert(out.end(), {"--heartbeat-interval", std::move(interval_s)});
  return out;
}

}  // namespace

TEST_CASE("a mover who thought 3 s before a SIGKILL has about 3 s less after the restart") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 6;
  });
  temp_dir dir;
  // Beats every quarter second, so the charge is within a quarter second of the truth.
  const auto flags = with_heartbeat("0.25");
  std::unique_ptr<table> t;
  json before;
  {
    journaled_server srv(dir.path(), flags);
    t = std::make_unique<table>(
        srv.port(), json{{"variant", "blitz"}, {"clock", {{"initial_s", 60}, {"increment_s", 0}}}});
    for (std::size_t i = 0; i < 3; ++i) {
      t->play(t->seat(1).state().at("to_move").get<int>(), g.moves[i]);
    }
    before = t->sync(1).at("state");
    std::this_thread::sleep_for(3s);  // the mover thinks
    srv.kill9();
  }
  std::this_thread::sleep_for(1500ms);  // downtime: charged to nobody
  journaled_server srv(dir.path(), flags);
  auto v = reconnect_both(srv.port(), *t);
  const auto mover = v[0].state().at("to_move").get<std::size_t>();
  const auto had = clock_of(before, mover);
  const auto has = clock_of(v[0].state(), mover);
  MESSAGE("clock before the kill " << had << " ms, after the restart " << has << " ms");
  CHECK(has <= had - 2700);
  CHECK(has >= had - 3600);
  // The other clock is untouched.
  CHECK(clock_of(v[0].state(), 3 - mover) == clock_of(before, 3 - mover));
  // And the clock goes on from there: the next move charges the time since the restart.
  std::this_thread::sleep_for(200ms);
  play(v, t->room(), g.moves[3]);
  CHECK(clock_of(v[0].state(), mover) <= has - 150);
}

TEST_CASE("a correspondence game keeps its deadline across a restart and plays on") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 6;
  });
  temp_dir dir;
  std::unique_ptr<table> t;
  json before;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(srv.port(),
                                json{{"variant", "blitz"}, {"clock", {{"days_per_move", 1}}}});
    for (std::size_t i = 0; i < 3; ++i) {
      t->play(t->seat(1).state().at("to_move").get<int>(), g.moves[i]);
    }
    before = t->sync(1).at("state");
    srv.kill9();
  }
  std::this_thread::sleep_for(500ms);
  journaled_server srv(dir.path(), unlimited_messages);
  auto v = reconnect_both(srv.port(), *t);
  const auto mover = v[0].state().at("to_move").get<std::size_t>();
  const auto& was = before.at("players").at(mover - 1);
  const auto& is = v[0].state().at("players").at(mover - 1);
  REQUIRE(is.contains("deadline"));
  MESSAGE("deadline before " << was.at("deadline") << ", after " << is.at("deadline"));
  CHECK(std::abs(unix_ms_of(is.at("deadline")) - unix_ms_of(was.at("deadline"))) <= 50);
  // The downtime counted: a day is a day, whether the server ran or not.
  CHECK(clock_of(v[0].state(), mover) <= 86'400'000 - 500);
  CHECK(clock_of(v[0].state(), mover) > 86'400'000 - 10'000);
  CHECK(is.at("clock_started") == true);
  // The game goes on: the move is accepted and the other player's day begins.
  play(v, t->room(), g.moves[3]);
  CHECK(v[0].state().at("players").at(2 - mover).contains("deadline"));
  CHECK_FALSE(v[0].state().at("players").at(mover - 1).contains("deadline"));
}

TEST_CASE("a correspondence deadline that passed while the server was down loses on time") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 6;
  });
  temp_dir dir;
  std::unique_ptr<table> t;
  int mover = 0;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    t = std::make_unique<table>(srv.port(),
                                json{{"variant", "blitz"}, {"clock", {{"days_per_move", 1}}}});
    for (std::size_t i = 0; i < 3; ++i) {
      t->play(t->seat(1).state().at("to_move").get<int>(), g.moves[i]);
    }
    mover = t->seat(1).state().at("to_move").get<int>();
    srv.kill9();
  }
  // The journal says the last move came a day and a minute ago: its day is over.
  run_on_journal(dir.path(), "UPDATE moves SET received_ms = received_ms - 86460000 WHERE ply = 3");
  journaled_server srv(dir.path(), unlimited_messages);
  // Finished at once on restore, so nobody gets it back with hello: it is read as anyone would.
  ws_client fan(srv.port());
  fan.hello("fan");
  const auto joined =
      fan.request({{"type", "join"}, {"room", t->room()}, {"as", "spectator"}}, "joined");
  const auto& st = joined.at("state");
  CHECK(st.at("status") == "finished");
  CHECK(st.at("result") == json{{"winner", 3 - mover}, {"reason", "time"}});
}

}  // namespace ringside::test

