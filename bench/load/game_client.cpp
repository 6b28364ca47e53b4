#include "game_client.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <random>

#include "game_table.hpp"
#include "move_picker.hpp"
#include "shard.hpp"

namespace ringside::load {

using json = nlohmann::json;

namespace {

// A spectator sees every patch of its room; with thousands of spectators in one process a
// full parse per frame would make the load generator, not the server, the slow part. So a
// patch's version is read straight from the text; anything unexpected takes the full parse.
bool quick_patch_version(std::string_view text, const std::string& room, long& version) {
  if (text.find(R"("type":"patch")") == std::string_view::npos) return false;
  if (text.find(R"("room":")" + room + "\"") == std::string_view::npos) return false;
  const auto key = text.rfind(R"("version":)");
  if (key == std::string_view::npos) return false;
  const char* first = text.data() + key + 10;
  const auto [end, ec] = std::from_chars(first, text.data() + text.size(), version);
  return ec == std::errc{} && end != first;
}

}  // namespace

game_client::game_client(shard& owner, game_table& table, role r, std::string name)
    : shard_(owner),
      table_(table),
      role_(r),
      name_(std::move(name)),
      pacer_(static_cast<std::size_t>(owner.opts().rate_limit),
             std::chrono::duration_cast<clock::duration>(
                 std::chrono::duration<double>(owner.opts().rate_window_s))),
      timer_(owner.ioc()) {}

game_client::~game_client() {
  if (conn_) conn_->shut();
}

void game_client::start() {
  client::ws_connection::handlers cb;
  cb.on_open = [this] {
    json hello{{"type", "hello"}, {"name", name_}};
    if (shard_.opts().lean) hello["lean"] = true;
    if (shard_.opts().compact) hello["compact"] = true;
    send(std::move(hello));
  };
  cb.on_message = [this](std::string_view t) { on_message(t); };
  cb.on_close = [this](const client::ws_close_info& info) { on_close(info.tag(), info.was_open); };
  conn_ = shard_.open(std::move(cb), table_.index());
}

void game_client::create_room() {
  const options& o = shard_.opts();
  json msg{{"type", "create_room"},
           {"id", ++next_id_},
           {"game", o.game},
           {"variant", o.variant},
           {"seat", "first"}};
  if (o.clock_initial_s > 0) {
    msg["clock"] = {{"initial_s", o.clock_initial_s}, {"increment_s", o.clock_increment_s}};
  }
  send(std::move(msg));
}

void game_client::join(const std::string& room) {
  send({{"type", "join"},
        {"id", ++next_id_},
        {"room", room},
        {"as", role_ == role::spectator ? "spectator" : "player"}});
}

void game_client::leave() {
  if (room_.empty()) return;
  send({{"type", "leave"}, {"room", room_}});
  room_.clear();
  acked_version_ = 0;
  mirror_.clear();
  seat_ = 0;
  // A move in flight stays so: the game's last move is over for the opponent, whose copy of
  // its patch may be read first and end the game here, before the mover reads its ack. The
  // ack still comes, on this connection and before anything of the next room, and counts.
}

void game_client::on_message(std::string_view text) {
  const auto now = clock::now();
  count_bytes(text.size(), now);
  if (role_ == role::spectator && !room_.empty()) {
    long v = 0;
    if (quick_patch_version(text, room_, v)) return on_spectator_patch(v, now);
  }
  json msg = json::parse(text, nullptr, false);
  if (!msg.is_object()) return shard_.stats().error("unparsable_frame");
  const std::string type = msg.value("type", "");
  const std::string room = msg.value("room", "");
  if (type == "welcome") {
    if (welcomed_) return;
    welcomed_ = true;
    opening_ = false;
    ++shard_.stats().opened;
    shard_.stats().held.fetch_add(1, std::memory_order_relaxed);
    shard_.opening_done();
    table_.on_welcome(*this);
  } else if (type == "joined") {
    room_ = room;
    acked_version_ = 0;
    think_ply_ = -1;
    // Spectators keep no state: with thousands of them the copies would be the cost measured.
    if (role_ != role::spectator) seat_ = msg.value("seat", 0);
    mirror_.reset(role_ != role::spectator ? std::move(msg["state"]) : json(),
                  msg.value("version", 0L));
    table_.on_joined(*this, room);
    on_room_update();
  } else if (type == "snapshot") {
    if (room != room_ || room_.empty()) return;
    const long before = static_cast<long>(mirror_.version());
    const long v = msg.value("version", 0L);
    if (!mirror_.adopt(role_ != role::spectator ? std::move(msg["state"]) : json(), v)) return;
    // A snapshot in place of a backlog of patches delivers the moves it covers.
    if (role_ == role::spectator && v > before) table_.on_spectator_catch_up(before, v, now);
    on_room_update();
  } else if (type == "patch") {
    const long v = msg.value("version", 0L);
    // A lean client's move is answered by its patch, which carries the move's id; as an ack
    // it counts even when the game ended and the table moved on before it came.
    if (role_ != role::spectator && move_id_ >= 0 && msg.contains("re") && msg["re"] == move_id_) {
      on_move_answered(v, now);
    }
    if (room != room_ || room_.empty()) return;
    if (role_ == role::spectator) return on_spectator_patch(v, now);
    static const json no_ops;  // a patch without ops fails to apply, as it should
    const auto ops = msg.find("ops");
    switch (mirror_.apply(ops != msg.end() ? *ops : no_ops, v)) {
      case client::room_mirror::patch_outcome::applied:
        return on_room_update();
      case client::room_mirror::patch_outcome::gap:
        ++shard_.stats().patch_gaps;
        return request_sync();
      case client::room_mirror::patch_outcome::failed:
        shard_.stats().error("patch_failed");
        return request_sync();
      case client::room_mirror::patch_outcome::stale:
      case client::room_mirror::patch_outcome::awaiting:
        return;
    }
  } else if (type == "ack") {
    if (move_id_ < 0 || !msg.contains("re") || msg["re"] != move_id_) return;
    on_move_answered(msg.value("version", 0L), now);
  } else if (type == "error") {
    shard_.stats().error(msg.value("code", "error_without_code"));
    if (shard_.opts().verbose) {
      std::fprintf(stderr, "%s: error %s\n", name_.c_str(), std::string(text).c_str());
    }
    if (move_id_ >= 0 && msg.contains("re") && msg["re"] == move_id_) {
      // Our view of the room was behind (or the server disagrees): fetch it whole.
      move_id_ = -1;
      table_.on_move_refused();
      request_sync();
    }
  }
}

void game_client::on_move_answered(long version, clock::time_point now) {
  move_id_ = -1;
  // An ack comes before the patch of our own move: until that patch is applied our state
  // still says it is our turn, and moving on it would be a stale_version of our own making.
  acked_version_ = version;
  table_.on_move_acked(acked_version_, move_sent_at_);
  shard_.stats().moves_acked.fetch_add(1, std::memory_order_relaxed);
  if (shard_.measuring(move_sent_at_)) {
    shard_.stats().ack.add(now - move_sent_at_);
    ++shard_.stats().moves_measured;
  }
  pump();
}

// A server's frame header: 2 bytes, 4 from 126 bytes of payload, 10 from 64 KiB (unmasked).
void game_client::count_bytes(std::size_t payload, clock::time_point now) {
  if (!shard_.measuring(now)) return;
  const long size = static_cast<long>(payload) + (payload < 126 ? 2 : payload < 65536 ? 4 : 10);
  auto& st = shard_.stats();
  if (role_ == role::spectator) {
    ++st.spectator_frames;
    st.spectator_bytes += size;
  } else {
    ++st.player_frames;
    st.player_bytes += size;
  }
}

// Counts a frame to the server: its header is the server's plus the 4-byte mask.
void game_client::count_sent(std::size_t payload, clock::time_point now) {
  if (role_ == role::spectator || !shard_.measuring(now)) return;
  const long header = (payload < 126 ? 2 : payload < 65536 ? 4 : 10) + 4;
  auto& st = shard_.stats();
  ++st.player_sent_frames;
  st.player_sent_bytes += static_cast<long>(payload) + header;
}

void game_client::on_spectator_patch(long version, clock::time_point now) {
  switch (mirror_.advance(version)) {
    case client::room_mirror::patch_outcome::applied:
      return table_.on_spectator_patch(version, now);
    case client::room_mirror::patch_outcome::gap:
      ++shard_.stats().patch_gaps;
      return request_sync();
    default:
      return;
  }
}

void game_client::on_room_update() {
  const json& state = mirror_.state();
  if (role_ == role::spectator || !state.is_object()) return;
  if (state.value("status", "") == "finished") return table_.on_game_over(room_);
  pump();
}

void game_client::on_close(const std::string& why, bool was_open) {
  closed_ = true;
  shard_.stats().closed(why, was_open);
  if (welcomed_) shard_.stats().held.fetch_sub(1, std::memory_order_relaxed);
  if (opening_) {
    opening_ = false;
    shard_.opening_done();
  }
  timer_.cancel();
  table_.on_closed(*this);
}

void game_client::send(json msg) {
  outbox_.push_back(msg.dump());
  pump();
}

bool game_client::wants_move() const {
  const json& state = mirror_.state();
  return role_ != role::spectator && !room_.empty() && !mirror_.awaiting_snapshot() &&
         move_id_ < 0 && mirror_.has_state() && mirror_.version() >= acked_version_ &&
         state.value("status", "") == "playing" && state.value("to_move", 0) == seat_;
}

void game_client::pump() {
  if (closed_ || !conn_ || !conn_->is_open()) return;
  const auto now = clock::now();
  auto at = now;
  while (!outbox_.empty()) {
    at = pacer_.next_allowed(now);
    if (at > now) break;
    pacer_.record(now);
    count_sent(outbox_.front().size(), now);
    conn_->send(std::move(outbox_.front()));
    outbox_.pop_front();
  }
  if (outbox_.empty()) {
    if (!wants_move()) return;
    at = std::max({pacer_.next_allowed(now), table_.next_move_at(), thought_at(now)});
    if (at <= now) return send_move(now);
  }
  if (timer_armed_ && timer_at_ <= at) return;
  timer_armed_ = true;
  timer_at_ = at;
  timer_.expires_at(at);
  timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;  // cancelled or re-armed; the newer wait owns the flag
    timer_armed_ = false;
    pump();
  });
}

game_client::clock::time_point game_client::thought_at(clock::time_point now) {
  const double mean = shard_.opts().think_s;
  if (mean <= 0) return now;
  // A new turn (a ply we have not thought about) draws a new think time, as a person would
  // take one per move; memoryless, so some answers are quick and a few are long.
  const long ply = mirror_.state().value("ply", -1L);
  if (ply != think_ply_) {
    think_ply_ = ply;
    std::exponential_distribution<double> think(1.0 / mean);
    think_until_ = now + std::chrono::duration_cast<clock::duration>(
                             std::chrono::duration<double>(think(shard_.rng())));
  }
  return think_until_;
}

void game_client::send_move(clock::time_point now) {
  const auto move = pick_move(mirror_.state(), seat_, shard_.rng());
  if (!move) return shard_.stats().error("no_move_in_state");
  move_id_ = ++next_id_;
  move_sent_at_ = now;
  ++shard_.stats().moves_sent;
  const long version = static_cast<long>(mirror_.version());
  table_.on_move_sent(now);
  pacer_.record(now);
  const json msg{
      {"type", "move"}, {"id", move_id_}, {"room", room_}, {"move", *move}, {"version", version}};
  std::string text = msg.dump();
  count_sent(text.size(), now);
  conn_->send(std::move(text));
}

void game_client::request_sync() {
  if (mirror_.awaiting_snapshot() || room_.empty()) return;
  mirror_.await_snapshot();
  send({{"type", "sync"}, {"room", room_}});
}

}  // namespace ringside::load
