#include "server/cluster/node_registry.hpp"

namespace ringside::server::cluster {

namespace {

// KEYS: members set, heartbeat key. ARGV: id, value, ttl ms.
const std::string beat_script = R"lua(
redis.call('SADD', KEYS[1], ARGV[1])
return redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
)lua";

// KEYS: members set. ARGV: heartbeat key prefix. Returns {{id, value, ...}, {dead id, ...}}.
const std::string census_script = R"lua(
local live, dead = {}, {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local value = redis.call('GET', ARGV[1] .. id)
  if value then
    table.insert(live, id)
    table.insert(live, value)
  else
    table.insert(dead, id)
    redis.call('SREM', KEYS[1], id)
  end
end
return {live, dead}
)lua";

const std::string heartbeat_prefix = "ringside:node:";

}  // namespace

node_registry::node_registry(redis::redis_client& redis, std::chrono::milliseconds ttl)
    : redis_(redis), ttl_(ttl) {}

std::string node_registry::heartbeat_key(const std::string& id) {
  return heartbeat_prefix + id;
}

const std::string& node_registry::members_key() {
  static const std::string key = "ringside:nodes";
  return key;
}

void node_registry::beat(const node_info& self, std::function<void(bool)> fn) {
  redis_.command({"EVAL", beat_script, "2", members_key(), heartbeat_key(self.id), self.id,
                  self.encode(), std::to_string(ttl_.count())},
                 [fn = std::move(fn)](redis::redis_reply r) { fn(r.ok()); });
}

void node_registry::census(std::function<void(std::optional<node_census>)> fn) {
  redis_.command(
      {"EVAL", census_script, "1", members_key(), heartbeat_prefix},
      [fn = std::move(fn)](redis::redis_reply r) {
        if (!r.ok() || r.type != redis::redis_reply::kind::array || r.elements.size() != 2) {
          fn(std::nullopt);
          return;
        }
        node_census out;
        const auto& live = r.elements[0].elements;
        for (std::size_t i = 0; i + 1 < live.size(); i += 2) {
          // A heartbeat that does not decode (another version's) counts as no node.
          if (auto n = node_info::decode(live[i].text, live[i + 1].text)) {
            out.live.push_back(std::move(*n));
          }
        }
        for (const auto& dead : r.elements[1].elements) out.expired.push_back(dead.text);
        fn(std::move(out));
      });
}

void node_registry::leave(const std::string& id, std::function<void(bool)> fn) {
  redis_.command({"DEL", heartbeat_key(id)},
                 [fn = std::move(fn)](redis::redis_reply r) { fn(r.ok()); });
}

}  // namespace ringside::server::cluster
