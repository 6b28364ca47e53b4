// Chat against the real server: the sender's relayed copy answers its request (it carries
// `re`, the others' copies do not), and whoever joins later gets the room's recent lines in
// `joined`, as many as --chat-history keeps, counted on /metrics.
#include <doctest/doctest.h>

#include <string>

#include "support/server_process.hpp"
#include "support/table.hpp"
#include "support/ws_client.hpp"

using namespace ringside::test;

namespace {

json chat(const table& t, const std::string& text, int id) {
  return {{"type", "chat"}, {"room", t.room()}, {"text", text}, {"id", id}};
}

}  // namespace

TEST_CASE("the sender's chat carries re, the other player's copy does not") {
  server_process srv;
  table t(srv.port());
  const json mine = t.seat(1).conn->request(chat(t, "good luck", 41), "chat");
  CHECK(mine.at("re") == 41);
  CHECK(mine.at("from") == t.seat(1).state().at("players").at(0).at("name"));
  CHECK(mine.at("text") == "good luck");
  const json theirs = t.seat(2).conn->expect("chat");
  CHECK(theirs.at("text") == "good luck");
  CHECK_FALSE(theirs.contains("re"));
  CHECK(theirs.at("at") == mine.at("at"));
}

TEST_CASE("a late spectator gets the room's last lines in joined, oldest first") {
  server_process srv({"--chat-history", "3"});
  table t(srv.port());
  for (int i = 1; i <= 5; ++i) {
    t.seat(1).conn->request(chat(t, "line " + std::to_string(i), i), "chat");
    t.seat(2).conn->expect("chat");
  }
  ws_client late(srv.port());
  late.hello("carol");
  const json joined =
      late.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}, {"id", 9}}, "joined");
  REQUIRE(joined.contains("chat"));
  const json& lines = joined.at("chat");
  REQUIRE(lines.size() == 3);
  CHECK(lines.at(0).at("text") == "line 3");
  CHECK(lines.at(2).at("text") == "line 5");
  CHECK(lines.at(2).contains("from"));
  CHECK(lines.at(2).contains("at"));
  const auto [status, metrics] = http_get(srv.port(), "/metrics");
  CHECK(status == 200);
  CHECK(metrics.find("ringside_chat_history_lines_sent_total 3") != std::string::npos);
}

TEST_CASE("--chat-history 0 keeps no lines: joined carries no chat") {
  server_process srv({"--chat-history", "0"});
  table t(srv.port());
  t.seat(1).conn->request(chat(t, "hello", 1), "chat");
  ws_client late(srv.port());
  late.hello("carol");
  const json joined =
      late.request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  CHECK_FALSE(joined.contains("chat"));
}
