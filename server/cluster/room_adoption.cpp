#include "server/cluster/room_adoption.hpp"

#include "server/cluster/node_registry.hpp"
#include "server/cluster/room_lease.hpp"

namespace ringside::server::cluster {

namespace {

// KEYS: orphans, this node's rooms. ARGV: node, ttl ms, most, owner key prefix, suffixes of
// the owner and epoch keys, heartbeat key prefix. The claim is room_lease's, inlined: the
// owner key is set only when absent, with the next epoch. Returns {room, epoch, ...}.
const std::string adopt_script = R"lua(
local out = {}
local rooms = redis.call('SRANDMEMBER', KEYS[1], tonumber(ARGV[3]))
for _, room in ipairs(rooms) do
  local owner_key = ARGV[4] .. room .. ARGV[5]
  local holder = redis.call('GET', owner_key)
  if not holder then
    local epoch = redis.call('INCR', ARGV[4] .. room .. ARGV[6])
    redis.call('SET', owner_key, ARGV[1] .. ' ' .. epoch, 'PX', ARGV[2])
    redis.call('SREM', KEYS[1], room)
    redis.call('SADD', KEYS[2], room)
    table.insert(out, room)
    table.insert(out, epoch)
  else
    local node = string.match(holder, '^(.*) %d+$')
    if node and redis.call('EXISTS', ARGV[7] .. node) == 1 then
      redis.call('SREM', KEYS[1], room)
    end
  end
end
return out
)lua";

// KEYS: a node's rooms, orphans. ARGV (only when that node is this one, started again): node,
// owner key prefix, owner key suffix; each lease that node's id holds (a previous run's) is
// freed too. Returns how many rooms became orphans.
const std::string orphan_script = R"lua(
local rooms = redis.call('SMEMBERS', KEYS[1])
for _, room in ipairs(rooms) do
  if ARGV[1] then
    local owner_key = ARGV[2] .. room .. ARGV[3]
    local holder = redis.call('GET', owner_key)
    if holder and string.match(holder, '^(.*) %d+$') == ARGV[1] then
      redis.call('DEL', owner_key)
    end
  end
  redis.call('SADD', KEYS[2], room)
end
redis.call('DEL', KEYS[1])
return #rooms
)lua";

// room_lease's owner and epoch keys are "<prefix><room><suffix>": their parts, for scripts
// that build the keys of rooms they read from a set.
struct lease_key_parts {
  std::string prefix;
  std::string owner_suffix;
  std::string epoch_suffix;
};

const lease_key_parts& lease_keys() {
  static const lease_key_parts parts = [] {
    const std::string probe = "\x01";
    const std::string owner_key = room_lease::owner_key(probe);
    const std::string epoch_key = room_lease::epoch_key(probe);
    return lease_key_parts{owner_key.substr(0, owner_key.find(probe)),
                           owner_key.substr(owner_key.find(probe) + 1),
                           epoch_key.substr(epoch_key.find(probe) + 1)};
  }();
  return parts;
}

}  // namespace

room_adoption::room_adoption(redis::redis_client& redis, std::string node_id,
                             std::chrono::milliseconds ttl)
    : redis_(redis), node_id_(std::move(node_id)), ttl_(ttl) {}

std::string room_adoption::rooms_key(const std::string& node_id) {
  return "ringside:node:" + node_id + ":rooms";
}

const std::string& room_adoption::orphans_key() {
  static const std::string key = "ringside:orphans";
  return key;
}

void room_adoption::owned(const std::string& room) {
  redis_.command({"SADD", rooms_key(node_id_), room}, [](redis::redis_reply) {});
}

void room_adoption::dropped(const std::string& room) {
  redis_.command({"SREM", rooms_key(node_id_), room}, [](redis::redis_reply) {});
}

void room_adoption::handed_over(const std::string& room, std::function<void()> done) {
  redis_.command({"SREM", rooms_key(node_id_), room}, [](redis::redis_reply) {});
  redis_.command({"SADD", orphans_key(), room},
                 [done = std::move(done)](redis::redis_reply) { done(); });
}

void room_adoption::orphan_rooms_of(const std::string& dead) {
  redis_.command({"EVAL", orphan_script, "2", rooms_key(dead), orphans_key()},
                 [](redis::redis_reply) {});
}

void room_adoption::started_again(std::function<void(std::int64_t)> done) {
  const auto& keys = lease_keys();
  redis_.command({"EVAL", orphan_script, "2", rooms_key(node_id_), orphans_key(), node_id_,
                  keys.prefix, keys.owner_suffix},
                 [done = std::move(done)](redis::redis_reply r) {
                   done(r.ok() && r.type == redis::redis_reply::kind::integer ? r.integer : 0);
                 });
}

void room_adoption::adopt(
    int most, std::function<void(std::vector<adopted>, std::chrono::steady_clock::time_point)> fn) {
  const auto& keys = lease_keys();
  static const std::string heartbeat = node_registry::heartbeat_key("");
  const auto sent_at = std::chrono::steady_clock::now();
  redis_.command({"EVAL", adopt_script, "2", orphans_key(), rooms_key(node_id_), node_id_,
                  std::to_string(ttl_.count()), std::to_string(most), keys.prefix,
                  keys.owner_suffix, keys.epoch_suffix, heartbeat},
                 [sent_at, fn = std::move(fn)](redis::redis_reply r) {
                   std::vector<adopted> out;
                   if (r.ok() && r.type == redis::redis_reply::kind::array) {
                     for (std::size_t i = 0; i + 1 < r.elements.size(); i += 2) {
                       out.push_back({r.elements[i].text, r.elements[i + 1].integer});
                     }
                   }
                   fn(std::move(out), sent_at);
                 });
}

}  // namespace ringside::server::cluster
