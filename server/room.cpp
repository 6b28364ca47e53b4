#include "server/room.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/encode.hpp"
#include "server/lobby.hpp"
#include "server/metrics.hpp"
#include "server/time_text.hpp"

namespace ringside::server {

namespace net = boost::asio;
using protocol::error_code;
using protocol::room_status;

namespace {

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>;

int other(int seat) {
  return seat == 1 ? 2 : 1;
}
std::size_t slot(int seat) {
  return static_cast<std::size_t>(seat - 1);
}

}  // namespace

nlohmann::json room_summary(const room_settings& s, const nlohmann::json& state) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& p : state.at("players")) {
    players.push_back(p.is_null() ? nlohmann::json(nullptr) : p.at("name"));
  }
  return {{"room", s.id},
          {"game", "zertz"},
          {"variant", state.at("variant")},
          {"board", state.at("board")},
          {"status", state.at("status")},
          {"players", players},
          {"spectators", state.at("spectators")},
          {"created", s.created}};
}

room::room(net::io_context& ioc, lobby& owner, metrics& m, room_settings s, zertz::game start)
    : settings_(std::move(s)),
      lobby_(owner),
      metrics_(m),
      strand_(net::make_strand(ioc)),
      flag_timer_(strand_),
      game_(std::move(start)) {
  if (settings_.clock) clock_.emplace(settings_.clock->initial_s, settings_.clock->increment_s);
  state_ = protocol::build_state(view(), game_);
  metrics_.rooms_waiting.fetch_add(1);
  publish_summary();
}

void room::seat_creator(peer_ptr p, identity_ptr who, protocol::request_id re,
                        std::shared_ptr<void> done) {
  net::post(strand_, [self = shared_from_this(), p = std::move(p), who = std::move(who),
                      re = std::move(re), done = std::move(done)] {
    protocol::join m{re, self->settings_.id, protocol::join_role::player};
    self->do_join(p, who, m, self->settings_.creator_seat);
  });
}

void room::handle(peer_ptr p, identity_ptr who, protocol::client_message msg,
                  clock::time_point received, std::shared_ptr<void> done) {
  net::post(strand_, [self = shared_from_this(), p = std::move(p), who = std::move(who),
                      msg = std::move(msg), received, done = std::move(done)] {
    std::visit(overloaded{
                   [&](const protocol::join& m) { self->do_join(p, who, m, 0); },
                   [&](const protocol::move& m) { self->do_move(*p, who, m, received); },
                   [&](const protocol::resign& m) { self->do_resign(*p, who, m); },
                   [&](const protocol::offer_draw& m) { self->do_offer_draw(*p, who, m); },
                   [&](const protocol::chat& m) { self->do_chat(*p, who, m); },
                   [&](const protocol::sync& m) {
                     send_text(*p, protocol::encode_snapshot(m.id, self->settings_.id,
                                                             self->version_, self->state_));
                   },
                   [&](const protocol::leave& m) { self->do_leave(*p, m); },
                   [&](const auto& m) {
                     self->reject(*p, m.id, error_code::bad_request,
                                  "this message is not meant for a room");
                   },
               },
               msg);
  });
}

void room::detach(std::uint64_t peer_id) {
  net::post(strand_, [self = shared_from_this(), peer_id] {
    const auto it = self->members_.find(peer_id);
    if (it == self->members_.end()) return;
    const int seat = it->second.seat;
    self->members_.erase(it);
    if (self->commit() && seat != 0) {
      spdlog::info("room {} player {} (seat {}) went offline", self->settings_.id,
                   self->seats_[slot(seat)]->player, seat);
    }
  });
}

void room::record(std::function<void(std::string)> fn) {
  net::post(strand_, [self = shared_from_this(), fn = std::move(fn)] {
    zertz::zen_tags tags;
    tags.event = "Ringside room " + self->settings_.id;
    tags.date = self->settings_.created.substr(0, 10);
    if (self->seats_[0]) tags.player1 = self->seats_[0]->name;
    if (self->seats_[1]) tags.player2 = self->seats_[1]->name;
    fn(zertz::write_zen_record(self->game_, tags));
  });
}

void room::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    ++self->flag_generation_;
    self->flag_timer_.cancel();
  });
}

void room::do_join(const peer_ptr& p, const identity_ptr& who, const protocol::join& m,
                   int preferred_seat) {
  int seat = seat_of(*who);
  if (members_.count(p->peer_id()) == 0) {
    if (m.as == protocol::join_role::player && seat == 0) {
      if (status_ != room_status::waiting) {
        return reject(*p, m.id, error_code::room_full,
                      "both seats in room " + settings_.id + " are taken; join as a spectator");
      }
      seat = preferred_seat != 0 && !seats_[slot(preferred_seat)] ? preferred_seat
             : !seats_[0]                                         ? 1
                                                                  : 2;
      seats_[slot(seat)] = who;
      lobby_.note_seat(who->player, settings_.id, true);
      spdlog::info("room {} player {} ({}) takes seat {}", settings_.id, who->player, who->name,
                   seat);
    }
    members_[p->peer_id()] = member{p, who, seat};
    if (status_ == room_status::waiting && seats_[0] && seats_[1]) start_game();
    commit(p->peer_id());
  }
  send_text(*p, protocol::encode_joined(m.id, settings_.id, seat, version_, state_));
  p->note_attached(shared_from_this());
}

void room::do_move(peer& p, const identity_ptr& who, const protocol::move& m,
                   clock::time_point received) {
  const int seat = seat_of(*who);
  if (seat == 0) {
    return reject(p, m.id, error_code::not_a_player,
                  "you do not hold a seat in room " + settings_.id, true);
  }
  if (refuse_unless_playing(p, m.id, true)) return;
  if (game_.to_move() != seat) {
    return reject(p, m.id, error_code::not_your_turn,
                  "it is player " + std::to_string(game_.to_move()) + "'s turn", true);
  }
  if (m.version != version_) {
    reject(p, m.id, error_code::stale_version,
           "your move was chosen on version " + std::to_string(m.version) +
               " but the room is at version " + std::to_string(version_) + "; a snapshot follows",
           true);
    send_text(p, protocol::encode_snapshot({}, settings_.id, version_, state_));
    return;
  }
  const auto canonical = game_.check_move(m.text);
  if (!canonical) return reject(p, m.id, error_code::illegal_move, canonical.error(), true);
  if (clock_ && received >= clock_->flag_time()) {
    reject(p, m.id, error_code::game_over, "your time ran out before the move arrived", true);
    on_flag();
    commit();
    return;
  }
  accept_move(p, m.id, seat, *canonical, received);
}

// Every accepted move passes through here, and only here. The journal write (room id, seat,
// canonical text, the mover's clock) belongs at the marked line: after every check, before the
// game changes and before the ack, so that an acknowledged move is always a durable one.
void room::accept_move(peer& p, const protocol::request_id& re, int seat, const std::string& text,
                       clock::time_point received) {
  // <-- journal append goes here; on failure, reject and return without touching the game.
  auto report = game_.play(text);
  if (!report) return reject(p, re, error_code::illegal_move, report.error(), true);
  moves_.push_back(report->text);
  last_move_ = *report;
  draw_offer_.reset();
  if (clock_) clock_->charge_move(seat, game_.to_move(), received);
  if (const auto r = game_.result()) {
    finish(r->winner, std::string(zertz::to_string(r->reason)));
  } else {
    arm_flag_timer();
  }
  metrics_.moves_accepted.fetch_add(1);
  send_text(p, protocol::encode_ack(re, settings_.id, version_ + 1));
  metrics_.observe_move_latency(clock::now() - received);
  commit();
}

void room::do_resign(peer& p, const identity_ptr& who, const protocol::resign& m) {
  const int seat = seat_of(*who);
  if (seat == 0) {
    return reject(p, m.id, error_code::not_a_player,
                  "only a player can resign in room " + settings_.id);
  }
  if (refuse_unless_playing(p, m.id, false)) return;
  spdlog::info("room {} player {} resigns", settings_.id, who->player);
  finish(other(seat), "resignation");
  commit();
}

void room::do_offer_draw(peer& p, const identity_ptr& who, const protocol::offer_draw& m) {
  const int seat = seat_of(*who);
  if (seat == 0) {
    return reject(p, m.id, error_code::not_a_player,
                  "only a player can offer a draw in room " + settings_.id);
  }
  if (refuse_unless_playing(p, m.id, false)) return;
  if (draw_offer_ == other(seat)) {
    spdlog::info("room {} draw agreed", settings_.id);
    finish(0, "agreement");
  } else {
    draw_offer_ = seat;
  }
  commit();
}

void room::do_chat(peer& p, const identity_ptr& who, const protocol::chat& m) {
  if (members_.count(p.peer_id()) == 0) {
    return reject(p, m.id, error_code::not_a_player, "join room " + settings_.id + " to chat");
  }
  const auto frame = std::make_shared<const std::string>(
      protocol::encode_chat(settings_.id, who->name, m.text, iso_utc_now()));
  for (const auto& [id, mem] : members_) {
    if (const auto conn = mem.conn.lock()) conn->send(frame);
  }
}

void room::do_leave(peer& p, const protocol::leave& m) {
  const auto it = members_.find(p.peer_id());
  if (it == members_.end()) {
    return reject(p, m.id, error_code::not_a_player, "you are not in room " + settings_.id);
  }
  const member gone = it->second;
  members_.erase(it);
  // Before the game starts a seat is only a reservation; once it runs, the seat (and the
  // clock) stay with the player, who may come back.
  if (gone.seat != 0 && status_ == room_status::waiting) {
    bool still_here = false;
    for (const auto& [id, mem] : members_) still_here = still_here || mem.seat == gone.seat;
    if (!still_here) {
      seats_[slot(gone.seat)].reset();
      lobby_.note_seat(gone.who->player, settings_.id, false);
      spdlog::info("room {} player {} gives up seat {}", settings_.id, gone.who->player, gone.seat);
    }
  }
  if (const auto frame = commit()) p.send(frame);
  p.note_detached(settings_.id);
}

void room::reject(peer& p, const protocol::request_id& re, error_code code,
                  const std::string& message, bool is_move) {
  if (is_move) metrics_.moves_rejected.fetch_add(1);
  send_text(p, protocol::encode_error(re, code, message));
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

int room::seat_of(const identity& who) const {
  for (int s = 1; s <= 2; ++s) {
    if (seats_[slot(s)] && seats_[slot(s)]->player == who.player) return s;
  }
  return 0;
}

void room::set_status(room_status s) {
  const auto gauge = [this](room_status st) -> std::atomic<std::int64_t>& {
    return st == room_status::waiting   ? metrics_.rooms_waiting
           : st == room_status::playing ? metrics_.rooms_playing
                                        : metrics_.rooms_finished;
  };
  gauge(status_).fetch_sub(1);
  gauge(s).fetch_add(1);
  status_ = s;
}

void room::start_game() {
  set_status(room_status::playing);
  if (clock_) {
    clock_->start(game_.to_move(), clock::now());
    arm_flag_timer();
  }
  spdlog::info("room {} game starts: {} vs {}", settings_.id, seats_[0]->player, seats_[1]->player);
}

void room::finish(int winner, std::string reason) {
  set_status(room_status::finished);
  result_ = protocol::result_view{winner, std::move(reason)};
  draw_offer_.reset();
  if (clock_) clock_->halt();
  ++flag_generation_;
  flag_timer_.cancel();
  spdlog::info("room {} game over: winner {} by {} after {} moves", settings_.id, winner,
               result_->reason, moves_.size());
}

void room::arm_flag_timer() {
  if (!clock_ || clock_->running() == 0) return;
  const auto generation = ++flag_generation_;
  flag_timer_.expires_at(clock_->flag_time());
  flag_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
    if (ec || generation != self->flag_generation_) return;
    self->on_flag();
    self->commit();
  });
}

void room::on_flag() {
  if (status_ != room_status::playing || !clock_ || clock_->running() == 0) return;
  const auto now = clock::now();
  if (now < clock_->flag_time()) return arm_flag_timer();
  const int loser = clock_->running();
  clock_->stop(now);
  spdlog::info("room {} flag falls for seat {}", settings_.id, loser);
  finish(other(loser), "time");
}

protocol::room_view room::view() const {
  protocol::room_view v;
  v.room = settings_.id;
  v.status = status_;
  for (int s = 1; s <= 2; ++s) {
    const auto& who = seats_[slot(s)];
    if (!who) continue;
    bool online = false;
    for (const auto& [id, mem] : members_) online = online || mem.seat == s;
    v.players[slot(s)] = protocol::player_view{
        who->name, online,
        clock_ ? std::optional<std::int64_t>(clock_->remaining_ms(s)) : std::nullopt};
  }
  for (const auto& [id, mem] : members_) v.spectators += mem.seat == 0 ? 1 : 0;
  v.draw_offer = draw_offer_;
  v.result = result_;
  v.last_move = last_move_;
  return v;
}

std::shared_ptr<const std::string> room::commit(std::uint64_t except) {
  auto next = protocol::build_state(view(), game_);
  auto ops = nlohmann::json::diff(state_, next);
  if (ops.empty()) return nullptr;
  ++version_;
  state_ = std::move(next);
  auto frame =
      std::make_shared<const std::string>(protocol::encode_patch(settings_.id, version_, ops));
  for (const auto& [id, mem] : members_) {
    if (id == except) continue;
    if (const auto conn = mem.conn.lock()) conn->send(frame);
  }
  publish_summary();
  return frame;
}

void room::publish_summary() {
  auto summary = room_summary(settings_, state_);
  if (summary == summary_) return;
  summary_ = summary;
  lobby_.update_summary(settings_.id, std::move(summary), !settings_.is_private);
}

}  // namespace ringside::server
