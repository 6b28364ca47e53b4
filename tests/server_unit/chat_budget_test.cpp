// chat_budget decides from the times it is given whether a room relays one more chat: a room's
// spectators share one budget per 10 s, `slow` gives each spectator one message per 10 s,
// `off` silences them, and players are never counted.
#include <doctest/doctest.h>

#include "server/chat_budget.hpp"

namespace ringside::server {

namespace {
using namespace std::chrono_literals;
using verdict = chat_budget::verdict;
const auto chat_t0 = chat_budget::clock::time_point{} + 1h;
}  // namespace

TEST_CASE("chat_budget: the spectators share the room's budget; it refills as the window slides") {
  room_limits limits;
  limits.room_chat_limit = 3;
  chat_budget b(limits);
  CHECK(b.admit(1, 0, chat_t0) == verdict::ok);
  CHECK(b.admit(2, 0, chat_t0 + 1s) == verdict::ok);
  CHECK(b.admit(3, 0, chat_t0 + 2s) == verdict::ok);
  CHECK(b.admit(4, 0, chat_t0 + 3s) == verdict::room_busy);
  CHECK(b.admit(1, 1, chat_t0 + 3s) == verdict::ok);  // a player, never counted
  CHECK(b.admit(4, 0, chat_t0 + 9999ms) == verdict::room_busy);
  CHECK(b.admit(4, 0, chat_t0 + 10s) == verdict::ok);  // the first chat left the window
  CHECK(b.admit(5, 0, chat_t0 + 10s) == verdict::room_busy);
}

TEST_CASE("chat_budget: no room limit counts nothing") {
  room_limits limits;
  limits.room_chat_limit = 0;
  chat_budget b(limits);
  for (int i = 0; i < 1000; ++i) CHECK(b.admit(7, 0, chat_t0) == verdict::ok);
}

TEST_CASE("chat_budget: slow gives each spectator one message per 10 s, forget resets it") {
  room_limits limits;
  limits.spectators = spectator_chat::slow;
  chat_budget b(limits);
  CHECK(b.admit(1, 0, chat_t0) == verdict::ok);
  CHECK(b.admit(1, 0, chat_t0 + 9s) == verdict::too_soon);
  CHECK(b.admit(2, 0, chat_t0 + 9s) == verdict::ok);
  CHECK(b.admit(1, 0, chat_t0 + 10s) == verdict::ok);
  b.forget(2);
  CHECK(b.admit(2, 0, chat_t0 + 11s) == verdict::ok);
  CHECK(b.admit(3, 2, chat_t0 + 11s) == verdict::ok);  // players are not slowed
}

TEST_CASE("chat_budget: off silences spectators only") {
  room_limits limits;
  limits.spectators = spectator_chat::off;
  chat_budget b(limits);
  CHECK(b.admit(1, 0, chat_t0) == verdict::off);
  CHECK(b.admit(2, 1, chat_t0) == verdict::ok);
  CHECK(b.admit(3, 2, chat_t0) == verdict::ok);
}

}  // namespace ringside::server
