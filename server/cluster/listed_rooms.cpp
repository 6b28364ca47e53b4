#include "server/cluster/listed_rooms.hpp"

#include <charconv>

#include "server/cluster/node_registry.hpp"

namespace ringside::server::cluster {

namespace {

const std::string listed_prefix = "ringside:node:";
const std::string listed_suffix = ":listed";

// KEYS[1]: the set of nodes; ARGV[1]: the reader's id (its own rooms it knows already);
// ARGV[2], ARGV[3]: a node's hash key around its id. A flat array of room, entry pairs.
const std::string others_script = R"lua(
local out = {}
for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if node ~= ARGV[1] then
    local h = redis.call('HGETALL', ARGV[2] .. node .. ARGV[3])
    for i = 1, #h do out[#out + 1] = h[i] end
  end
end
return out
)lua";

}  // namespace

listed_rooms::listed_rooms(redis::redis_client& redis, std::string node_id,
                           std::chrono::milliseconds ttl, std::chrono::milliseconds cache_for)
    : redis_(redis),
      node_id_(std::move(node_id)),
      key_(key(node_id_)),
      ttl_(ttl),
      cache_for_(cache_for) {}

std::string listed_rooms::key(const std::string& node) {
  return listed_prefix + node + listed_suffix;
}

std::string listed_rooms::encode(std::uint64_t order, const std::string& summary_json) {
  std::string out = std::to_string(order);
  out.push_back('\n');
  out += summary_json;
  return out;
}

std::optional<std::pair<std::uint64_t, nlohmann::json>> listed_rooms::decode(
    const std::string& entry) {
  const auto newline = entry.find('\n');
  if (newline == std::string::npos) return std::nullopt;
  std::uint64_t order = 0;
  const auto* end = entry.data() + newline;
  const auto [at, ec] = std::from_chars(entry.data(), end, order);
  if (ec != std::errc() || at != end) return std::nullopt;
  auto summary = nlohmann::json::parse(entry.begin() + static_cast<std::ptrdiff_t>(newline) + 1,
                                       entry.end(), nullptr, false);
  if (!summary.is_object() || !summary.contains("game") || !summary["game"].is_string() ||
      !summary.contains("status") || !summary["status"].is_string()) {
    return std::nullopt;
  }
  return std::make_pair(order, std::move(summary));
}

void listed_rooms::put(const std::string& room, std::string entry) {
  if (entry.empty()) {
    if (own_.erase(room) == 0) return;
    redis_.command({"HDEL", key_, room}, [](redis::redis_reply) {});
    return;
  }
  redis_.command({"HSET", key_, room, entry}, [](redis::redis_reply) {});
  // The HSET may have made the hash anew: it must expire even if this node dies before its
  // next heartbeat.
  redis_.command({"PEXPIRE", key_, std::to_string(ttl_.count())}, [](redis::redis_reply) {});
  own_[room] = std::move(entry);
}

void listed_rooms::write_all() {
  if (own_.empty()) return;
  std::vector<std::string> args{"HSET", key_};
  args.reserve(2 + own_.size() * 2);
  for (const auto& [room, entry] : own_) {
    args.push_back(room);
    args.push_back(entry);
  }
  redis_.command(std::move(args), [](redis::redis_reply) {});
  redis_.command({"PEXPIRE", key_, std::to_string(ttl_.count())}, [](redis::redis_reply) {});
}

void listed_rooms::refresh() {
  redis_.command({"PEXPIRE", key_, std::to_string(ttl_.count())}, [this](redis::redis_reply r) {
    // 0: no such key (it ran out, or Redis lost it): this node's entries are written again.
    if (r.type == redis::redis_reply::kind::integer && r.integer == 0) write_all();
  });
}

void listed_rooms::leave(std::function<void()> done) {
  redis_.command({"DEL", key_}, [done = std::move(done)](redis::redis_reply) { done(); });
}

void listed_rooms::others(std::function<void(std::shared_ptr<const entries>)> fn) {
  const auto now = clock::now();
  if (cached_ && now - cached_at_ < cache_for_) return fn(cached_);
  waiting_.push_back(std::move(fn));
  if (waiting_.size() > 1) return;  // a read is in flight: its answer serves this one too
  redis_.command({"EVAL", others_script, "1", node_registry::members_key(), node_id_, listed_prefix,
                  listed_suffix},
                 [this, asked_at = now](redis::redis_reply r) {
                   std::shared_ptr<const entries> got;
                   if (r.type == redis::redis_reply::kind::array) {
                     auto read = std::make_shared<entries>();
                     for (std::size_t i = 0; i + 1 < r.elements.size(); i += 2) {
                       (*read)[r.elements[i].text] = r.elements[i + 1].text;
                     }
                     got = std::move(read);
                     cached_ = got;
                     cached_at_ = asked_at;
                   } else {
                     cached_.reset();
                   }
                   auto answers = std::move(waiting_);
                   waiting_.clear();
                   for (auto& answer : answers) answer(got);
                 });
}

}  // namespace ringside::server::cluster
