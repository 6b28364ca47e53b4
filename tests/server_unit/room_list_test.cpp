// The room list's `computer` filter: people's games and games against the computer apart,
// each default page cached, and nothing changed for a request without the filter; an entry
// keeps its place when its order collides or changes.
#include "server/room_list.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>

using ringside::protocol::list_rooms;
using ringside::protocol::room_filter;
using ringside::server::room_list;

namespace {

nlohmann::json summary(const std::string& id, const std::string& status, int computer) {
  nlohmann::json s{{"room", id}, {"game", "dvonn"}, {"status", status}};
  if (computer > 0) s["computer"] = computer;
  return s;
}

// The room ids of a page, in order.
std::string ids(const ringside::server::room_page& page) {
  std::string out;
  for (const auto& r : nlohmann::json::parse(page.rooms)) out += r.at("room").get<std::string>();
  return out;
}

list_rooms asking(std::optional<bool> computer) {
  list_rooms q;
  q.computer = computer;
  return q;
}

}  // namespace

TEST_CASE("room_list: the computer filter keeps people's games and computer games apart") {
  room_list list(50);
  list.put("a", 0, summary("a", "waiting", 0), true);
  list.put("b", 1, summary("b", "playing", 5), true);
  list.put("c", 2, summary("c", "playing", 0), true);
  list.put("d", 3, summary("d", "playing", 1), true);
  CHECK(ids(*list.page(asking(std::nullopt))) == "dcba");  // as before: every game
  CHECK(ids(*list.page(asking(false))) == "ca");
  CHECK(ids(*list.page(asking(true))) == "db");
  list_rooms waiting = asking(false);
  waiting.status = room_filter::waiting;
  CHECK(ids(*list.page(waiting)) == "a");
}

TEST_CASE("room_list: each filter's default page is cached until the list changes") {
  room_list list(50);
  list.put("a", 0, summary("a", "waiting", 0), true);
  list.put("b", 1, summary("b", "playing", 3), true);
  const auto people = list.page(asking(false));
  const auto computers = list.page(asking(true));
  const auto all = list.page(asking(std::nullopt));
  CHECK(list.page(asking(false)) == people);  // the same page, not built again
  CHECK(list.page(asking(true)) == computers);
  CHECK(list.page(asking(std::nullopt)) == all);
  CHECK(people != computers);
  list.put("c", 2, summary("c", "waiting", 0), true);
  const auto after = list.page(asking(false));
  CHECK(after != people);
  CHECK(ids(*after) == "ca");
  CHECK(ids(*list.page(asking(true))) == "b");
}

TEST_CASE("room_list: pages of people's games skip computer games, however many there are") {
  room_list list(3);
  std::uint64_t order = 0;
  list.put("w1", order++, summary("w1", "waiting", 0), true);
  for (int i = 0; i < 100; ++i) {
    const auto id = "x" + std::to_string(i);
    list.put(id, order++, summary(id, "playing", 5), true);
  }
  list.put("w2", order++, summary("w2", "waiting", 0), true);
  // A flood of computer games pushes the waiting rooms off the unfiltered page...
  CHECK(ids(*list.page(asking(std::nullopt))).find("w1") == std::string::npos);
  // ...but not off people's games.
  const auto page = list.page(asking(false));
  CHECK(ids(*page) == "w2w1");
  CHECK_FALSE(page->next);
}

TEST_CASE(
    "room_list: an entry keeps its first place, and one whose place is taken goes just after") {
  room_list list(50);
  list.put("a", 10, summary("a", "waiting", 0), true);
  // Another node's room with the same order: both listed, the later one just above.
  list.put("b", 10, summary("b", "waiting", 0), true);
  list.put("c", 20, summary("c", "waiting", 0), true);
  CHECK(ids(*list.page(asking(std::nullopt))) == "cba");
  // A change of `a` given another order keeps its place (its cursor stays valid).
  list.put("a", 30, summary("a", "playing", 0), true);
  CHECK(ids(*list.page(asking(std::nullopt))) == "cba");
  CHECK(list.size() == 3);
}
