// Lean room traffic (hello's `lean`) through the real server, beside clients that never asked
// for it: a lean client's states have no position text and its accepted move is answered by its
// patch, carrying `re`, with no ack; everyone else gets today's frames, and every copy of the
// room, lean or whole, follows its patches to what a snapshot says.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "support/server_flags.hpp"
#include "support/server_process.hpp"
#include "support/table.hpp"

namespace ringside::test {
namespace {

using namespace std::chrono_literals;

enum class traffic { full, lean, compact };

// Says hello asking for `t`, and joins `room` (or creates a ZÈRTZ room when empty) as `as`.
seat_view enter(std::uint16_t port, const std::string& name, traffic t, const std::string& room,
                const std::string& as) {
  seat_view v;
  v.conn = std::make_unique<ws_client>(port);
  json hello{{"type", "hello"}, {"name", name}};
  if (t == traffic::lean) hello["lean"] = true;
  if (t == traffic::compact) hello["compact"] = true;
  v.conn->request(hello, "welcome");
  const json req = room.empty() ? json{{"type", "create_room"},
                                       {"game", "zertz"},
                                       {"variant", "standard"},
                                       {"seat", "first"}}
                                : json{{"type", "join"}, {"room", room}, {"as", as}};
  const auto joined = v.conn->request(req, "joined");
  v.mirror.reset(joined.at("state"), joined.at("version"));
  return v;
}

// Reads `v`'s messages, applying every patch, until the patch of a move (one that adds to the
// history) has come, and returns it; an ack on the way is kept in `ack`. Spectator counts ride
// on patches of their own at any time, so they are applied and passed over.
json until_move(seat_view& v, json* ack = nullptr) {
  for (;;) {
    const auto msg = v.conn->recv();
    REQUIRE(msg);
    INFO("message: " << msg->dump());
    REQUIRE(msg->at("type") != "error");
    if (msg->at("type") == "ack" && ack != nullptr) *ack = *msg;
    if (msg->at("type") != "patch") continue;
    apply_patch(v, *msg);
    if (msg->dump().find("/history/-") != std::string::npos) return *msg;
  }
}

// Sends sync on `v` and returns the snapshot, applying the patches that come before it.
json sync(seat_view& v, const std::string& room) {
  REQUIRE(v.conn->send({{"type", "sync"}, {"room", room}}));
  for (;;) {
    const auto msg = v.conn->recv();
    REQUIRE(msg);
    if (msg->at("type") == "snapshot") return *msg;
    if (msg->at("type") == "patch") apply_patch(v, *msg);
  }
}

// Applies `v`'s patches until it holds `version`.
void settle(seat_view& v, std::int64_t version) {
  while (v.version() < version) {
    const auto msg = v.conn->recv();
    REQUIRE(msg);
    if (msg->at("type") == "patch") apply_patch(v, *msg);
  }
}

// A legal move read off `state`: the first capture chain when one is compulsory (the marble
// on its first ring, then its rings joined by x), else a placement.
std::string a_move(const json& state) {
  if (!state.at("must_capture").get<bool>()) return placement(state);
  const auto& chain = state.at("captures").at(0);
  std::string text = state.at("rings").at(chain.at(0).get<std::string>());
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (i != 0) text += 'x';
    text += chain.at(i).get<std::string>();
  }
  return text;
}

// Sends `v`'s move of ply `ply` in `room`, read off its state; returns the request's id.
std::string send_move(seat_view& v, const std::string& room, int ply) {
  std::string move_id = "m" + std::to_string(ply);
  REQUIRE(v.conn->send({{"type", "move"},
                        {"room", room},
                        {"move", a_move(v.state())},
                        {"version", v.version()},
                        {"id", move_id}}));
  return move_id;
}

json without_position(json state) {
  state.erase("zip");
  return state;
}

}  // namespace

TEST_CASE("a lean player and spectator beside old ones: no position text, the patch is the ack") {
  server_process srv(unlimited_messages);
  auto ann = enter(srv.port(), "ann", traffic::lean, "", "player");
  const std::string id = ann.state().at("room");
  CHECK(!ann.state().contains("zip"));
  auto lean_watcher = enter(srv.port(), "lena", traffic::lean, id, "spectator");
  auto old_watcher = enter(srv.port(), "otto", traffic::full, id, "spectator");
  CHECK(!lean_watcher.state().contains("zip"));
  CHECK(old_watcher.state().contains("zip"));
  auto bob = enter(srv.port(), "bob", traffic::full, id, "player");
  CHECK(bob.state().contains("zip"));

  // Every copy, followed patch by patch, is what a snapshot says (lean ones without the text).
  const auto check_all_agree = [&] {
    const auto whole = sync(bob, id);
    const auto version = whole.at("version").get<std::int64_t>();
    settle(bob, version);
    CHECK(bob.state() == whole.at("state"));
    for (auto* v : {&ann, &lean_watcher, &old_watcher}) settle(*v, version);
    CHECK(old_watcher.state() == whole.at("state"));
    CHECK(ann.state() == without_position(whole.at("state")));
    CHECK(lean_watcher.state() == without_position(whole.at("state")));
    const auto lean = sync(ann, id);
    CHECK(lean.at("state") == without_position(whole.at("state")));
  };
  check_all_agree();

  for (int ply = 0; ply < 8; ++ply) {
    CAPTURE(ply);
    const bool anns_turn = ann.state().at("to_move") == 1;
    seat_view& mover = anns_turn ? ann : bob;
    seat_view& other = anns_turn ? bob : ann;
    const std::string move_id = send_move(mover, id, ply);
    json ack;
    const auto answer = until_move(mover, &ack);
    if (anns_turn) {
      // One frame answers the move: the lean patch, carrying the move's id.
      CHECK(ack.is_null());
      CHECK(answer.at("re") == move_id);
      CHECK(answer.dump().find("/zip") == std::string::npos);
    } else {
      CHECK(ack.at("re") == move_id);
      CHECK(ack.at("version") == answer.at("version"));
      CHECK(!answer.contains("re"));
      CHECK(answer.dump().find("/zip") != std::string::npos);
    }
    const auto to_other = until_move(other);
    CHECK(!to_other.contains("re"));
    CHECK((to_other.dump().find("/zip") != std::string::npos) == anns_turn);
    CHECK(until_move(lean_watcher).dump().find("/zip") == std::string::npos);
    CHECK(until_move(old_watcher).dump().find("/zip") != std::string::npos);
    check_all_agree();
  }
  // No ack ever followed a lean player's answer.
  for (auto msg = ann.conn->recv(100ms); msg; msg = ann.conn->recv(100ms)) {
    CHECK(msg->at("type") != "ack");
  }
}

// Whether every op of a patch is in the compact form (an array), and there is at least one.
bool all_compact(const json& patch) {
  const auto& ops = patch.at("ops");
  return !ops.empty() && std::all_of(ops.begin(), ops.end(), [](const json& op) {
    return op.is_array() && op.size() >= 2 && op[0].is_string() && op[1].is_string();
  });
}

TEST_CASE("compact players and spectator: short ops, the patch is the ack, the lean state") {
  server_process srv(unlimited_messages);
  auto cora = enter(srv.port(), "cora", traffic::compact, "", "player");
  const std::string id = cora.state().at("room");
  CHECK(!cora.state().contains("zip"));
  auto carl = enter(srv.port(), "carl", traffic::compact, id, "spectator");
  auto lena = enter(srv.port(), "lena", traffic::lean, id, "spectator");
  auto otto = enter(srv.port(), "otto", traffic::full, id, "spectator");
  auto dave = enter(srv.port(), "dave", traffic::compact, id, "player");
  // Everyone at the version the last join made, before the first move names it.
  const auto joined = sync(otto, id).at("version").get<std::int64_t>();
  for (auto* v : {&cora, &dave, &carl, &lena, &otto}) settle(*v, joined);
  std::size_t compact_bytes = 0;
  std::size_t lean_bytes = 0;
  for (int ply = 0; ply < 8; ++ply) {
    CAPTURE(ply);
    const bool coras_turn = cora.state().at("to_move") == 1;
    seat_view& mover = coras_turn ? cora : dave;
    seat_view& other = coras_turn ? dave : cora;
    const std::string move_id = send_move(mover, id, ply);
    json ack;
    const auto answer = until_move(mover, &ack);
    CHECK(ack.is_null());
    CHECK(answer.at("re") == move_id);
    CHECK(all_compact(answer));
    const auto to_other = until_move(other);
    CHECK(!to_other.contains("re"));
    CHECK(all_compact(to_other));
    const auto compact_patch = until_move(carl);
    const auto lean_patch = until_move(lena);
    CHECK(all_compact(compact_patch));
    CHECK(!all_compact(lean_patch));
    CHECK(compact_patch.at("ops").size() == lean_patch.at("ops").size());
    compact_bytes += compact_patch.dump().size();
    lean_bytes += lean_patch.dump().size();
    until_move(otto);
  }
  // Every copy is what a snapshot says, the compact ones without the position text.
  const auto whole = sync(otto, id);
  const auto version = whole.at("version").get<std::int64_t>();
  for (auto* v : {&cora, &dave, &carl, &lena}) {
    settle(*v, version);
    CHECK(v->state() == without_position(whole.at("state")));
  }
  const auto compact_snapshot = sync(carl, id);
  CHECK(compact_snapshot.at("state") == without_position(whole.at("state")));
  // What compact is for: the same ops in well under the lean bytes.
  CHECK(compact_bytes * 10 < lean_bytes * 7);
}

TEST_CASE("compact must be a boolean, and is never asked for with lean false") {
  server_process srv;
  ws_client c(srv.port());
  for (const json& hello :
       {json{{"type", "hello"}, {"name", "ann"}, {"compact", 1}},
        json{{"type", "hello"}, {"name", "ann"}, {"lean", false}, {"compact", true}}}) {
    const auto e = c.request(hello, "error");
    CHECK(e.at("code") == "bad_request");
  }
  // The connection still says hello afterwards.
  c.request({{"type", "hello"}, {"name", "ann"}, {"compact", true}}, "welcome");
}

TEST_CASE("lean must be a boolean") {
  server_process srv;
  ws_client c(srv.port());
  const auto e = c.request({{"type", "hello"}, {"name", "ann"}, {"lean", "yes"}}, "error");
  CHECK(e.at("code") == "bad_request");
}

}  // namespace ringside::test
