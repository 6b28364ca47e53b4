// 160 connections used to make 6,080 rooms in 1.6 s (RSS 7 -> 159 MiB), and
// past 6,650 rooms `list_rooms` was over 1 MiB, so everyone who asked was closed and the
// terminal client's `rooms` failed. Waiting rooms are now capped per player and per address
// (too_many_rooms), and the list is one bounded page, newest first, with a cursor.
#include <doctest/doctest.h>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/room_flood_answers.hpp"
#include "support/server_checks.hpp"
#include "support/table.hpp"
#include "support/timed_game.hpp"

#ifndef RINGSIDE_CLI_PATH
#error "RINGSIDE_CLI_PATH must name the ringside terminal client"
#endif

namespace ringside::test {
namespace {

const json blitz_room{
    {"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"seat", "first"}};


// Every connection sends `per_connection` create_room requests, all at once, then reads the
// answers.
room_flood_answers room_flood(std::vector<std::unique_ptr<ws_client>>& conns, int per_connection) {
  for (int n = 0; n < per_connection; ++n) {
    for (auto& c : conns) c->send(blitz_room);
  }
  room_flood_answers out;
  for (auto& c : conns) read_room_flood_answers(*c, per_connection, 0, out);
  return out;
}

std::vector<std::unique_ptr<ws_client>> connect_many(std::uint16_t port, int n) {
  std::vector<std::unique_ptr<ws_client>> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(std::make_unique<ws_client>(port));
    out.back()->hello("flood " + std::to_string(i));
  }
  return out;
}

// Runs the terminal client's `rooms` against the server; returns its output.
std::string cli_rooms(std::uint16_t port) {
  char dir[] = "/tmp/ringside-abuse-cli-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string cmd = cat({"echo rooms | XDG_CONFIG_HOME=", dir, " ", RINGSIDE_CLI_PATH,
                               " --script --name carol --server ws://127.0.0.1:",
                               std::to_string(port), "/ws 2>&1"});
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  const int status = pclose(p);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  INFO("ringside --script said:\n" << out);
  CHECK(status == 0);
  return out;
}

}  // namespace

TEST_CASE("a room flood is capped per player and per address, and the players play on") {
  // Deserted waiting rooms close after 2 s here (120 s by default), so memory can be checked.
  // 41 flooders, the players and the probes all come from 127.0.0.1: the per-address limits
  // on new identities and messages (address_limits_test.cpp) are off, the room caps are tested.
  server_process srv({"--abandon-after", "2", "--identities-per-address", "0",
                      "--address-rate-limit", "0"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  {
    auto one = connect_many(srv.port(), 1);
    const auto alone = room_flood(one, 5);
    CHECK(alone.rooms.size() == 3);  // --waiting-rooms-per-player
    CHECK(alone.refused_player == 2);

    auto crowd = connect_many(srv.port(), 40);
    const auto many = room_flood(crowd, 4);
    CHECK(many.rooms.size() == 30 - 3);  // --waiting-rooms-per-address, the first 3 included
    CHECK(many.refused_address == 40 * 4 - 27);
    CHECK(many.other == 0);
    CHECK(metric(srv.port(), "ringside_rooms{status=\"waiting\"}") == 30);
    CHECK(metric(srv.port(), "ringside_rooms_refused_total") == 2 + 40 * 4 - 27);

    // The terminal client lists them.
    const auto listed = cli_rooms(srv.port());
    CHECK(listed.find("rooms count=31") != std::string::npos);  // with the players' room
  }
  // The flooders are gone; their rooms close once deserted for 2 s, and new ones may be made.
  for (int i = 0; i < 60 && metric(srv.port(), "ringside_rooms{status=\"waiting\"}") > 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  CHECK(metric(srv.port(), "ringside_rooms{status=\"waiting\"}") == 0);
  ws_client later(srv.port());
  later.hello("later");
  later.request(blitz_room, "joined");

  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

// Rooms that never wait (a computer opponent, resigned at once) escaped the waiting caps: one
// address could leave about 2.6 million finished games a day in the journal (1.1 GB). Each
// address may now create --rooms-per-address-per-day rooms in 24 hours.
TEST_CASE("computer games made and resigned at once stop at the address's daily room budget") {
  server_process srv({"--rooms-per-address-per-day", "40", "--rate-limit", "1000",
                      "--address-rate-limit", "0"});
  timed_game_beside game(srv.port());  // its room is the address's first of the day
  rss_sampler rss(srv);
  ws_client a(srv.port());
  a.hello("mallory");
  const json against_computer{{"type", "create_room"}, {"game", "zertz"},
                              {"variant", "blitz"},    {"seat", "first"},
                              {"opponent", {{"computer", 1}}}};
  int made = 0;
  int refused = 0;
  for (int i = 0; i < 45; ++i) {
    REQUIRE(a.send(against_computer));
    for (;;) {
      const auto m = a.recv(5s);
      REQUIRE(m.has_value());
      const std::string type = m->value("type", "");
      if (type == "joined") {
        ++made;
        REQUIRE(a.send({{"type", "resign"}, {"room", m->at("room")}}));
        break;
      }
      if (type == "error") {
        CHECK(m->value("code", "") == "too_many_rooms");
        CHECK(m->value("message", "").find("in the last 24 hours") != std::string::npos);
        ++refused;
        break;
      }
    }
  }
  CHECK(made == 39);
  CHECK(refused == 6);
  CHECK(metric(srv.port(), "ringside_rooms_refused_daily_total") == 6);
  CHECK(metric(srv.port(), "ringside_rooms_refused_total") == 0);  // not the waiting caps

  std::this_thread::sleep_for(1s);
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("the room list is pages of the newest rooms, with a cursor and filters") {
  server_process srv({"--waiting-rooms-per-player", "0", "--waiting-rooms-per-address", "0",
                      "--identities-per-address", "0", "--address-rate-limit", "0",
                      "--seats-per-player", "0", "--room-list-page", "50", "--rate-limit",
                      "1000"});
  // 700 rooms from 7 makers, one in 7 DVONN, made before the game starts: the listing is
  // what runs beside it.
  std::vector<std::unique_ptr<ws_client>> makers;
  constexpr int made = 700;
  for (int m = 0; m < 7; ++m) {
    makers.push_back(std::make_unique<ws_client>(srv.port()));
    auto& maker = *makers.back();
    maker.hello("maker " + std::to_string(m));
    for (int i = 0; i < made / 7; ++i) {
      json req = i % 7 == 0 ? json{{"type", "create_room"}, {"game", "dvonn"},
                                   {"variant", "standard"}}
                            : blitz_room;
      REQUIRE(maker.send(req));
    }
    for (int got = 0; got < made / 7;) {
      const auto reply = maker.recv(10s);
      REQUIRE(reply.has_value());
      REQUIRE(reply->value("type", "") == "joined");
      ++got;
    }
  }
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  ws_client reader(srv.port());
  reader.hello("reader");
  // The default page: the newest 50 open rooms, and where the next page starts.
  const auto first = reader.request({{"type", "list_rooms"}, {"id", 1}}, "rooms");
  CHECK(first.at("rooms").size() == 50);
  CHECK(first.at("rooms").at(0).at("room") == game.room());  // the newest
  CHECK(first.at("rooms").at(1).at("players").at(0) == "maker 6");
  CHECK(first.at("next").is_string());
  // Walking the cursor visits every room exactly once, newest first.
  std::set<std::string> seen;
  std::string last_created = "9999";
  json page = first;
  int pages = 1;
  while (true) {
    for (const auto& r : page.at("rooms")) {
      CHECK(seen.insert(r.at("room").get<std::string>()).second);
      CHECK(r.at("created").get<std::string>() <= last_created);
      last_created = r.at("created").get<std::string>();
    }
    if (page.at("next").is_null()) break;
    page = reader.request({{"type", "list_rooms"}, {"before", page.at("next")}}, "rooms");
    ++pages;
  }
  CHECK(seen.size() == made + 1);  // and the players' room
  CHECK(pages == (made + 1 + 49) / 50);
  // Filters: DVONN only; playing only (the game beside); a smaller page.
  const auto dvonn = reader.request(
      {{"type", "list_rooms"}, {"game", "dvonn"}, {"limit", 200}}, "rooms");
  CHECK(dvonn.at("rooms").size() == 50);  // the server's page is the most one may ask for
  for (const auto& r : dvonn.at("rooms")) CHECK(r.at("game") == "dvonn");
  const auto playing =
      reader.request({{"type", "list_rooms"}, {"status", "playing"}}, "rooms");
  REQUIRE(playing.at("rooms").size() == 1);
  CHECK(playing.at("rooms").at(0).at("room") == game.room());
  CHECK(playing.at("next").is_null());
  CHECK(reader.request({{"type", "list_rooms"}, {"limit", 3}}, "rooms").at("rooms").size() == 3);
  // A cursor the server did not give, and a status it does not know.
  CHECK(reader.request({{"type", "list_rooms"}, {"before", "zz"}}, "error").at("code") ==
        "bad_request");
  CHECK(reader.request({{"type", "list_rooms"}, {"status", "lost"}}, "error").at("code") ==
        "bad_request");
  // /api/rooms answers the same message, filtered by its query string.
  const auto [status, body] = http_get(srv.port(), "/api/rooms?game=dvonn&limit=5");
  CHECK(status == 200);
  const auto api = json::parse(body);
  CHECK(api.at("type") == "rooms");
  CHECK(api.at("rooms").size() == 5);
  CHECK(api.at("next").is_string());
  CHECK(http_get(srv.port(), "/api/rooms?status=nope").first == 400);

  std::this_thread::sleep_for(1s);  // enough moves to judge
  check_players_unharmed(game.stop());
  CHECK(rss.peak_kib() < rss.baseline_kib() + 64 * 1024);
}

}  // namespace ringside::test
