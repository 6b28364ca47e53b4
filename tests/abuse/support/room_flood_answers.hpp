#pragma once
// The answers a client got to a burst of create_room requests it sent at once: the rooms made
// and the refusals, told apart by which cap refused (the player's or the address's).

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "support/ws_client.hpp"

namespace ringside::test {

struct room_flood_answers {
  // Each room made, with the index the caller gave the client that made it.
  std::vector<std::pair<std::size_t, std::string>> rooms;
  int refused_player = 0;   // too_many_rooms, the player's cap
  int refused_address = 0;  // too_many_rooms, the address's cap
  int other = 0;            // any other answer
};

// Reads `count` answers from `c` (passing over the patches of rooms it made) into `out`,
// recording each room made under `client_index`.
void read_room_flood_answers(ws_client& c, int count, std::size_t client_index,
                             room_flood_answers& out);

}  // namespace ringside::test
