// chat_history keeps a room's last lines for whoever joins late: at most the count asked for,
// at most max_bytes of text, the oldest going first, and nothing at all when asked for none.
#include <doctest/doctest.h>

#include <string>

#include "server/chat_history.hpp"

namespace ringside::server {

TEST_CASE("chat_history: the last lines, oldest first, as many as asked for") {
  chat_history h(3);
  for (int i = 1; i <= 5; ++i) h.add("alice", "line " + std::to_string(i), "2026-11-26T10:00:0" + std::to_string(i) + "Z");
  const auto lines = h.lines();
  REQUIRE(lines.size() == 3);
  CHECK(lines.at(0).at("text") == "line 3");
  CHECK(lines.at(2).at("text") == "line 5");
  CHECK(lines.at(2).at("from") == "alice");
  CHECK(lines.at(2).at("at") == "2026-11-26T10:00:05Z");
}

TEST_CASE("chat_history: long lines are kept only up to max_bytes of text") {
  chat_history h(50);
  const std::string long_text(500, 'x');
  for (int i = 0; i < 50; ++i) h.add("bob", long_text, "t");
  CHECK(h.bytes() <= chat_history::max_bytes);
  CHECK(h.size() == chat_history::max_bytes / (500 + 3));
  h.add("bob", "short", "t");
  CHECK(h.lines().back().at("text") == "short");
  CHECK(h.bytes() <= chat_history::max_bytes);
}

TEST_CASE("chat_history: a capacity of 0 keeps nothing") {
  chat_history h(0);
  h.add("carol", "hello", "t");
  CHECK(h.size() == 0);
  CHECK(h.lines().empty());
}

}  // namespace ringside::server
