#include "server/remote_peer.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "protocol/wire/decode.hpp"
#include "protocol/wire/encode.hpp"
#include "server/metrics.hpp"
#include "server/peer_ids.hpp"
#include "server/room.hpp"

namespace ringside::server {

namespace net = boost::asio;

namespace {

// A patch names its room first ("ops" sorts first): such frames reach the client through the
// room's channel, which its node relays, never one by one.
bool is_patch_frame(const std::string& frame) {
  return frame.starts_with(R"({"ops":)");
}

}  // namespace

remote_peer::remote_peer(context& ctx, net::io_context& ioc, std::string self_node,
                         std::string origin, std::uint64_t origin_peer, std::string token,
                         std::string address, publish_fn publish)
    : ctx_(ctx),
      strand_(net::make_strand(ioc)),
      id_(next_peer_id()),
      self_node_(std::move(self_node)),
      origin_(std::move(origin)),
      origin_peer_(origin_peer),
      token_(std::move(token)),
      publish_(std::move(publish)),
      handler_(ctx, strand_, std::move(address)) {}

void remote_peer::run(identity_ptr who, std::string text, std::uint64_t req) {
  net::post(strand_, [self = shared_from_this(), who = std::move(who), text = std::move(text),
                      req]() mutable {
    // The answer that the request is handled goes out after everything it sent.
    std::shared_ptr<void> done(nullptr, [self, req](void*) { self->finished(req); });
    if (self->gone_) {
      // Dropped since the request reached it (its node seen gone, or started again: then the
      // client may be the new run's, still waiting). Its node takes `done` for the answer,
      // so one is sent first: the client tries again, and gets a new stand-in.
      return self->refuse(text);
    }
    try {
      self->handler_.serve_relayed(std::move(who));
      self->handler_.handle(text, self, request_handler::clock::now(), std::move(done));
    } catch (...) {
      self->ctx_.stats.faults.report_current("a request forwarded from node " + self->origin_);
    }
  });
}

void remote_peer::refuse(const std::string& text) {
  const auto decoded = protocol::decode(text);
  const auto* m = std::get_if<protocol::client_message>(&decoded);
  if (m == nullptr || std::holds_alternative<std::monostate>(protocol::id_of(*m))) return;
  send_text(*this,
            protocol::encode_error(protocol::id_of(*m), protocol::error_code::room_unavailable,
                                   "this request's connection was dropped here while it "
                                   "waited (its node changed); try again"));
}

void remote_peer::gone() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->gone_) return;
    self->gone_ = true;
    self->handler_.closed(self->id_);
  });
}

void remote_peer::finished(std::uint64_t req) const {
  relay_envelope e;
  e.what = relay_envelope::kind::done;
  e.req = req;
  reply(std::move(e));
}

void remote_peer::reply(relay_envelope e) const {
  e.from = self_node_;
  e.peer = origin_peer_;
  publish_(e.encode());
}

void remote_peer::send(std::shared_ptr<const std::string> frame) {
  if (!frame || is_patch_frame(*frame)) return;
  relay_envelope e;
  e.what = relay_envelope::kind::frame;
  e.text = *frame;
  reply(std::move(e));
}

void remote_peer::send_patch(const std::string&, std::shared_ptr<const std::string>) {}

void remote_peer::send_catch_up(const std::string&, std::shared_ptr<const std::string>) {}

void remote_peer::send_chat(std::shared_ptr<const std::string>) {}

void remote_peer::note_attached(std::shared_ptr<room> r) {
  relay_envelope e;
  e.what = relay_envelope::kind::attached;
  e.room = r->id();
  reply(std::move(e));
  net::post(strand_, [self = shared_from_this(), r = std::move(r)]() mutable {
    self->handler_.attached(self, std::move(r));
  });
}

void remote_peer::note_detached(const std::string& room_id) {
  relay_envelope e;
  e.what = relay_envelope::kind::detached;
  e.room = room_id;
  reply(std::move(e));
  net::post(strand_, [self = shared_from_this(), room_id] { self->handler_.detached(room_id); });
}

}  // namespace ringside::server
