#include "server/quick_pairing.hpp"

#include <spdlog/spdlog.h>

#include "engine/any_game.hpp"
#include "protocol/wire/encode.hpp"
#include "protocol/wire/encode_seek.hpp"
#include "server/cluster_seeks.hpp"
#include "server/metrics.hpp"
#include "server/random_id.hpp"
#include "server/room.hpp"
#include "server/room_registry.hpp"
#include "server/seek_lobby.hpp"
#include "server/seek_rating.hpp"

namespace ringside::server {

using nlohmann::json;
using protocol::error_code;

namespace {

std::string refusal_text(seek_pool::refusal why, const seek_caps& caps) {
  switch (why) {
    case seek_pool::refusal::same_shape:
      return "you already seek this game with this clock; wait for it, or cancel_seek it first";
    case seek_pool::refusal::player_cap:
      return "you already have " + std::to_string(caps.per_player) +
             " open seeks, the most one player may have; cancel one first";
    case seek_pool::refusal::too_fast:
      return "you made " + std::to_string(caps.per_minute) +
             " seeks in the last minute, the most one player may; wait a moment";
    case seek_pool::refusal::pool_full:
      return "the lobby holds as many open seeks as this server allows; join a waiting room, "
             "or try again in a minute";
    case seek_pool::refusal::none:
      break;
  }
  return {};
}

// Why the paired room could not be made, for the seeker whose seek met the other.
std::pair<error_code, std::string> room_refusal(room_registry::refusal why) {
  switch (why) {
    case room_registry::refusal::seat_cap:
      return {error_code::too_many_seats,
              "you hold as many seats in unfinished games as one player may; finish one first"};
    case room_registry::refusal::journal:
    case room_registry::refusal::none:
      break;
    default:
      return {error_code::too_many_rooms,
              "a compatible seek was found, but you may make no more rooms now (too many wait "
              "for you, or your address made too many today); play or leave one first"};
  }
  return {error_code::internal_error,
          "the server could not record the paired room; nothing was created, seek again later"};
}

json opponent_of(const open_seek& s) {
  return json{{"name", s.name}, {"rating", s.rating}};
}

// Makes the room of a pairing: `s` (from `self`) met `partner` (whose connection is `other`).
// The one whose seek arrived last creates it, so its own caps decide; both are then seated.
// `put_back` takes the partner's seek back when the room cannot be made.
using put_back_fn = std::function<void(open_seek, seek_lobby::seeker)>;
void make_room(context& ctx, const open_seek& s, const seek_lobby::seeker& by, peer_ptr self,
               protocol::request_id re, std::shared_ptr<void> done, open_seek partner,
               seek_lobby::seeker partner_by, peer_ptr other, put_back_fn put_back) {
  auto start = any_game::create(s.shape.game.game, s.shape.game.variant, s.shape.game.board);
  if (!start) return;  // checked when the seek came in
  protocol::create_room req{};
  req.game = s.shape.game;
  req.seat = protocol::seat_choice::random;  // colours at random
  req.clock = s.shape.clock;
  req.rated = s.shape.rated;
  ctx.rooms.create_room(
      std::move(req), std::move(*start), by.who->player, by.address,
      [&ctx, s, by, self, re, done, partner = std::move(partner),
       partner_by = std::move(partner_by), other = std::move(other),
       put_back = std::move(put_back)](room_registry::room_ptr r, room_registry::refusal why) {
        if (!r) {
          // The other seeker did nothing wrong: its seek waits again.
          put_back(partner, partner_by);
          const auto [code, text] = room_refusal(why);
          return send_text(*self, protocol::encode_error(re, code, text));
        }
        ctx.stats.seeks_paired.fetch_add(1);
        spdlog::info("seeks {} and {} paired in room {}", s.id, partner.id, r->id());
        send_text(*self, protocol::encode_paired(re, s.id, r->id(), opponent_of(partner)));
        send_text(*other, protocol::encode_paired({}, partner.id, r->id(), opponent_of(s)));
        // Posted to the room in this order, so the creator sits first, on its random seat.
        r->seat_creator(self, by.who, {}, done);
        r->handle(other, partner_by.who, protocol::join{{}, r->id(), protocol::join_role::player},
                  room::clock::now(), nullptr);
      });
}

void refuse_seek(context& ctx, seek_pool::refusal why, peer& self, const protocol::request_id& re) {
  ctx.stats.seeks_refused.fetch_add(1);
  send_text(self, protocol::encode_error(re, error_code::too_many_seeks,
                                         refusal_text(why, ctx.opts.seeks)));
}

// Pairs `s` in this node's own pool, or keeps it waiting there.
void pair_here(context& ctx, open_seek s, const seek_lobby::seeker& by, peer_ptr self,
               protocol::request_id re, std::shared_ptr<void> done) {
  const auto now = seek_pool::clock::now();
  for (;;) {
    auto out = ctx.seeks.add(s, by, now);
    if (out.why != seek_pool::refusal::none) return refuse_seek(ctx, out.why, *self, re);
    if (!out.partner) {
      return send_text(*self, protocol::encode_seeking(re, seek_entry(s, now)));
    }
    // The partner's last connection may have closed a moment ago: its seeks go, and
    // this one looks again. (A seek the lobby knows no seeker of is treated alike.)
    auto other = ctx.speakers.one_of(out.partner->player, out.partner_by.peer_id);
    if (!other || !out.partner_by.who) {
      seeker_gone(ctx, out.partner->player);
      continue;
    }
    return make_room(ctx, s, by, self, re, done, std::move(*out.partner), std::move(out.partner_by),
                     std::move(other), [&ctx](open_seek p, seek_lobby::seeker p_by) {
                       ctx.seeks.put_back(std::move(p), std::move(p_by));
                     });
  }
}

// Makes the room of a pairing with another node's seek here, seats this node's seeker, and
// tells the other node, whose client joins through forwarding.
void make_room_across(context& ctx, const open_seek& s, const seek_lobby::seeker& by, peer_ptr self,
                      protocol::request_id re, std::shared_ptr<void> done, shared_seek partner) {
  auto start = any_game::create(s.shape.game.game, s.shape.game.variant, s.shape.game.board);
  if (!start) return;  // checked when the seek came in
  protocol::create_room req{};
  req.game = s.shape.game;
  req.seat = protocol::seat_choice::random;
  req.clock = s.shape.clock;
  req.rated = s.shape.rated;
  ctx.rooms.create_room(
      std::move(req), std::move(*start), by.who->player, by.address,
      [&ctx, s, by, self, re, done, partner = std::move(partner)](room_registry::room_ptr r,
                                                                  room_registry::refusal why) {
        if (!r) {
          ctx.shared_seeks->restore(partner);
          const auto [code, text] = room_refusal(why);
          return send_text(*self, protocol::encode_error(re, code, text));
        }
        ctx.stats.seeks_paired.fetch_add(1);
        ctx.stats.seeks_paired_across.fetch_add(1);
        spdlog::info("seeks {} and {} (of {}) paired in room {}", s.id, partner.seek.id,
                     partner.node, r->id());
        send_text(*self, protocol::encode_paired(re, s.id, r->id(), opponent_of(partner.seek)));
        r->seat_creator(self, by.who, {}, done);
        ctx.shared_seeks->tell(
            partner.node,
            seek_notice{partner.seek.id, r->id(), ctx.shared_seeks->node_id(), s.name, s.rating}, r,
            self, by.who);
      });
}

// In a cluster: the node's own lobby applies its caps and keeps the seek; the cluster's pool
// in Redis pairs it. With Redis silent the seek is paired in the node's own pool instead.
void seek_in_cluster(context& ctx, open_seek s, const seek_lobby::seeker& by, peer_ptr self,
                     protocol::request_id re, std::shared_ptr<void> done, int tries = 0) {
  const auto now = seek_pool::clock::now();
  if (tries == 0) {
    if (const auto why = ctx.seeks.admit(s, by, now); why != seek_pool::refusal::none) {
      return refuse_seek(ctx, why, *self, re);
    }
    s.since = now;
  }
  ctx.shared_seeks->pair(s, [&ctx, s, by, self, re, done, tries](cluster_seeks::pairing got) {
    using kind = cluster_seeks::pairing::kind;
    if (got.what == kind::waiting) {
      // Its seeker's last connection may have closed while the script ran, its withdrawal
      // then finding nothing to withdraw yet: the entry goes now.
      if (!ctx.speakers.one_of(s.player)) return ctx.shared_seeks->withdraw({s.id});
      return send_text(*self, protocol::encode_seeking(re, seek_entry(s, s.since)));
    }
    // Out of the lobby: paired now, or paired here, or its seeker left meanwhile.
    auto mine = ctx.seeks.take(s.id);
    if (got.what == kind::unavailable) {
      if (!mine) return;
      ctx.stats.seeks_paired_locally.fetch_add(1);
      return pair_here(ctx, std::move(mine->first), mine->second, self, re, done);
    }
    auto& partner = *got.partner;
    if (!mine) {
      // Cancelled, or its connection closed, while the script ran: the partner waits again.
      return ctx.shared_seeks->restore(partner);
    }
    if (partner.node != ctx.shared_seeks->node_id()) {
      return make_room_across(ctx, s, by, self, re, done, std::move(partner));
    }
    // Both seekers are this node's clients: seated here as a local pairing.
    auto theirs = ctx.seeks.take(partner.seek.id);
    auto other = theirs && theirs->second.who
                     ? ctx.speakers.one_of(theirs->first.player, theirs->second.peer_id)
                     : nullptr;
    if (!other) {
      if (theirs) seeker_gone(ctx, theirs->first.player);
      // Its seeker left a moment ago: this seek looks again (a few times at most).
      ctx.seeks.put_back(s, by);
      if (tries >= 3) return ctx.shared_seeks->restore(shared_seek{s, ctx.shared_seeks->node_id()});
      return seek_in_cluster(ctx, s, by, self, re, done, tries + 1);
    }
    make_room(ctx, s, by, self, re, done, std::move(theirs->first), std::move(theirs->second),
              std::move(other), [&ctx](open_seek p, seek_lobby::seeker p_by) {
                const shared_seek back{p, ctx.shared_seeks->node_id()};
                ctx.seeks.put_back(std::move(p), std::move(p_by));
                ctx.shared_seeks->restore(back);
              });
  });
}

}  // namespace

json seek_entry(const open_seek& s, seek_pool::clock::time_point now) {
  json range = nullptr;
  if (s.range) range = json{{"min", s.range->min}, {"max", s.range->max}};
  return json{
      {"seek", s.id},
      {"name", s.name},
      {"game", s.shape.game.game},
      {"variant", s.shape.game.variant},
      {"board", s.shape.game.board},
      {"clock", protocol::clock_json(s.shape.clock)},
      {"rated", s.shape.rated},
      {"range", range},
      {"rating", s.rating},
      {"waiting_s", std::chrono::duration_cast<std::chrono::seconds>(now - s.since).count()}};
}

void seek(context& ctx, protocol::seek m, identity_ptr who, peer_ptr self, std::string address,
          std::shared_ptr<void> done) {
  // The engine knows which games, variants and boards exist; the wire layer does not.
  const auto start = any_game::create(m.game.game, m.game.variant, m.game.board);
  if (!start) {
    return send_text(*self, protocol::encode_error(m.id, error_code::bad_settings, start.error()));
  }
  open_seek s;
  s.id = random_base32(8);
  s.player = who->player;
  s.name = who->name;
  s.shape.game = {std::string(start->name()), std::string(start->variant_name()),
                  start->board_size()};
  s.shape.clock = m.clock;
  s.shape.rated = m.rated;
  s.range = m.range;
  // The seeker's rating in this category is read first (it decides who may pair with whom);
  // then, back on the registry's strand, whether the seeker may take a seat at all.
  read_seek_rating(
      ctx.rooms.journal(), *who, *start, s.shape,
      [&ctx, s = std::move(s), who, self, address = std::move(address), re = m.id,
       done](int rating) mutable {
        s.rating = rating;
        ctx.rooms.may_take_seat(
            who->player, std::string(),
            [&ctx, s = std::move(s), who, self, address = std::move(address), re,
             done](bool ok) mutable {
              if (!ok) {
                return send_text(*self,
                                 protocol::encode_error(
                                     re, error_code::too_many_seats,
                                     "you hold as many seats in unfinished games as one player "
                                     "may; finish one before you seek another"));
              }
              const seek_lobby::seeker by{who, self->peer_id(), address};
              if (ctx.shared_seeks != nullptr) {
                return seek_in_cluster(ctx, std::move(s), by, self, re, done);
              }
              pair_here(ctx, std::move(s), by, self, re, done);
            });
      });
}

void cancel_seek(context& ctx, const protocol::cancel_seek& m, const identity& who, peer& self) {
  if (!m.seek) {
    auto ids = ctx.seeks.cancel_all(who.player);
    if (ctx.shared_seeks != nullptr && !ids.empty()) ctx.shared_seeks->withdraw(ids);
    return send_text(self, protocol::encode_seek_cancelled(m.id, ids));
  }
  if (!ctx.seeks.cancel(who.player, *m.seek)) {
    return send_text(
        self, protocol::encode_error(m.id, error_code::no_such_seek,
                                     "you have no open seek '" + *m.seek +
                                         "' (it was paired, cancelled, or is someone else's)"));
  }
  if (ctx.shared_seeks != nullptr) ctx.shared_seeks->withdraw({*m.seek});
  send_text(self, protocol::encode_seek_cancelled(m.id, {*m.seek}));
}

namespace {

void send_seek_list(context& ctx, const protocol::request_id& re, peer& self,
                    const std::vector<open_seek>& open) {
  const auto now = seek_pool::clock::now();
  // One page, oldest first: the whole pool could be larger than a connection's queue.
  json seeks = json::array();
  for (const auto& s : open) {
    if (seeks.size() >= static_cast<std::size_t>(protocol::max_room_page)) break;
    seeks.push_back(seek_entry(s, now));
  }
  send_text(self, protocol::encode_seeks(re, seeks, open.size(), ctx.speakers.size(),
                                         static_cast<std::size_t>(std::max<std::int64_t>(
                                             0, ctx.stats.rooms_playing.load()))));
}

}  // namespace

void list_seeks(context& ctx, const protocol::list_seeks& m, peer_ptr self) {
  if (ctx.shared_seeks == nullptr) return send_seek_list(ctx, m.id, *self, ctx.seeks.open());
  // The cluster's seeks; this node's own when Redis does not answer.
  ctx.shared_seeks->open(
      [&ctx, re = m.id, self = std::move(self)](std::optional<std::vector<open_seek>> open) {
        send_seek_list(ctx, re, *self, open ? *open : ctx.seeks.open());
      });
}

void seeker_gone(context& ctx, const std::string& player) {
  const auto ids = ctx.seeks.cancel_all(player);
  if (ctx.shared_seeks != nullptr && !ids.empty()) ctx.shared_seeks->withdraw(ids);
  if (!ids.empty())
    spdlog::info("player {} left with {} open seeks; withdrawn", player, ids.size());
}

}  // namespace ringside::server
