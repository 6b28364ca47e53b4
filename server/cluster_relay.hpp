#pragma once
// cluster_relay: any node serves any client. A request of this node's client for a room that
// another node owns (a live lease) is forwarded to the owner on `node:<owner>:requests` with
// the client's own token, which the owner checks; the owner runs it as a local request (a
// remote_peer stands in for the client) and its answers come back on `node:<this>:replies`,
// to that client only. While this node has members in another node's room it listens to the
// room's channel `room:<id>` (once, whatever the number of members) and hands each frame, byte
// for byte, to each of them. A forwarded request the owner does not finish within the bound
// is answered `room_unavailable` and the connection stays. Each request asks Redis who owns
// the room now, so a room that moved to another node is followed; one whose owner dies or
// restarts before answering is handed back to its sender to follow the room to its next owner.
//
// All its state lives on the subscriber's strand; publishing goes through cluster_node, on the
// connection that publishes the rooms' frames, so answers and frames keep their order.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "protocol/wire/messages.hpp"
#include "server/context.hpp"
#include "server/identity.hpp"
#include "server/peer.hpp"
#include "server/redis/redis_subscriber.hpp"
#include "server/relay_envelope.hpp"

namespace ringside::server {

class cluster_node;
class remote_peer;

class cluster_relay {
 public:
  // `timeout`: how long a forwarded request may go unfinished before the client is told.
  cluster_relay(boost::asio::io_context& ioc, context& ctx, cluster_node& node,
                server::redis::redis_endpoint where, std::chrono::milliseconds timeout);
  ~cluster_relay();
  cluster_relay(const cluster_relay&) = delete;
  cluster_relay& operator=(const cluster_relay&) = delete;

  // Subscribes to this node's channels; `listening` runs once both are heard (on the
  // subscriber's strand). The node must not announce itself before: a request published to a
  // channel nobody listens on yet is lost, and its client waits out --forward-timeout.
  void start(std::function<void()> listening = {});
  void stop();

  // Any thread: `fn` hears (on any thread) which other node owns `room_id` now, or nullopt
  // when none does (this node, nobody, or Redis cannot say: the room is looked for here).
  void owner_elsewhere(const std::string& room_id,
                       std::function<void(std::optional<std::string>)> fn);
  // Any thread: the least-loaded node, when it is another one (where a new room should go).
  std::optional<std::string> placement() const;
  // Takes back a forwarded request whose owner went away before answering, with its `done`,
  // to send it on once the room has a new owner. `gone`: the node that went, which will not
  // own the room again (empty: it was started again and may).
  using reroute = std::function<void(std::string gone, std::shared_ptr<void> done)>;

  // Any thread: sends client `self`'s request `text` (request id `re`, for room `room_id` or
  // none) to node `owner`; `done` is dropped once the owner handled it, or at the bound. Without
  // `again`, a request whose owner goes away is answered `room_unavailable`.
  void forward(const std::string& owner, const std::string& room_id, const peer_ptr& self,
               const identity& who, const std::string& address, std::string text,
               protocol::request_id re, std::shared_ptr<void> done, reroute again = {});
  // Any thread: the client's connection closed (or it logged out): its rooms elsewhere are
  // left.
  void session_closed(std::uint64_t peer_id);

 private:
  struct pending {
    std::uint64_t peer = 0;
    std::string owner;  // the node asked
    std::string room;
    protocol::request_id re;
    bool answered = false;  // the client has a frame answering `re`: a late end needs no error
    peer_ptr client;
    std::shared_ptr<void> done;
    reroute again;
    std::unique_ptr<boost::asio::steady_timer> timer;
  };
  struct member {
    std::weak_ptr<peer> conn;
    int own_chats = 0;  // own chat lines answered already: the room's copies are skipped
  };
  struct relayed_room {
    std::map<std::uint64_t, member> members;
    int pending = 0;          // forwarded requests for it not finished yet
    bool subscribed = false;  // Redis confirmed the SUBSCRIBE
    std::vector<std::function<void()>> after_subscribe;
  };
  struct session {
    std::weak_ptr<peer> conn;
    std::map<std::string, std::string> rooms;  // room -> owner, where this client is a member
    std::set<std::string> owners;              // every node it asked: told when it goes
    std::string token;                         // as its last forwarded request carried them
    std::string address;
  };

  void on_message(const std::string& channel, const std::string& payload);
  void on_subscribed(const std::string& channel);
  // Owner's side.
  void serve(relay_envelope e);
  void drop_served(const std::string& origin, std::uint64_t peer);
  // Drops the stand-ins for `origin`'s clients, but for those its run `keep` sent (empty: all).
  void drop_node(const std::string& origin, const std::string& keep = {});
  // After each census: the requests waiting on a node that is no longer live are answered at
  // once, and the clients a departed node forwarded are dropped.
  void live_nodes(std::vector<std::string> live);
  // A node started again under the same id, as run `run`: its last runs' clients are dropped as
  // a dead node's (the new run's, which may have come before the census told of it, stay), and
  // the requests waiting on it are answered.
  void node_restarted(const std::string& id, const std::string& run);
  // Forwarder's side.
  void on_reply(relay_envelope e);
  void relay_frame(const std::string& room_id, const std::string& frame);
  // Asks `owner`, for client `peer`, the room's snapshot: what it may have missed before this
  // node listened to the room.
  void ask_snapshot(const std::string& owner, std::uint64_t peer, const std::string& room_id);
  // `answered`: the owner said done; else the client is told the room is unavailable, with
  // `why`.
  enum class unanswered { in_time, owner_gone, owner_restarted };
  void finish(std::uint64_t req, bool answered, unanswered why = unanswered::in_time);
  // Marks the connection's pending request answered when `frame` carries its id.
  void note_answer(std::uint64_t peer, const std::string& frame);
  void listen(const std::string& room_id, std::function<void()> then);
  void forget_if_unused(const std::string& room_id);
  void publish(const std::string& channel, const relay_envelope& e);

  boost::asio::io_context& ioc_;
  context& ctx_;
  cluster_node& node_;
  std::string self_;
  std::string run_;  // this process's, on each request it forwards
  std::chrono::milliseconds timeout_;
  server::redis::redis_subscriber sub_;
  std::uint64_t next_req_ = 0;
  std::map<std::uint64_t, pending> pending_;
  std::map<std::string, relayed_room> rooms_;
  std::map<std::uint64_t, session> sessions_;
  // The clients other nodes' requests stand for here, by node and connection, each with the
  // run of its node that sent it: a node started again numbers its connections anew.
  struct served_client {
    std::shared_ptr<remote_peer> peer;
    std::string run;
  };
  std::map<std::pair<std::string, std::uint64_t>, served_client> served_;
  std::set<std::string> live_;  // at the last census (empty before the first)
  bool stopped_ = false;
  std::function<void()> listening_;  // start()'s, until both channels are heard
  // Per channel, so that a channel confirmed again after a reconnect does not count twice.
  bool heard_requests_ = false;
  bool heard_replies_ = false;
};

}  // namespace ringside::server
