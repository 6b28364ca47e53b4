// Finished games were kept for good, about 430 bytes each: one address could finish a computer
// game every few milliseconds (create, resign) and grow the journal by 1.1 GB a day. Now a
// finished game shorter than --finished-keep-plies is deleted --finished-retention-days after
// it finished, at start and hourly; longer games stay.
#include <doctest/doctest.h>

#include <thread>

#include "journaled_server.hpp"
#include "support/server_checks.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {
namespace {

// A game against the computer with `seat`, resigned once `plies` plies are on the board; its
// room id.
std::string resigned_game(ws_client& c, const char* seat, int plies) {
  REQUIRE(c.send({{"type", "create_room"},
                  {"game", "zertz"},
                  {"variant", "blitz"},
                  {"seat", seat},
                  {"opponent", {{"computer", 1}}}}));
  json joined;
  while (joined.is_null()) {  // patches of the game before may come first
    const auto m = c.recv(10s);
    REQUIRE(m.has_value());
    REQUIRE(m->at("type") != "error");
    if (m->at("type") == "joined") joined = *m;
  }
  const std::string room = joined.at("room");
  int ply = joined.at("state").at("ply");
  while (ply < plies) {
    const auto m = c.recv(10s);
    REQUIRE(m.has_value());
    if (m->at("type") != "patch" || m->at("room") != room) continue;
    for (const auto& op : m->at("ops"))
      if (op.at("path") == "/ply") ply = op.at("value");
  }
  (void)c.send({{"type", "resign"}, {"room", room}});
  return room;
}

}  // namespace

TEST_CASE("a short finished game goes after --finished-retention-days; a long one stays") {
  temp_dir dir;
  // 0.00001 days: 0.864 s.
  const std::vector<std::string> flags{"--finished-retention-days", "0.00001",
                                       "--finished-keep-plies", "1"};
  std::string short_game;
  std::string long_game;
  {
    journaled_server srv(dir.path(), flags);
    ws_client c(srv.port());
    c.hello("alice");
    short_game = resigned_game(c, "first", 0);
    long_game = resigned_game(c, "second", 1);  // the computer moves first
    std::this_thread::sleep_for(300ms);
    CHECK(http_get(srv.port(), "/api/rooms/" + short_game + "/record").first == 200);
    srv.kill9();
  }
  std::this_thread::sleep_for(1s);
  journaled_server srv(dir.path(), flags);  // the sweep at start
  for (int i = 0; i < 50 && metric(srv.port(), "ringside_finished_rooms_pruned_total") == 0; ++i)
    std::this_thread::sleep_for(50ms);
  CHECK(metric(srv.port(), "ringside_finished_rooms_pruned_total") == 1);
  CHECK(http_get(srv.port(), "/api/rooms/" + short_game + "/record").first == 404);
  const auto [status, record] = http_get(srv.port(), "/api/rooms/" + long_game + "/record");
  CHECK(status == 200);
  CHECK_FALSE(record.empty());
  ws_client c(srv.port());
  c.hello("bob");
  CHECK(c.request({{"type", "join"}, {"room", short_game}, {"as", "spectator"}}, "error")
            .at("code") == "no_such_room");
}

TEST_CASE("--finished-retention-days 0 keeps every finished game") {
  temp_dir dir;
  const std::vector<std::string> flags{"--finished-retention-days", "0"};
  std::string game;
  {
    journaled_server srv(dir.path(), flags);
    ws_client c(srv.port());
    c.hello("alice");
    game = resigned_game(c, "first", 0);
    std::this_thread::sleep_for(300ms);
    srv.kill9();
  }
  journaled_server srv(dir.path(), flags);
  std::this_thread::sleep_for(300ms);
  CHECK(metric(srv.port(), "ringside_finished_rooms_pruned_total") == 0);
  CHECK(http_get(srv.port(), "/api/rooms/" + game + "/record").first == 200);
}

}  // namespace ringside::test
