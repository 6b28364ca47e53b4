#include "server/room.hpp"

#include "protocol/wire/player_name.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <cmath>

#include "common/unix_time.hpp"
#include "protocol/position_list.hpp"
#include "protocol/wire/encode.hpp"
#include "server/metrics.hpp"
#include "server/room_registry.hpp"
#include "server/seat_index.hpp"
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

}  // namespace

nlohmann::json room_summary(const room_settings& s, const nlohmann::json& state) {
  nlohmann::json players = nlohmann::json::array();
  // Beside `players` (names, as before): whether each is a guest, null for an empty seat.
  nlohmann::json guests = nlohmann::json::array();
  for (const auto& p : state.at("players")) {
    players.push_back(p.is_null() ? nlohmann::json(nullptr) : p.at("name"));
    guests.push_back(p.is_null() ? nlohmann::json(nullptr) : p.at("guest"));
  }
  nlohmann::json out{{"room", s.id},
                     {"game", s.game.game},
                     {"variant", s.game.variant},
                     {"board", s.game.board},
                     {"status", state.at("status")},
                     {"players", players},
                     {"guests", guests},
                     {"spectators", state.at("spectators")},
                     {"clock", protocol::clock_json(s.clock)},
                     {"created", s.created}};
  // Only in games against the computer (the room list filters on it): its level.
  if (s.computer_level > 0) out["computer"] = s.computer_level;
  out["rated"] = s.rated;
  return out;
}

room::room(net::io_context& ioc, room_registry& owner, metrics& m, room_settings s, any_game start)
    : settings_(std::move(s)),
      registry_(owner),
      metrics_(m),
      strand_(net::make_strand(ioc)),
      flag_timer_(strand_),
      abandon_(strand_),
      deserted_timer_(strand_),
      first_move_timer_(strand_),
      recorder_(owner.journal(), settings_.id, strand_),
      game_(std::move(start)),
      chat_(owner.limits()),
      chat_history_(owner.limits().chat_history),
      spectator_timer_(strand_),
      think_retry_timer_(strand_) {
  if (settings_.clock) {
    clock_ = settings_.clock->days_per_move > 0
                 ? game_clock::per_move(settings_.clock->initial_s)
                 : game_clock(settings_.clock->initial_s, settings_.clock->increment_s);
  }
  if (settings_.rated) rating_category_ = rating_category_of(settings_, game_);
  if (const auto* o = owner.observer()) {
    // Through the registry, by id: a background write may complete after the room is gone.
    recorder_.set_fencing(o, [&owner, id = settings_.id] { owner.give_up(id); });
  }
  state_.reset(view(), game_);
  metrics_.rooms_waiting.fetch_add(1);
  publish_summary();
}

void room::restore(restored_state st) {
  seats_ = std::move(st.seats);
  moves_ = std::move(st.moves);
  clocks_after_ = std::move(st.clocks_after);
  clocks_after_.resize(moves_.size());
  last_move_ = std::move(st.last_move);
  stored_record_ = std::move(st.record);
  if (clock_ && st.clock_ms) {
    for (int s = 1; s <= 2; ++s) clock_->set_remaining(s, (*st.clock_ms)[seat_slot(s)]);
  }
  for (int s = 1; s <= 2; ++s) {
    if (clock_ && st.clock_started[seat_slot(s)]) clock_->set_started(s);
  }
  if (st.status != room_status::waiting) set_status(room_status::playing);
  if (st.status == room_status::finished) {
    set_status(room_status::finished);
    result_ = st.result;
    if (result_) result_->score = game_.score();
  } else if (st.status == room_status::playing) {
    if (finish_if_decided()) {
    } else if (clock_) {
      clock_->start(game_.to_move(), clock::now());
      note_turn_start();
      watch_first_move();
      arm_flag_timer();
    }
  }
  version_ = std::chrono::duration_cast<std::chrono::microseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  game_version_ = version_;
  game_ply_ = game_.ply();
  game_status_ = status_;
  state_.reset(view(), game_);
  snapshot_frame_.reset();
  lean_snapshot_frame_.reset();
  publish_summary();
  update_presence();
  maybe_think();  // a restored room whose computer was thinking thinks again
  // Last: restore runs on the registry's strand, and what a journal read answers runs on this
  // room's. Started earlier, a quick answer could change the state while it is being set up.
  if (stored_record_) {
    fetch_rating_changes();
  } else {
    for (int s = 1; s <= 2; ++s) fetch_rating(s);
  }
}

void room::seat_creator(peer_ptr p, identity_ptr who, protocol::request_id re,
                        std::shared_ptr<void> done) {
  if (!who) return metrics_.faults.report("room " + settings_.id, "a seat without an identity");
  net::post(strand_, [self = shared_from_this(), p = std::move(p), who = std::move(who),
                      re = std::move(re), done = std::move(done)] {
    self->run_or_defer([self, p, who, re, done] {
      protocol::join m{re, self->settings_.id, protocol::join_role::player};
      self->do_join(p, who, m, self->settings_.creator_seat);
      self->hold_until_written(done);
    });
  });
}

void room::run_or_defer(std::function<void()> fn) {
  if (write_pending_) return deferred_.push_back(std::move(fn));
  fn();
}

void room::run_deferred() {
  while (!write_pending_ && !deferred_.empty()) {
    auto fn = std::move(deferred_.front());
    deferred_.pop_front();
    fn();
  }
}

void room::note_registered(std::string player) {
  net::post(strand_, [self = shared_from_this(), player = std::move(player)] {
    bool changed = false;
    for (auto& seat : self->seats_) {
      if (!seat || seat->player != player || seat->account) continue;
      // The seat keeps the name it shows; only the guest mark goes.
      seat = std::make_shared<const identity>(identity{seat->player, seat->name, {}, 0, true});
      changed = true;
    }
    if (changed) self->commit();
  });
}

void room::handle(peer_ptr p, identity_ptr who, protocol::client_message msg,
                  clock::time_point received, std::shared_ptr<void> done) {
  // Every request speaks for someone; one without (a caller's bug) must not reach the seats.
  if (!who) return metrics_.faults.report("room " + settings_.id, "a request without an identity");
  net::post(strand_, [self = shared_from_this(), p = std::move(p), who = std::move(who),
                      msg = std::move(msg), received, done = std::move(done)]() mutable {
    self->run_or_defer([self, p, who, msg = std::move(msg), received, done] {
      std::visit(
          overloaded{
              [&](const protocol::join& m) { self->do_join(p, who, m, 0); },
              [&](const protocol::move& m) { self->do_move(p, who, m, received); },
              [&](const protocol::resign& m) { self->do_resign(*p, who, m); },
              [&](const protocol::offer_draw& m) { self->do_offer_draw(*p, who, m); },
              [&](const protocol::chat& m) { self->do_chat(*p, who, m); },
              [&](const protocol::sync& m) {
                send_text(*p,
                          protocol::encode_snapshot(m.id, self->settings_.id, self->version_,
                                                    self->state_for(*p), self->clock_elapsed_ms()));
              },
              [&](const protocol::leave& m) { self->do_leave(*p, m); },
              [&](const protocol::cancel_room& m) { self->do_cancel(*p, who, m); },
              [&](const protocol::takeback& m) { self->do_takeback(p, who, m); },
              [&](const protocol::decline_takeback& m) { self->do_decline_takeback(*p, who, m); },
              [&](const protocol::decline_draw& m) { self->do_decline_draw(*p, who, m); },
              [&](const protocol::rematch& m) { self->do_rematch(p, who, m); },
              [&](const protocol::decline_rematch& m) { self->do_decline_rematch(*p, who, m); },
              [&](const auto& m) {
                self->reject(*p, m.id, error_code::bad_request,
                             "this message is not meant for a room");
              },
          },
          msg);
      self->hold_until_written(done);
      self->maybe_retire();
    });
  });
}

void room::hold_until_written(std::shared_ptr<void> done) {
  // Requests wait while a write is under way, so a write pending now is this request's own.
  if (write_pending_ && done) done_after_write_.push_back(std::move(done));
}

void room::detach(std::uint64_t peer_id) {
  net::post(strand_, [self = shared_from_this(), peer_id] {
    const auto gone = self->presence_.remove(peer_id);
    if (!gone) return;
    self->chat_.forget(peer_id);
    // A spectator leaving changes only the count, shown in the next batch.
    if (gone->seat == 0) {
      self->watch_spectators();
    } else if (self->commit()) {
      spdlog::info("room {} player {} (seat {}) went offline", self->settings_.id,
                   self->seats_[seat_slot(gone->seat)]->player, gone->seat);
    }
    self->update_presence();
    self->maybe_retire();
  });
}

void room::watch_spectators() {
  const auto due = presence_.count_due_at();
  if (!due || spectator_timer_armed_) return;
  spectator_timer_armed_ = true;
  spectator_timer_.expires_at(*due);
  spectator_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    self->spectator_timer_armed_ = false;
    if (ec) return;
    // A move being written first: the count rides on the version after it.
    self->run_or_defer([self] { self->on_spectator_count(); });
  });
}

void room::on_spectator_count() {
  if (presence_.take_count()) commit();
  watch_spectators();
}

void room::resend_snapshot(peer_ptr p) {
  net::post(strand_, [self = shared_from_this(), p = std::move(p)] {
    const bool in_room = self->presence_.contains(p->peer_id());
    p->send_catch_up(self->settings_.id, in_room ? self->snapshot_frame(p->lean()) : nullptr);
  });
}

std::shared_ptr<const std::string> room::snapshot_frame(bool lean) {
  auto& frame = lean ? lean_snapshot_frame_ : snapshot_frame_;
  if (!frame) {
    frame = std::make_shared<const std::string>(protocol::encode_snapshot(
        {}, settings_.id, version_, lean ? state_.lean_json() : state_.json()));
  }
  return frame;
}

nlohmann::json room::state_for(const peer& p) const {
  return p.lean() ? state_.lean_json() : state_.json();
}

void room::record(std::function<void(std::string)> fn) {
  net::post(strand_, [self = shared_from_this(), fn = std::move(fn)] {
    fn(self->stored_record_ ? *self->stored_record_ : self->record_text());
    self->maybe_retire();
  });
}

void room::positions(std::function<void(std::shared_ptr<const std::string>)> fn) {
  net::post(strand_, [self = shared_from_this(), fn = std::move(fn)] {
    auto& cached = self->positions_;
    if (!cached || self->positions_moves_ != self->moves_.size() ||
        self->positions_status_ != self->status_) {
      cached.reset();
      const auto& s = self->settings_.game;
      auto start = any_game::create(s.game, s.variant, s.board);
      auto built = start ? protocol::build_positions(self->view(), std::move(*start), self->moves_)
                         : expected<nlohmann::json>(fail(start.error()));
      if (built) {
        cached = std::make_shared<const std::string>(built->dump() + "\n");
        self->positions_moves_ = self->moves_.size();
        self->positions_status_ = self->status_;
        self->metrics_.positions_built.fetch_add(1);
      } else {
        spdlog::error("room {}: its moves do not replay: {}", self->settings_.id, built.error());
      }
    }
    fn(cached);
    self->maybe_retire();
  });
}

void room::retire_if_unused() {
  net::post(strand_, [self = shared_from_this()] { self->maybe_retire(); });
}

std::string room::record_text() const {
  record_tags tags;
  tags.event = "Ringside room " + settings_.id;
  tags.date = settings_.created.substr(0, 10);
  if (seats_[0]) tags.player1 = seats_[0]->name;
  if (seats_[1]) tags.player2 = seats_[1]->name;
  if (result_ && seats_[0] && seats_[1]) {  // a game that never started has no result
    tags.result = result_->winner == 1 ? "1-0" : result_->winner == 2 ? "0-1" : "1/2-1/2";
    tags.termination = result_->reason;
  }
  return game_.write_record(tags);
}

void room::give_up() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->lost_) return;
    self->lost_ = true;
    self->metrics_.cluster.rooms_given_up.fetch_add(1);
    spdlog::warn("room {}: another node owns it now; closing its {} connections here",
                 self->settings_.id, self->presence_.empty() ? "(no)" : "member");
    self->shutdown();
    self->presence_.for_each_connection([](peer& conn) { conn.go_away(); });
    self->retired_ = true;
    std::vector<std::string> players;
    for (const auto& who : self->seats_) {
      if (who) players.push_back(who->player);
    }
    self->registry_.forget(self->settings_.id, std::move(players));
  });
}

bool room::may_commit(peer* p, const protocol::request_id& re, bool is_move) {
  const auto* o = registry_.observer();
  if (!lost_ && (o == nullptr || o->may_commit(settings_.id))) return true;
  if (p != nullptr) {
    reject(*p, re, error_code::internal_error,
           "this server cannot confirm it still owns room " + settings_.id +
               " (another node may hold it, or the cluster's Redis is out of reach), so nothing "
               "was changed; try again in a moment",
           is_move);
  }
  return false;
}

void room::shutdown() {
  net::post(strand_, [self = shared_from_this()] {
    ++self->flag_generation_;
    self->flag_timer_.cancel();
    self->abandon_.cancel();
    ++self->deserted_ticket_;
    self->deserted_timer_.cancel();
    ++self->first_move_ticket_;
    self->first_move_timer_.cancel();
    self->spectator_timer_.cancel();
    self->stop_thinking();
  });
}

void room::do_join(const peer_ptr& p, const identity_ptr& who, const protocol::join& m,
                   int preferred_seat) {
  int seat = seat_of(*who);
  bool took_seat = false;
  const auto* member = presence_.find(p->peer_id());
  // A spectator here asking to play is a join like any other: the free seat, or why not.
  const bool wants_seat = m.as == protocol::join_role::player && seat == 0;
  if (member == nullptr || (member->seat == 0 && wants_seat)) {
    if (seat == 0) {
      // Someone else's seat shown under your name, or your chat under a player's: refused, and
      // so is a name that only looks the same ("Alice", "a1ice", a Cyrillic "аІісе").
      for (const auto& other : seats_) {
        if (other && other->player != who->player &&
            protocol::player_name::look_alike(other->name, who->name)) {
          metrics_.names_refused.fetch_add(1);
          return reject(*p, m.id, error_code::name_taken,
                        "a player of room " + settings_.id + " is called '" + other->name +
                            "' too; say hello under another name to join it");
        }
      }
    }
    if (wants_seat) {
      if (status_ != room_status::waiting) {
        return reject(*p, m.id, error_code::room_full,
                      "both seats in room " + settings_.id + " are taken; join as a spectator");
      }
      if (member != nullptr) {
        presence_.remove(p->peer_id());  // back in below, with the seat
        watch_spectators();
      }
      seat = preferred_seat != 0 && !seats_[seat_slot(preferred_seat)] ? preferred_seat
             : !seats_[0]                                              ? 1
                                                                       : 2;
      seats_[seat_slot(seat)] = who;
      took_seat = true;
      registry_.note_seat(who->player, settings_.id, true);
      spdlog::info("room {} player {} ({}) takes seat {}", settings_.id, who->player, who->name,
                   seat);
    }
    if (took_seat && settings_.computer_level > 0) seat_computer(seat);
    if (status_ == room_status::waiting && seats_[0] && seats_[1]) start_game();
    if (took_seat && recorder_.enabled()) {
      // A seat is answered only once it is durable: had this server died with the seat
      // unwritten, the player would believe itself seated in a room that does not know it.
      // Meanwhile the room's other requests wait, as behind a move's write, and so does the
      // player's rating (its patch comes after the seat's).
      persist_seats(after_write([this, p, who, re = m.id, seat](const journal_status&) {
        fetch_rating(seat);
        admit(p, who, re, seat);
      }));
      return;
    }
    if (took_seat) fetch_rating(seat);
    return admit(p, who, m.id, seat);
  }
  answer_join(p, m.id, seat);
}

void room::admit(const peer_ptr& p, const identity_ptr& who, const protocol::request_id& re,
                 int seat) {
  presence_.add(p->peer_id(), room_presence::member{p, who, seat});
  // A spectator arriving is only a count, shown with the next batch; a player is news now.
  if (seat == 0) {
    watch_spectators();
  } else {
    commit(p->peer_id());
  }
  update_presence();
  maybe_think();
  answer_join(p, re, seat);
}

void room::answer_join(const peer_ptr& p, const protocol::request_id& re, int seat) {
  const auto past_chat = chat_history_.lines();
  metrics_.chat_history_sent.fetch_add(past_chat.size());
  send_text(*p, protocol::encode_joined(re, settings_.id, seat, version_, state_for(*p),
                                        clock_elapsed_ms(), &past_chat));
  // A connection closed meanwhile is detached again at once (request_handler::attached).
  p->note_attached(shared_from_this());
}

void room::do_chat(peer& p, const identity_ptr& who, const protocol::chat& m) {
  const auto* member = presence_.find(p.peer_id());
  if (member == nullptr) {
    return reject(p, m.id, error_code::not_a_player, "join room " + settings_.id + " to chat");
  }
  const auto& limits = registry_.limits();
  switch (chat_.admit(p.peer_id(), member->seat, clock::now())) {
    case chat_budget::verdict::ok:
      break;
    case chat_budget::verdict::off:
      metrics_.chat_refused.fetch_add(1);
      return reject(p, m.id, error_code::not_a_player,
                    "spectators cannot chat on this server; only the players of room " +
                        settings_.id + " can");
    case chat_budget::verdict::too_soon:
      metrics_.chat_refused.fetch_add(1);
      return reject(p, m.id, error_code::rate_limited,
                    "a spectator may send one chat message per 10 seconds here; wait a moment");
    case chat_budget::verdict::room_busy:
      metrics_.chat_refused.fetch_add(1);
      return reject(p, m.id, error_code::rate_limited,
                    "the spectators of room " + settings_.id + " may send at most " +
                        std::to_string(limits.room_chat_limit) +
                        " chat messages in 10 seconds together; wait a moment");
  }
  const auto at = iso_utc_now();
  chat_history_.add(who->name, m.text, at);
  const auto frame = std::make_shared<const std::string>(
      protocol::encode_chat(settings_.id, who->name, m.text, at));
  // The sender's copy is the answer to its request (it carries `re`), so it is sent as an
  // answer is, never dropped as chat to a backed-up connection may be.
  presence_.for_each_connection([&](peer& conn) {
    if (conn.peer_id() == p.peer_id()) {
      send_text(conn, protocol::encode_chat(settings_.id, who->name, m.text, at, m.id));
    } else {
      conn.send_chat(frame);
    }
  });
  if (auto* o = registry_.observer()) o->room_frame(settings_.id, frame);
}

void room::do_leave(peer& p, const protocol::leave& m) {
  const auto gone = presence_.remove(p.peer_id());
  if (!gone) {
    return reject(p, m.id, error_code::not_a_player, "you are not in room " + settings_.id);
  }
  chat_.forget(p.peer_id());
  // Before the game starts a seat is only a reservation; once it runs, the seat (and the
  // clock) stay with the player, who may come back.
  if (gone->seat != 0 && status_ == room_status::waiting && !presence_.online(gone->seat)) {
    seats_[seat_slot(gone->seat)].reset();
    ratings_[seat_slot(gone->seat)].reset();
    registry_.note_seat(gone->who->player, settings_.id, false);
    persist_seats();
    spdlog::info("room {} player {} gives up seat {}", settings_.id, gone->who->player, gone->seat);
  }
  if (gone->seat == 0) watch_spectators();
  if (const auto frame = commit()) p.send(frame);
  p.note_detached(settings_.id);
  update_presence();
  maybe_retire();
}

void room::do_cancel(peer& p, const identity_ptr& who, const protocol::cancel_room& m) {
  if (status_ != room_status::waiting) {
    return reject(p, m.id, error_code::not_waiting,
                  "room " + settings_.id + " is no longer waiting for an opponent" +
                      (status_ == room_status::playing ? "; resign to end its game" : ""));
  }
  // While a room waits, the only seated player is the one who made it (or, if that one
  // left, the one who sat down after).
  if (seat_of(*who) == 0) {
    return reject(p, m.id, error_code::not_creator,
                  "only the player waiting in room " + settings_.id + " may cancel it");
  }
  if (!may_commit(&p, m.id, false)) return;
  spdlog::info("room {} cancelled by {}", settings_.id, who->player);
  metrics_.rooms_cancelled.fetch_add(1);
  finish(0, "cancelled");
  commit();
}

void room::reject(peer& p, const protocol::request_id& re, error_code code,
                  const std::string& message, bool is_move) {
  if (is_move) metrics_.moves_rejected.fetch_add(1);
  send_text(p, protocol::encode_error(re, code, message));
}

int room::seat_of(const identity& who) const {
  for (int s = 1; s <= 2; ++s) {
    if (seats_[seat_slot(s)] && seats_[seat_slot(s)]->player == who.player) return s;
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

protocol::room_view room::view() const {
  protocol::room_view v;
  v.room = settings_.id;
  v.status = status_;
  v.rated = settings_.rated;
  for (int s = 1; s <= 2; ++s) {
    const auto& who = seats_[seat_slot(s)];
    if (!who) continue;
    protocol::player_view p;
    p.name = who->name;
    p.online = online(s);
    p.computer_level = who->computer_level;
    p.guest = who->computer_level == 0 && !who->account;
    if (clock_) {
      p.clock_ms = clock_->remaining_ms(s);
      p.clock_started = clock_->started(s);
      if (deadline_ms_ && clock_->running() == s) p.deadline = iso_utc(*deadline_ms_);
    }
    if (const auto& r = ratings_[seat_slot(s)]; r && r->player == who->player) {
      p.rating = static_cast<int>(std::lround(r->value.rating));
      // Glicko-2's deviation over 110: the rating is still a guess (lichess's "?").
      p.provisional = r->value.deviation > 110.0;
      p.rating_change = r->change;
    }
    v.players[seat_slot(s)] = std::move(p);
  }
  v.spectators = presence_.shown_spectators();
  v.draw_offer = draw_offer_;
  v.takebacks = settings_.takebacks;
  v.takeback_offer = takeback_offer_;
  v.rematch_offer = rematch_offer_;
  v.rematch = rematch_;
  v.result = result_;
  v.last_move = last_move_;
  return v;
}

void room::note_turn_start() {
  deadline_ms_.reset();
  if (!clock_ || !clock_->correspondence() || clock_->running() == 0) return;
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(clock_->flag_time() - clock::now());
  deadline_ms_ = unix_ms_now() + left.count();
}

void room::watch_first_move() {
  const auto ticket = ++first_move_ticket_;
  first_move_timer_.cancel();
  const double limit = registry_.limits().first_move_abort_s;
  if (limit <= 0 || !clock_ || status_ != room_status::playing ||
      clock_->started(game_.to_move())) {
    return;
  }
  first_move_timer_.expires_after(
      std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(limit)));
  first_move_timer_.async_wait([self = shared_from_this(), ticket](boost::system::error_code ec) {
    if (!ec) self->run_or_defer([self, ticket] { self->on_first_move_due(ticket); });
  });
}

void room::on_first_move_due(std::uint64_t ticket) {
  if (ticket != first_move_ticket_ || status_ != room_status::playing || !clock_ ||
      clock_->started(game_.to_move())) {
    return;
  }
  spdlog::info("room {} aborted: seat {} made no first move", settings_.id, game_.to_move());
  metrics_.games_aborted.fetch_add(1);
  finish(0, "aborted");
  commit();
  maybe_retire();
}

std::optional<std::int64_t> room::clock_elapsed_ms() const {
  if (!clock_ || clock_->running() == 0) return std::nullopt;
  return clock_->elapsed_ms(clock::now());
}

std::shared_ptr<const std::string> room::commit(std::uint64_t except, const move_answer* answer) {
  const auto ops = state_.update(view(), game_);
  if (ops.empty()) return nullptr;
  ++version_;
  if (game_.ply() != game_ply_ || status_ != game_status_) {
    game_ply_ = game_.ply();
    game_status_ = status_;
    game_version_ = version_;
  }
  snapshot_frame_.reset();
  lean_snapshot_frame_.reset();
  // Before any member can see the change: a list asked for after the patch arrived (the
  // registry's strand runs in order) then agrees with it, a cancelled room gone from it.
  publish_summary();
  auto frame =
      std::make_shared<const std::string>(protocol::encode_patch(settings_.id, version_, ops));
  // Lean and compact members share one frame each too, made when the first of them is met.
  std::shared_ptr<const std::string> lean_frame;
  std::shared_ptr<const std::string> compact_frame;
  bool answered = false;
  const auto answer_frame = [&] {
    return std::make_shared<const std::string>(
        answer->to->compact()
            ? protocol::encode_compact_patch(settings_.id, version_, ops, answer->re)
            : protocol::encode_lean_patch(settings_.id, version_, ops, answer->re));
  };
  presence_.for_each_connection(
      [&](peer& conn) {
        if (answer != nullptr && &conn == answer->to) {
          // The answer to a move is never replaced by a catch-up snapshot: the mover waits
          // for it as it waited for its ack.
          answered = true;
          return conn.send(answer_frame());
        }
        switch (conn.traffic_of()) {
          case peer::traffic::full:
            return conn.send_patch(settings_.id, frame);
          case peer::traffic::lean:
            if (!lean_frame) {
              lean_frame = ops.differs_when_lean()
                               ? std::make_shared<const std::string>(
                                     protocol::encode_lean_patch(settings_.id, version_, ops))
                               : frame;
            }
            return conn.send_patch(settings_.id, lean_frame);
          case peer::traffic::compact:
            if (!compact_frame) {
              compact_frame = std::make_shared<const std::string>(
                  protocol::encode_compact_patch(settings_.id, version_, ops));
            }
            return conn.send_patch(settings_.id, compact_frame);
        }
      },
      except);
  // A mover not in the room's presence (its seat's other connection) is still answered.
  if (answer != nullptr && !answered) answer->to->send(answer_frame());
  if (auto* o = registry_.observer()) o->room_frame(settings_.id, frame);
  return frame;
}

void room::persist_seats(std::function<void(journal_status)> done) {
  std::array<std::optional<seat_row>, 2> rows;
  for (std::size_t i = 0; i < 2; ++i) {
    if (seats_[i]) rows[i] = seat_row{seats_[i]->player, seats_[i]->name};
  }
  recorder_.record_seats(rows, status_ == room_status::waiting ? "waiting" : "playing",
                         std::move(done));
}

void room::maybe_retire() {
  if (retired_ || status_ != room_status::finished || !presence_.empty() || write_pending_) return;
  retired_ = true;
  // The rooms gauge counts rooms in memory: a game read back for its record and let go again
  // must not leave one behind each time.
  if (registry_.journal() != nullptr) metrics_.rooms_finished.fetch_sub(1);
  std::vector<std::string> players;
  for (const auto& who : seats_) {
    if (who) players.push_back(who->player);
  }
  registry_.forget(settings_.id, std::move(players));
}

// Called at every commit; only a change of status, seated names or spectator count changes
// the room-list entry, so those are compared before any JSON is built.
void room::publish_summary() {
  summary_key key{status_, {}, state_.json().at("spectators").get<int>(), {}};
  for (std::size_t i = 0; i < 2; ++i) {
    if (seats_[i]) key.names[i] = seats_[i]->name;
    key.accounts[i] = seats_[i] && seats_[i]->account;
  }
  if (published_ && key == *published_) return;
  published_ = std::move(key);
  registry_.update_summary(settings_.id, room_summary(settings_, state_.json()),
                           !settings_.is_private);
}

}  // namespace ringside::server
