#pragma once
// cluster_seeks: quick pairing's open seeks as the cluster's, in Redis (--cluster). Each open
// seek is an entry in one hash, listed in its shape's sorted set (oldest first) and in its
// node's set. Pairing is one Lua script: it takes the oldest compatible seek of the shape, or
// adds the new one, so of two nodes pairing at once exactly one gets a given seek. Entries of
// a node whose heartbeat ran out are dropped wherever a script meets them (and a node sweeps
// its own left over from a previous run at start). The node whose client's seek arrived last
// makes the room on itself and tells the other seeker's node on `node:<id>:seeks`, which says
// `paired` to its client and joins it to the room through forwarding, as any remote room.
//
// The node's own seek_lobby still holds its clients' seeks: it applies the per-node caps, and
// it is the pool when Redis does not answer. Callbacks run on the Redis client's strand.
//
// A seek cancelled on its node in the instant another node paired it is gone from both pools
// by the time the notice arrives: its node answers `declined`, and the room's maker cancels
// the room, whose seeker would otherwise wait for an opponent who never comes.

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/identity.hpp"
#include "server/peer.hpp"
#include "server/redis/redis_subscriber.hpp"
#include "server/seek_pool.hpp"
#include "server/shared_seek.hpp"

namespace ringside::server {

class cluster_node;
class room;
struct context;

class cluster_seeks {
 public:
  cluster_seeks(boost::asio::io_context& ioc, context& ctx, cluster_node& node,
                server::redis::redis_endpoint where);
  ~cluster_seeks();
  cluster_seeks(const cluster_seeks&) = delete;
  cluster_seeks& operator=(const cluster_seeks&) = delete;

  void start();
  void stop();

  struct pairing {
    enum class kind { unavailable, waiting, paired } what = kind::unavailable;
    std::optional<shared_seek> partner;  // paired: the seek met, now out of the pool
  };
  // Pairs `s` (of this node's client) with the oldest compatible open seek of the cluster, or
  // adds it to the pool; unavailable when Redis did not answer.
  void pair(const open_seek& s, std::function<void(pairing)> fn);
  // Puts back a seek `pair` took whose room could not be made (first in its shape's line).
  void restore(const shared_seek& s);
  // Takes this node's seeks `ids` out of the pool (cancelled, or their seeker left).
  void withdraw(std::vector<std::string> ids);
  // The cluster's open seeks, oldest first; nullopt when Redis did not answer.
  void open(std::function<void(std::optional<std::vector<open_seek>>)> fn);
  // Tells `node` its client's seek was paired into `n.room`, made here with this node's
  // seeker `who` (on `seated`) in it; should `node` decline, that room is cancelled.
  void tell(const std::string& node, const seek_notice& n, const std::shared_ptr<room>& made,
            const peer_ptr& seated, identity_ptr who);

  const std::string& node_id() const { return self_; }

 private:
  void on_message(const std::string& channel, const std::string& payload);
  void paired_elsewhere(const seek_notice& n);
  void decline(const seek_notice& n);
  void declined_elsewhere(const seek_notice& n);

  // A room made here for another node's seek, until that node declines it (or a minute
  // passes: an answer comes within milliseconds, or never, from a node that died).
  struct made_across {
    std::string partner_node;
    std::string partner_seek;
    std::weak_ptr<room> made;
    std::weak_ptr<peer> seated;
    identity_ptr who;
    std::chrono::steady_clock::time_point at;
  };

  context& ctx_;
  cluster_node& node_;
  std::string self_;
  server::redis::redis_subscriber sub_;
  bool swept_ = false;  // on the subscriber's strand
  std::mutex made_mutex_;  // made_ is written by the rooms' callbacks, read by the subscriber
  std::map<std::string, made_across> made_;  // by room id
};

}  // namespace ringside::server
