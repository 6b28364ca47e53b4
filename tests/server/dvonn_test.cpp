// DVONN through the real server: a whole game chosen by the clients from the state's `legal`
// list, watched by a spectator; the illegal moves the rulebook forbids, each refused with a
// reason; the room list and the record.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

const json dvonn{{"game", "dvonn"}, {"variant", "standard"}};

// The placements that build dvonn-rules.md's full board: the three DVONN pieces (player 1,
// player 2, player 1), then black (player 2) and white (player 1) in turn, player 1 last.
std::vector<std::string> spec_board_placements() {
  const std::vector<std::string> black{"a1", "b1", "c1", "g1", "a2", "b2", "d2", "g2",
                                       "h2", "i2", "j2", "b3", "c3", "d3", "k3", "b4",
                                       "c4", "d4", "e4", "f4", "i4", "k4", "h5"};
  const std::vector<std::string> white{"d1", "e1", "f1", "h1", "i1", "c2", "e2", "f2",
                                       "a3", "e3", "f3", "g3", "h3", "j3", "g4", "h4",
                                       "d5", "e5", "f5", "g5", "i5", "j5", "k5"};
  std::vector<std::string> out{"i3", "j4", "c5"};
  for (std::size_t i = 0; i < black.size(); ++i) {
    out.push_back(black[i]);
    out.push_back(white[i]);
  }
  return out;
}

void check_refused(table& t, int seat, const std::string& move, const std::string& words) {
  CAPTURE(move);
  const auto before = t.sync(seat);
  const auto e = t.seat(seat).conn->request({{"type", "move"},
                                             {"room", t.room()},
                                             {"move", move},
                                             {"version", t.seat(seat).version()},
                                             {"id", move}},
                                            "error");
  CHECK(e.at("code") == "illegal_move");
  CHECK(e.at("re") == move);
  const std::string message = e.at("message");
  CHECK_MESSAGE(message.find(words) != std::string::npos, message);
  // Nothing changed: same version, same state.
  const auto after = t.sync(seat);
  CHECK(after.at("version") == before.at("version"));
  CHECK(after.at("state") == before.at("state"));
}

}  // namespace

TEST_CASE("a whole DVONN game from the state's legal moves, watched, with its record") {
  server_process srv(unlimited_messages);
  table t(srv.port(), dvonn);
  CHECK(t.seat(1).state().at("game") == "dvonn");
  CHECK(t.seat(1).state().at("legal").size() == 49);

  seat_view watcher;
  watcher.conn = std::make_unique<ws_client>(srv.port());
  watcher.conn->hello("eve");
  const auto joined =
      watcher.conn->request({{"type", "join"}, {"room", t.room()}, {"as", "spectator"}}, "joined");
  watcher.mirror.reset(joined.at("state"), joined.at("version"));
  for (int s = 1; s <= 2; ++s) t.take_patch(s);  // the spectator count, batched
  apply_patch(watcher, watcher.conn->expect("patch"));

  std::mt19937 rng(20261124);
  int moves = 0;
  int removals = 0;
  while (t.seat(1).state().at("status") == "playing") {
    const json& s = t.seat(1).state();
    const auto& legal = s.at("legal");
    REQUIRE(!legal.empty());
    const std::string move = legal.at(rng() % legal.size());
    const auto patch = t.play(s.at("to_move").get<int>(), move);
    apply_patch(watcher, watcher.conn->expect("patch"));
    CHECK(watcher.state() == t.seat(1).state());
    if (!t.seat(1).state().at("last_move").at("removed").empty()) ++removals;
    ++moves;
    REQUIRE(moves < 200);
  }
  const json& end = t.seat(1).state();
  CHECK(end.at("phase") == "movement");
  CHECK(end.at("placed") == 49);
  CHECK(end.at("legal").empty());
  CHECK(end.at("result").at("reason") == "no_moves");
  const auto score = end.at("score");
  CHECK(end.at("result").at("score") == score);
  const int a = score[0];
  const int b = score[1];
  CHECK(end.at("result").at("winner") == (a > b ? json(1) : a < b ? json(2) : json(nullptr)));
  CHECK(moves > 49);
  MESSAGE(moves << " moves, " << removals << " with removals, score " << a << "-" << b);
  for (int s = 1; s <= 2; ++s) CHECK(t.sync(s).at("state") == end);
  CHECK(watcher.conn->request({{"type", "sync"}, {"room", t.room()}}, "snapshot").at("state") ==
        end);

  // The room list names the game; the record is DVONN's, with its score.
  // A finished game is out of the default list: `status=all` has it.
  CHECK(json::parse(http_get(srv.port(), "/api/rooms").second).at("rooms").empty());
  const auto [lstatus, list] = http_get(srv.port(), "/api/rooms?status=all");
  CHECK(lstatus == 200);
  const auto rooms = json::parse(list).at("rooms");
  REQUIRE(rooms.size() == 1);
  CHECK(rooms[0].at("game") == "dvonn");
  CHECK(rooms[0].at("board") == 49);
  const auto [rstatus, record] = http_get(srv.port(), "/api/rooms/" + t.room() + "/record");
  CHECK(rstatus == 200);
  CHECK(record.find("[Game \"DVONN\"]") != std::string::npos);
  CHECK(record.find("[Player1 \"alice\"]") != std::string::npos);
  CHECK(record.find("[Score \"" + std::to_string(a) + "-" + std::to_string(b) + "\"]") !=
        std::string::npos);
  CHECK(record.find(end.at("history").back().get<std::string>()) != std::string::npos);
}

TEST_CASE("DVONN moves the rules forbid are refused with a reason, and change nothing") {
  server_process srv(unlimited_messages);
  table t(srv.port(), dvonn);
  // Placing: a move is not a placement, and an occupied cell cannot take a piece.
  check_refused(t, 1, "c3e3", "place a piece on an empty cell");
  t.play(1, "i3");
  check_refused(t, 2, "i3", "i3");
  const auto turn = t.seat(1).conn->request(
      {{"type", "move"}, {"room", t.room()}, {"move", "j4"}, {"version", t.seat(1).version()}},
      "error");
  CHECK(turn.at("code") == "not_your_turn");
  const auto placements = spec_board_placements();
  for (std::size_t i = 1; i < placements.size(); ++i) {
    t.play(t.seat(1).state().at("to_move").get<int>(), placements[i]);
  }
  REQUIRE(t.seat(1).state().at("phase") == "movement");
  // Player 1 placed last and moves first.
  REQUIRE(t.seat(1).state().at("to_move") == 1);
  check_refused(t, 1, "i3i4", "a lone DVONN piece cannot move");
  check_refused(t, 1, "e3e4", "surrounded on all six sides");
  check_refused(t, 1, "a1b1", "player 2");
  check_refused(t, 1, "d1f1", "exactly 1 cell");
  check_refused(t, 1, "d1", "all 49 pieces are placed");
  t.play(1, "d1d2");  // d1 is empty now
  t.play(2, "a1b1");
  check_refused(t, 1, "e1d1", "d1 is empty");
  // And a legal move still goes through after all that.
  t.play(1, "e1f1");
}

}  // namespace ringside::test
