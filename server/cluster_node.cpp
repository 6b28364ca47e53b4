#include "server/cluster_node.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <cstdlib>
#include <thread>

#include "server/metrics.hpp"
#include "server/random_id.hpp"

namespace ringside::server {

namespace net = boost::asio;
using cluster::lease_clock;
using cluster::room_lease;

namespace {

std::chrono::milliseconds ms(double seconds) {
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}

// The machine's one-minute load average per core: comparable between machines of any size.
double load_per_core() {
  double avg[1] = {0};
  if (getloadavg(avg, 1) != 1) return 0;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return avg[0] / cores;
}

}  // namespace

cluster_node::cluster_node(net::io_context& ioc, const cluster_settings& s,
                           server::redis::redis_endpoint where, metrics& stats)
    : settings_(s),
      stats_(stats),
      node_id_(s.node_id.empty() ? "node-" + random_base32(10) : s.node_id),
      redis_(ioc, std::move(where)),
      nodes_(redis_, ms(s.node_ttl_s)),
      adoption_(redis_, node_id_, ms(s.lease_ttl_s)),
      // A lobby read of the other nodes' rooms serves every lobby request for half a second.
      listed_(redis_, node_id_, ms(s.node_ttl_s), std::chrono::milliseconds(500)),
      lease_timer_(redis_.strand()),
      beat_timer_(redis_.strand()),
      run_(random_hex(8)) {}

cluster_node::~cluster_node() = default;

void cluster_node::start(std::string address) {
  net::post(redis_.strand(), [this, address = std::move(address)] {
    address_ = settings_.address.empty() ? address : settings_.address;
    started_ = true;
    redis_.start();
    spdlog::info("cluster: node {} at {} in {} (lease ttl {} s, node ttl {} s)", node_id_, address_,
                 settings_.redis_url, settings_.lease_ttl_s, settings_.node_ttl_s);
    // A previous run under this id may have died owning rooms: they are orphans now, their
    // leases freed, taken over by whichever node (this one too) adopts them first.
    adoption_.started_again([id = node_id_](std::int64_t rooms) {
      if (rooms > 0) {
        spdlog::warn("cluster: a previous run of node {} left {} rooms; they are taken over now",
                     id, rooms);
      }
    });
    beat();
    tick();
  });
}

cluster_node::held_room& cluster_node::track(const std::string& id) {
  lease_clock::settings timing;
  timing.ttl = ms(settings_.lease_ttl_s);
  timing.margin = std::min(std::chrono::milliseconds(250), timing.ttl / 10);
  auto& h = rooms_[id];
  h.lease = std::make_shared<room_lease>(redis_, id, node_id_, timing);
  return h;
}

void cluster_node::owner_of(const std::string& id,
                            std::function<void(std::optional<cluster::lease_owner>, bool)> fn) {
  net::post(redis_.strand(), [this, id, fn = std::move(fn)]() mutable {
    room_lease::read_owner(redis_, id, std::move(fn));
  });
}

void cluster_node::claim_absent(const std::string& id, std::function<void(absent_room)> fn) {
  net::post(redis_.strand(), [this, id, fn = std::move(fn)] {
    // Already ours, or being claimed or closed here: the registry asks again later.
    if (leaving_ || !started_ || rooms_.count(id) != 0) return fn(absent_room{});
    auto& h = track(id);
    h.busy = true;
    h.lease->claim([this, id, fn](room_lease::outcome o) {
      const auto it = rooms_.find(id);
      if (it == rooms_.end()) return fn(absent_room{});
      auto& room = it->second;
      room.busy = false;
      absent_room answer;
      if (o == room_lease::outcome::granted && took_lease(id, room)) {
        stats_.cluster.rooms_taken_over.fetch_add(1);
        spdlog::info("cluster: room {} claimed on demand, epoch {}", id, room.last_epoch);
        answer.what = absent_room::outcome::claimed;
        answer.epoch = room.last_epoch;
      } else {
        if (o == room_lease::outcome::taken) {
          answer.what = absent_room::outcome::elsewhere;
          if (const auto& other = room.lease->other_owner()) answer.node = other->node;
        }
        rooms_.erase(it);
      }
      fn(std::move(answer));
    });
  });
}

void cluster_node::absent_restored(const std::string& id, bool restored) {
  if (!restored) net::post(redis_.strand(), [this, id] { give_back(id); });
}

void cluster_node::epoch_behind_store(const std::string& id, std::int64_t stored) {
  net::post(redis_.strand(), [this, id, stored] {
    spdlog::warn("cluster: room {}: the store has seen epoch {}, above Redis's; raising it", id,
                 stored);
    // Raised, never lowered; the room is an orphan again, for the next claim to start above.
    room_lease::raise_epoch(redis_, id, stored, [this, id] { adoption_.handed_over(id, [] {}); });
  });
}

void cluster_node::give_back(const std::string& id) {
  const auto it = rooms_.find(id);
  if (it == rooms_.end()) return;
  if (it->second.owned) {
    set_owned(id, it->second, false);
    it->second.lease->release([](bool) {});
  }
  adoption_.dropped(id);
  {
    const std::lock_guard lock(trusted_mutex_);
    epochs_.erase(id);
  }
  rooms_.erase(it);
}

void cluster_node::adopt_orphans() {
  if (adopting_ || leaving_ || !take_over_) return;
  adopting_ = true;
  // A few per tick: every live node adopts, so a dead node's rooms spread over the survivors.
  constexpr int per_tick = 16;
  adoption_.adopt(per_tick, [this](std::vector<cluster::room_adoption::adopted> got,
                                   lease_clock::clock::time_point sent_at) {
    adopting_ = false;
    for (auto& a : got) {
      if (leaving_) break;
      const bool known = rooms_.count(a.room) != 0;
      auto& h = known ? rooms_[a.room] : track(a.room);
      h.lease->adopted(static_cast<std::uint64_t>(a.epoch), sent_at);
      h.other_owner = false;
      h.last_epoch = a.epoch;
      stats_.cluster.leases_claimed.fetch_add(1);
      stats_.cluster.rooms_taken_over.fetch_add(1);
      set_owned(a.room, h, true);
      spdlog::info("cluster: room {} adopted (its node died or left), epoch {}", a.room, a.epoch);
      if (known) continue;  // already open here
      take_over_(a.room, a.epoch, [this, id = a.room](bool opened) {
        if (!opened) net::post(redis_.strand(), [this, id] { give_back(id); });
      });
    }
  });
}

void cluster_node::claim_new(const std::string& id, std::function<void(bool)> fn) {
  net::post(redis_.strand(), [this, id, fn = std::move(fn)] {
    if (leaving_ || !started_ || rooms_.count(id) != 0) return fn(true);
    auto& h = track(id);
    h.busy = true;
    h.lease->claim([this, id, fn](room_lease::outcome o) {
      const auto it = rooms_.find(id);
      if (it == rooms_.end()) return fn(true);
      auto& room = it->second;
      room.busy = false;
      if (o == room_lease::outcome::granted) {
        took_lease(id, room);  // when leaving, handed over at once: adopted with its row
        return fn(true);
      }
      if (o == room_lease::outcome::taken) {
        rooms_.erase(it);
        spdlog::error("cluster: a new room's id {} is another node's already; not made", id);
        return fn(false);
      }
      stats_.cluster.redis_unavailable.fetch_add(1);
      fn(true);  // tracked: look_after claims it once Redis answers
    });
  });
}

void cluster_node::room_opened(const std::string& id) {
  net::post(redis_.strand(), [this, id] {
    if (leaving_ || rooms_.count(id) != 0) return;
    auto& h = track(id);
    if (started_) look_after(id, h);
  });
}

void cluster_node::room_closed(const std::string& id) {
  net::post(redis_.strand(), [this, id] {
    listed_.put(id, {});
    const auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    if (it->second.owned) {
      set_owned(id, it->second, false);
      it->second.lease->release([this](bool released) {
        if (released) stats_.cluster.leases_released.fetch_add(1);
      });
    }
    adoption_.dropped(id);
    {
      const std::lock_guard lock(trusted_mutex_);
      epochs_.erase(id);
    }
    rooms_.erase(it);
  });
}

void cluster_node::room_frame(const std::string& id, std::shared_ptr<const std::string> frame) {
  net::post(redis_.strand(), [this, id, frame = std::move(frame)] {
    const auto it = rooms_.find(id);
    // Only the owner speaks for a room; a node that lost the lease must stay quiet.
    if (it == rooms_.end() || !it->second.lease->held(lease_clock::clock::now())) return;
    stats_.cluster.frames_published.fetch_add(1);
    redis_.command({"PUBLISH", "room:" + id, *frame}, [this](server::redis::redis_reply r) {
      if (r.type == server::redis::redis_reply::kind::unavailable)
        stats_.cluster.redis_unavailable.fetch_add(1);
    });
  });
}

void cluster_node::publish(std::string channel, std::string payload) {
  net::post(redis_.strand(), [this, channel = std::move(channel), payload = std::move(payload)] {
    redis_.command({"PUBLISH", channel, payload}, [this](server::redis::redis_reply r) {
      if (r.type == server::redis::redis_reply::kind::unavailable)
        stats_.cluster.redis_unavailable.fetch_add(1);
    });
  });
}

void cluster_node::room_listed(const std::string& id, std::uint64_t order,
                               const std::string& summary_json) {
  std::string entry =
      summary_json.empty() ? std::string() : cluster::listed_rooms::encode(order, summary_json);
  net::post(redis_.strand(), [this, id, entry = std::move(entry)]() mutable {
    if (!leaving_) listed_.put(id, std::move(entry));
  });
}

void cluster_node::listed_elsewhere(listed_elsewhere_fn fn) {
  net::post(redis_.strand(), [this, fn = std::move(fn)]() mutable {
    if (!started_ || leaving_) return fn(nullptr);
    listed_.others(
        [this, fn = std::move(fn)](std::shared_ptr<const cluster::listed_rooms::entries> got) {
          if (!got) stats_.cluster.lists_unavailable.fetch_add(1);
          fn(std::move(got));
        });
  });
}

std::string cluster_node::least_loaded() const {
  const std::lock_guard lock(census_mutex_);
  return least_loaded_;
}

void cluster_node::on_node_gone(std::function<void(const std::string&)> fn) {
  net::post(redis_.strand(), [this, fn = std::move(fn)]() mutable { node_gone_ = std::move(fn); });
}

void cluster_node::on_node_restarted(
    std::function<void(const std::string& id, const std::string& run)> fn) {
  net::post(redis_.strand(),
            [this, fn = std::move(fn)]() mutable { node_restarted_ = std::move(fn); });
}

void cluster_node::on_live_nodes(std::function<void(std::vector<std::string>)> fn) {
  net::post(redis_.strand(), [this, fn = std::move(fn)]() mutable { live_nodes_ = std::move(fn); });
}

void cluster_node::leave(std::function<void()> done) {
  net::post(redis_.strand(), [this, done = std::move(done)] {
    leaving_ = true;
    lease_timer_.cancel();
    beat_timer_.cancel();
    // One answer per lease plus the registry's; the last one finishes.
    auto waiting = std::make_shared<std::size_t>(1);
    auto finish = [this, waiting, done] {
      if (--*waiting != 0) return;
      redis_.stop();
      spdlog::info("cluster: node {} left, its rooms released", node_id_);
      done();
    };
    hand_over_ = [this, waiting, finish](const std::string& id, held_room& h) {
      ++*waiting;
      set_owned(id, h, false);
      // Released and listed as an orphan: another node adopts it at its next tick.
      h.lease->release([this, id, finish](bool released) {
        if (released) stats_.cluster.leases_released.fetch_add(1);
        adoption_.handed_over(id, finish);
      });
    };
    for (auto& [id, h] : rooms_) {
      if (h.owned) hand_over_(id, h);
    }
    ++*waiting;
    listed_.leave(finish);
    nodes_.leave(node_id_, [finish](bool) { finish(); });
  });
}

void cluster_node::tick() {
  if (leaving_) return;
  const auto now = lease_clock::clock::now();
  for (auto& [id, h] : rooms_) {
    if (h.owned && !h.lease->held(now)) {
      // Not renewed in time (Redis out of reach): another node may claim it any moment.
      spdlog::error("cluster: room {}: lease ran out unrenewed; claiming it again", id);
      stats_.cluster.leases_lost.fetch_add(1);
      set_owned(id, h, false);
    }
    look_after(id, h);
  }
  adopt_orphans();
  // A few looks per renewal period keep each renewal close to when it falls due.
  lease_timer_.expires_after(ms(settings_.lease_ttl_s) / 12);
  lease_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) tick();
  });
}

void cluster_node::look_after(const std::string& id, held_room& h) {
  if (h.busy || h.other_owner || leaving_) return;
  const auto now = lease_clock::clock::now();
  if (h.owned) {
    if (!h.lease->timing().renew_due(now)) return;
    h.busy = true;
    h.lease->renew([this, id](room_lease::outcome o) {
      const auto it = rooms_.find(id);
      if (it == rooms_.end()) return;
      auto& room = it->second;
      room.busy = false;
      if (o == room_lease::outcome::granted && room.owned) {
        set_owned(id, room, true);  // trusted for longer now
      } else if (o == room_lease::outcome::unavailable) {
        stats_.cluster.redis_unavailable.fetch_add(1);
      } else if (o == room_lease::outcome::taken && room.owned) {
        spdlog::error("cluster: room {}: lease taken over by another node", id);
        stats_.cluster.leases_lost.fetch_add(1);
        lose(id, room);
      }
    });
    return;
  }
  h.busy = true;
  h.lease->claim([this, id](room_lease::outcome o) {
    const auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    auto& room = it->second;
    room.busy = false;
    switch (o) {
      case room_lease::outcome::granted: {
        // A gap in the epochs: another node held the room meanwhile and may have played on,
        // so what this node has in memory is stale.
        const auto before = room.last_epoch;
        if (!took_lease(id, room)) break;
        const bool stale = before != 0 && room.last_epoch != before + 1;
        spdlog::debug("cluster: room {} owned, epoch {}", id, room.last_epoch);
        if (stale) {
          spdlog::warn("cluster: room {}: another node held it meanwhile", id);
          lose(id, room);
        }
        break;
      }
      case room_lease::outcome::taken:
        stats_.cluster.leases_refused.fetch_add(1);
        spdlog::warn("cluster: room {} is owned by {}", id,
                     room.lease->other_owner() ? room.lease->other_owner()->node : "another node");
        lose(id, room);
        break;
      case room_lease::outcome::unavailable:
        stats_.cluster.redis_unavailable.fetch_add(1);
        break;
    }
  });
}

bool cluster_node::took_lease(const std::string& id, held_room& h) {
  stats_.cluster.leases_claimed.fetch_add(1);
  h.last_epoch = static_cast<std::int64_t>(h.lease->epoch());
  set_owned(id, h, true);
  if (leaving_) {
    // Its claim went out before leave() and Redis answers in order, so leave()'s `done` is
    // still waiting: the lease is released before the node is gone, not left to run out.
    if (hand_over_) hand_over_(id, h);
    return false;
  }
  adoption_.owned(id);
  return true;
}

void cluster_node::lose(const std::string& id, held_room& h) {
  set_owned(id, h, false);
  listed_.put(id, {});   // its new owner lists it
  h.other_owner = true;  // not claimed again: the room leaves this node
  if (lost_) lost_(id);
}

void cluster_node::set_owned(const std::string& id, held_room& h, bool owned) {
  {
    const std::lock_guard lock(trusted_mutex_);
    if (owned) {
      trusted_until_[id] = h.lease->timing().trusted_until();
      epochs_[id] = static_cast<std::int64_t>(h.lease->epoch());
    } else {
      trusted_until_.erase(id);
    }
  }
  if (h.owned == owned) return;
  h.owned = owned;
  stats_.cluster.leases_held.fetch_add(owned ? 1 : -1);
}

std::optional<std::int64_t> cluster_node::write_epoch(const std::string& id) const {
  const std::lock_guard lock(trusted_mutex_);
  const auto it = epochs_.find(id);
  return it == epochs_.end() ? 0 : it->second;
}

bool cluster_node::may_commit(const std::string& id) const {
  const auto now = lease_clock::clock::now();
  const std::lock_guard lock(trusted_mutex_);
  const auto it = trusted_until_.find(id);
  return it != trusted_until_.end() && now < it->second;
}

void cluster_node::beat() {
  if (leaving_) return;
  cluster::node_info self;
  self.id = node_id_;
  self.address = address_;
  self.rooms = stats_.cluster.leases_held.load();
  self.online = stats_.connections.load();
  self.load = load_per_core();
  self.run = run_;
  nodes_.beat(self, [this](bool ok) {
    if (!ok) stats_.cluster.redis_unavailable.fetch_add(1);
  });
  listed_.refresh();
  nodes_.census([this](std::optional<cluster::node_census> c) {
    if (!c) return;
    stats_.cluster.nodes_live.store(static_cast<std::int64_t>(c->live.size()));
    stats_.cluster.online.store(c->online());
    if (const auto least = c->least_loaded(settings_.placement_load_margin)) {
      const std::lock_guard lock(census_mutex_);
      least_loaded_ = least->id;
    }
    for (const auto& dead : c->expired) {
      stats_.cluster.nodes_expired.fetch_add(1);
      spdlog::warn("cluster: node {} stopped beating (dead or cut off); its rooms are orphans",
                   dead);
      adoption_.orphan_rooms_of(dead);
      if (node_gone_) node_gone_(dead);
    }
    for (const auto& id : runs_.restarted(c->live)) {
      if (id == node_id_) {
        spdlog::error(
            "cluster: another process beats under this node's id {}: give each node "
            "its own --cluster-node-id",
            id);
        continue;
      }
      stats_.cluster.nodes_restarted.fetch_add(1);
      spdlog::warn(
          "cluster: node {} started again under the same id; its last run's clients "
          "and requests are gone",
          id);
      const auto now = std::find_if(c->live.begin(), c->live.end(),
                                    [&](const cluster::node_info& n) { return n.id == id; });
      if (node_restarted_ && now != c->live.end()) node_restarted_(id, now->run);
    }
    if (live_nodes_) {
      std::vector<std::string> ids;
      ids.reserve(c->live.size());
      for (const auto& n : c->live) ids.push_back(n.id);
      live_nodes_(std::move(ids));
    }
  });
  beat_timer_.expires_after(ms(settings_.node_ttl_s) / 3);
  beat_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) beat();
  });
}

}  // namespace ringside::server
