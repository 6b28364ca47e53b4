// A computer opponent through the real server: create_room with opponent {"computer": LEVEL}
// seats it at once, its moves come as patches like a person's (validated, journalled), and a
// whole game ends with a result, for ZÈRTZ and DVONN.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/zertz/game.hpp"
#include "support/server_checks.hpp"
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

TEST_CASE("games against the computer: capped per player, listed apart from people's rooms") {
  server_process srv(unlimited_messages);
  ws_client c(srv.port());
  c.hello("alice");
  const json against{{"type", "create_room"},
                     {"game", "zertz"},
                     {"variant", "blitz"},
                     {"seat", "first"},
                     {"opponent", {{"computer", 2}}}};
  const std::string first = c.request(against, "joined").at("room");
  c.request(against, "joined");
  // --computer-games-per-player (2): the third is refused, and says why.
  const auto refused = c.request(against, "error");
  CHECK(refused.at("code") == "too_many_rooms");
  CHECK(refused.at("message").get<std::string>().find("against the computer") !=
        std::string::npos);
  CHECK(metric(srv.port(), "ringside_computer_games_refused_total") == 1);
  // A person's waiting room beside them.
  const std::string waiting =
      c.request({{"type", "create_room"}, {"game", "zertz"}, {"variant", "blitz"}}, "joined")
          .at("room");
  const auto rooms_of = [&](const std::string& query) {
    const auto [status, body] = http_get(srv.port(), "/api/rooms" + query);
    REQUIRE(status == 200);
    const json page = json::parse(body);
    std::vector<std::string> ids;
    for (const auto& r : page.at("rooms")) ids.push_back(r.at("room"));
    return ids;
  };
  CHECK(rooms_of("").size() == 3);  // as before: every game
  CHECK(rooms_of("?computer=false") == std::vector<std::string>{waiting});
  const auto computers = rooms_of("?computer=true");
  CHECK(computers.size() == 2);
  CHECK(computers.back() == first);
  CHECK(http_get(srv.port(), "/api/rooms?computer=maybe").first == 400);
  const auto listed = c.request({{"type", "list_rooms"}, {"computer", true}}, "rooms");
  CHECK(listed.at("rooms").at(0).at("computer") == 2);
  CHECK_FALSE(c.request({{"type", "list_rooms"}, {"computer", false}}, "rooms")
                  .at("rooms")
                  .at(0)
                  .contains("computer"));
  // A finished game no longer counts: resigning one makes room for another.
  c.send({{"type", "resign"}, {"room", first}});
  bool made = false;
  for (int i = 0; i < 20 && !made; ++i) {
    c.send(against);
    for (;;) {
      const auto m = c.recv(5s);
      REQUIRE(m.has_value());
      if (m->at("type") == "joined") made = true;
      if (m->at("type") == "joined" || m->at("type") == "error") break;
    }
    if (!made) std::this_thread::sleep_for(50ms);
  }
  CHECK(made);
}

TEST_CASE("--computer-queue 1: a new game is refused when full, a game's computer waits and moves") {
  std::vector<std::string> flags = unlimited_messages;
  flags.insert(flags.end(), {"--computer-queue", "1"});
  server_process srv(flags);
  const auto dvonn = [](int level, const char* seat) {
    return json{{"type", "create_room"}, {"game", "dvonn"},   {"variant", "standard"},
                {"seat", seat},          {"opponent", {{"computer", level}}}};
  };
  // Carol moves first: her computer has nothing to search yet.
  seat_view carol;
  carol.conn = std::make_unique<ws_client>(srv.port());
  carol.conn->hello("carol");
  const auto joined = carol.conn->request(dvonn(3, "first"), "joined");
  carol.mirror.reset(joined.at("state"), joined.at("version"));
  // Level 5 searches for seconds: Alice's runs, Bob's fills the queue.
  ws_client alice(srv.port());
  alice.hello("alice");
  alice.request(dvonn(5, "second"), "joined");
  std::this_thread::sleep_for(300ms);  // the worker has taken Alice's search
  ws_client bob(srv.port());
  bob.hello("bob");
  bob.request(dvonn(5, "second"), "joined");
  CHECK(metric(srv.port(), "ringside_computer_searches_queued") == 1);
  // A new game would wait behind them: refused, nothing made.
  ws_client dave(srv.port());
  dave.hello("dave");
  const auto busy = dave.request(dvonn(1, "second"), "error");
  CHECK(busy.at("code") == "computer_busy");
  // Carol's move: her computer cannot queue its search, she is told so once, and it moves
  // once the queue has room.
  carol.conn->request({{"type", "move"},
                       {"room", joined.at("room")},
                       {"move", carol.state().at("legal").at(0)},
                       {"version", carol.version()}},
                      "ack");
  apply_patch(carol, carol.conn->expect("patch"));
  const auto told = carol.conn->expect("error");
  CHECK(told.at("code") == "computer_busy");
  CHECK_FALSE(told.contains("re"));
  apply_patch(carol, carol.conn->expect("patch", 30s));
  CHECK(carol.state().at("last_move").at("by") == 2);
  CHECK(carol.state().at("to_move") == 1);
  CHECK(metric(srv.port(), "ringside_computer_queue_full_total") >= 2);
}

}  // namespace ringside::test
