// The computer's seat in a room: it is seated with the creator, searches on the lobby's
// computer pool (never on an I/O thread) whenever it is to move, and its move then takes
// exactly the path a person's does (accept_move: the journal first, then ack-less commit).
#include <spdlog/spdlog.h>

#include <functional>

#include "server/computer_pool.hpp"
#include "server/lobby.hpp"
#include "server/room.hpp"

namespace ringside::server {

namespace net = boost::asio;
using protocol::room_status;

namespace {
std::size_t slot(int seat) {
  return static_cast<std::size_t>(seat - 1);
}
}  // namespace

void room::seat_computer(int human_seat) {
  const int seat = human_seat == 1 ? 2 : 1;
  if (seats_[slot(seat)]) return;
  seats_[slot(seat)] = computer_identity(settings_.computer_level);
  spdlog::info("room {} computer level {} takes seat {}", settings_.id, settings_.computer_level,
               seat);
}

void room::maybe_think() {
  if (status_ != room_status::playing || thinking_) return;
  const int seat = game_.to_move();
  const auto& who = seats_[slot(seat)];
  if (!who || who->computer_level == 0) return;
  computer_pool* pool = lobby_.computers();
  if (!pool) {
    spdlog::error("room {}: the computer is to move but the server has no computer pool",
                  settings_.id);
    return;
  }
  computer_request r;
  r.level = who->computer_level;
  r.time_capped = true;  // never longer than the level's time, however busy the machine
  // Each room plays its own games; think() mixes in the ply for each move.
  r.seed = std::hash<std::string>{}(settings_.id);
  if (clock_) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(clock_->flag_time() - clock::now());
    r.clock = clock_state{std::max<std::int64_t>(0, left.count()),
                          settings_.clock ? settings_.clock->increment_s * 1000 : 0};
  }
  think_cancel_ = std::make_shared<std::atomic<bool>>(false);
  r.cancel = think_cancel_.get();
  thinking_ = true;
  const int ply = game_.ply();
  pool->think(game_, r,
              [self = shared_from_this(), seat, ply, cancel = think_cancel_](computer_move m) {
                // `cancel` keeps the flag alive for as long as the search may read it.
                net::post(self->strand_, [self, seat, ply, token = std::move(m.move)] {
                  self->on_computer_move(seat, ply, token);
                });
              });
}

void room::on_computer_move(int seat, int ply, std::string move) {
  run_or_defer([self = shared_from_this(), seat, ply, move = std::move(move)] {
    self->thinking_ = false;
    // The game may have ended (resignation, time, abandonment) or the room closed meanwhile.
    if (self->status_ != room_status::playing || self->game_.ply() != ply ||
        self->game_.to_move() != seat || move.empty()) {
      return;
    }
    self->accept_move(nullptr, {}, seat, move, clock::now());
  });
}

void room::stop_thinking() {
  if (think_cancel_) think_cancel_->store(true);
}

}  // namespace ringside::server
