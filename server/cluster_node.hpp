#pragma once
// cluster_node: this server as one node of a cluster in Redis (--cluster). It beats in the node
// registry (address, rooms owned, connections, load), claims a lease for every room it opens
// and renews them, publishes each room's frames on the channel `room:<id>`, gives its rooms up
// when it closes them, and on a clean exit releases every lease and leaves the registry at
// once, so other nodes need not wait out the ttl. All of it on the Redis client's strand.
//
// Not here: taking over a dead node's rooms; forwarding requests to another node's rooms and
// relaying their channels is cluster_relay's job.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/cluster/node_registry.hpp"
#include "server/cluster/room_lease.hpp"
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
  // Any thread: publishes `payload` on `channel`, in the order of the calls, after (and on the
  // same connection as) every room frame published before: a reply never overtakes the
  // patches that came before it.
  void publish(std::string channel, std::string payload);
  // Any thread: the least-loaded node at the last census (empty before the first).
  std::string least_loaded() const;
  // Called on the strand with the id of each node noticed dead (its heartbeat ran out).
  void on_node_gone(std::function<void(const std::string&)> fn);
  server::redis::redis_client& redis() { return redis_; }

  void room_opened(const std::string& id) override;
  void room_closed(const std::string& id) override;
  void room_frame(const std::string& id, std::shared_ptr<const std::string> frame) override;
  bool may_commit(const std::string& id) const override;

 private:
  struct held_room {
    std::shared_ptr<cluster::room_lease> lease;
    bool busy = false;         // a claim or renewal is in flight
    bool owned = false;        // counted in leases_held
    bool other_owner = false;  // another node holds it: not claimed again
  };

  void tick();
  void beat();
  void look_after(const std::string& id, held_room& h);
  // Keeps owned, leases_held and trusted_until_ in step; after every grant and loss.
  void set_owned(const std::string& id, held_room& h, bool owned);

  cluster_settings settings_;
  metrics& stats_;
  std::string node_id_;
  std::string address_;
  server::redis::redis_client redis_;
  cluster::node_registry nodes_;
  boost::asio::steady_timer lease_timer_;
  boost::asio::steady_timer beat_timer_;
  std::unordered_map<std::string, held_room> rooms_;
  // Until when each owned room's lease is trusted, for may_commit from the rooms' strands.
  mutable std::mutex trusted_mutex_;
  std::unordered_map<std::string, cluster::lease_clock::clock::time_point> trusted_until_;
  bool started_ = false;
  bool leaving_ = false;
  mutable std::mutex census_mutex_;
  std::string least_loaded_;
  std::function<void(const std::string&)> node_gone_;
};

}  // namespace ringside::server
