// What players offer each other besides moves: taking a move back, declining a draw, and a
// rematch after the end. Each offer is a field of the state (takeback_offer, draw_offer,
// rematch_offer), answered by the other player; a refusal changes nothing. The rest of room is
// in room.cpp and room_play.cpp.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "common/unix_time.hpp"
#include "protocol/wire/encode.hpp"
#include "server/metrics.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"
#include "server/seat_index.hpp"

namespace ringside::server {

namespace net = boost::asio;
using protocol::error_code;
using protocol::room_status;

namespace {

// The error and the sentence for a rematch the registry did not make.
std::pair<error_code, std::string> rematch_refusal(room_registry::refusal why) {
  using refusal = room_registry::refusal;
  switch (why) {
    case refusal::seat_cap:
      return {error_code::too_many_seats,
              "a player already holds as many seats in unfinished games as allowed"};
    case refusal::computer_busy:
      return {error_code::computer_busy, "the computer players are all busy; try again soon"};
    case refusal::journal:
    case refusal::none:
      return {error_code::internal_error,
              "the server could not record the new room; try again later"};
    default:
      return {error_code::too_many_rooms,
              "the first game's creator made or plays as many rooms as allowed for now"};
  }
}

}  // namespace

int room::offer_seat(peer& p, const identity_ptr& who, const protocol::request_id& re,
                     bool while_playing) {
  const int seat = seat_of(*who);
  if (seat == 0) {
    reject(p, re, error_code::not_a_player, "only a player of room " + settings_.id + " can");
    return 0;
  }
  if (while_playing) {
    if (refuse_unless_playing(p, re, false)) return 0;
  } else if (status_ != room_status::finished) {
    reject(p, re, error_code::game_not_over,
           "the game in room " + settings_.id + " is not over: a rematch comes after the end");
    return 0;
  }
  return seat;
}

void room::do_takeback(const peer_ptr& pp, const identity_ptr& who, const protocol::takeback& m) {
  peer& p = *pp;
  const int seat = offer_seat(p, who, m.id, true);
  if (seat == 0) return;
  if (!settings_.takebacks) {
    return reject(p, m.id, error_code::takebacks_off,
                  "room " + settings_.id + " was created with takebacks off: moves are final");
  }
  if (takeback_offer_ == seat) {
    return reject(p, m.id, error_code::own_offer,
                  "you already asked to take back your move; the other player answers");
  }
  if (takeback_offer_ == other_seat(seat)) {
    spdlog::info("room {} seat {} accepts the takeback", settings_.id, seat);
    return take_back(pp, m.id, other_seat(seat));
  }
  const auto& history_by = game_.history_by();
  if (std::find(history_by.begin(), history_by.end(), seat) == history_by.end()) {
    return reject(p, m.id, error_code::nothing_to_take_back,
                  "you have made no move in room " + settings_.id + " to take back");
  }
  const auto& opponent = seats_[seat_slot(other_seat(seat))];
  if (opponent && opponent->computer_level > 0) {
    // The computer never minds: the player's last move and its reply go back at once.
    return take_back(pp, m.id, seat);
  }
  takeback_offer_ = seat;
  commit();
}

void room::do_decline_takeback(peer& p, const identity_ptr& who,
                               const protocol::decline_takeback& m) {
  const int seat = offer_seat(p, who, m.id, true);
  if (seat == 0) return;
  if (!takeback_offer_) {
    return reject(p, m.id, error_code::no_offer, "nobody asked to take back a move");
  }
  if (takeback_offer_ == seat) {
    return reject(p, m.id, error_code::own_offer,
                  "you asked for this takeback yourself; the other player answers it");
  }
  takeback_offer_.reset();
  commit();
  tell_declined("takeback", seat);
}

void room::do_decline_draw(peer& p, const identity_ptr& who, const protocol::decline_draw& m) {
  const int seat = offer_seat(p, who, m.id, true);
  if (seat == 0) return;
  if (!draw_offer_) return reject(p, m.id, error_code::no_offer, "nobody offered a draw");
  if (draw_offer_ == seat) {
    return reject(p, m.id, error_code::own_offer,
                  "you offered this draw yourself; the other player answers it");
  }
  draw_offer_.reset();
  commit();
  tell_declined("draw", seat);
}

void room::do_rematch(const peer_ptr& pp, const identity_ptr& who, const protocol::rematch& m) {
  peer& p = *pp;
  const int seat = offer_seat(p, who, m.id, false);
  if (seat == 0) return;
  if (rematch_) {
    send_text(p, protocol::encode_rematch_started(settings_.id, *rematch_));
    return reject(p, m.id, error_code::bad_request,
                  "the rematch of room " + settings_.id + " is room " + *rematch_ + "; join it");
  }
  if (rematch_offer_ == seat) {
    return reject(p, m.id, error_code::own_offer,
                  "you already offered a rematch; the other player answers");
  }
  const auto& opponent = seats_[seat_slot(other_seat(seat))];
  if (!opponent) {
    return reject(p, m.id, error_code::not_a_player,
                  "room " + settings_.id + " never had an opponent to play again");
  }
  if (rematch_offer_ == other_seat(seat) || opponent->computer_level > 0)
    return make_rematch(pp, m.id);
  rematch_offer_ = seat;
  commit();
}

void room::do_decline_rematch(peer& p, const identity_ptr& who,
                              const protocol::decline_rematch& m) {
  const int seat = offer_seat(p, who, m.id, false);
  if (seat == 0) return;
  if (!rematch_offer_) return reject(p, m.id, error_code::no_offer, "nobody offered a rematch");
  if (rematch_offer_ == seat) {
    return reject(p, m.id, error_code::own_offer,
                  "you offered this rematch yourself; the other player answers it");
  }
  rematch_offer_.reset();
  commit();
  tell_declined("rematch", seat);
}

void room::tell_declined(std::string_view offer, int seat) {
  const auto frame =
      std::make_shared<const std::string>(protocol::encode_declined(settings_.id, offer, seat));
  presence_.for_each_connection([&](peer& conn) { conn.send(frame); });
}

void room::take_back(const peer_ptr& p, const protocol::request_id& re, int seat) {
  // Every move from the asker's last one on goes back: against a reply already made, both.
  std::vector<int> movers;
  {
    auto replay =
        any_game::create(settings_.game.game, settings_.game.variant, settings_.game.board);
    if (!replay) return spdlog::error("room {}: cannot replay: {}", settings_.id, replay.error());
    for (const auto& text : moves_) {
      movers.push_back(replay->to_move());
      if (!replay->play(text)) break;
    }
  }
  if (!may_commit(p.get(), re, false)) return;
  std::size_t keep = movers.size();
  while (keep > 0 && movers[keep - 1] != seat) --keep;
  if (keep == 0) {
    if (p) {
      reject(*p, re, error_code::nothing_to_take_back,
             "there is no move of seat " + std::to_string(seat) + " to take back");
    }
    return;
  }
  const std::size_t plies = keep - 1;
  const int from_ply = static_cast<int>(keep);
  auto apply = [this, plies] {
    spdlog::info("room {} takes back to ply {}", settings_.id, plies);
    takeback_offer_.reset();
    draw_offer_.reset();
    if (thinking_) {
      stop_thinking();
      ++think_ticket_;
    }
    rewind(plies);
    metrics_.takebacks.fetch_add(1);
    publish_snapshot();
    maybe_think();
  };
  if (!recorder_.enabled()) return apply();
  recorder_.record_takeback(
      from_ply, after_write([this, apply = std::move(apply), re,
                             asker = std::weak_ptr<peer>(p)](const journal_status& st) {
        if (st) return apply();
        spdlog::error("room {}: takeback not recorded, so not made: {}", settings_.id, st.error());
        if (const auto conn = asker.lock()) {
          reject(*conn, re, error_code::internal_error,
                 "the server could not record the takeback, so nothing was taken back; "
                 "try again later");
        }
      }));
}

void room::rewind(std::size_t plies) {
  auto replay = any_game::create(settings_.game.game, settings_.game.variant, settings_.game.board);
  std::optional<any_report> last;
  std::array<bool, 2> moved{};  // the seats with a move left: their clocks run on their turns
  for (std::size_t i = 0; i < plies && replay; ++i) {
    moved[seat_slot(replay->to_move())] = true;
    auto report = replay->play(moves_[i]);
    if (report) last = std::move(*report);
  }
  game_ = std::move(*replay);
  moves_.resize(plies);
  clocks_after_.resize(plies);
  last_move_ = std::move(last);
  if (clock_ && settings_.clock) {
    // The clocks as they stood before the first move taken back; the side to move starts now.
    const std::int64_t initial = settings_.clock->initial_s * 1000;
    for (int s = 1; s <= 2; ++s) {
      clock_->set_remaining(s, plies == 0 ? initial : clocks_after_.back()[seat_slot(s)]);
      clock_->set_started(s, moved[seat_slot(s)]);
    }
    clock_->start(game_.to_move(), clock::now());
    arm_flag_timer();
  }
}

void room::publish_snapshot() {
  // A patch could say this too, but clients that know nothing of takebacks already take a
  // snapshot of a newer version wholesale.
  ++version_;
  state_.reset(view(), game_);
  game_ply_ = game_.ply();
  game_status_ = status_;
  game_version_ = version_;
  snapshot_frame_.reset();
  lean_snapshot_frame_.reset();
  publish_summary();  // before members see it, as in commit()
  const auto frame = snapshot_frame();
  presence_.for_each_connection([&](peer& conn) {
    conn.send_catch_up(settings_.id, conn.lean() ? snapshot_frame(true) : frame);
  });
  // Members on other nodes adopt it from the room's channel as the ones here do.
  if (auto* o = registry_.observer()) o->room_frame(settings_.id, frame);
}

void room::make_rematch(const peer_ptr& p, const protocol::request_id& re) {
  room_settings s = settings_;
  s.creator_seat = settings_.creator_seat == 1 ? 2 : 1;
  const std::array<identity_ptr, 2> swapped{seats_[1], seats_[0]};
  rematch_offer_.reset();
  // Nothing else happens in this room until the new one exists (or could not be made).
  auto made =
      after_write([this, p, re](const room_registry::room_ptr& r, room_registry::refusal why_not) {
        if (!r) {
          const auto [code, sentence] = rematch_refusal(why_not);
          reject(*p, re, code, "the rematch was not made: " + sentence);
          commit();
          return;
        }
        rematch_ = r->id();
        metrics_.rematches.fetch_add(1);
        spdlog::info("room {} rematch is room {}", settings_.id, r->id());
        commit();
        const auto told = std::make_shared<const std::string>(
            protocol::encode_rematch_started(settings_.id, r->id()));
        // Players follow their seats at once; spectators are told where the game went.
        presence_.for_each_member([&](peer_ptr conn, const room_presence::member& m) {
          conn->send(told);
          if (m.seat != 0) {
            r->handle(conn, m.who, protocol::join{{}, r->id(), protocol::join_role::player},
                      clock::now(), nullptr);
          }
        });
      });
  registry_.create_rematch(std::move(s), swapped,
                           [strand = strand_, made = std::move(made)](
                               room_registry::room_ptr r, room_registry::refusal why) mutable {
                             // The registry answers on its own strand; the room's is ours.
                             net::post(strand, [made = std::move(made), r = std::move(r),
                                                why]() mutable { made(r, why); });
                           });
}

void room::start_rematch(std::array<identity_ptr, 2> seats) {
  net::post(strand_, [self = shared_from_this(), seats = std::move(seats)] {
    self->run_or_defer([self, seats] {
      self->seats_ = seats;
      self->start_game();
      self->commit();
      self->update_presence();
      self->maybe_think();
    });
  });
}

}  // namespace ringside::server
