#include "server/lobby.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <random>

#include "server/metrics.hpp"
#include "server/random_id.hpp"
#include "server/room.hpp"
#include "server/time_text.hpp"

namespace ringside::server {

namespace net = boost::asio;

lobby::lobby(net::io_context& ioc, metrics& m)
    : ioc_(ioc), metrics_(m), strand_(net::make_strand(ioc)) {}

void lobby::hello(std::string name, std::optional<std::string> token,
                  std::function<void(identity_ptr, std::vector<room_ptr>)> fn) {
  net::post(strand_,
            [this, name = std::move(name), token = std::move(token), fn = std::move(fn)]() mutable {
              if (token) {
                const auto it = by_token_.find(*token);
                if (it == by_token_.end()) return fn(nullptr, {});
                std::vector<room_ptr> seated;
                if (const auto s = seats_.find(it->second->player); s != seats_.end()) {
                  for (const auto& id : s->second) {
                    if (const auto r = rooms_.find(id); r != rooms_.end())
                      seated.push_back(r->second.r);
                  }
                }
                spdlog::info("player {} ({}) is back, {} seats", it->second->player,
                             it->second->name, seated.size());
                return fn(it->second, std::move(seated));
              }
              auto who = std::make_shared<identity>();
              who->name = std::move(name);
              // 256 bits from the CSPRNG: a token cannot be guessed, and collisions are not a
              // concern.
              who->token = random_hex(32);
              do {
                who->player = "p" + random_base32(10);
              } while (std::any_of(by_token_.begin(), by_token_.end(), [&](const auto& kv) {
                return kv.second->player == who->player;
              }));
              by_token_.emplace(who->token, who);
              spdlog::info("player {} ({}) is new", who->player, who->name);
              fn(std::move(who), {});
            });
}

void lobby::create_room(protocol::create_room req, std::function<void(room_ptr)> fn) {
  net::post(strand_, [this, req = std::move(req), fn = std::move(fn)]() mutable {
    auto start = zertz::game::start(req.rules, req.board);
    if (!start) {
      spdlog::error("the engine refused a {}-ring {} board: {}", req.board,
                    zertz::to_string(req.rules), start.error());
      return fn(nullptr);
    }
    room_settings s;
    do {
      s.id = random_base32(8);
    } while (rooms_.count(s.id) != 0);
    s.rules = req.rules;
    s.board = req.board;
    s.creator_seat = req.seat == protocol::seat_choice::first ? 1
                     : req.seat == protocol::seat_choice::second
                         ? 2
                         : 1 + (std::random_device{}() & 1u);
    s.clock = req.clock;
    s.is_private = req.is_private;
    s.created = iso_utc_now();
    spdlog::info("room {} created: {} {} rings{}{}", s.id, zertz::to_string(s.rules), s.board,
                 s.clock ? ", clock" : "", s.is_private ? ", private" : "");
    auto r = std::make_shared<room>(ioc_, *this, metrics_, std::move(s), std::move(*start));
    entry& e = rooms_[r->id()];
    e.r = r;
    e.order = next_order_++;
    fn(std::move(r));
  });
}

void lobby::find_room(std::string id, std::function<void(room_ptr)> fn) {
  net::post(strand_, [this, id = std::move(id), fn = std::move(fn)] {
    const auto it = rooms_.find(id);
    fn(it == rooms_.end() ? nullptr : it->second.r);
  });
}

void lobby::list_rooms(std::function<void(nlohmann::json)> fn) {
  net::post(strand_, [this, fn = std::move(fn)] {
    std::vector<const entry*> listed;
    for (const auto& [id, e] : rooms_) {
      if (e.listed && !e.summary.is_null()) listed.push_back(&e);
    }
    std::sort(listed.begin(), listed.end(),
              [](const entry* a, const entry* b) { return a->order < b->order; });
    nlohmann::json out = nlohmann::json::array();
    for (const entry* e : listed) out.push_back(e->summary);
    fn(std::move(out));
  });
}

void lobby::update_summary(std::string id, nlohmann::json summary, bool listed) {
  net::post(strand_, [this, id = std::move(id), summary = std::move(summary), listed]() mutable {
    // The room's constructor publishes before create_room has registered it; keep the entry.
    entry& e = rooms_[id];
    e.summary = std::move(summary);
    e.listed = listed;
  });
}

void lobby::note_seat(std::string player, std::string room_id, bool seated) {
  net::post(strand_, [this, player = std::move(player), room_id = std::move(room_id), seated] {
    if (seated) {
      seats_[player].insert(room_id);
    } else if (const auto it = seats_.find(player); it != seats_.end()) {
      it->second.erase(room_id);
    }
  });
}

void lobby::shutdown() {
  net::post(strand_, [this] {
    for (const auto& [id, e] : rooms_) {
      if (e.r) e.r->shutdown();
    }
  });
}

}  // namespace ringside::server
