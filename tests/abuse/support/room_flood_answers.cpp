#include "support/room_flood_answers.hpp"

#include <doctest/doctest.h>

namespace ringside::test {

void read_room_flood_answers(ws_client& c, int count, std::size_t client_index,
                             room_flood_answers& out) {
  for (int n = 0; n < count;) {
    const auto m = c.recv(std::chrono::seconds(5));
    REQUIRE(m.has_value());
    const std::string type = m->value("type", "");
    if (type == "patch") continue;  // a room made has news of its own (a computer's move)
    ++n;
    if (type == "joined") {
      out.rooms.emplace_back(client_index, m->at("room").get<std::string>());
    } else if (type == "error" && m->value("code", "") == "too_many_rooms") {
      const std::string why = m->value("message", "");
      if (why.find("one player") != std::string::npos) ++out.refused_player;
      if (why.find("one address") != std::string::npos) ++out.refused_address;
    } else {
      ++out.other;
    }
  }
}

}  // namespace ringside::test
