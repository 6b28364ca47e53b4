#include "server/request_handler.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/version.hpp"
#include "engine/computers.hpp"
#include "protocol/game_list.hpp"
#include "protocol/wire/decode.hpp"
#include "protocol/wire/encode.hpp"
#include "server/cluster_relay.hpp"
#include "server/identity_registry.hpp"
#include "server/metrics.hpp"
#include "server/quick_pairing.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"

namespace ringside::server {

namespace net = boost::asio;
using protocol::error_code;

namespace {

constexpr std::string_view server_name = product_token;

std::string too_many_seats(const room_limits& limits) {
  return "you already hold " + std::to_string(limits.seats_per_player) +
         " seats in unfinished games, the most one player may; finish, resign or leave one "
         "first";
}

// The error answering an account request that `why` refused.
std::string account_error(const protocol::request_id& re, identity_registry::refusal why) {
  using refusal = identity_registry::refusal;
  switch (why) {
    case refusal::bad_credentials:
      return protocol::encode_error(re, error_code::bad_credentials,
                                    "wrong name or password");
    case refusal::name_reserved:
      return protocol::encode_error(re, error_code::name_reserved,
                                    "this name, or one that looks like it, is another "
                                    "account's; choose another");
    case refusal::already_registered:
      return protocol::encode_error(re, error_code::already_registered,
                                    "you are registered already; change_password changes "
                                    "your password");
    case refusal::not_registered:
      return protocol::encode_error(re, error_code::bad_request,
                                    "a guest has no account: register first (a guest's token "
                                    "is its only key, so it cannot log out)");
    case refusal::login_limited:
      return protocol::encode_error(re, error_code::login_limited,
                                    "too many wrong passwords for this account or from your "
                                    "address; try again in a few minutes");
    case refusal::bad_token:
      return protocol::encode_error(re, error_code::bad_token, "this token is unknown here");
    case refusal::none:
    case refusal::failed:
      break;
  }
  return protocol::encode_error(re, error_code::internal_error,
                                "the server could not do this just now (nothing changed); "
                                "try again later");
}

// The `room` field of a room-bound request, or null for the others.
const std::string* room_of(const protocol::client_message& m) {
  return std::visit(
      [](const auto& x) -> const std::string* {
        if constexpr (requires { x.room; }) {
          return &x.room;
        } else {
          return nullptr;
        }
      },
      m);
}

}  // namespace

request_handler::request_handler(context& ctx, net::any_io_executor strand, std::string address)
    : ctx_(ctx), strand_(std::move(strand)), address_(std::move(address)) {}

void request_handler::handle(std::string_view text, const peer_ptr& self,
                             clock::time_point received, std::shared_ptr<void> done) {
  auto decoded = protocol::decode(text);
  if (const auto* e = std::get_if<protocol::decode_error>(&decoded)) {
    if (e->code == error_code::bad_name) ctx_.stats.names_refused.fetch_add(1);
    return send_text(*self, protocol::encode_error(e->id, e->code, e->message));
  }
  auto& msg = std::get<protocol::client_message>(decoded);
  if (relayed_ && room_of(msg) == nullptr && !std::holds_alternative<protocol::create_room>(msg)) {
    return send_text(*self, protocol::encode_error(protocol::id_of(msg), error_code::bad_request,
                                                   "only room requests and create_room are "
                                                   "forwarded to another node"));
  }
  if (may_forward()) text_.assign(text);
  if (const auto* h = std::get_if<protocol::hello>(&msg)) return on_hello(*h, self, done);
  if (auto* l = std::get_if<protocol::login>(&msg)) return on_login(std::move(*l), self, done);
  if (!who_) {
    return send_text(*self, protocol::encode_error(protocol::id_of(msg), error_code::hello_first,
                                                   "say hello first: {\"type\":\"hello\","
                                                   "\"name\":\"...\"}"));
  }
  if (auto* l = std::get_if<protocol::list_rooms>(&msg)) {
    const auto re = l->id;
    return ctx_.rooms.list_rooms(
        std::move(*l), [self, re, done](std::shared_ptr<const room_page> page) {
          if (!page) {
            return send_text(*self, protocol::encode_error(
                                        re, error_code::bad_request,
                                        "the field 'before' must be a 'next' this server gave"));
          }
          send_text(*self, protocol::encode_rooms(re, page->rooms, page->next));
        });
  }
  if (auto* c = std::get_if<protocol::create_room>(&msg)) {
    return on_create(std::move(*c), self, std::move(done));
  }
  if (auto* s = std::get_if<protocol::seek>(&msg)) {
    return seek(ctx_, std::move(*s), who_, self, address_, std::move(done));
  }
  if (const auto* c = std::get_if<protocol::cancel_seek>(&msg)) {
    return cancel_seek(ctx_, *c, *who_, *self);
  }
  if (const auto* l = std::get_if<protocol::list_seeks>(&msg)) return list_seeks(ctx_, *l, self);
  if (auto* r = std::get_if<protocol::register_account>(&msg)) {
    return on_register(std::move(*r), self, std::move(done));
  }
  if (const auto* o = std::get_if<protocol::logout>(&msg)) return on_logout(*o, self, done);
  if (auto* c = std::get_if<protocol::change_password>(&msg)) {
    return on_change_password(std::move(*c), self, std::move(done));
  }
  const std::string room_id = *room_of(msg);
  to_room(std::move(msg), room_id, self, received, std::move(done));
}

void request_handler::on_hello(const protocol::hello& m, const peer_ptr& self,
                               std::shared_ptr<void> done) {
  if (who_) {
    return send_text(*self, protocol::encode_error(m.id, error_code::bad_request,
                                                   "this connection has already said hello"));
  }
  self->set_traffic(m.compact ? peer::traffic::compact
                    : m.lean  ? peer::traffic::lean
                              : peer::traffic::full);
  if (!m.token) {
    if (const auto no = ctx_.clients.count_new_identity(address_)) {
      ctx_.stats.identities_refused.fetch_add(1);
      return send_text(*self,
                       protocol::encode_error(m.id, error_code::too_many_identities, no->why));
    }
  }
  ctx_.identities.hello(
      m.name, m.token, [this, self, re = m.id, done](identity_registry::outcome got) {
        if (got.why == identity_registry::refusal::name_reserved) {
          return send_text(*self, protocol::encode_error(
                                      re, error_code::name_reserved,
                                      "this name is an account's, someone else's: choose another "
                                      "name, or log in if it is yours"));
        }
        if (!got.who) {
          return send_text(*self, protocol::encode_error(re, error_code::bad_token,
                                                         "this token is unknown here; say hello "
                                                         "without a token for a new identity"));
        }
        greet(std::move(got.who), re, self, done);
      });
}

void request_handler::greet(identity_ptr who, const protocol::request_id& re,
                            const peer_ptr& self, std::shared_ptr<void> done) {
  // The same identity gets its seats back: the room registry knows where they are.
  ctx_.rooms.seated_rooms(who->player, [this, self, re, done,
                                        who](std::vector<room_registry::room_ptr> seated) {
    net::post(strand_, [this, self, re, done, who, seated = std::move(seated)] {
      if (closed_) return;
      if (who_) {
        return send_text(*self, protocol::encode_error(re, error_code::bad_request,
                                                       "this connection has already said hello"));
      }
      if (const auto no = ctx_.clients.join_identity(who->player, speaks_for_)) {
        ctx_.stats.identity_connections_refused.fetch_add(1);
        return send_text(*self,
                         protocol::encode_error(re, error_code::too_many_connections, no->why));
      }
      who_ = who;
      spdlog::info("player {} ({}) said hello, {} seats", who->player, who->name, seated.size());
      send_text(*self, protocol::encode_welcome(re, who->player, who->name, who->token,
                                                server_name, &protocol::game_list(),
                                                !who->account));
      tell_elsewhere(self);
      // Rejoin every seat, each answering with `joined` so the client has the state to
      // apply patches to.
      for (const auto& r : seated) {
        r->handle(self, who, protocol::join{{}, r->id(), protocol::join_role::player},
                  clock::now(), done);
      }
    });
  });
}

void request_handler::on_login(protocol::login m, const peer_ptr& self,
                               std::shared_ptr<void> done) {
  ctx_.identities.login(
      std::move(m.name), std::move(m.password), address_,
      [this, self, re = m.id, done](identity_registry::outcome got) {
        if (!got.who) return send_text(*self, account_error(re, got.why));
        net::post(strand_, [this, self, re, done, who = std::move(got.who)]() mutable {
          if (closed_) return;
          // A guest's connection may log in: it then speaks for the account, and leaves the
          // guest's rooms (the guest's seats stay the guest's).
          if (who_) forget_identity(self->peer_id());
          greet(std::move(who), re, self, done);
        });
      });
}

void request_handler::on_register(protocol::register_account m, const peer_ptr& self,
                                  std::shared_ptr<void> done) {
  ctx_.identities.register_account(
      who_, std::move(m.name), std::move(m.password),
      [this, self, re = m.id, done](identity_registry::outcome got) {
        if (!got.who) return send_text(*self, account_error(re, got.why));
        net::post(strand_, [this, self, re, done, who = std::move(got.who)] {
          // Closed or logged out meanwhile: the account is made, this connection moved on.
          if (closed_ || !who_ || who_->player != who->player) return;
          who_ = who;
          send_text(*self, protocol::encode_registered(re, who->player, who->name));
          // Every room where it is seated (known to the room registry) drops the guest mark.
          ctx_.rooms.seated_rooms(who->player, [player = who->player](
                                                   std::vector<room_registry::room_ptr> seated) {
            for (const auto& r : seated) r->note_registered(player);
          });
        });
      });
}

void request_handler::on_logout(const protocol::logout& m, const peer_ptr& self,
                                std::shared_ptr<void> done) {
  ctx_.identities.logout(
      who_, [this, self, re = m.id, done, player = who_->player](identity_registry::outcome got) {
        if (got.why != identity_registry::refusal::none) {
          return send_text(*self, account_error(re, got.why));
        }
        net::post(strand_, [this, self, re, done, player] {
          if (closed_) return;
          // As before a hello: the next message may be a hello or a login.
          if (who_ && who_->player == player) forget_identity(self->peer_id());
          send_text(*self, protocol::encode_logged_out(re));
        });
      });
}

void request_handler::on_change_password(protocol::change_password m, const peer_ptr& self,
                                         std::shared_ptr<void> done) {
  ctx_.identities.change_password(
      who_, std::move(m.old_password), std::move(m.new_password), address_,
      [self, re = m.id, done](identity_registry::outcome got) {
        if (!got.who) return send_text(*self, account_error(re, got.why));
        send_text(*self, protocol::encode_password_changed(re));
      });
}

// The token is the identity: its owner cannot tell a replay from their own other device, so
// every connection of theirs from another address hears of it, in words and by code.
void request_handler::tell_elsewhere(const peer_ptr& self) {
  const auto elsewhere = ctx_.speakers.add(who_->player, self->peer_id(), self, address_);
  if (elsewhere.empty()) return;
  ctx_.stats.identity_used_elsewhere.fetch_add(1);
  spdlog::info("player {} said hello from another address ({}) than its {} open connection{}",
               who_->player, address_, elsewhere.size(), elsewhere.size() == 1 ? "" : "s");
  const auto notice = std::make_shared<const std::string>(protocol::encode_notice(
      "identity_used_elsewhere",
      "your identity was just used to connect from another place (another address); if that "
      "was not you, your token has leaked: whoever holds it can play your seats"));
  for (const auto& p : elsewhere) p->send(notice);
}

void request_handler::on_create(protocol::create_room m, const peer_ptr& self,
                                std::shared_ptr<void> done) {
  // The registry knows which games, variants and boards exist; the wire layer does not.
  auto start = any_game::create(m.game.game, m.game.variant, m.game.board);
  if (!start) {
    return send_text(*self, protocol::encode_error(m.id, error_code::bad_request, start.error()));
  }
  if (m.computer_level > 0 && !computer_plays(*start)) {
    return send_text(*self,
                     protocol::encode_error(m.id, error_code::bad_request,
                                            "no computer plays " + std::string(start->name()) +
                                                " yet; ask a person to play"));
  }
  if (m.rated && m.computer_level > 0) {
    ctx_.stats.rated_refused.fetch_add(1);
    return send_text(*self, protocol::encode_error(
                                m.id, error_code::not_rateable,
                                "games against the computer are never rated; create the room "
                                "without rated, or leave out the opponent to play a person"));
  }
  m.game.game = std::string(start->name());
  m.game.variant = std::string(start->variant_name());
  // New rooms go to the least-loaded node; the creator becomes its member from here.
  if (may_forward()) {
    if (auto there = ctx_.relay->placement()) {
      ctx_.stats.relay.rooms_placed.fetch_add(1);
      return ctx_.relay->forward(*there, {}, self, *who_, address_, std::move(text_), m.id,
                                 std::move(done));
    }
  }
  m.game.board = start->board_size();
  const auto re = m.id;
  const auto& limits = ctx_.opts.rooms;
  ctx_.rooms.create_room(
      std::move(m), std::move(*start), who_->player, address_,
      [self, who = who_, re, done, &limits](room_registry::room_ptr r, room_registry::refusal why) {
        switch (why) {
          case room_registry::refusal::none:
            return r->seat_creator(self, who, re, done);
          case room_registry::refusal::player_cap:
            return send_text(
                *self, protocol::encode_error(
                           re, error_code::too_many_rooms,
                           "you already have " + std::to_string(limits.waiting_rooms_per_player) +
                               " rooms waiting for an opponent, the most one player may have; "
                               "play or leave one of them first"));
          case room_registry::refusal::address_cap:
            return send_text(
                *self,
                protocol::encode_error(
                    re, error_code::too_many_rooms,
                    "your address already has " + std::to_string(limits.waiting_rooms_per_address) +
                        " rooms waiting for an opponent, the most one address may have; join one "
                        "of the waiting rooms, or wait until some start"));
          case room_registry::refusal::daily_cap:
            return send_text(
                *self, protocol::encode_error(
                           re, error_code::too_many_rooms,
                           "your address created " +
                               std::to_string(limits.rooms_per_address_per_day) +
                               " rooms in the last 24 hours, the most one address may; join one "
                               "of the open rooms, or create one later"));
          case room_registry::refusal::seat_cap:
            return send_text(*self, protocol::encode_error(re, error_code::too_many_seats,
                                                           too_many_seats(limits)));
          case room_registry::refusal::computer_player_cap:
            return send_text(
                *self,
                protocol::encode_error(
                    re, error_code::too_many_rooms,
                    "you already have " + std::to_string(limits.computer_games_per_player) +
                        " unfinished games against the computer, the most one player may have; "
                        "finish or resign one of them first"));
          case room_registry::refusal::computer_address_cap:
            return send_text(
                *self, protocol::encode_error(
                           re, error_code::too_many_rooms,
                           "your address already has " +
                               std::to_string(limits.computer_games_per_address) +
                               " unfinished games against the computer, the most one address "
                               "may have; finish or resign one of them first, or play a person"));
          case room_registry::refusal::computer_busy:
            return send_text(*self, protocol::encode_error(
                                        re, error_code::computer_busy,
                                        "the computer players are all busy; nothing was "
                                        "created: try again in a minute, or play a person"));
          case room_registry::refusal::journal:
            break;
        }
        send_text(*self, protocol::encode_error(
                             re, error_code::internal_error,
                             "the server could not create the room (it could not record "
                             "it); nothing was created, try again later"));
      });
}

void request_handler::to_room(protocol::client_message m, const std::string& room_id,
                              const peer_ptr& self, clock::time_point received,
                              std::shared_ptr<void> done) {
  // A seat is one more game to come back to: the lobby counts them first.
  if (const auto* j = std::get_if<protocol::join>(&m); j && j->as == protocol::join_role::player) {
    const auto& limits = ctx_.opts.rooms;
    return ctx_.rooms.may_take_seat(
        who_->player, room_id,
        [this, self, m = std::move(m), room_id, received, done, &limits](bool ok) mutable {
          if (!ok) {
            return send_text(*self,
                             protocol::encode_error(protocol::id_of(m), error_code::too_many_seats,
                                                    too_many_seats(limits)));
          }
          net::post(strand_, [this, self, m = std::move(m), room_id, received, done]() mutable {
            forward(std::move(m), room_id, self, received, std::move(done));
          });
        });
  }
  forward(std::move(m), room_id, self, received, std::move(done));
}

void request_handler::forward(protocol::client_message m, const std::string& room_id,
                              const peer_ptr& self, clock::time_point received,
                              std::shared_ptr<void> done) {
  // Reached after a check that answered later (a seat count): the connection may have closed
  // meanwhile (a relayed one: its node gone from the census), or be between two identities
  // (a login). Nobody is left to answer in the first case; the second is asked to send again.
  // A relayed connection's stand-in is closed when its node is seen gone or started again, but
  // the client may be the new run's, still waiting: its node takes the `done` that follows for
  // the answer, so it is told to try again (its next request gets a new stand-in).
  if (closed_) {
    if (!relayed_) return;
    return send_text(*self, protocol::encode_error(protocol::id_of(m), error_code::room_unavailable,
                                                   "this request's connection was dropped here "
                                                   "while it waited (its node changed); try "
                                                   "again"));
  }
  if (!who_) {
    return send_text(*self, protocol::encode_error(protocol::id_of(m), error_code::hello_first,
                                                   "this connection changed identity while the "
                                                   "request waited; send it again"));
  }
  if (const auto it = rooms_.find(room_id); it != rooms_.end()) {
    return it->second->handle(self, who_, std::move(m), received, std::move(done));
  }
  if (!may_forward()) {
    return to_local_room(std::move(m), room_id, self, received, std::move(done), false);
  }
  route(std::move(m), room_id, self, received, std::move(done), true);
}

void request_handler::route(protocol::client_message m, const std::string& room_id,
                            const peer_ptr& self, clock::time_point received,
                            std::shared_ptr<void> done, bool again) {
  // A room another node owns (a live lease) is that node's to run: the request goes there.
  ctx_.relay->owner_elsewhere(
      room_id, [this, self, m = std::move(m), room_id, received, done = std::move(done),
                text = text_, again](std::optional<std::string> owner) mutable {
        net::post(strand_, [this, self, m = std::move(m), room_id, received, done = std::move(done),
                            text = std::move(text), owner = std::move(owner), again]() mutable {
          if (closed_ || !who_) return;
          if (!owner) {
            return to_local_room(std::move(m), room_id, self, received, std::move(done), again);
          }
          const auto& cluster = ctx_.opts.cluster;
          const auto until =
              clock::now() + std::chrono::milliseconds(static_cast<std::int64_t>(
                                 (cluster.lease_ttl_s + cluster.forward_timeout_s) * 1000));
          auto id = protocol::id_of(m);
          auto follow = follow_owner(std::move(m), room_id, self, received, text, until);
          ctx_.relay->forward(*owner, room_id, self, *who_, address_, std::move(text),
                              std::move(id), std::move(done), std::move(follow));
        });
      });
}

std::function<void(std::string, std::shared_ptr<void>)> request_handler::follow_owner(
    protocol::client_message m, const std::string& room_id, const peer_ptr& self,
    clock::time_point received, std::string text, clock::time_point until) {
  if (std::holds_alternative<protocol::chat>(m)) return {};
  // A move sent twice cannot count twice: its version is stale once the first copy counted.
  return [this, m = std::move(m), room_id, self, received, text = std::move(text), until](
             std::string gone, std::shared_ptr<void> done) mutable {
    net::post(strand_, [this, m = std::move(m), room_id, self, received, text = std::move(text),
                        until, gone = std::move(gone), done = std::move(done)]() mutable {
      reroute(std::move(m), room_id, self, received, std::move(done), std::move(text),
              std::move(gone), until);
    });
  };
}

void request_handler::reroute(protocol::client_message m, const std::string& room_id,
                              const peer_ptr& self, clock::time_point received,
                              std::shared_ptr<void> done, std::string text, std::string gone,
                              clock::time_point until) {
  if (closed_ || !who_) return;
  if (clock::now() >= until) {
    return send_text(*self, protocol::encode_error(
                                protocol::id_of(m), error_code::room_unavailable,
                                "the server running this room went away and no other has taken "
                                "it over yet; try again in a few seconds"));
  }
  ctx_.relay->owner_elsewhere(room_id, [this, self, m = std::move(m), room_id, received,
                                        done = std::move(done), text = std::move(text),
                                        gone = std::move(gone),
                                        until](std::optional<std::string> owner) mutable {
    net::post(strand_, [this, self, m = std::move(m), room_id, received, done = std::move(done),
                        text = std::move(text), gone = std::move(gone), until,
                        owner = std::move(owner)]() mutable {
      if (closed_ || !who_) return;
      if (owner && *owner == gone) {
        // Its lease has not run out yet: asked again shortly.
        auto wait = std::make_shared<net::steady_timer>(strand_, std::chrono::milliseconds(200));
        return wait->async_wait([this, wait, self, m = std::move(m), room_id, received,
                                 done = std::move(done), text = std::move(text),
                                 gone = std::move(gone),
                                 until](const boost::system::error_code&) mutable {
          reroute(std::move(m), room_id, self, received, std::move(done), std::move(text),
                  std::move(gone), until);
        });
      }
      if (!owner) {
        // Nobody's now, or this node's: the room here claims it.
        return to_local_room(std::move(m), room_id, self, received, std::move(done), true);
      }
      auto id = protocol::id_of(m);
      auto again = follow_owner(std::move(m), room_id, self, received, text, until);
      ctx_.relay->forward(*owner, room_id, self, *who_, address_, std::move(text), std::move(id),
                          std::move(done), std::move(again));
    });
  });
}

void request_handler::to_local_room(protocol::client_message m, const std::string& room_id,
                                    const peer_ptr& self, clock::time_point received,
                                    std::shared_ptr<void> done, bool again) {
  ctx_.rooms.find_room(room_id, [this, self, who = who_, m = std::move(m), room_id, received, done,
                                 again](room_registry::room_ptr r) mutable {
    if (!r && again && may_forward()) {
      auto wait = std::make_shared<net::steady_timer>(strand_, std::chrono::milliseconds(100));
      return wait->async_wait([this, wait, self, m = std::move(m), room_id, received,
                               done](const boost::system::error_code&) mutable {
        if (closed_ || !who_) return;
        route(std::move(m), room_id, self, received, std::move(done), false);
      });
    }
    if (!r) {
      const std::string& id = *room_of(m);
      return send_text(*self, protocol::encode_error(protocol::id_of(m), error_code::no_such_room,
                                                     "there is no room '" + id + "'"));
    }
    r->handle(self, who, std::move(m), received, done);
  });
}

std::shared_ptr<room> request_handler::room_by_id(const std::string& room_id) const {
  const auto it = rooms_.find(room_id);
  return it == rooms_.end() ? nullptr : it->second;
}
void request_handler::serve_relayed(identity_ptr who) {
  relayed_ = true;
  who_ = std::move(who);
}


void request_handler::attached(const peer_ptr& self, std::shared_ptr<room> r) {
  if (closed_) return r->detach(self->peer_id());
  rooms_.emplace(r->id(), std::move(r));
}

void request_handler::detached(const std::string& room_id) {
  rooms_.erase(room_id);
}

void request_handler::closed(std::uint64_t peer_id) {
  closed_ = true;
  forget_identity(peer_id);
}

void request_handler::forget_identity(std::uint64_t peer_id) {
  speaks_for_.release();
  // Its rooms on other nodes are left too.
  if (may_forward()) ctx_.relay->session_closed(peer_id);
  if (who_ && !relayed_) {
    ctx_.speakers.remove(who_->player, peer_id);
    // Its seeks stay while any connection of the identity could still be seated.
    if (!ctx_.speakers.one_of(who_->player)) seeker_gone(ctx_, who_->player);
  }
  who_ = nullptr;
  for (const auto& [id, r] : rooms_) r->detach(peer_id);
  rooms_.clear();
}

}  // namespace ringside::server
