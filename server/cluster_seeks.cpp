#include "server/cluster_seeks.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "protocol/wire/encode_seek.hpp"
#include "server/cluster/node_registry.hpp"
#include "server/cluster_node.hpp"
#include "server/cluster_relay.hpp"
#include "server/context.hpp"
#include "server/metrics.hpp"
#include "server/quick_pairing.hpp"
#include "server/room.hpp"

namespace ringside::server {

namespace {

const std::string seeks_entries_key = "ringside:seeks:entries";
const std::string seeks_shape_prefix = "ringside:seeks:shape:";
const std::string seeks_node_prefix = "ringside:seeks:node:";
const std::string seeks_order_key = "ringside:seeks:order";

// Shared by the scripts: an entry whose node's heartbeat ran out (or that cannot be read) is
// dropped; returns the decoded entry when it stays.
const std::string seeks_lua_helpers = R"lua(
local function drop(raw, id)
  redis.call('HDEL', KEYS[1], id)
  local ok, o = pcall(cjson.decode, raw)
  if ok and type(o) == 'table' then
    redis.call('ZREM', ARGV[1] .. 'shape:' .. tostring(o.shape), id)
    redis.call('SREM', ARGV[1] .. 'node:' .. tostring(o.node), id)
  end
end
local function live(raw, id)
  local ok, o = pcall(cjson.decode, raw)
  if not ok or type(o) ~= 'table' or type(o.node) ~= 'string' then
    drop(raw, id)
    return nil
  end
  if redis.call('EXISTS', ARGV[2] .. o.node) == 0 then
    drop(raw, id)
    return nil
  end
  return o
end
)lua";

// KEYS: entries hash. ARGV: key prefix, heartbeat prefix, new id, new entry, its shape, its
// node. The oldest live compatible entry of the shape is taken and returned, or the new entry
// is added and nil returned. Two names alike share a look-alike key: they never pair.
const std::string seeks_pair_script = seeks_lua_helpers + R"lua(
local me = cjson.decode(ARGV[4])
local function accepts(o, rating)
  if o.range_min == nil then return true end
  return rating >= o.range_min and rating <= o.range_max
end
local shape = ARGV[1] .. 'shape:' .. ARGV[5]
for _, id in ipairs(redis.call('ZRANGE', shape, 0, -1)) do
  local raw = redis.call('HGET', KEYS[1], id)
  if not raw then
    redis.call('ZREM', shape, id)
  else
    local o = live(raw, id)
    if o and o.player ~= me.player and accepts(o, me.rating) and accepts(me, o.rating) and
        o.keys[1] ~= me.keys[1] and o.keys[2] ~= me.keys[2] then
      drop(raw, id)
      return raw
    end
  end
end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[4])
redis.call('ZADD', shape, redis.call('INCR', ARGV[1] .. 'order'), ARGV[3])
redis.call('SADD', ARGV[1] .. 'node:' .. ARGV[6], ARGV[3])
return false
)lua";

// KEYS: entries hash. ARGV: key prefix, heartbeat prefix, node, ids... Drops the node's
// entries `ids`, or all of them when none is named.
const std::string seeks_withdraw_script = seeks_lua_helpers + R"lua(
local ids = {}
for i = 4, #ARGV do table.insert(ids, ARGV[i]) end
if #ids == 0 then ids = redis.call('SMEMBERS', ARGV[1] .. 'node:' .. ARGV[3]) end
for _, id in ipairs(ids) do
  local raw = redis.call('HGET', KEYS[1], id)
  if raw then
    local ok, o = pcall(cjson.decode, raw)
    if not ok or type(o) ~= 'table' or o.node == ARGV[3] then drop(raw, id) end
  end
  redis.call('SREM', ARGV[1] .. 'node:' .. ARGV[3], id)
end
return #ids
)lua";

// KEYS: entries hash. ARGV: key prefix, heartbeat prefix. The live entries.
const std::string seeks_list_script = seeks_lua_helpers + R"lua(
local out = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if live(all[i + 1], all[i]) then table.insert(out, all[i + 1]) end
end
return out
)lua";

// KEYS: entries hash. ARGV: key prefix, id, entry, shape, node. Back first in its line.
const std::string seeks_restore_script = R"lua(
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', ARGV[1] .. 'shape:' .. ARGV[4], 0, ARGV[2])
redis.call('SADD', ARGV[1] .. 'node:' .. ARGV[5], ARGV[2])
return 1
)lua";

const std::string seeks_key_prefix = "ringside:seeks:";

std::string heartbeat_prefix() {
  return cluster::node_registry::heartbeat_key("");
}

// The entry as stored, with the shape key the scripts need to find its line.
std::string stored_entry(const shared_seek& s) {
  auto j = nlohmann::json::parse(
      s.encode(std::chrono::steady_clock::now(), std::chrono::system_clock::now()));
  j["shape"] = shape_key(s.seek.shape);
  return j.dump();
}

}  // namespace

cluster_seeks::cluster_seeks(boost::asio::io_context& ioc, context& ctx, cluster_node& node,
                             server::redis::redis_endpoint where)
    : ctx_(ctx),
      node_(node),
      self_(node.node_id()),
      sub_(ioc, std::move(where), [this](const std::string& channel, const std::string& payload) {
        on_message(channel, payload);
      }) {
  // Seeks this node left in the pool in a run before (a crash, then a restart within the
  // heartbeat's ttl) have no seeker here any more. Once Redis first answers: before that a
  // command would find no connection.
  sub_.on_subscribed([this](const std::string&) {
    if (swept_) return;
    swept_ = true;
    withdraw({});
  });
}

cluster_seeks::~cluster_seeks() {
  sub_.stop();
}

void cluster_seeks::start() {
  sub_.start();
  sub_.subscribe(seeks_channel(self_));
}

void cluster_seeks::stop() {
  sub_.stop();
}

void cluster_seeks::pair(const open_seek& s, std::function<void(pairing)> fn) {
  const shared_seek mine{s, self_};
  node_.redis().command(
      {"EVAL", seeks_pair_script, "1", seeks_entries_key, seeks_key_prefix, heartbeat_prefix(),
       s.id, stored_entry(mine), shape_key(s.shape), self_},
      [fn = std::move(fn)](server::redis::redis_reply r) {
        using kind = server::redis::redis_reply::kind;
        if (!r.ok()) {
          spdlog::warn("cluster: the seeks' pool did not answer ({}); pairing on this node",
                       r.text);
          return fn({pairing::kind::unavailable, std::nullopt});
        }
        if (r.type == kind::nil) return fn({pairing::kind::waiting, std::nullopt});
        auto partner = shared_seek::decode(r.text, std::chrono::steady_clock::now(),
                                           std::chrono::system_clock::now());
        if (!partner) {
          // The script took an entry nobody can read: as if it was not there.
          spdlog::warn("cluster: dropped a seek entry that is not well formed");
          return fn({pairing::kind::unavailable, std::nullopt});
        }
        fn({pairing::kind::paired, std::move(partner)});
      });
}

void cluster_seeks::restore(const shared_seek& s) {
  node_.redis().command({"EVAL", seeks_restore_script, "1", seeks_entries_key, seeks_key_prefix,
                         s.seek.id, stored_entry(s), shape_key(s.seek.shape), s.node},
                        [id = s.seek.id](server::redis::redis_reply r) {
                          if (!r.ok())
                            spdlog::warn("cluster: seek {} not put back: {}", id, r.text);
                        });
}

void cluster_seeks::withdraw(std::vector<std::string> ids) {
  std::vector<std::string> args{"EVAL",           seeks_withdraw_script, "1",  seeks_entries_key,
                                seeks_key_prefix, heartbeat_prefix(),    self_};
  const bool all = ids.empty();
  for (auto& id : ids) args.push_back(std::move(id));
  node_.redis().command(std::move(args), [all](server::redis::redis_reply r) {
    if (!r.ok()) {
      spdlog::warn(
          "cluster: seeks not withdrawn from the pool ({}); they go with the node's "
          "heartbeat or are met and dropped",
          r.text);
    } else if (all && r.integer > 0) {
      spdlog::info("cluster: {} seeks of this node's previous run withdrawn", r.integer);
    }
  });
}

void cluster_seeks::open(std::function<void(std::optional<std::vector<open_seek>>)> fn) {
  node_.redis().command(
      {"EVAL", seeks_list_script, "1", seeks_entries_key, seeks_key_prefix, heartbeat_prefix()},
      [fn = std::move(fn)](server::redis::redis_reply r) {
        if (!r.ok() || r.type != server::redis::redis_reply::kind::array) return fn(std::nullopt);
        const auto steady_now = std::chrono::steady_clock::now();
        const auto wall_now = std::chrono::system_clock::now();
        std::vector<open_seek> out;
        out.reserve(r.elements.size());
        for (const auto& e : r.elements) {
          if (auto s = shared_seek::decode(e.text, steady_now, wall_now)) {
            out.push_back(std::move(s->seek));
          }
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const open_seek& a, const open_seek& b) { return a.since < b.since; });
        fn(std::move(out));
      });
}

void cluster_seeks::tell(const std::string& node, const seek_notice& n,
                         const std::shared_ptr<room>& made, const peer_ptr& seated,
                         identity_ptr who) {
  {
    const std::lock_guard lock(made_mutex_);
    const auto now = std::chrono::steady_clock::now();
    std::erase_if(made_,
                  [now](const auto& e) { return now - e.second.at > std::chrono::minutes(1); });
    made_[n.room] = made_across{node, n.seek, made, seated, std::move(who), now};
  }
  node_.publish(seeks_channel(node), n.encode());
}

void cluster_seeks::on_message(const std::string& channel, const std::string& payload) {
  try {
    const auto n = seek_notice::decode(payload);
    if (!n) {
      ctx_.stats.relay.refused.fetch_add(1);
      spdlog::warn("cluster: ignored a message on {} that is not well formed", channel);
      return;
    }
    if (n->declined) {
      declined_elsewhere(*n);
    } else {
      paired_elsewhere(*n);
    }
  } catch (...) {
    ctx_.stats.faults.report_current("a message on the cluster channel " + channel);
  }
}

void cluster_seeks::paired_elsewhere(const seek_notice& n) {
  auto taken = ctx_.seeks.take(n.seek);
  if (!taken) {
    // Cancelled here while the other node paired it.
    ctx_.stats.seeks_lost_across.fetch_add(1);
    spdlog::info("cluster: seek {} paired by {} into room {} is no longer open here", n.seek,
                 n.from, n.room);
    return decline(n);
  }
  auto& [s, by] = *taken;
  auto other = by.who ? ctx_.speakers.one_of(s.player, by.peer_id) : nullptr;
  if (!other || ctx_.relay == nullptr) {
    ctx_.stats.seeks_lost_across.fetch_add(1);
    spdlog::info("cluster: seek {} paired by {} into room {} has no connection left here", n.seek,
                 n.from, n.room);
    return decline(n);
  }
  spdlog::info("seek {} paired by {} in room {}", s.id, n.from, n.room);
  send_text(*other, protocol::encode_paired(
                        {}, s.id, n.room,
                        nlohmann::json{{"name", n.opponent_name}, {"rating", n.opponent_rating}}));
  // The client joins the room on its node as any remote room: through its owner.
  const nlohmann::json join{{"type", "join"}, {"room", n.room}, {"as", "player"}};
  ctx_.relay->forward(n.from, n.room, other, *by.who, by.address, join.dump(), {}, nullptr);
}

void cluster_seeks::decline(const seek_notice& n) {
  seek_notice answer{n.seek, n.room, self_, {}, 0, true};
  node_.publish(seeks_channel(n.from), answer.encode());
}

void cluster_seeks::declined_elsewhere(const seek_notice& n) {
  made_across m;
  {
    const std::lock_guard lock(made_mutex_);
    const auto it = made_.find(n.room);
    // Only the node told, about the seek it was told of: nothing else cancels a room.
    if (it == made_.end() || it->second.partner_node != n.from ||
        it->second.partner_seek != n.seek) {
      ctx_.stats.relay.refused.fetch_add(1);
      spdlog::warn("cluster: ignored {}'s answer about room {}, not one made here for its seek",
                   n.from, n.room);
      return;
    }
    m = std::move(it->second);
    made_.erase(it);
  }
  const auto made = m.made.lock();
  const auto seated = m.seated.lock();
  if (!made || !seated) return;  // gone, or its seeker left: the room's own rules end it
  spdlog::info("cluster: seek {} was no longer open on {}; room {} is cancelled", n.seek, n.from,
               n.room);
  // As its seeker's own cancel_room: the room ends unless it stopped waiting meanwhile.
  made->handle(seated, m.who, protocol::cancel_room{{}, n.room}, std::chrono::steady_clock::now(),
               nullptr);
}

}  // namespace ringside::server
