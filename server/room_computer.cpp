// The computer's seat in a room: it is seated with the creator, searches on the lobby's
// computer pool (never on an I/O thread) whenever it is to move, and its move then takes
// exactly the path a person's does (accept_move: the journal first, then ack-less commit).
#include <spdlog/spdlog.h>

#include <functional>

#include "protocol/wire/encode.hpp"
#include "server/computer_pool.hpp"
#include "server/metrics.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"
#include "server/seat_index.hpp"

namespace ringside::server {

namespace net = boost::asio;
using protocol::room_status;

namespace {
// A computer whose search the full queue refused asks again this much later.
constexpr auto computer_retry_after = std::chrono::seconds(1);
}  // namespace

void room::seat_computer(int human_seat) {
  const int seat = human_seat == 1 ? 2 : 1;
  if (seats_[seat_slot(seat)]) return;
  seats_[seat_slot(seat)] = computer_identity(settings_.computer_level);
  spdlog::info("room {} computer level {} takes seat {}", settings_.id, settings_.computer_level,
               seat);
}

void room::maybe_think() {
  if (status_ != room_status::playing || thinking_) return;
  const int seat = game_.to_move();
  const auto& who = seats_[seat_slot(seat)];
  if (!who || who->computer_level == 0) return;
  computer_pool* pool = registry_.computers();
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
    // Before the computer's first move its clock does not run: its whole time is left.
    const auto left = clock_->running() == 0
                          ? std::chrono::milliseconds(clock_->remaining_ms(game_.to_move()))
                          : std::chrono::duration_cast<std::chrono::milliseconds>(
                                clock_->flag_time() - clock::now());
    r.clock = clock_state{std::max<std::int64_t>(0, left.count()),
                          settings_.clock ? settings_.clock->increment_s * 1000 : 0};
  } else {
    r.game_used_ms = computer_thought_ms_;
  }
  think_cancel_ = std::make_shared<std::atomic<bool>>(false);
  r.cancel = think_cancel_.get();
  // The pool takes turns by address and by player: the person this computer plays against.
  computer_pool::asker for_whom{{}, settings_.creator_address};
  if (const auto& human = seats_[seat_slot(other_seat(seat))]) for_whom.player = human->player;
  const int ply = game_.ply();
  const auto ticket = think_ticket_;
  const bool queued = pool->think(
      game_, r, std::move(for_whom),
      [self = shared_from_this(), seat, ply, ticket, cancel = think_cancel_](computer_move m) {
        // `cancel` keeps the flag alive for as long as the search may read it.
        net::post(self->strand_, [self, seat, ply, ticket, token = std::move(m.move),
                                  thought = m.info.elapsed_ms] {
          self->computer_thought_ms_ += thought;
          if (ticket != self->think_ticket_) {
            // A takeback came after the search began: think again about the position now.
            self->thinking_ = false;
            return self->run_or_defer([self] { self->maybe_think(); });
          }
          self->on_computer_move(seat, ply, token);
        });
      });
  if (!queued) return wait_for_computer();
  thinking_ = true;
  told_busy_ = false;
}

void room::wait_for_computer() {
  metrics_.computer_queue_full.fetch_add(1);
  if (!told_busy_) {
    // Once per wait: the players see why nothing happens, and that nothing is lost.
    told_busy_ = true;
    spdlog::warn("room {}: the computer pool's queue is full; its computer tries again",
                 settings_.id);
    const auto frame = std::make_shared<const std::string>(protocol::encode_error(
        {}, protocol::error_code::computer_busy,
        "room " + settings_.id +
            ": the computer players are all busy; this one will move as soon as one is free"));
    presence_.for_each_connection([&](peer& conn) { conn.send(frame); });
  }
  think_retry_timer_.expires_after(computer_retry_after);
  think_retry_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    self->run_or_defer([self] { self->maybe_think(); });
  });
}

void room::think_later() {
  think_retry_timer_.expires_after(std::chrono::milliseconds(250));
  think_retry_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->lost_) return;
    self->run_or_defer([self] { self->maybe_think(); });
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
  think_retry_timer_.cancel();
}

}  // namespace ringside::server
