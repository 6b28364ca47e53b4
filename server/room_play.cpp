// The game itself: moves (written to the journal before they count), resignation, draws,
// the clock's flag and abandonment. The rest of room is in room.cpp.
#include <spdlog/spdlog.h>

#include "common/unix_time.hpp"
#include "protocol/wire/encode.hpp"
#include "server/metrics.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"
#include "server/seat_index.hpp"

namespace ringside::server {

using protocol::error_code;
using protocol::room_status;

void room::do_move(const peer_ptr& pp, const identity_ptr& who, const protocol::move& m,
                   clock::time_point received) {
  peer& p = *pp;
  const int seat = seat_of(*who);
  if (seat == 0) {
    return reject(p, m.id, error_code::not_a_player,
                  "you do not hold a seat in room " + settings_.id, true);
  }
  // Before the turn and status checks: a move resent after a reconnect, whose first copy was
  // played, must be told it is stale (with the state that shows it), not that it is not
  // the mover's turn. A version after the game's last change is as good as the newest.
  if (m.version < game_version_ || m.version > version_) {
    // Words for the player: the versions themselves are in the move and the snapshot.
    reject(p, m.id, error_code::stale_version,
           "the game changed before this move arrived; here is the position as it stands: "
           "play again if it is your turn",
           true);
    p.send(snapshot_frame());
    return;
  }
  if (refuse_unless_playing(p, m.id, true)) return;
  if (game_.to_move() != seat) {
    const auto& mover = seats_[seat_slot(game_.to_move())];
    return reject(p, m.id, error_code::not_your_turn,
                  "it is " + (mover ? mover->name : "the other player") + "'s turn", true);
  }
  accept_move(pp, m.id, seat, m.text, received);
}

// Every accepted move passes through here, and only here. The move is played on copies of the
// game and clock; the journal writes it (group commit, off the io threads) and only when it
// is durable does the room take the copies, bump the version, ack and publish. Until then
// every other request waits in deferred_, so nobody observes or builds on an undurable move.
void room::accept_move(const peer_ptr& p, const protocol::request_id& re, int seat,
                       const std::string& text, clock::time_point received) {
  // In a cluster a node that does not hold the room's lease (not yet granted, run out while
  // Redis was out of reach, or taken over) must not commit: another node may own the room.
  if (!may_commit(p.get(), re, true)) {
    if (!p) think_later();  // the computer's move: asked again once the lease is back
    return;
  }
  // The move is resolved once, by playing it on the copy: its refusal is the engine's reason.
  auto next = std::make_shared<any_game>(game_);
  auto report = next->play(text);
  if (!report) {
    if (!p) {
      return spdlog::error("room {}: the computer's move {} refused: {}", settings_.id, text,
                           report.error());
    }
    return reject(*p, re, error_code::illegal_move, report.error(), true);
  }
  if (clock_ && clock_->running() != 0 && received >= clock_->flag_time()) {
    if (p) reject(*p, re, error_code::game_over, "your time ran out before the move arrived", true);
    on_flag();
    commit();
    return;
  }
  auto next_clock = clock_;
  if (next_clock) next_clock->charge_move(seat, next->to_move(), received);

  auto apply = [this, p, re, next, next_clock, report = *report, received]() {
    game_ = std::move(*next);
    clock_ = next_clock;
    note_turn_start();
    watch_first_move();
    // A first move starts the player's clock, which now settles an absence instead.
    if (clock_) update_presence();
    moves_.push_back(report_text(report));
    std::array<std::int64_t, 2> clocks{};
    if (clock_) clocks = {clock_->remaining_ms(1), clock_->remaining_ms(2)};
    clocks_after_.push_back(clocks);
    last_move_ = report;
    draw_offer_.reset();
    takeback_offer_.reset();  // asked about another position
    if (!finish_if_decided()) arm_flag_timer();
    metrics_.moves_accepted.fetch_add(1);
    if (p) {  // null for the computer's moves: nobody waits for an ack
      // A lean client's answer is its move's patch, sent by commit().
      if (!p->lean()) send_text(*p, protocol::encode_ack(re, settings_.id, version_ + 1));
      metrics_.observe_move_latency(clock::now() - received);
    }
    const move_answer answer{p.get(), &re};
    commit(0, p && p->lean() ? &answer : nullptr);
    maybe_think();
  };
  if (!recorder_.enabled()) return apply();

  move_row row;
  row.ply = static_cast<int>(moves_.size()) + 1;
  row.text = report_text(*report);
  for (int s = 1; s <= 2; ++s) {
    row.clock_ms[seat_slot(s)] = next_clock ? next_clock->remaining_ms(s) : 0;
  }
  row.received_ms = unix_ms(
      std::chrono::system_clock::now() -
      std::chrono::duration_cast<std::chrono::system_clock::duration>(clock::now() - received));
  recorder_.record_move(
      std::move(row), after_write([this, p, re, apply = std::move(apply),
                                   text = report_text(*report)](const journal_status& st) {
        if (st) return apply();
        // Nothing changed: the room still holds the game before the move.
        spdlog::error("room {} move {} not recorded, so not played: {}", settings_.id, text,
                      st.error());
        if (p) {
          reject(*p, re, error_code::internal_error,
                 "the server could not record your move, so it was not played; try again later",
                 true);
        } else {
          maybe_think();  // the computer tries again
        }
      }));
}

void room::do_resign(peer& p, const identity_ptr& who, const protocol::resign& m) {
  const int seat = seat_of(*who);
  if (seat == 0) {
    return reject(p, m.id, error_code::not_a_player,
                  "only a player can resign in room " + settings_.id);
  }
  if (refuse_unless_playing(p, m.id, false)) return;
  if (!may_commit(&p, m.id, false)) return;
  spdlog::info("room {} player {} resigns", settings_.id, who->player);
  // The final state shows the clocks as they stood: the side to move thought until now.
  if (clock_) clock_->stop(clock::now());
  finish(other_seat(seat), "resignation");
  commit();
}

void room::do_offer_draw(peer& p, const identity_ptr& who, const protocol::offer_draw& m) {
  const int seat = seat_of(*who);
  if (seat == 0) {
    return reject(p, m.id, error_code::not_a_player,
                  "only a player can offer a draw in room " + settings_.id);
  }
  if (refuse_unless_playing(p, m.id, false)) return;
  if (!may_commit(&p, m.id, false)) return;
  if (draw_offer_ == other_seat(seat)) {
    spdlog::info("room {} draw agreed", settings_.id);
    if (clock_) clock_->stop(clock::now());
    finish(0, "agreement");
  } else {
    draw_offer_ = seat;
  }
  commit();
}

bool room::refuse_unless_playing(peer& p, const protocol::request_id& re, bool is_move) {
  if (status_ == room_status::finished) {
    reject(p, re, error_code::game_over, "the game in room " + settings_.id + " is over", is_move);
    return true;
  }
  if (status_ == room_status::waiting) {
    reject(p, re, error_code::not_your_turn,
           "the game in room " + settings_.id + " has not started: waiting for an opponent",
           is_move);
    return true;
  }
  return false;
}

void room::start_game() {
  set_status(room_status::playing);
  if (clock_) {
    clock_->start(game_.to_move(), clock::now());
    note_turn_start();
    watch_first_move();
    arm_flag_timer();
  }
  spdlog::info("room {} game starts: {} vs {}", settings_.id, seats_[0]->player, seats_[1]->player);
}

bool room::finish_if_decided() {
  const auto r = game_.outcome();
  if (r) finish(r->winner, std::string(r->reason));
  return r.has_value();
}

void room::finish(int winner, std::string reason) {
  set_status(room_status::finished);
  result_ = protocol::result_view{winner, std::move(reason), game_.score()};
  draw_offer_.reset();
  takeback_offer_.reset();
  if (clock_) clock_->halt();
  deadline_ms_.reset();
  ++first_move_ticket_;
  first_move_timer_.cancel();
  ++flag_generation_;
  flag_timer_.cancel();
  stop_thinking();
  spdlog::info("room {} game over: winner {} by {} after {} moves", settings_.id, winner,
               result_->reason, moves_.size());
  update_presence();
  persist_finish();
}

void room::arm_flag_timer() {
  if (!clock_ || clock_->running() == 0) return;
  const auto generation = ++flag_generation_;
  flag_timer_.expires_at(clock_->flag_time());
  flag_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
    if (ec || generation != self->flag_generation_) return;
    // A move received before the flag fell may be waiting for the journal: let it land first.
    self->run_or_defer([self] {
      self->on_flag();
      self->commit();
      self->maybe_retire();
    });
  });
}

void room::arm_flag_retry() {
  const auto generation = ++flag_generation_;
  flag_timer_.expires_after(std::chrono::milliseconds(250));
  flag_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
    if (ec || generation != self->flag_generation_) return;
    self->run_or_defer([self] {
      self->on_flag();
      self->commit();
      self->maybe_retire();
    });
  });
}

void room::on_flag() {
  if (status_ != room_status::playing || !clock_ || clock_->running() == 0) return;
  const auto now = clock::now();
  if (now < clock_->flag_time()) return arm_flag_timer();
  // Only the room's owner may end the game; a lease back soon lets the flag fall then.
  if (!may_commit(nullptr, {}, false)) {
    if (!lost_) arm_flag_retry();
    return;
  }
  const int loser = clock_->running();
  clock_->stop(now);
  spdlog::info("room {} flag falls for seat {}", settings_.id, loser);
  finish(other_seat(loser), "time");
}

void room::persist_finish() {
  if (stored_record_) return;
  if (persist_rated_finish()) return;
  recorder_.record_finish({result_->winner, result_->reason}, game_.position_text(), record_text());
}

// Abandonment applies to running untimed games, and to a timed game's player who has not made
// a first move (whose clock does not run, so it would settle nothing); the first seat whose
// grace runs out loses.
void room::update_presence() {
  const auto grace = std::chrono::duration_cast<clock::duration>(
      std::chrono::duration<double>(registry_.abandon_after_s()));
  std::array<bool, 2> away{};
  for (int s = 1; s <= 2; ++s) {
    away[seat_slot(s)] = status_ == room_status::playing && (!clock_ || !clock_->started(s)) &&
                         seats_[seat_slot(s)] && !online(s);
  }
  abandon_.update(away, grace, [self = shared_from_this()](int seat, std::uint64_t ticket) {
    self->run_or_defer([self, seat, ticket] { self->on_abandon(seat, ticket); });
  });
  watch_deserted();
}

void room::watch_deserted() {
  const bool deserted = status_ == room_status::waiting && presence_.empty();
  if (deserted == deserted_armed_) return;
  deserted_armed_ = deserted;
  const auto ticket = ++deserted_ticket_;
  if (!deserted) {
    deserted_timer_.cancel();
    return;
  }
  deserted_timer_.expires_after(std::chrono::duration_cast<clock::duration>(
      std::chrono::duration<double>(registry_.abandon_after_s())));
  deserted_timer_.async_wait([self = shared_from_this(), ticket](boost::system::error_code ec) {
    if (!ec) self->run_or_defer([self, ticket] { self->on_deserted(ticket); });
  });
}

void room::on_deserted(std::uint64_t ticket) {
  if (ticket != deserted_ticket_ || status_ != room_status::waiting || !presence_.empty()) return;
  if (!may_commit(nullptr, {}, false)) return;  // the owner's own timer closes it
  spdlog::info("room {} closed: nobody came to play", settings_.id);
  finish(0, "abandoned");
  commit();
  maybe_retire();
}

void room::on_abandon(int seat, std::uint64_t ticket) {
  if (!abandon_.still_counting(seat, ticket) || status_ != room_status::playing || online(seat)) {
    return;
  }
  if (!may_commit(nullptr, {}, false)) return;  // the owner's own timer settles it
  // Both gone since the same moment (a restart nobody came back from): nobody wins.
  const bool both = abandon_.other_away_as_long(seat);
  spdlog::info("room {} seat {} abandoned the game", settings_.id, seat);
  finish(both ? 0 : other_seat(seat), "abandoned");
  commit();
  maybe_retire();
}

}  // namespace ringside::server
