#pragma once
// Helpers for tests that restart a server: seats coming back by token, and states compared
// without the presence flags a restart legitimately resets.

#include <array>
#include <cstdint>
#include <string>

#include "support/table.hpp"

namespace ringside::test {

// The state without the presence flags, which a restart legitimately resets.
json without_presence(json state);

// Comes back with `before.token`: welcome for the same player, then `joined` for `seat`.
seat_view reconnect(std::uint16_t port, const seat_view& before, int seat);

// Both seats of `t` back: seat 1 first, then seat 2 (whose arrival seat 1 sees as one patch);
// checks both hold the same state with both players online.
std::array<seat_view, 2> reconnect_both(std::uint16_t port, table& t);

// The seat to move plays `move`: ack to it, one patch to both.
void play(std::array<seat_view, 2>& v, const std::string& room, const std::string& move);

}  // namespace ringside::test
