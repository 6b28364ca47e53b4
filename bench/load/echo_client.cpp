#include "echo_client.hpp"

#include <algorithm>
#include <random>

#include "shard.hpp"

namespace ringside::load {

namespace {
// A move message as a player sends it, e.g. {"type":"move","id":17,"room":"k3x9q2",...}.
std::string move_like(long seq) {
  return R"({"type":"move","id":)" + std::to_string(seq) +
         R"(,"room":"k3x9q2","move":"Wd4-a1","version":)" + std::to_string(seq + 3) + "}";
}
}  // namespace

echo_client::echo_client(shard& owner, int index)
    : shard_(owner),
      index_(index),
      timer_(owner.ioc()),
      pacer_(static_cast<std::size_t>(owner.opts().rate_limit),
             std::chrono::duration_cast<clock::duration>(
                 std::chrono::duration<double>(owner.opts().rate_window_s))) {
  // A game's pace is shared by two players who alternate, so each connection sends half.
  if (owner.opts().moves_per_s > 0) mean_gap_s_ = 2.0 / owner.opts().moves_per_s;
}

// Gaps drawn exponentially, as the game mode draws its games' moves, so the baseline meets
// the same independent arrivals and shares no more wake-ups than the game server may.
echo_client::clock::time_point echo_client::draw_next_send(clock::time_point from) {
  if (mean_gap_s_ <= 0) return from;
  std::exponential_distribution<double> gap(1.0 / mean_gap_s_);
  return from + std::chrono::duration_cast<clock::duration>(
                    std::chrono::duration<double>(gap(shard_.rng())));
}

echo_client::~echo_client() {
  if (conn_) conn_->shut();
}

void echo_client::start() {
  client::ws_connection::handlers cb;
  cb.on_open = [this] {
    ++shard_.stats().opened;
    shard_.stats().held.fetch_add(1, std::memory_order_relaxed);
    opening_ = false;
    shard_.opening_done();
    // Unpaced, the first sends are still spread over 250 ms so the connections do not beat in
    // step; paced, the first gap is drawn like every other.
    if (mean_gap_s_ > 0) {
      next_send_ = draw_next_send(clock::now());
    } else {
      std::uniform_int_distribution<long> d(
          0, static_cast<long>(clock::duration(std::chrono::milliseconds(250)).count()));
      next_send_ = clock::now() + clock::duration(d(shard_.rng()));
    }
    pump();
  };
  cb.on_message = [this](std::string_view t) { on_message(t); };
  cb.on_close = [this](const client::ws_close_info& info) { on_close(info.tag(), info.was_open); };
  conn_ = shard_.open(std::move(cb));
}

std::string echo_client::frame(long seq) const {
  std::string f = move_like(seq);
  // Padding is a field of its own, so the frame stays a JSON object of the asked size.
  const auto want = static_cast<std::size_t>(std::max(0, shard_.opts().frame_bytes));
  const std::string pad_open = R"(,"pad":")";
  if (want > f.size() + pad_open.size() + 1) {
    const std::size_t fill = want - f.size() - pad_open.size() - 1;
    f.insert(f.size() - 1, pad_open + std::string(fill, 'x') + "\"");
  }
  return f;
}

void echo_client::pump() {
  if (closed_ || in_flight_ || timer_armed_) return;
  const auto now = clock::now();
  const auto at = std::max(pacer_.next_allowed(now), next_send_);
  if (at > now) {
    timer_armed_ = true;
    timer_.expires_at(at);
    timer_.async_wait([this](boost::system::error_code ec) {
      timer_armed_ = false;
      if (!ec) pump();
    });
    return;
  }
  pacer_.record(now);
  next_send_ = draw_next_send(now);
  sent_at_ = now;
  in_flight_ = true;
  conn_->send(frame(++seq_));
}

void echo_client::on_message(std::string_view) {
  if (!in_flight_) {
    shard_.stats().error("unexpected_frame");
    return;
  }
  in_flight_ = false;
  shard_.stats().echoes.fetch_add(1, std::memory_order_relaxed);
  if (shard_.measuring(sent_at_)) {
    shard_.stats().echo_rtt.add(clock::now() - sent_at_);
    ++shard_.stats().echoes_measured;
  }
  pump();
}

void echo_client::on_close(const std::string& why, bool was_open) {
  closed_ = true;
  shard_.stats().closed(why, was_open);
  if (opening_) {
    opening_ = false;
    shard_.opening_done();
  } else {
    shard_.stats().held.fetch_sub(1, std::memory_order_relaxed);
  }
  timer_.cancel();
}

}  // namespace ringside::load
