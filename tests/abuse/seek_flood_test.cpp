// Seeks that never pair (a rating range nobody has) cost the lobby a list entry each and every
// `seeks` answer a line. One identity may hold a few open at once and make a few a minute; the
// whole server holds --seeks-max; a list answer is one bounded page; a seeker's seeks go with
// its last connection.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

// A seek nobody can meet: everyone counts as 1500.
json lonely_seek(int n) {
  return {{"type", "seek"},
          {"game", "zertz"},
          {"variant", "blitz"},
          {"clock", {{"initial_s", 60 + n}, {"increment_s", 0}}},
          {"range", {{"min", 3000}, {"max", 4000}}}};
}

struct tally {
  int seeking = 0;
  std::map<std::string, int> refused;  // by the message's first words
  int other = 0;
};

// Sends `n` seeks from `c` at once, then reads the n answers.
tally flood(ws_client& c, int first, int n) {
  for (int i = 0; i < n; ++i) REQUIRE(c.send(lonely_seek(first + i)));
  tally t;
  for (int i = 0; i < n; ++i) {
    const auto m = c.recv(5s);
    REQUIRE(m.has_value());
    if (m->at("type") == "seeking") {
      ++t.seeking;
    } else if (m->at("type") == "error" && m->at("code") == "too_many_seeks") {
      const auto why = m->at("message").get<std::string>();
      ++t.refused[why.find("in the last minute") != std::string::npos ? "minute"
                  : why.find("lobby holds") != std::string::npos      ? "server"
                                                                      : "player"];
    } else {
      ++t.other;
    }
  }
  return t;
}

}  // namespace

TEST_CASE("a seek flood is capped per identity, per minute and in all, and the players play on") {
  server_process srv({"--seeks-max", "200", "--identities-per-address", "0", "--address-rate-limit",
                      "0", "--rate-limit", "1000"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  {
    ws_client mallory(srv.port());
    mallory.hello("mallory");
    const auto first = flood(mallory, 0, 40);
    CHECK(first.seeking == 5);  // --seeks-per-player
    CHECK(first.refused.at("player") == 35);
    // Cancelling and seeking again in a loop stops at --seeks-per-minute (30, the 5 above
    // included).
    int again = 0;
    int too_fast = 0;
    for (int i = 0; i < 40; ++i) {
      mallory.request({{"type", "cancel_seek"}}, "seek_cancelled");
      const auto t = flood(mallory, 100 + i, 1);
      again += t.seeking;
      too_fast += t.refused.count("minute") ? t.refused.at("minute") : 0;
    }
    CHECK(again == 25);
    CHECK(too_fast == 15);

    // Mallory's last try came too fast, so she holds none. Sixty identities, five seeks each:
    // the server holds 200.
    std::vector<std::unique_ptr<ws_client>> crowd;
    int held = 0;
    int server_full = 0;
    for (int i = 0; i < 60; ++i) {
      crowd.push_back(std::make_unique<ws_client>(srv.port()));
      crowd.back()->hello("crowd " + std::to_string(i));
      const auto t = flood(*crowd.back(), 0, 5);
      CHECK(t.other == 0);
      held += t.seeking;
      server_full += t.refused.count("server") ? t.refused.at("server") : 0;
    }
    CHECK(held == 200);
    CHECK(server_full == 100);
    CHECK(metric(srv.port(), "ringside_seeks_open") == 200);
    CHECK(metric(srv.port(), "ringside_seeks_refused_total") == 35 + 15 + 100);
    // One page of them, however many wait.
    const auto list = mallory.request({{"type", "list_seeks"}}, "seeks");
    CHECK(list.at("seeks").size() == 200);
    CHECK(list.at("total") == 200);
    CHECK(list.dump().size() < 100'000);
  }
  // Every seeker closed: every seek goes.
  for (int i = 0; i < 60 && metric(srv.port(), "ringside_seeks_open") > 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  CHECK(metric(srv.port(), "ringside_seeks_open") == 0);

  std::this_thread::sleep_for(1s);  // the game beside plays on for a while after the attack
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
