// One identity on one connection made 64 level-5 DVONN rooms against the computer in 10.6 s,
// none refused; every room's search waited in one first-in-first-out queue, so another
// player's computer answered after 132 s instead of 1-3 s. Games against the computer are now
// capped per identity and per address (too_many_rooms), and the computer pool takes turns by
// address and identity, with the cheap levels in a lane of their own.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <utility>
#include <string>
#include <thread>
#include <vector>

#include "support/abuse_checks.hpp"
#include "support/room_flood_answers.hpp"
#include "support/server_checks.hpp"
#include "support/table.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {
namespace {

using steady = std::chrono::steady_clock;

json computer_room_request(int level, const std::string& seat) {
  return {{"type", "create_room"},
          {"game", "dvonn"},
          {"variant", "standard"},
          {"seat", seat},
          {"opponent", {{"computer", level}}}};
}

double computer_ms_since(steady::time_point t) {
  return std::chrono::duration<double, std::milli>(steady::now() - t).count();
}


// Every attacker asks for `per_identity` level-5 rooms at once, then reads the answers.
room_flood_answers computer_flood(std::vector<std::unique_ptr<ws_client>>& attackers,
                             int per_identity) {
  for (int n = 0; n < per_identity; ++n) {
    for (auto& a : attackers) a->send(computer_room_request(5, "second"));
  }
  room_flood_answers out;
  for (std::size_t i = 0; i < attackers.size(); ++i) {
    read_room_flood_answers(*attackers[i], per_identity, i, out);
  }
  return out;
}

// A person playing the computer at `level` from another address: plays `replies` of its own
// moves and returns how long each of the computer's moves took to arrive (the first from the
// room's creation, the others from the person's move).
std::vector<double> computer_waits(ws_client& me, int level, int replies, double give_up_ms) {
  const auto made = steady::now();
  const auto joined = me.request(computer_room_request(level, "second"), "joined");
  seat_view view;
  view.mirror.reset(joined.at("state"), joined.at("version"));
  const std::string room = joined.at("room");
  std::vector<double> waits;
  auto asked = made;
  while (static_cast<int>(waits.size()) <= replies) {
    const auto m = me.recv(std::chrono::milliseconds(static_cast<long>(give_up_ms)));
    if (!m) {
      waits.push_back(give_up_ms);  // the check below fails with the figure
      break;
    }
    const std::string type = m->value("type", "");
    if (type == "ack") continue;
    REQUIRE_MESSAGE(type == "patch", m->dump());
    apply_patch(view, *m);
    const json& s = view.state();
    if (s.at("status") != "playing") break;
    if (s.at("to_move") != 2) continue;  // my own move's patch
    if (s.contains("last_move") && !s.at("last_move").is_null() &&
        s.at("last_move").at("by") == 1) {
      waits.push_back(computer_ms_since(asked));
    }
    if (static_cast<int>(waits.size()) > replies) break;
    const auto& legal = s.at("legal");
    REQUIRE_FALSE(legal.empty());
    asked = steady::now();
    me.send({{"type", "move"},
             {"room", room},
             {"move", legal.at(waits.size() * 7 % legal.size())},
             {"version", view.version()}});
  }
  // Resigned: read up to the game's end, so the connection's next message is new.
  me.send({{"type", "resign"}, {"room", room}});
  while (view.state().at("status") != "finished") {
    const auto m = me.recv(5s);
    REQUIRE(m.has_value());
    if (m->value("type", "") == "patch") apply_patch(view, *m);
  }
  return waits;
}

}  // namespace

TEST_CASE("a flood of computer rooms is capped, and another player's computer answers promptly") {
  // The attackers claim 10.9.9.9, the person beside them 10.1.1.1 (X-Forwarded-For from a
  // trusted proxy); the players of the timed game come from 127.0.0.1.
  server_process srv({"--trust-proxy", "127.0.0.1"});
  timed_game_beside game(srv.port());
  rss_sampler rss(srv);
  {
    std::vector<std::unique_ptr<ws_client>> attackers;
    for (int i = 0; i < 6; ++i) {
      attackers.push_back(
          std::make_unique<ws_client>(srv.port(), ws_client::via_proxy{"10.9.9.9"}));
      attackers.back()->hello("flood " + std::to_string(i));
    }
    const auto flood = computer_flood(attackers, 4);
    CHECK(flood.rooms.size() == 8);  // --computer-games-per-address
    CHECK(flood.refused_player + flood.refused_address == 6 * 4 - 8);
    CHECK(flood.refused_player >= 2 * 2);  // each identity's third and fourth, at least for 2
    CHECK(flood.other == 0);
    CHECK(metric(srv.port(), "ringside_computer_games_refused_total") == 6 * 4 - 8);
    // Eight level-5 searches: one runs, the others wait.
    CHECK(metric(srv.port(), "ringside_computer_searches_queued") >= 5);

    ws_client carol(srv.port(), ws_client::via_proxy{"10.1.1.1"});
    carol.hello("carol");
    // A level of the deep lane waits for the attacker's search under way (a level-5 search
    // is capped at 5 s), not for the seven queued behind it (first in, first out: 10-35 s).
    const auto deep = computer_waits(carol, 3, 0, 20'000);
    MESSAGE("level 3's first move arrived after " << deep.front() << " ms");
    CHECK(deep.front() < 8'000);
    // Level 1 has its own lane: its moves never wait for a level-5 search.
    const auto quick = computer_waits(carol, 1, 8, 10'000);
    const double slowest = *std::max_element(quick.begin(), quick.end());
    MESSAGE("level 1's " << quick.size() << " moves, slowest " << slowest << " ms");
    CHECK(quick.size() == 9);
    CHECK(slowest < 3'000);

    // The attackers resign: their games are finished, their searches stop, and their address
    // may play the computer again.
    for (const auto& [who, room] : flood.rooms) {
      attackers[who]->send({{"type", "resign"}, {"room", room}});
    }
    bool again = false;
    for (int i = 0; i < 40 && !again; ++i) {
      std::this_thread::sleep_for(50ms);
      attackers[0]->send(computer_room_request(1, "first"));
      for (;;) {
        const auto m = attackers[0]->recv(5s);
        REQUIRE(m.has_value());
        const std::string type = m->value("type", "");
        if (type == "joined") again = true;
        if (type == "joined" || type == "error") break;
      }
    }
    CHECK(again);
  }
  for (int i = 0; i < 60 && metric(srv.port(), "ringside_computer_searches_queued") > 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  CHECK(metric(srv.port(), "ringside_computer_searches_queued") == 0);
  std::this_thread::sleep_for(1s);  // the game goes on after the attack
  check_players_unharmed(game.stop());
  rss.check_settles();
  check_server_fine(srv);
}

}  // namespace ringside::test
