#pragma once
// Seats are 1 and 2 on the wire, in the journal and in the engine; a room's arrays hold them
// from 0.

#include <cstddef>

namespace ringside::server {

inline std::size_t seat_slot(int seat) {
  return static_cast<std::size_t>(seat - 1);
}

inline int other_seat(int seat) {
  return seat == 1 ? 2 : 1;
}

}  // namespace ringside::server
