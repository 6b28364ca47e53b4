#include "support/redis_watch.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <utility>

#include "support/io_wait.hpp"

namespace ringside::test {

using server::cluster::lease_owner;
using server::cluster::room_lease;
using server::redis::redis_endpoint;
using server::redis::redis_reply;
using namespace std::chrono_literals;

namespace {

// Reads `room`'s owner every 10 ms (running its io_context meanwhile) until `wanted` holds of it:
// how long that took, or nullopt past `limit`. Reads at least once.
std::optional<std::chrono::milliseconds> poll_owner(
    redis_watch& r, const std::string& room,
    const std::function<bool(const std::optional<lease_owner>&)>& wanted,
    std::chrono::milliseconds limit) {
  const auto start = std::chrono::steady_clock::now();
  do {
    if (wanted(r.owner(room))) {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - start);
    }
    run_until(
        r.ioc(), [] { return false; }, 10ms);
  } while (std::chrono::steady_clock::now() - start < limit);
  return std::nullopt;
}

}  // namespace

redis_watch::redis_watch(const redis_server& redis)
    : client_(ioc_, *redis_endpoint::parse(redis.url())) {
  client_.start();
}

redis_watch::~redis_watch() {
  client_.stop();
}

std::optional<lease_owner> redis_watch::owner(const std::string& room) {
  std::optional<std::optional<lease_owner>> got;
  room_lease::read_owner(client_, room, [&](std::optional<lease_owner> o, bool) { got = o; });
  REQUIRE(run_until(ioc_, [&] { return got.has_value(); }));
  return *got;
}

std::optional<std::chrono::milliseconds> redis_watch::owner_becomes(
    const std::string& room, const std::string& node, std::chrono::milliseconds limit) {
  return poll_owner(
      *this, room,
      [&](const std::optional<lease_owner>& o) {
        return node.empty() ? !o.has_value() : (o && o->node == node);
      },
      limit);
}

std::string redis_watch::owner_within(const std::string& room, std::chrono::milliseconds limit) {
  std::string node;
  poll_owner(
      *this, room,
      [&](const std::optional<lease_owner>& o) {
        node = o ? o->node : "";
        return o.has_value();
      },
      limit);
  return node;
}

redis_reply redis_watch::command(std::vector<std::string> args) {
  std::optional<redis_reply> got;
  client_.command(std::move(args), [&](redis_reply r) { got = std::move(r); });
  REQUIRE(run_until(ioc_, [&] { return got.has_value(); }));
  return std::move(*got);
}

}  // namespace ringside::test
