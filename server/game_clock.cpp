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

game_clock game_clock::per_move(std::int64_t per_move_s) {
  game_clock c;
  c.per_move_ms_ = per_move_s * 1000;
  c.remaining_ms_ = {c.per_move_ms_, c.per_move_ms_};
  return c;
}

void game_clock::start(int seat, clock::time_point now) {
  to_move_ = seat;
  turn_started_ = now;
}

void game_clock::set_started(int seat, bool started) {
  started_[index_of(seat)] = started;
}

bool game_clock::started(int seat) const {
  return started_[index_of(seat)];
}

bool game_clock::charge_move(int seat, int next, clock::time_point received) {
  auto& left = remaining_ms_[index_of(seat)];
  if (!started(seat)) {
    set_started(seat);
  } else {
    // A move that arrived before the turn began (queued behind the previous one) costs nothing.
    left -= std::max<std::int64_t>(0, ms_between(turn_started_, received));
    if (left <= 0) {
      left = 0;
      to_move_ = 0;
      return false;
    }
    left += increment_ms_;
  }
  if (correspondence()) {
    // Every turn gets the whole allowance again.
    left = per_move_ms_;
    remaining_ms_[index_of(next)] = per_move_ms_;
  }
  to_move_ = next;
  turn_started_ = std::max(received, turn_started_);
  return true;
}

void game_clock::stop(clock::time_point now) {
  if (const int seat = running(); seat != 0) {
    auto& left = remaining_ms_[index_of(seat)];
    left =
        std::max<std::int64_t>(0, left - std::max<std::int64_t>(0, ms_between(turn_started_, now)));
  }
  to_move_ = 0;
}

void game_clock::set_remaining(int seat, std::int64_t ms) {
  remaining_ms_[index_of(seat)] = std::max<std::int64_t>(0, ms);
}

std::int64_t game_clock::remaining_ms(int seat) const {
  return remaining_ms_[index_of(seat)];
}

std::int64_t game_clock::elapsed_ms(clock::time_point now) const {
  if (running() == 0 || now <= turn_started_) return 0;
  return ms_between(turn_started_, now);
}

game_clock::clock::time_point game_clock::flag_time() const {
  const int seat = running();
  return turn_started_ + std::chrono::milliseconds(seat == 0 ? 0 : remaining_ms(seat));
}

}  // namespace ringside::server
