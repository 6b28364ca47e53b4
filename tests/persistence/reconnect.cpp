#include "reconnect.hpp"

#include <doctest/doctest.h>

#include <memory>

namespace ringside::test {

json without_presence(json state) {
  for (auto& p : state.at("players")) {
    if (!p.is_null()) p.erase("online");
  }
  return state;
}

seat_view reconnect(std::uint16_t port, const seat_view& before, int seat) {
  seat_view v;
  v.conn = std::make_unique<ws_client>(port);
  const auto welcome =
      v.conn->request({{"type", "hello"}, {"name", "back"}, {"token", before.token}}, "welcome");
  CHECK(welcome.at("player") == before.player);
  const auto joined = v.conn->expect("joined");
  CHECK(joined.at("seat") == seat);
  v.mirror.reset(joined.at("state"), joined.at("version"));
  v.token = before.token;
  v.player = before.player;
  return v;
}

std::array<seat_view, 2> reconnect_both(std::uint16_t port, table& t) {
  std::array<seat_view, 2> v{reconnect(port, t.seat(1), 1), reconnect(port, t.seat(2), 2)};
  apply_patch(v[0], v[0].conn->expect("patch"));
  CHECK(v[0].state() == v[1].state());
  CHECK(v[0].state().at("players")[0].at("online") == true);
  CHECK(v[0].state().at("players")[1].at("online") == true);
  return v;
}

void play(std::array<seat_view, 2>& v, const std::string& room, const std::string& move) {
  auto& mover = v[v[0].state().at("to_move").get<std::size_t>() - 1];
  const auto ack = mover.conn->request(
      {{"type", "move"}, {"room", room}, {"move", move}, {"version", mover.version()}}, "ack");
  CHECK(ack.at("version") == mover.version() + 1);
  for (auto& s : v) apply_patch(s, s.conn->expect("patch"));
}

}  // namespace ringside::test
