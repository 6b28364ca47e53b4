#include "support/timed_game.hpp"

#include <algorithm>
#include <random>

#include "clients/common/room_mirror.hpp"
#include "engine/zertz/game.hpp"

namespace ringside::test {

namespace {

using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

}  // namespace

struct timed_game_beside::player {
  std::unique_ptr<ws_client> conn;
  client::room_mirror mirror;
  std::string name;
  bool slow = false;
  bool close_reported = false;
};

timed_game_beside::timed_game_beside(std::uint16_t port) : timed_game_beside(port, settings{}) {}

timed_game_beside::timed_game_beside(std::uint16_t port, settings s) : settings_(std::move(s)) {
  for (int seat = 1; seat <= 2; ++seat) {
    auto p = std::make_unique<player>();
    p->slow = settings_.slow_reader_seat == seat;
    p->conn = std::make_unique<ws_client>(port, p->slow ? 4096 : 0);
    p->name = seat == 1 ? "alice" : "bob";
    p->conn->hello(p->name);
    players_.push_back(std::move(p));
  }
  json req{{"type", "create_room"}, {"game", "zertz"}, {"seat", "first"}};
  req.update(settings_.create);
  const auto created = players_[0]->conn->request(req, "joined");
  room_ = created.at("room");
  players_[0]->mirror.reset(created.at("state"), created.at("version"));
  const auto joined =
      players_[1]->conn->request({{"type", "join"}, {"room", room_}, {"as", "player"}}, "joined");
  players_[1]->mirror.reset(joined.at("state"), joined.at("version"));
  const auto v = joined.at("version").get<std::int64_t>();
  if (!read_until(1, [&](const json&) { return players_[0]->mirror.version() >= v; }, 5s)) {
    problem("seat 1 never saw seat 2 arrive");
  }
  // Two moves before the attack: the server's memory and the players' paths are warm.
  for (int i = 0; i < 2; ++i) play_one(players_[0]->mirror.state().at("to_move").get<int>());
  thread_ = std::thread([this] { run(); });
}

timed_game_beside::~timed_game_beside() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void timed_game_beside::run() {
  while (!stopping_ && !report_.game_over) {
    const auto until = clock_type::now() + settings_.pace;
    while (!stopping_ && clock_type::now() < until) std::this_thread::sleep_for(5ms);
    if (stopping_) break;
    if (!play_one(players_[0]->mirror.state().at("to_move").get<int>())) break;
  }
}

game_report timed_game_beside::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  // Both connections are still there and answer: a sync on each, read past whatever queued.
  for (int seat = 1; seat <= 2; ++seat) {
    auto& p = *players_[static_cast<std::size_t>(seat - 1)];
    const json id = "final-sync";
    if (!p.conn->send({{"type", "sync"}, {"room", room_}, {"id", id}}) ||
        !read_until(
            seat, [&](const json& m) { return m.value("type", "") == "snapshot" && m.value("re", json()) == id; },
            5s)) {
      problem("seat " + std::to_string(seat) + " did not answer a sync after the attack");
    }
  }
  if (!report_.latencies_ms.empty()) {
    report_.worst_ms = *std::max_element(report_.latencies_ms.begin(), report_.latencies_ms.end());
  }
  return report_;
}

bool timed_game_beside::play_one(int seat) {
  auto& p = *players_[static_cast<std::size_t>(seat - 1)];
  const json& state = p.mirror.state();
  if (!state.at("result").is_null()) {
    report_.game_over = true;
    return false;
  }
  // The engine only picks a legal move here; the server still judges it.
  const auto variant = zertz::parse_variant(state.at("variant").get<std::string>());
  auto position = zertz::game::from_zip(*variant, state.at("zip").get<std::string>(),
                                        state.at("board").get<int>());
  if (!position) {
    problem("the state's zip did not read back: " + position.error());
    return false;
  }
  const auto legal = position->legal_moves();
  if (legal.empty()) {
    problem("no legal move in " + state.at("zip").get<std::string>());
    return false;
  }
  std::mt19937 rng(static_cast<std::mt19937::result_type>(seed_++));
  const std::string move = legal[rng() % legal.size()];
  const json id = "m" + std::to_string(report_.moves);
  const auto t0 = clock_type::now();
  if (!p.conn->send({{"type", "move"},
                     {"room", room_},
                     {"move", move},
                     {"version", p.mirror.version()},
                     {"id", id}})) {
    problem("seat " + std::to_string(seat) + " could not send its move");
    return false;
  }
  std::int64_t acked = -1;
  const bool answered = read_until(
      seat,
      [&](const json& m) {
        if (m.value("re", json()) != id) return false;
        if (m.value("type", "") == "ack") acked = m.at("version").get<std::int64_t>();
        return true;
      },
      5s);
  const double latency = ms_since(t0);
  if (!answered) {
    problem("seat " + std::to_string(seat) + ": no answer to move " + move + " within 5 s");
    return false;
  }
  if (acked < 0) return false;  // the error was recorded by take()
  report_.latencies_ms.push_back(latency);
  ++report_.moves;
  // Both players hold the state of the move before the next one is chosen.
  for (int s = 1; s <= 2; ++s) {
    auto& q = *players_[static_cast<std::size_t>(s - 1)];
    if (!read_until(s, [&](const json&) { return q.mirror.version() >= acked; }, 5s)) {
      problem("seat " + std::to_string(s) + " never got the patch of version " +
              std::to_string(acked));
      return false;
    }
  }
  return true;
}

bool timed_game_beside::read_until(int seat, const std::function<bool(const json&)>& until,
                                   std::chrono::milliseconds timeout) {
  auto& p = *players_[static_cast<std::size_t>(seat - 1)];
  const auto deadline = clock_type::now() + timeout;
  // A condition already met (the patch came with an earlier read) needs no message.
  if (until(json::object())) return true;
  while (clock_type::now() < deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now());
    auto m = p.conn->recv(left);
    if (!m) break;
    if (p.slow) {
      // About 1 MB/s: a message of n bytes takes n microseconds to come down the link.
      std::this_thread::sleep_for(std::chrono::microseconds(m->dump().size()));
    }
    take(seat, *m);
    if (until(*m)) return true;
  }
  if (p.conn->closed() && !p.close_reported) {
    p.close_reported = true;
    problem("seat " + std::to_string(seat) + " was closed by the server with code " +
            std::to_string(p.conn->close_code()));
  }
  return false;
}

void timed_game_beside::take(int seat, const json& msg) {
  auto& p = *players_[static_cast<std::size_t>(seat - 1)];
  const std::string type = msg.value("type", "");
  const std::string who = "seat " + std::to_string(seat);
  if (type == "chat") {
    ++report_.chats_seen;
  } else if (type == "error") {
    problem(who + " got error " + msg.value("code", "?") + ": " + msg.value("message", ""));
  } else if (type == "patch" && msg.value("room", "") == room_) {
    using outcome = client::room_mirror::patch_outcome;
    const auto r = p.mirror.apply(msg.at("ops"), msg.at("version").get<std::int64_t>());
    if (r == outcome::gap || r == outcome::failed) {
      problem(who + " could not apply the patch of version " + msg.at("version").dump());
      p.mirror.await_snapshot();
      p.conn->send({{"type", "sync"}, {"room", room_}});
    }
  } else if (type == "snapshot" && msg.value("room", "") == room_) {
    p.mirror.adopt(msg.at("state"), msg.at("version").get<std::int64_t>());
  }
}

void timed_game_beside::problem(std::string what) {
  report_.problems.push_back(std::move(what));
}

}  // namespace ringside::test
