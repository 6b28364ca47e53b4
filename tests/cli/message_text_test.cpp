// The `rooms` listing: open rooms apart from finished ones, which only `rooms all` lists; the
// server's notices as a plain line.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "clients/cli/message_text.hpp"

using namespace ringside::cli;
using nlohmann::json;

namespace {

json room(const std::string& id, const std::string& status, json players) {
  return {{"room", id},      {"game", "zertz"},  {"variant", "blitz"},
          {"board", 37},     {"status", status}, {"players", std::move(players)},
          {"spectators", 0}, {"clock", nullptr}};
}

json rooms(json list, json next = nullptr) {
  return {{"type", "rooms"}, {"rooms", std::move(list)}, {"next", std::move(next)}};
}

}  // namespace

TEST_CASE("rooms: waiting and playing rooms under their own headings, finished ones counted") {
  const auto text = rooms_text(rooms(json::array({
                                   room("aaaa2222", "waiting", json::array({"alice", nullptr})),
                                   room("bbbb3333", "playing", json::array({"bob", "carol"})),
                                   room("cccc4444", "finished", json::array({"dan", "eve"})),
                               })),
                               false);
  CHECK(text ==
        "Waiting for a player (`join ROOM` to play):\n"
        "  aaaa2222  zertz blitz 37  alice vs (open)\n"
        "Being played (`watch ROOM` to follow):\n"
        "  bbbb3333  zertz blitz 37  bob vs carol\n"
        "(1 finished game not shown; `rooms all` lists them.)\n");
}

TEST_CASE("rooms all: the finished ones listed too, and with nothing open that is said first") {
  const auto list = rooms(json::array({room("cccc4444", "finished", json::array({"dan", "eve"})),
                                       room("dddd5555", "finished", json::array({"fay", "gus"}))}),
                          "r1");
  CHECK(rooms_text(list, true) ==
        "No open rooms; `new` creates one.\n"
        "Finished:\n"
        "  cccc4444  zertz blitz 37  dan vs eve\n"
        "  dddd5555  zertz blitz 37  fay vs gus\n"
        "(the newest 2 are shown; there are more.)\n");
  CHECK(rooms_text(list, false) ==
        "No open rooms; `new` creates one.\n"
        "(the newest 2 are shown; there are more.)\n"
        "(2 finished games not shown; `rooms all` lists them.)\n");
}

TEST_CASE("a notice is one plain line with the server's sentence, its controls made visible") {
  const json n{{"type", "notice"},
               {"code", "identity_used_elsewhere"},
               {"message", "your identity was just used to connect from another place\x1b[2J"}};
  const auto line = notice_text(n, false);
  CHECK(line.rfind("Notice: your identity was just used to connect from another place", 0) == 0);
  CHECK(line.find('\x1b') == std::string::npos);
  CHECK(line.find('\n') == std::string::npos);
  CHECK(notice_text(n, true).find("\x1b[1;33m") == 0);
  CHECK(notice_text(json{{"type", "notice"}}, false) == "Notice: ");
}
