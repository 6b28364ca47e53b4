#pragma once
// cluster_node: this server as one node of a cluster in Redis (--cluster). It beats in the node
// registry (address, rooms owned, connections, load), claims a lease for every room it opens
// and renews them, publishes each room's frames on the channel `room:<id>`, gives its rooms up
// when it closes them, and on a clean exit releases every lease and leaves the registry at
// once, so other nodes need not wait out the ttl. It takes over rooms whose node died or left
// (room_adoption's orphans, as their leases run out) and, on demand, a room a client asks for
// that no live node holds: restored from the shared store with the new epoch, which fences
// the old owner out. A room it finds taken over by another node it gives up. All of it on the
// Redis client's strand.
//
// Not here: forwarding requests to another node's rooms and relaying their channels is
// cluster_relay's job (owner_of and claim_absent are what it asks).

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/cluster/listed_rooms.hpp"
#include "server/cluster/node_registry.hpp"
#include "server/cluster/room_adoption.hpp"
#include "server/cluster/room_lease.hpp"
#include "server/cluster/run_watch.hpp"
#include "server/cluster_settings.hpp"
#include "server/redis/redis_client.hpp"
#include "server/room_observer.hpp"

namespace ringside::server {

class metrics;

class cluster_node final : public room_observer {
 public:
  // `where`: the parsed --cluster address. Rooms may open before start(): their claims wait.
  cluster_node(boost::asio::io_context& ioc, const cluster_settings& s,
               server::redis::redis_endpoint where, metrics& stats);
  ~cluster_node() override;
  cluster_node(const cluster_node&) = delete;
  cluster_node& operator=(const cluster_node&) = delete;

  // Connects and starts beating; `address` is where this node is reached (host:port).
  void start(std::string address);
  // A clean exit: releases every lease, leaves the registry, drops the connection; `done`
  // runs (on the strand) once Redis answered it all, or could not.
  void leave(std::function<void()> done);

  const std::string& node_id() const { return node_id_; }
  // This process's run token (a new one each start), which its heartbeats and requests carry.
  const std::string& run() const { return run_; }
  // Any thread: publishes `payload` on `channel`, in the order of the calls, after (and on the
  // same connection as) every room frame published before: a reply never overtakes the
  // patches that came before it.
  void publish(std::string channel, std::string payload);
  // Any thread: the least-loaded node at the last census (empty before the first).
  std::string least_loaded() const;
  // Called on the strand with the id of each node noticed dead (its heartbeat ran out).
  void on_node_gone(std::function<void(const std::string&)> fn);
  // Called on the strand with the ids of the live nodes after each census: the one node that
  // reports a dead node is not the only one that must stop waiting on it.
  void on_live_nodes(std::function<void(std::vector<std::string>)> fn);
  // Called on the strand with the id of each node seen started again under the same id, and
  // its new run's token: it never stopped beating long enough to be noticed dead, but its
  // last run's clients and requests are gone (its new run's may already be under way).
  void on_node_restarted(std::function<void(const std::string& id, const std::string& run)> fn);
  server::redis::redis_client& redis() { return redis_; }

  // Set before start(). What this node does with a room another node took over: give it up.
  void on_room_lost(std::function<void(const std::string& id)> fn) { lost_ = std::move(fn); }
  // Set before start(). How this node opens a room it adopted with `epoch`: restore it from
  // the store (fenced with the epoch); done(true) once the room is open here, from any thread.
  using take_over_fn = std::function<void(const std::string& id, std::int64_t epoch,
                                          std::function<void(bool)> done)>;
  void on_take_over(take_over_fn fn) { take_over_ = std::move(fn); }
  // Who owns room `id` now: fn(owner), fn(nullopt, true) when nobody does, fn(nullopt, false)
  // when Redis did not answer; on the strand. For routing a request to the room's node.
  void owner_of(const std::string& id,
                std::function<void(std::optional<cluster::lease_owner>, bool answered)> fn);

  void room_opened(const std::string& id) override;
  void room_closed(const std::string& id) override;
  void room_frame(const std::string& id, std::shared_ptr<const std::string> frame) override;
  bool may_commit(const std::string& id) const override;
  std::optional<std::int64_t> write_epoch(const std::string& id) const override;
  void claim_absent(const std::string& id, std::function<void(absent_room)> fn) override;
  void claim_new(const std::string& id, std::function<void(bool)> fn) override;
  void absent_restored(const std::string& id, bool restored) override;
  void epoch_behind_store(const std::string& id, std::int64_t stored) override;
  void room_listed(const std::string& id, std::uint64_t order,
                   const std::string& summary_json) override;
  void listed_elsewhere(listed_elsewhere_fn fn) override;

 private:
  struct held_room {
    std::shared_ptr<cluster::room_lease> lease;
    bool busy = false;            // a claim or renewal is in flight
    bool owned = false;           // counted in leases_held
    bool other_owner = false;     // another node holds it: not claimed again
    std::int64_t last_epoch = 0;  // of our last grant; 0 before the first
  };

  void tick();
  void beat();
  void look_after(const std::string& id, held_room& h);
  // A claim of room `id` was granted: counts it, takes its epoch and starts renewing it.
  // False when the node is leaving: then the lease is handed over at once, as leave()
  // handed over the others, and the room is not this node's.
  bool took_lease(const std::string& id, held_room& h);
  // Keeps owned, leases_held and trusted_until_ in step; after every grant and loss.
  void set_owned(const std::string& id, held_room& h, bool owned);
  // Another node holds the room now: this node gives it up.
  void lose(const std::string& id, held_room& h);
  // Takes over a few orphaned rooms (dead or departed nodes'), once per tick.
  void adopt_orphans();
  // A room this node holds but could not open: its lease goes back.
  void give_back(const std::string& id);
  held_room& track(const std::string& id);

  cluster_settings settings_;
  metrics& stats_;
  std::string node_id_;
  std::string address_;
  server::redis::redis_client redis_;
  cluster::node_registry nodes_;
  cluster::room_adoption adoption_;
  cluster::listed_rooms listed_;
  std::function<void(const std::string&)> lost_;
  take_over_fn take_over_;
  bool adopting_ = false;
  boost::asio::steady_timer lease_timer_;
  boost::asio::steady_timer beat_timer_;
  std::unordered_map<std::string, held_room> rooms_;
  // Until when each owned room's lease is trusted, for may_commit from the rooms' strands.
  mutable std::mutex trusted_mutex_;
  std::unordered_map<std::string, cluster::lease_clock::clock::time_point> trusted_until_;
  // The epoch of each room's last grant: what its writes carry, for the store to check.
  std::unordered_map<std::string, std::int64_t> epochs_;
  bool started_ = false;
  bool leaving_ = false;
  // Set by leave(): releases one owned room and lists it as an orphan, leave()'s `done`
  // waiting for it; a claim granted after leave() (sent before it) goes the same way.
  std::function<void(const std::string&, held_room&)> hand_over_;
  mutable std::mutex census_mutex_;
  std::string least_loaded_;
  std::function<void(const std::string&)> node_gone_;
  std::function<void(std::vector<std::string>)> live_nodes_;
  std::function<void(const std::string& id, const std::string& run)> node_restarted_;
  const std::string run_;  // this process's run token, in every heartbeat
  cluster::run_watch runs_;
};

}  // namespace ringside::server
