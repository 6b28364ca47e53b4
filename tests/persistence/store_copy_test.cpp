// --copy-store: a site moving from one machine's SQLite journal to PostgreSQL keeps its games
// and its players. The copied store serves the same finished game's record and logs the same
// account in; a second copy into the now non-empty store is refused; and a server whose
// PostgreSQL cannot be reached does not start.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "journaled_server.hpp"
#include "support/game_search.hpp"
#include "support/postgres_cluster.hpp"
#include "support/server_checks.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

const std::vector<std::string> cheap_passwords{"--password-opslimit", "1", "--password-memlimit",
                                               "8192"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

TEST_CASE("--copy-store: the PostgreSQL copy serves the same game records and accounts") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 8 && end.outcome()->winner != 0;
  });
  temp_dir dir;
  std::string room;
  std::string record;
  json registered;
  {
    journaled_server srv(dir.path(), with(unlimited_messages, cheap_passwords));
    table t(srv.port());
    room = t.room();
    for (const auto& move : g.moves) t.play(t.seat(1).state().at("to_move").get<int>(), move);
    REQUIRE(t.sync(1).at("state").at("status") == "finished");
    const auto [status, body] = http_get(srv.port(), "/api/rooms/" + room + "/record");
    REQUIRE(status == 200);
    record = body;
    ws_client c(srv.port());
    registered = c.hello("Ivan");
    c.request({{"type", "register"}, {"name", "Ivan"}, {"password", "ivans password"}},
              "registered");
  }

  auto& cluster = test_support::postgres_cluster::shared();
  const std::string url = cluster.url(cluster.create_database());
  const auto copy = run_server_to_exit({"--copy-store", dir.path(), url});
  const auto& [code, out] = copy;
  REQUIRE_MESSAGE(code == 0, copy.second);
  CHECK(out.find("rooms 1\n") != std::string::npos);
  CHECK(out.find("moves " + std::to_string(g.moves.size()) + "\n") != std::string::npos);
  CHECK(out.find("accounts 1\n") != std::string::npos);

  // A store that holds anything is never a copy's target.
  const auto [again_code, again_out] = run_server_to_exit({"--copy-store", dir.path(), url});
  CHECK(again_code == 2);
  CHECK(again_out.find("not empty") != std::string::npos);

  temp_dir unused;
  journaled_server srv(unused.path(),
                       with(with({"--store", url}, unlimited_messages), cheap_passwords));
  const auto [status, copied] = http_get(srv.port(), "/api/rooms/" + room + "/record");
  CHECK(status == 200);
  CHECK(copied == record);
  ws_client c(srv.port());
  const json w =
      c.request({{"type", "login"}, {"name", "ivan"}, {"password", "ivans password"}}, "welcome");
  CHECK(w.at("player") == registered.at("player"));
}

TEST_CASE("--store naming an unreachable PostgreSQL stops the server with one clear line") {
  // Port 1 on loopback: nothing listens there.
  const auto [code, text] =
      run_server_to_exit({"--port", "0", "--store", "postgresql://ringside:secret@127.0.0.1:1/x"});
  CHECK(code == 2);
  CHECK(text.find("cannot reach PostgreSQL store") != std::string::npos);
  CHECK(text.find("secret") == std::string::npos);  // the password never shows
  CHECK(std::count(text.begin(), text.end(), '\n') == 1);
}

}  // namespace ringside::test

namespace ringside::test {

TEST_CASE("while PostgreSQL is down moves are refused with internal_error, then play goes on") {
  const auto g = find_game(zertz::variant::blitz, [](const zertz::game& end, const auto&) {
    return end.history().size() >= 4;
  });
  auto& cluster = test_support::postgres_cluster::shared();
  const std::string url = cluster.url(cluster.create_database());
  temp_dir unused;
  journaled_server srv(unused.path(), with({"--store", url}, unlimited_messages));
  table t(srv.port());
  const std::string room = t.room();
  t.play(t.seat(1).state().at("to_move").get<int>(), g.moves[0]);

  REQUIRE(cluster.stop_now());
  const int mover = t.seat(1).state().at("to_move").get<int>();
  const json move{
      {"type", "move"}, {"room", room}, {"move", g.moves[1]}, {"version", t.seat(mover).version()}};
  const auto refused = t.seat(mover).conn->request(move, "error");
  CHECK(refused.at("code") == "internal_error");
  // Nobody was dropped: both players still hold their connections and the same position.
  CHECK(t.sync(1).at("state").at("history").size() == 1);
  CHECK(t.sync(2).at("state").at("history").size() == 1);

  REQUIRE(cluster.start());
  // The connection is tried again at most once a second: the first move after that plays.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  t.play(mover, g.moves[1]);
  t.play(t.seat(1).state().at("to_move").get<int>(), g.moves[2]);
  CHECK(t.sync(1).at("state").at("history").size() == 3);
  srv.kill9();
  // What was acknowledged is in PostgreSQL.
  CHECK(cluster.query_one(url.substr(url.rfind('/') + 1),
                          "SELECT count(*) FROM moves WHERE room_id = '" + room + "'") == "3");
}

}  // namespace ringside::test
