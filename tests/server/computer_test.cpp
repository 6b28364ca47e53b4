// A computer opponent through the real server: create_room with opponent {"computer": LEVEL}
// seats it at once, its moves come as patches like a person's (validated, journalled), and a
// whole game ends with a result, for ZÈRTZ and DVONN.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "engine/zertz/game.hpp"
#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

// A legal move for the state's position: DVONN lists them; for ZÈRTZ the history is replayed
// into the engine (forced passes are played by the game itself).
std::string pick_move(const json& state, std::mt19937& rng) {
  if (state.at("game") == "dvonn") {
    const auto& legal = state.at("legal");
    return legal.at(rng() % legal.size());
  }
  auto g = zertz::game::create(state.at("variant").get<std::string>(), 0);
  REQUIRE(g);
  for (const auto& m : state.at("history")) {
    if (m != "pass") REQUIRE(g->play(m.get<std::string>()));
  }
  const auto legal = g->legal_moves();
  REQUIRE(!legal.empty());
  return legal[rng() % legal.size()];
}

// Plays a whole game as `name` against the computer at `level`, the human on `seat_choice`.
// Returns the final state.
json play_against_computer(std::uint16_t port, const json& game, int level,
                           const std::string& seat_choice) {
  seat_view me;
  me.conn = std::make_unique<ws_client>(port);
  me.conn->hello("alice");
  json create = {
      {"type", "create_room"}, {"seat", seat_choice}, {"opponent", {{"computer", level}}}};
  create.update(game);
  const auto joined = me.conn->request(create, "joined");
  me.mirror.reset(joined.at("state"), joined.at("version"));
  const int mine = joined.at("seat");
  const int computer = 3 - mine;
  // The computer is seated at once and the game is on.
  CHECK(me.state().at("status") == "playing");
  const json& cp = me.state().at("players").at(static_cast<std::size_t>(computer - 1));
  CHECK(cp.at("name") == "computer " + std::to_string(level));
  CHECK(cp.at("computer") == true);
  CHECK(cp.at("level") == level);
  CHECK(cp.at("online") == true);
  CHECK_FALSE(me.state().at("players").at(static_cast<std::size_t>(mine - 1)).contains("computer"));

  std::mt19937 rng(static_cast<unsigned>(level * 7 + mine));
  int computer_moves = 0;
  for (int turn = 0; turn < 400 && me.state().at("status") == "playing"; ++turn) {
    if (me.state().at("to_move") == mine) {
      const std::string move = pick_move(me.state(), rng);
      const auto ack = me.conn->request({{"type", "move"},
                                         {"room", joined.at("room")},
                                         {"move", move},
                                         {"version", me.version()}},
                                        "ack");
      CHECK(ack.at("version") == me.version() + 1);
      apply_patch(me, me.conn->expect("patch"));
    } else {
      // The computer's move arrives as a patch like anyone's, by the computer's seat.
      apply_patch(me, me.conn->expect("patch", 30s));
      if (me.state().at("last_move").at("by") == computer) ++computer_moves;
    }
  }
  CHECK(me.state().at("status") == "finished");
  CHECK(computer_moves > 3);
  // What the patches built is what the server holds.
  const auto snap = me.conn->request({{"type", "sync"}, {"room", joined.at("room")}}, "snapshot");
  CHECK(snap.at("state") == me.state());
  return me.state();
}

}  // namespace

TEST_CASE("a ZÈRTZ computer takes the other seat at once and plays a whole game") {
  server_process srv(unlimited_messages);
  // The human second: the computer (seat 1) moves first, before anyone has moved.
  const json end =
      play_against_computer(srv.port(), {{"game", "zertz"}, {"variant", "blitz"}}, 2, "second");
  CHECK(end.at("result").at("reason") != "abandoned");
}

TEST_CASE("a DVONN computer plays a whole game, placing and moving") {
  server_process srv(unlimited_messages);
  const json end =
      play_against_computer(srv.port(), {{"game", "dvonn"}, {"variant", "standard"}}, 1, "first");
  CHECK(end.at("phase") == "movement");
  CHECK(end.at("result").at("reason") == "no_moves");
}

TEST_CASE("create_room refuses an opponent that is not a computer level") {
  server_process srv(unlimited_messages);
  ws_client c(srv.port());
  c.hello("bob");
  for (const json& opponent : {json{{"computer", 0}}, json{{"computer", 6}},
                               json{{"computer", "3"}}, json{{"human", 3}}, json(3)}) {
    CAPTURE(opponent.dump());
    const auto e = c.request(
        {{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}, {"opponent", opponent}},
        "error");
    CHECK(e.at("code") == "bad_request");
  }
  // A person cannot take the computer's seat.
  const auto joined = c.request({{"type", "create_room"},
                                 {"game", "zertz"},
                                 {"variant", "blitz"},
                                 {"opponent", {{"computer", 1}}}},
                                "joined");
  ws_client d(srv.port());
  d.hello("carol");
  const auto e =
      d.request({{"type", "join"}, {"room", joined.at("room")}, {"as", "player"}}, "error");
  CHECK(e.at("code") == "room_full");
}

}  // namespace ringside::test
