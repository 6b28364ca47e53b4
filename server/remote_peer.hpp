#pragma once
// remote_peer: on the node that owns a room, the stand-in for a client connected to another
// node. The client's requests arrive forwarded through Redis and run here exactly as a local
// connection's would (its own request_handler, with the identity its token proves here); what
// the rooms send it directly (answers, `joined`, errors) goes back on its node's reply channel,
// in order. Patches and chat, which every member gets, are not sent per client: its node
// relays the room's channel to all its members at once.

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <memory>
#include <string>

#include "server/context.hpp"
#include "server/identity.hpp"
#include "server/peer.hpp"
#include "server/relay_envelope.hpp"
#include "server/request_handler.hpp"

namespace ringside::server {

class remote_peer final : public peer, public std::enable_shared_from_this<remote_peer> {
 public:
  // Publishes one reply envelope's payload on the client's node's reply channel; calls are
  // published in the order they are made.
  using publish_fn = std::function<void(std::string payload)>;

  // `self_node`: this node's id; `origin`, `origin_peer`: the client's node and connection.
  remote_peer(context& ctx, boost::asio::io_context& ioc, std::string self_node, std::string origin,
              std::uint64_t origin_peer, std::string token, std::string address,
              publish_fn publish);

  // Runs one forwarded request as `who` (whom the token proved to be); the envelope `done`
  // (request number `req`) follows once it is handled. Any thread.
  void run(identity_ptr who, std::string text, std::uint64_t req);
  // The client's connection closed on its node: every room it was in is left. Any thread.
  void gone();

  // The envelope `done` for request `req`, which this node could not run. Any thread.
  void finished(std::uint64_t req) const;

  const std::string& origin() const { return origin_; }
  std::uint64_t origin_peer() const { return origin_peer_; }
  const std::string& token() const { return token_; }
  const identity_ptr& who() const { return who_; }
  void set_who(identity_ptr who) { who_ = std::move(who); }

  void send(std::shared_ptr<const std::string> frame) override;
  void send_patch(const std::string& room_id, std::shared_ptr<const std::string> frame) override;
  void send_catch_up(const std::string& room_id, std::shared_ptr<const std::string> frame) override;
  void send_chat(std::shared_ptr<const std::string> frame) override;
  std::uint64_t peer_id() const override { return id_; }
  void note_attached(std::shared_ptr<room> r) override;
  void note_detached(const std::string& room_id) override;
  void go_away() override {}

 private:
  // Fills in who sends it and for which client, and publishes it.
  void reply(relay_envelope e) const;
  // Answers the request `text` (a client's message, as forwarded) with `room_unavailable`:
  // it reached this stand-in after it was dropped. Nothing for a request without an id.
  void refuse(const std::string& text);

  context& ctx_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  const std::uint64_t id_;
  const std::string self_node_;
  const std::string origin_;
  const std::uint64_t origin_peer_;
  const std::string token_;
  identity_ptr who_;  // whom the token proved to be; on the relay's strand
  publish_fn publish_;
  request_handler handler_;
  bool gone_ = false;
};

}  // namespace ringside::server
