// A crowd of spectators each chatting within its own rate limit used to
// fill every member's write queue, and the players were closed with 1008 mid-game. A room now
// has a chat budget its spectators share, and under queue pressure chat is what gives way.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

// 500 characters of four bytes each: the largest chat the protocol allows, 2,000 bytes.
std::string two_kilobyte_text() {
  std::string s;
  for (int i = 0; i < 500; ++i) s += "\xF0\x9F\x98\x80";  // U+1F600
  return s;
}

// `crowd` spectators join `room`, then each sends `chats` chats of 2 KB, interleaved, as fast
// as the socket takes them, reading nothing meanwhile. They leave (close) once the server has
// handled them all.
// Returns how many of the chats the spectators then read said they had missed some.
int chat_burst(std::uint16_t port, const std::string& room, int crowd, int chats) {
  std::vector<std::unique_ptr<ws_client>> spectators;
  for (int i = 0; i < crowd; ++i) {
    auto c = std::make_unique<ws_client>(port);
    c->hello("watcher " + std::to_string(i));
    c->request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");
    spectators.push_back(std::move(c));
  }
  const json chat{{"type", "chat"}, {"room", room}, {"text", two_kilobyte_text()}};
  const std::string frame = chat.dump();
  for (int n = 0; n < chats; ++n) {
    for (auto& c : spectators) c->send_text(frame);
  }
  // A request after the burst, answered only once every chat before it was handled (a
  // connection's requests are handled in order); closing sooner would throw the rest away.
  int told_missed = 0;
  for (auto& c : spectators) {
    c->send({{"type", "sync"}, {"room", room}, {"id", "end"}});
    while (const auto m = c->recv(10s)) {
      if (m->value("type", "") == "chat" && m->contains("missed")) ++told_missed;
      if (m->value("re", json()) == "end") break;
    }
  }
  return told_missed;
}

}  // namespace

// Every client here is on 127.0.0.1, players and attackers alike: the per-address message
// budget (address_limits_test.cpp) is off, so what is tested is the room's own chat budget.
const std::vector<std::string> one_address_for_all{"--address-rate-limit", "0"};

TEST_CASE("20 spectators each send 39 chats of 2 KB: the players, one on a slow link, play on") {
  server_process srv(one_address_for_all);
  timed_game_beside::settings s;
  s.slow_reader_seat = 2;
  timed_game_beside game(srv.port(), s);
  rss_sampler rss(srv);

  chat_burst(srv.port(), game.room(), 20, 39);
  std::this_thread::sleep_for(1s);  // the game goes on after the burst

  const auto report = game.stop();
  check_players_unharmed(report);
  // The crowd shares one budget: most of the 780 chats were refused, none reached a player
  // twice over, and nobody was dropped for it.
  CHECK(report.chats_seen <= 2 * 20);
  CHECK(metric(srv.port(), "ringside_chat_refused_total") > 0);
  CHECK(metric(srv.port(), "ringside_slow_clients_dropped_total") == 0);
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("with no chat budget, queue pressure drops chat and never the players") {
  server_process srv({"--room-chat-limit", "0", "--rate-limit", "100000", "--address-rate-limit", "0"});
  timed_game_beside::settings s;
  s.slow_reader_seat = 2;
  timed_game_beside game(srv.port(), s);
  rss_sampler rss(srv);

  const int told_missed = chat_burst(srv.port(), game.room(), 20, 39);
  std::this_thread::sleep_for(1s);

  const auto report = game.stop();
  check_players_unharmed(report);
  CHECK(metric(srv.port(), "ringside_chat_dropped_total") > 0);
  // The spectators read nothing during their burst: what they were not sent, the next chat
  // they got said.
  CHECK(told_missed > 0);
  rss.check_settles();
  check_server_fine(srv);
}

TEST_CASE("spectators' chat slowed, then off: refused with a reason, the players play on") {
  for (const std::string mode : {"slow", "off"}) {
    CAPTURE(mode);
    server_process srv({"--spectator-chat", mode, "--address-rate-limit", "0"});
    timed_game_beside game(srv.port());
    ws_client watcher(srv.port());
    watcher.hello("watcher");
    watcher.request({{"type", "join"}, {"room", game.room()}, {"as", "spectator"}}, "joined");
    const json chat{{"type", "chat"}, {"room", game.room()}, {"text", "hi"}, {"id", 1}};
    if (mode == "slow") {
      // One chat goes through (it comes back to the watcher too), the next within 10 s not.
      REQUIRE(watcher.send(chat));
      std::optional<json> m;
      while ((m = watcher.recv(5s)) && m->value("type", "") != "chat") {
      }
      REQUIRE(m.has_value());
    }
    json refused;
    REQUIRE(watcher.send(chat));
    for (auto m = watcher.recv(5s); m; m = watcher.recv(5s)) {
      if (m->value("type", "") == "error") {
        refused = *m;
        break;
      }
    }
    CHECK(refused.value("code", "") == (mode == "slow" ? "rate_limited" : "not_a_player"));
    CHECK(refused.value("message", "").find("spectator") != std::string::npos);
    CHECK(metric(srv.port(), "ringside_chat_refused_total") == 1);
    const auto report = game.stop();
    check_players_unharmed(report, 2);
    CHECK(report.chats_seen == (mode == "slow" ? 2 : 0));
  }
}

}  // namespace ringside::test
