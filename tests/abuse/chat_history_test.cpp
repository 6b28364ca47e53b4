// A room keeps its recent chat for whoever joins late. Filled with the largest lines the
// protocol allows, it could have made every `joined` of the room 100 KB (50 lines of 2 KB),
// sent again to every watcher who comes and goes, and a reconnect's burst of `joined`s (one
// per seat) could overflow a player's queue. The history is bounded by bytes as well as lines.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/server_checks.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

// 500 characters of four bytes each: the largest chat the protocol allows, 2,000 bytes.
std::string largest_chat_line() {
  std::string s;
  for (int i = 0; i < 500; ++i) s += "\xF0\x9F\x98\x80";  // U+1F600
  return s;
}

// `writers` spectators send `each` chats of 2 KB into `room` and wait for each to come back.
void fill_history(std::uint16_t port, const std::string& room, int writers, int each) {
  const std::string text = largest_chat_line();
  for (int w = 0; w < writers; ++w) {
    ws_client c(port);
    c.hello("writer " + std::to_string(w));
    c.request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");
    for (int n = 0; n < each; ++n) {
      c.send({{"type", "chat"}, {"room", room}, {"text", text}, {"id", n}});
      while (const auto m = c.recv(5s)) {
        if (m->value("re", json()) == n) break;
      }
    }
  }
}

// `rounds` times, `crowd` watchers join (reading the history) and leave. Returns the largest
// chat text a `joined` carried, in bytes.
std::size_t late_watchers(std::uint16_t port, const std::string& room, int crowd, int rounds) {
  std::size_t largest = 0;
  for (int r = 0; r < rounds; ++r) {
    std::vector<std::unique_ptr<ws_client>> watchers;
    for (int i = 0; i < crowd; ++i) {
      auto c = std::make_unique<ws_client>(port);
      c->hello("late " + std::to_string(r) + "-" + std::to_string(i));
      const json joined =
          c->request({{"type", "join"}, {"room", room}, {"as", "spectator"}}, "joined");
      std::size_t bytes = 0;
      for (const auto& line : joined.value("chat", json::array())) {
        bytes += line.at("text").get<std::string>().size() + line.at("from").get<std::string>().size();
      }
      largest = std::max(largest, bytes);
      watchers.push_back(std::move(c));
    }
  }
  return largest;
}

}  // namespace

TEST_CASE("chat history filled with 2 KB lines, 200 late watchers: joined stays small, the players play on") {
  // Every client here is on 127.0.0.1: the per-address budget is off, and the room's chat
  // budget and the new identities per address too, so the writers fill the history as fast as
  // the server takes it and 200 watchers may each say hello.
  server_process srv({"--address-rate-limit", "0", "--room-chat-limit", "0", "--identities-per-address", "0"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);

  fill_history(srv.port(), game.room(), 3, 20);
  const auto largest = late_watchers(srv.port(), game.room(), 40, 5);
  std::this_thread::sleep_for(1s);  // the game goes on after the attack

  const auto report = game.stop();
  check_players_unharmed(report);
  // 8 KiB of text at most (four 2 KB lines), not 50 lines of 2 KB.
  CHECK(largest > 0);
  CHECK(largest <= 8 * 1024);
  CHECK(metric(srv.port(), "ringside_chat_history_lines_sent_total") > 0);
  CHECK(metric(srv.port(), "ringside_slow_clients_dropped_total") == 0);
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
