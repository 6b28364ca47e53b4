#include "server/cluster/room_lease.hpp"

#include <charconv>

namespace ringside::server::cluster {

namespace {

// KEYS: owner, epoch. ARGV: node, ttl ms. Returns {epoch, node} when granted, {0, holder}
// when another holds the room.
const std::string claim_script = R"lua(
local holder = redis.call('GET', KEYS[1])
if holder then return {0, holder} end
local epoch = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. epoch, 'PX', ARGV[2])
return {epoch, ARGV[1]}
)lua";

// KEYS: owner. ARGV: "<node> <epoch>", ttl ms. 1 when still ours and extended.
const std::string renew_script = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
)lua";

// KEYS: owner. ARGV: "<node> <epoch>". 1 when it was ours and is now deleted.
const std::string release_script = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
)lua";

// KEYS: epoch. ARGV: the least epoch. Never lowers it.
const std::string raise_script = R"lua(
local now = tonumber(redis.call('GET', KEYS[1]) or '0')
if now < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
)lua";

}  // namespace

std::optional<lease_owner> lease_owner::parse(const std::string& value) {
  const auto space = value.rfind(' ');
  if (space == std::string::npos || space == 0) return std::nullopt;
  lease_owner out;
  out.node = value.substr(0, space);
  const char* first = value.data() + space + 1;
  const char* last = value.data() + value.size();
  const auto [end, ec] = std::from_chars(first, last, out.epoch);
  if (ec != std::errc{} || end != last || out.epoch == 0) return std::nullopt;
  return out;
}

room_lease::room_lease(redis::redis_client& redis, std::string room_id, std::string node_id,
                       lease_clock::settings timing)
    : redis_(redis), room_id_(std::move(room_id)), node_id_(std::move(node_id)), clock_(timing) {}

std::string room_lease::owner_key(const std::string& room_id) {
  return "ringside:room:" + room_id + ":owner";
}

std::string room_lease::epoch_key(const std::string& room_id) {
  return "ringside:room:" + room_id + ":epoch";
}

std::string room_lease::owner_value() const {
  return node_id_ + " " + std::to_string(epoch_);
}

void room_lease::claim(std::function<void(outcome)> fn) {
  const auto sent_at = lease_clock::clock::now();
  redis_.command(
      {"EVAL", claim_script, "2", owner_key(room_id_), epoch_key(room_id_), node_id_,
       std::to_string(clock_.config().ttl.count())},
      [self = shared_from_this(), sent_at, fn = std::move(fn)](redis::redis_reply r) {
        if (!r.ok() || r.type != redis::redis_reply::kind::array || r.elements.size() != 2) {
          fn(outcome::unavailable);
          return;
        }
        const auto epoch = r.elements[0].integer;
        if (epoch <= 0) {
          self->other_owner_ = lease_owner::parse(r.elements[1].text);
          fn(outcome::taken);
          return;
        }
        self->epoch_ = static_cast<std::uint64_t>(epoch);
        self->other_owner_.reset();
        self->clock_.granted(sent_at);
        fn(outcome::granted);
      });
}

void room_lease::adopted(std::uint64_t epoch, lease_clock::clock::time_point sent_at) {
  epoch_ = epoch;
  other_owner_.reset();
  clock_.granted(sent_at);
}

void room_lease::renew(std::function<void(outcome)> fn) {
  const auto sent_at = lease_clock::clock::now();
  redis_.command({"EVAL", renew_script, "1", owner_key(room_id_), owner_value(),
                  std::to_string(clock_.config().ttl.count())},
                 [self = shared_from_this(), sent_at, fn = std::move(fn)](redis::redis_reply r) {
                   if (!r.ok() || r.type != redis::redis_reply::kind::integer) {
                     fn(outcome::unavailable);
                     return;
                   }
                   if (r.integer != 1) {
                     self->clock_.lost();
                     fn(outcome::taken);
                     return;
                   }
                   self->clock_.granted(sent_at);
                   fn(outcome::granted);
                 });
}

void room_lease::release(std::function<void(bool)> fn) {
  clock_.lost();  // from now on this node does not act as the owner, whatever Redis says
  redis_.command({"EVAL", release_script, "1", owner_key(room_id_), owner_value()},
                 [self = shared_from_this(), fn = std::move(fn)](redis::redis_reply r) {
                   fn(r.type == redis::redis_reply::kind::integer && r.integer == 1);
                 });
}

void room_lease::raise_epoch(redis::redis_client& redis, const std::string& room_id,
                             std::int64_t epoch, std::function<void()> fn) {
  redis.command({"EVAL", raise_script, "1", epoch_key(room_id), std::to_string(epoch)},
                [fn = std::move(fn)](redis::redis_reply) { fn(); });
}

void room_lease::read_owner(redis::redis_client& redis, const std::string& room_id,
                            std::function<void(std::optional<lease_owner>, bool)> fn) {
  redis.command({"GET", owner_key(room_id)}, [fn = std::move(fn)](redis::redis_reply r) {
    if (!r.ok()) {
      fn(std::nullopt, false);
      return;
    }
    if (r.type != redis::redis_reply::kind::string) {
      fn(std::nullopt, true);
      return;
    }
    fn(lease_owner::parse(r.text), true);
  });
}

}  // namespace ringside::server::cluster
