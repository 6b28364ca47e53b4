#include "support/table.hpp"

#include <doctest/doctest.h>

namespace ringside::test {

std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (const auto p : parts) out.append(p);
  return out;
}

std::string placement(const json& state, std::string_view colour) {
  const auto& r = state.at("removable");
  return cat(
      {colour, r.at(0).get_ref<const std::string&>(), "-", r.at(1).get_ref<const std::string&>()});
}

void apply_patch(seat_view& view, const json& patch) {
  REQUIRE(patch.at("type") == "patch");
  INFO("patch: " << patch.dump() << ", held version " << view.version());
  REQUIRE(view.mirror.apply(patch.at("ops"), patch.at("version").get<std::int64_t>()) ==
          client::room_mirror::patch_outcome::applied);
}

table::table(std::uint16_t port, const json& create, const std::string& ca_file) {
  for (int s = 1; s <= 2; ++s) {
    auto& v = seat(s);
    v.conn = ca_file.empty() ? std::make_unique<ws_client>(port)
                             : std::make_unique<ws_client>(port, ca_file);
    const auto welcome = v.conn->hello(s == 1 ? "alice" : "bob");
    v.token = welcome.at("token");
    v.player = welcome.at("player");
  }
  json req{{"type", "create_room"}, {"game", "zertz"}, {"seat", "first"}};
  req.update(create);
  const auto created = seat(1).conn->request(req, "joined");
  REQUIRE(created.at("seat") == 1);
  room_ = created.at("room");
  seat(1).mirror.reset(created.at("state"), created.at("version"));
  const auto joined =
      seat(2).conn->request({{"type", "join"}, {"room", room_}, {"as", "player"}}, "joined");
  REQUIRE(joined.at("seat") == 2);
  seat(2).mirror.reset(joined.at("state"), joined.at("version"));
  // The creator reaches the joiner's version by the join's patch, or by the unasked snapshot
  // of a remote room, which may come before or after that patch, or in its stead.
  while (seat(1).version() < seat(2).version()) {
    const auto m = next_asked(1);
    REQUIRE(m.at("type") == "patch");
    apply_patch(seat(1), m);
  }
  REQUIRE(seat(1).state() == seat(2).state());
  REQUIRE(seat(1).state().at("status") == "playing");
}

json table::next_asked(int s) {
  auto& v = seat(s);
  for (;;) {
    auto m = v.conn->recv(std::chrono::seconds(5));
    REQUIRE_MESSAGE(m.has_value(), "seat " << s << " got nothing");
    const auto type = m->value("type", "");
    const bool this_room = m->value("room", "") == room_;
    auto& took_snapshot = took_unasked_snapshot_[static_cast<std::size_t>(s - 1)];
    if (type == "snapshot" && this_room && !m->contains("re")) {
      v.mirror.reset(m->at("state"), m->at("version"));
      took_snapshot = true;
      continue;
    }
    if (type == "patch" && this_room && took_snapshot &&
        m->at("version").get<std::int64_t>() <= v.version()) {
      continue;
    }
    return *m;
  }
}

json table::take_patch(int s) {
  auto& v = seat(s);
  const auto patch = next_asked(s);
  INFO("message: " << patch.dump());
  REQUIRE(patch.value("type", "") == "patch");
  apply_patch(v, patch);
  return patch;
}

json table::act(int s, const std::string& type) {
  REQUIRE(seat(s).conn->send({{"type", type}, {"room", room_}, {"id", type}}));
  const auto patch = take_patch(s);
  take_patch(s == 1 ? 2 : 1);
  return patch;
}

json table::play(int s, const std::string& move) {
  auto& v = seat(s);
  const json req{{"type", "move"},
                 {"room", room_},
                 {"move", move},
                 {"version", v.version()},
                 {"id", std::string("m").append(std::to_string(v.version()))}};
  REQUIRE(v.conn->send(req));
  const auto ack = next_asked(s);
  INFO("message: " << ack.dump());
  REQUIRE(ack.value("type", "") == "ack");
  CHECK(ack.at("re") == req.at("id"));
  CHECK(ack.at("version") == v.version() + 1);
  const auto patch = take_patch(s);
  take_patch(s == 1 ? 2 : 1);
  return patch;
}

json table::sync(int s) {
  return seat(s).conn->request({{"type", "sync"}, {"room", room_}}, "snapshot");
}

}  // namespace ringside::test
