// A computer's room survives a crash like any other: killed while the computer thinks, the
// restored room's computer thinks again and moves; the person comes back by token.
#include <doctest/doctest.h>

#include "journaled_server.hpp"
#include "reconnect.hpp"
#include "support/server_flags.hpp"
#include "support/table.hpp"

namespace ringside::test {

TEST_CASE("killed while the computer thinks, the restored room's computer thinks again") {
  temp_dir dir;
  seat_view me;
  std::string room;
  json before;
  {
    journaled_server srv(dir.path(), unlimited_messages);
    me.conn = std::make_unique<ws_client>(srv.port());
    const auto welcome = me.conn->hello("alice");
    me.token = welcome.at("token");
    me.player = welcome.at("player");
    // Level 5 thinks for seconds: the kill comes while it does.
    const auto joined = me.conn->request({{"type", "create_room"},
                                          {"game", "zertz"},
                                          {"variant", "blitz"},
                                          {"seat", "first"},
                                          {"opponent", {{"computer", 5}}}},
                                         "joined");
    room = joined.at("room");
    me.mirror.reset(joined.at("state"), joined.at("version"));
    me.conn->request({{"type", "move"},
                      {"room", room},
                      {"move", placement(me.state())},
                      {"version", me.version()}},
                     "ack");
    apply_patch(me, me.conn->expect("patch"));
    before = me.state();
    REQUIRE(before.at("to_move") == 2);
    srv.kill9();
  }
  journaled_server srv(dir.path(), unlimited_messages);
  seat_view back = reconnect(srv.port(), me, 1);
  CHECK(back.state().at("players").at(1).at("computer") == true);
  CHECK(back.state().at("players").at(1).at("level") == 5);
  CHECK(back.state().at("history") == before.at("history"));
  // The computer's move arrives without anyone asking (the state may already hold it when
  // the restored room's search finished before the reconnect).
  if (back.state().at("to_move") == 2) apply_patch(back, back.conn->expect("patch", 30s));
  CHECK(back.state().at("history").size() == before.at("history").size() + 1);
  CHECK(back.state().at("last_move").at("by") == 2);
  CHECK(back.state().at("to_move") == 1);
  CHECK(back.state().at("status") == "playing");
  // The restored game still counts against alice's games against the computer (2).
  const json another{{"type", "create_room"},
                     {"game", "zertz"},
                     {"variant", "blitz"},
                     {"seat", "first"},
                     {"opponent", {{"computer", 1}}}};
  back.conn->request(another, "joined");
  CHECK(back.conn->request(another, "error").at("code") == "too_many_rooms");
}

}  // namespace ringside::test
