#include "server/game_clock.hpp"

#include <algorithm>

namespace ringside::server {

namespace {
std::int64_t ms_between(game_clock::clock::time_point from, game_clock::clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
}
std::size_t index_of(int seat) {
  return seat == 2 ? 1u : 0u;
}
}  // namespace

game_clock::game_clock(std::int64_t initial_s, std::int64_t increment_s)
    : remaining_ms_{initial_s * 1000, initial_s * 1000}, increment_ms_(increment_s * 1000) {}

void game_clock::start(int seat, clock::time_point now) {
  running_ = seat;
  turn_started_ = now;
}

bool game_clock::charge_move(int seat, int next, clock::time_point received) {
  auto& left = remaining_ms_[index_of(seat)];
  // A move that arrived before the turn began (queued behind the previous one) costs nothing.
  left -= std::max<std::int64_t>(0, ms_between(turn_started_, received));
  if (left <= 0) {
    left = 0;
    running_ = 0;
    return false;
  }
  left += increment_ms_;
  running_ = next;
  turn_started_ = std::max(received, turn_started_);
  return true;
}

void game_clock::stop(clock::time_point now) {
  if (running_ != 0) {
    auto& left = remaining_ms_[index_of(running_)];
    left =
        std::max<std::int64_t>(0, left - std::max<std::int64_t>(0, ms_between(turn_started_, now)));
  }
  running_ = 0;
}

void game_clock::set_remaining(int seat, std::int64_t ms) {
  remaining_ms_[index_of(seat)] = std::max<std::int64_t>(0, ms);
}

std::int64_t game_clock::remaining_ms(int seat) const {
  return remaining_ms_[index_of(seat)];
}

std::int64_t game_clock::elapsed_ms(clock::time_point now) const {
  if (running_ == 0 || now <= turn_started_) return 0;
  return std::chrono::duration_cast<std::chrono::milliseconds>(now - turn_started_).count();
}

game_clock::clock::time_point game_clock::flag_time() const {
  return turn_started_ + std::chrono::milliseconds(running_ == 0 ? 0 : remaining_ms(running_));
}

}  // namespace ringside::server
