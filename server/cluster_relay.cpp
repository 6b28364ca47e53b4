#include "server/cluster_relay.hpp"

#include <utility>

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "protocol/wire/decode.hpp"
#include "protocol/wire/encode.hpp"
#include "server/cluster/room_lease.hpp"
#include "server/cluster_node.hpp"
#include "server/identity_registry.hpp"
#include "server/metrics.hpp"
#include "server/remote_peer.hpp"

namespace ringside::server {

namespace net = boost::asio;

namespace {

constexpr std::string_view room_prefix = "room:";

// Chat frames end with their type (nlohmann sorts the keys): the only frames a member under
// pressure may miss, so they are queued as chat.
bool is_chat_frame(std::string_view frame) {
  return frame.ends_with(R"("type":"chat"})");
}

// The request id of a client's message, to answer it when its node could not run it.
protocol::request_id request_id_in(const std::string& text) {
  auto decoded = protocol::decode(text);
  if (const auto* m = std::get_if<protocol::client_message>(&decoded)) return protocol::id_of(*m);
  return {};
}

}  // namespace

cluster_relay::cluster_relay(net::io_context& ioc, context& ctx, cluster_node& node,
                             server::redis::redis_endpoint where, std::chrono::milliseconds timeout)
    : ioc_(ioc),
      ctx_(ctx),
      node_(node),
      self_(node.node_id()),
      run_(node.run()),
      timeout_(timeout),
      sub_(ioc, std::move(where), [this](const std::string& channel, const std::string& payload) {
        on_message(channel, payload);
      }) {
  sub_.on_subscribed([this](const std::string& channel) { on_subscribed(channel); });
  node_.on_node_gone(
      [this](const std::string& id) { net::post(sub_.strand(), [this, id] { drop_node(id); }); });
  node_.on_node_restarted([this](const std::string& id, const std::string& run) {
    net::post(sub_.strand(), [this, id, run] { node_restarted(id, run); });
  });
  node_.on_live_nodes([this](std::vector<std::string> live) {
    net::post(sub_.strand(),
              [this, live = std::move(live)]() mutable { live_nodes(std::move(live)); });
  });
}

cluster_relay::~cluster_relay() {
  sub_.stop();
}

void cluster_relay::start(std::function<void()> listening) {
  net::post(sub_.strand(), [this, listening = std::move(listening)]() mutable {
    listening_ = std::move(listening);
  });
  sub_.start();
  sub_.subscribe(requests_channel(self_));
  sub_.subscribe(replies_channel(self_));
}

void cluster_relay::stop() {
  net::post(sub_.strand(), [this] {
    stopped_ = true;
    for (auto& [key, served] : served_) served.peer->gone();
    served_.clear();
    for (auto& [req, p] : pending_) p.timer->cancel();
    pending_.clear();
    sub_.stop();
  });
}

void cluster_relay::owner_elsewhere(const std::string& room_id,
                                    std::function<void(std::optional<std::string>)> fn) {
  cluster::room_lease::read_owner(
      node_.redis(), room_id,
      [self = self_, fn = std::move(fn)](std::optional<cluster::lease_owner> o, bool) {
        if (o && o->node != self) return fn(o->node);
        fn(std::nullopt);
      });
}

std::optional<std::string> cluster_relay::placement() const {
  auto least = node_.least_loaded();
  if (least.empty() || least == self_) return std::nullopt;
  return least;
}

void cluster_relay::forward(const std::string& owner, const std::string& room_id,
                            const peer_ptr& self, const identity& who, const std::string& address,
                            std::string text, protocol::request_id re, std::shared_ptr<void> done,
                            reroute again) {
  relay_envelope e;
  e.what = relay_envelope::kind::request;
  e.from = self_;
  e.run = run_;
  e.peer = self->peer_id();
  e.token = who.token;
  e.address = address;
  e.text = std::move(text);
  net::post(sub_.strand(), [this, owner, room_id, self, e = std::move(e), re = std::move(re),
                            done = std::move(done), again = std::move(again)]() mutable {
    if (stopped_) {
      return send_text(*self, protocol::encode_error(re, protocol::error_code::room_unavailable,
                                                     "this server is shutting down; connect "
                                                     "again and retry"));
    }
    ctx_.stats.relay.forwarded.fetch_add(1);
    e.req = ++next_req_;
    auto& s = sessions_[e.peer];
    s.conn = self;
    s.owners.insert(owner);
    s.token = e.token;
    s.address = e.address;
    pending p;
    p.peer = e.peer;
    p.owner = owner;
    p.room = room_id;
    p.re = std::move(re);
    p.client = self;
    p.done = std::move(done);
    p.again = std::move(again);
    p.timer = std::make_unique<net::steady_timer>(sub_.strand());
    p.timer->expires_after(timeout_);
    p.timer->async_wait([this, req = e.req](const boost::system::error_code& ec) {
      if (!ec) finish(req, false);
    });
    pending_.emplace(e.req, std::move(p));
    const auto channel = requests_channel(owner);
    spdlog::debug("cluster: request {} of connection {} to {} (room '{}')", e.req, e.peer, owner,
                  room_id);
    if (room_id.empty()) return publish(channel, e);
    // Listening to the room before asking: every frame after the answer reaches the client.
    listen(room_id, [this, channel, e = std::move(e)] { publish(channel, e); });
    ++rooms_[room_id].pending;
  });
}

void cluster_relay::session_closed(std::uint64_t peer_id) {
  net::post(sub_.strand(), [this, peer_id] {
    const auto it = sessions_.find(peer_id);
    if (it == sessions_.end()) return;
    for (const auto& [room_id, owner] : it->second.rooms) {
      if (const auto r = rooms_.find(room_id); r != rooms_.end()) {
        r->second.members.erase(peer_id);
        forget_if_unused(room_id);
      }
    }
    relay_envelope e;
    e.what = relay_envelope::kind::gone;
    e.from = self_;
    e.peer = peer_id;
    for (const auto& owner : it->second.owners) publish(requests_channel(owner), e);
    sessions_.erase(it);
  });
}

void cluster_relay::on_message(const std::string& channel, const std::string& payload) {
  if (stopped_) return;
  try {
    if (channel.starts_with(room_prefix)) {
      return relay_frame(channel.substr(room_prefix.size()), payload);
    }
    auto e = relay_envelope::decode(payload);
    const bool request = channel == requests_channel(self_);
    const bool fits = e && (request == (e->what == relay_envelope::kind::request ||
                                        e->what == relay_envelope::kind::gone));
    if (!fits) {
      ctx_.stats.relay.refused.fetch_add(1);
      spdlog::warn("cluster: ignored a message on {} that is not well formed", channel);
      return;
    }
    if (!request) return on_reply(std::move(*e));
    if (e->what == relay_envelope::kind::gone) return drop_served(e->from, e->peer);
    serve(std::move(*e));
  } catch (...) {
    ctx_.stats.faults.report_current("a message on the cluster channel " + channel);
  }
}

void cluster_relay::on_subscribed(const std::string& channel) {
  spdlog::debug("cluster: listening on {}", channel);
  const bool requests = channel == requests_channel(self_);
  if (requests || channel == replies_channel(self_)) {
    (requests ? heard_requests_ : heard_replies_) = true;
    if (heard_requests_ && heard_replies_ && listening_) std::exchange(listening_, {})();
    return;
  }
  if (!channel.starts_with(room_prefix)) return;
  const auto it = rooms_.find(channel.substr(room_prefix.size()));
  if (it == rooms_.end()) return;
  it->second.subscribed = true;
  auto waiting = std::move(it->second.after_subscribe);
  it->second.after_subscribe.clear();
  for (auto& fn : waiting) fn();
}

void cluster_relay::serve(relay_envelope e) {
  spdlog::debug("cluster: serving request {} of {}'s connection {}", e.req, e.from, e.peer);
  ctx_.stats.relay.served.fetch_add(1);
  const auto key = std::make_pair(e.from, e.peer);
  if (const auto it = served_.find(key); it != served_.end()) {
    const auto& known = it->second.peer;
    if (it->second.run == e.run && known->token() == e.token && known->who()) {
      return known->run(known->who(), std::move(e.text), e.req);
    }
    // Another identity on that connection now (a login), or another run of its node that
    // numbers its connections anew: a new stand-in for it.
    known->gone();
    served_.erase(it);
  }
  auto served = std::make_shared<remote_peer>(
      ctx_, ioc_, self_, e.from, e.peer, e.token, e.address,
      [&node = node_, channel = replies_channel(e.from)](std::string payload) {
        node.publish(channel, std::move(payload));
      });
  served_[key] = served_client{served, e.run};
  // The client's own token is all this node takes from the other: it proves who speaks here.
  ctx_.identities.hello(
      {}, e.token,
      [this, served, text = std::move(e.text), req = e.req](identity_registry::outcome got) {
        net::post(sub_.strand(),
                  [this, served, text = std::move(text), req, who = std::move(got.who)]() mutable {
                    if (stopped_) return;
                    if (!who) {
                      const auto it = served_.find({served->origin(), served->origin_peer()});
                      if (it != served_.end() && it->second.peer == served) served_.erase(it);
                      send_text(*served, protocol::encode_error(request_id_in(text),
                                                                protocol::error_code::bad_token,
                                                                "this token is unknown here"));
                      return served->finished(req);
                    }
                    served->set_who(who);
                    served->run(std::move(who), std::move(text), req);
                  });
      });
}

void cluster_relay::drop_served(const std::string& origin, std::uint64_t peer) {
  const auto it = served_.find({origin, peer});
  if (it == served_.end()) return;
  it->second.peer->gone();
  served_.erase(it);
}

void cluster_relay::drop_node(const std::string& origin, const std::string& keep) {
  // Its clients are gone with it: their seats go offline here as a closed connection's do.
  for (auto it = served_.begin(); it != served_.end();) {
    if (it->first.first == origin && (keep.empty() || it->second.run != keep)) {
      it->second.peer->gone();
      it = served_.erase(it);
    } else {
      ++it;
    }
  }
}

void cluster_relay::node_restarted(const std::string& id, const std::string& run) {
  if (stopped_) return;
  // Not the new run's clients: their requests may have come before the census told of it,
  // and dropping their stand-ins would leave those requests unanswered.
  drop_node(id, run);
  // Sent to its last run, most likely, which will never answer; one sent to the new run since
  // is asked again by its client, and an answer that already came is not contradicted.
  std::vector<std::uint64_t> orphaned;
  for (const auto& [req, p] : pending_) {
    if (p.owner == id) orphaned.push_back(req);
  }
  for (const auto req : orphaned) finish(req, false, unanswered::owner_restarted);
}

void cluster_relay::live_nodes(std::vector<std::string> live) {
  if (stopped_) return;
  std::set<std::string> now(live.begin(), live.end());
  for (const auto& was : live_) {
    if (now.count(was) == 0) drop_node(was);
  }
  live_ = std::move(now);
  // Its owner will never answer: waiting out --forward-timeout would only keep the client
  // from trying again once the room is adopted.
  std::vector<std::uint64_t> orphaned;
  for (const auto& [req, p] : pending_) {
    if (p.owner != self_ && live_.count(p.owner) == 0) orphaned.push_back(req);
  }
  for (const auto req : orphaned) finish(req, false, unanswered::owner_gone);
}

void cluster_relay::on_reply(relay_envelope e) {
  using kind = relay_envelope::kind;
  spdlog::debug("cluster: reply from {} for connection {}: {}", e.from, e.peer, e.encode());
  if (e.what == kind::done) {
    const auto it = pending_.find(e.req);
    if (it != pending_.end() && it->second.peer == e.peer) finish(e.req, true);
    return;
  }
  const auto s = sessions_.find(e.peer);
  const auto conn = s == sessions_.end() ? nullptr : s->second.conn.lock();
  if (!conn) {
    // The client left while its request was under way: the owner forgets it too.
    if (e.what == kind::attached) {
      relay_envelope gone;
      gone.what = kind::gone;
      gone.from = self_;
      gone.peer = e.peer;
      publish(requests_channel(e.from), gone);
    }
    return;
  }
  switch (e.what) {
    case kind::frame: {
      // The answer to its own chat line: the room's copy of that line, next on the room's
      // channel, is not for it.
      if (is_chat_frame(e.text) && e.text.find(R"("re":)") != std::string::npos) {
        const auto j = nlohmann::json::parse(e.text, nullptr, false);
        if (j.is_object() && j.contains("room") && j["room"].is_string()) {
          const auto r = rooms_.find(j["room"].get<std::string>());
          if (r != rooms_.end()) {
            if (const auto m = r->second.members.find(e.peer); m != r->second.members.end()) {
              ++m->second.own_chats;
            }
          }
        }
      }
      note_answer(e.peer, e.text);
      conn->send(std::make_shared<const std::string>(std::move(e.text)));
      return;
    }
    case kind::attached: {
      s->second.rooms[e.room] = e.from;
      const auto known = rooms_.find(e.room);
      const bool listening = known != rooms_.end() && known->second.subscribed;
      if (listening) {
        known->second.members[e.peer] = member{conn, 0};
        return;
      }
      // Not listening yet (a room made by a forwarded create_room): whatever the owner
      // published before the SUBSCRIBE took is lost to the member, so once it took the member
      // gets the room's snapshot, which every frame after it continues.
      listen(e.room, [this, owner = e.from, peer = e.peer, room = e.room] {
        ask_snapshot(owner, peer, room);
      });
      rooms_[e.room].members[e.peer] = member{conn, 0};
      return;
    }
    case kind::detached:
      s->second.rooms.erase(e.room);
      if (const auto r = rooms_.find(e.room); r != rooms_.end()) {
        r->second.members.erase(e.peer);
        forget_if_unused(e.room);
      }
      return;
    default:
      return;
  }
}

void cluster_relay::relay_frame(const std::string& room_id, const std::string& frame) {
  const auto it = rooms_.find(room_id);
  if (it == rooms_.end()) return;
  const bool chat = is_chat_frame(frame);
  const auto shared = std::make_shared<const std::string>(frame);
  for (auto m = it->second.members.begin(); m != it->second.members.end();) {
    const auto conn = m->second.conn.lock();
    if (!conn) {
      m = it->second.members.erase(m);
      continue;
    }
    if (chat && m->second.own_chats > 0) {
      --m->second.own_chats;
    } else if (chat) {
      conn->send_chat(shared);
    } else {
      conn->send_patch(room_id, shared);
    }
    ctx_.stats.relay.frames_relayed.fetch_add(1);
    ++m;
  }
}

void cluster_relay::ask_snapshot(const std::string& owner, std::uint64_t peer,
                                 const std::string& room_id) {
  const auto s = sessions_.find(peer);
  if (s == sessions_.end() || !s->second.conn.lock()) return;
  relay_envelope e;
  e.what = relay_envelope::kind::request;
  e.from = self_;
  e.run = run_;  // else the owner takes it for another run's and replaces the client's stand-in
  e.peer = peer;
  e.token = s->second.token;
  e.address = s->second.address;
  // No request id: the snapshot comes as the room's own, and the owner's `done` for this
  // request matches nothing pending here.
  e.req = ++next_req_;
  e.text = nlohmann::json{{"type", "sync"}, {"room", room_id}}.dump();
  ctx_.stats.relay.snapshots_asked.fetch_add(1);
  publish(requests_channel(owner), e);
}

void cluster_relay::finish(std::uint64_t req, bool answered, unanswered why) {
  const auto it = pending_.find(req);
  if (it == pending_.end()) return;
  auto p = std::move(it->second);
  pending_.erase(it);
  p.timer->cancel();
  if (!answered && p.answered) {
    // The owner answered but stopped or died before saying it was done: the client has its
    // answer, and a second one, an error, would contradict it.
    spdlog::info(
        "cluster: a forwarded request of connection {} was answered by {}, which then "
        "did not finish it",
        p.peer, p.owner);
  } else if (!answered && why != unanswered::in_time) {
    ctx_.stats.relay.forwards_owner_gone.fetch_add(1);
    spdlog::info("cluster: a forwarded request of connection {} waited on {}, which is gone{}",
                 p.peer, p.owner, p.again ? ": it follows the room to its next owner" : "");
    if (p.again) {
      p.again(why == unanswered::owner_gone ? p.owner : std::string(), std::move(p.done));
    } else {
      send_text(*p.client,
                protocol::encode_error(p.re, protocol::error_code::room_unavailable,
                                       "the server running this room went away; another takes it "
                                       "over within seconds: try again"));
    }
  } else if (!answered) {
    ctx_.stats.relay.forward_timeouts.fetch_add(1);
    spdlog::warn("cluster: a forwarded request of connection {} got no answer in {} ms", p.peer,
                 timeout_.count());
    send_text(*p.client,
              protocol::encode_error(p.re, protocol::error_code::room_unavailable,
                                     "the server running this room did not answer in time; "
                                     "it may have changed owner: try again in a few seconds"));
  }
  if (!p.room.empty()) {
    if (const auto r = rooms_.find(p.room); r != rooms_.end()) {
      --r->second.pending;
      forget_if_unused(p.room);
    }
  }
  // p.done goes here: the client's next message is read.
}

void cluster_relay::note_answer(std::uint64_t peer, const std::string& frame) {
  if (frame.find(R"("re":)") == std::string::npos) return;
  for (auto& [req, p] : pending_) {
    if (p.peer != peer || std::holds_alternative<std::monostate>(p.re)) continue;
    const auto j = nlohmann::json::parse(frame, nullptr, false);
    if (j.is_object() && j.contains("re") && j["re"] == protocol::id_json(p.re)) p.answered = true;
    return;
  }
}

void cluster_relay::listen(const std::string& room_id, std::function<void()> then) {
  auto [it, fresh] = rooms_.try_emplace(room_id);
  if (fresh) {
    sub_.subscribe(std::string(room_prefix) + room_id);
    ctx_.stats.relay.rooms_relayed.fetch_add(1);
  }
  if (!then) return;
  if (it->second.subscribed) return then();
  it->second.after_subscribe.push_back(std::move(then));
}

void cluster_relay::forget_if_unused(const std::string& room_id) {
  const auto it = rooms_.find(room_id);
  if (it == rooms_.end() || !it->second.members.empty() || it->second.pending > 0) return;
  sub_.unsubscribe(std::string(room_prefix) + room_id);
  rooms_.erase(it);
  ctx_.stats.relay.rooms_relayed.fetch_sub(1);
}

void cluster_relay::publish(const std::string& channel, const relay_envelope& e) {
  node_.publish(channel, e.encode());
}

}  // namespace ringside::server
