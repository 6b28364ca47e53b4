#pragma once
// request_handler: what one connection's text frames mean. It lives inside a websocket_session
// and runs on that session's strand; it knows who the connection speaks for and which rooms
// it is in, and routes each decoded request to the lobby or a room. It never touches the
// socket, so it can be fed frames directly (fuzzing, tests) through any peer.

#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "protocol/wire/messages.hpp"
#include "server/context.hpp"
#include "server/identity.hpp"
#include "server/peer.hpp"

namespace ringside::server {

class room;

class request_handler {
 public:
  using clock = std::chrono::steady_clock;

  // `strand` is the owning session's executor: results are posted back there. `address`:
  // the client's address, which some limits count by (empty: none).
  request_handler(context& ctx, boost::asio::any_io_executor strand, std::string address = {});

  // Handles one text frame from `self` that arrived at `received`. Replies go to `self`.
  // `done` is released (dropped) once the request is fully handled; the session reads the
  // next frame only then, so requests take effect in the order they were sent.
  void handle(std::string_view text, const peer_ptr& self, clock::time_point received,
              std::shared_ptr<void> done);
  // A room now sends this connection its patches (session strand).
  void attached(const peer_ptr& self, std::shared_ptr<room> r);
  // A room stopped sending to this connection (session strand).
  void detached(const std::string& room_id);
  // The connection is over: every room it was in is told (session strand).
  void closed(std::uint64_t peer_id);
  // Whether the connection has said hello (session strand).
  bool greeted() const { return who_ != nullptr; }
  // The room this connection is in by that id, or null (session strand).
  std::shared_ptr<room> room_by_id(const std::string& room_id) const;
  // For a client of another node (remote_peer): speaks for `who`, whom the client's token
  // proved to be here, and runs only room requests and create_room, always on this node.
  void serve_relayed(identity_ptr who);

 private:
  void on_hello(const protocol::hello& m, const peer_ptr& self, std::shared_ptr<void> done);
  // login instead of hello: the account's identity with a new token for this device.
  void on_login(protocol::login m, const peer_ptr& self, std::shared_ptr<void> done);
  // After hello or login: `who` is whom this connection speaks for; welcome, and its seats.
  void greet(identity_ptr who, const protocol::request_id& re, const peer_ptr& self,
             std::shared_ptr<void> done);
  void on_register(protocol::register_account m, const peer_ptr& self, std::shared_ptr<void> done);
  void on_logout(const protocol::logout& m, const peer_ptr& self, std::shared_ptr<void> done);
  void on_change_password(protocol::change_password m, const peer_ptr& self,
                          std::shared_ptr<void> done);
  // This connection no longer speaks for who_ (logged out or closed): its rooms are left.
  void forget_identity(std::uint64_t peer_id);
  // Counts this connection among who_'s and sends a notice to those from another address.
  void tell_elsewhere(const peer_ptr& self);
  void on_create(protocol::create_room m, const peer_ptr& self, std::shared_ptr<void> done);
  // Sends a room-bound request on, after the lobby allowed a join as a player.
  void to_room(protocol::client_message m, const std::string& room_id, const peer_ptr& self,
               clock::time_point received, std::shared_ptr<void> done);
  void forward(protocol::client_message m, const std::string& room_id, const peer_ptr& self,
               clock::time_point received, std::shared_ptr<void> done);
  // To the room in this node's memory (or its journal), or no_such_room. In a cluster a room
  // not found here is looked for once more a moment later (`again`): a room just created on
  // another node has its owner recorded a few milliseconds after its creator heard of it.
  void to_local_room(protocol::client_message m, const std::string& room_id, const peer_ptr& self,
                     clock::time_point received, std::shared_ptr<void> done, bool again = true);
  // Asks Redis who owns `room_id` and sends the request there, or to the room here.
  void route(protocol::client_message m, const std::string& room_id, const peer_ptr& self,
             clock::time_point received, std::shared_ptr<void> done, bool again);
  // How a forwarded request follows its room when the owner goes away before answering:
  // every request but a chat line (which must not be said twice), until `until`.
  // (A cluster_relay::reroute.)
  std::function<void(std::string, std::shared_ptr<void>)> follow_owner(
      protocol::client_message m, const std::string& room_id, const peer_ptr& self,
      clock::time_point received, std::string text, clock::time_point until);
  // Waits until `room_id` is no longer `gone`'s, then sends the request to its new owner (or
  // to the room here, which claims it); past `until` the client is told to try again.
  void reroute(protocol::client_message m, const std::string& room_id, const peer_ptr& self,
               clock::time_point received, std::shared_ptr<void> done, std::string text,
               std::string gone, clock::time_point until);
  // In a cluster, and not itself serving another node: requests may go to other nodes.
  bool may_forward() const { return ctx_.relay != nullptr && !relayed_; }

  context& ctx_;
  boost::asio::any_io_executor strand_;
  std::string address_;
  identity_ptr who_;
  client_slot speaks_for_;  // this connection, counted against who_'s connections
  std::map<std::string, std::shared_ptr<room>> rooms_;
  bool closed_ = false;
  bool relayed_ = false;  // serves a client of another node
  std::string text_;      // the request being handled, as sent, for forwarding it whole
};

}  // namespace ringside::server
