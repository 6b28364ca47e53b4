// What the cluster's Redis round trips cost on this machine (printed; the bounds are loose, to
// catch a client that waits for a timer instead of the socket, not to benchmark).
#include <doctest/doctest.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <optional>

#include "server/cluster/room_lease.hpp"
#include "server/redis/redis_subscriber.hpp"
#include "support/io_wait.hpp"
#include "support/redis_server.hpp"

using namespace std::chrono_literals;
using ringside::server::cluster::lease_clock;
using ringside::server::cluster::room_lease;
using ringside::server::redis::redis_client;
using ringside::server::redis::redis_endpoint;
using ringside::server::redis::redis_reply;
using ringside::server::redis::redis_subscriber;
using ringside::test::redis_server;
using ringside::test::run_until;

namespace {

double median_us(std::vector<std::chrono::steady_clock::duration> v) {
  std::sort(v.begin(), v.end());
  return static_cast<double>(
      std::chrono::duration_cast<std::chrono::microseconds>(v[v.size() / 2]).count());
}

}  // namespace

TEST_CASE("a claim, a renewal and a published frame each take about a loopback round trip") {
  redis_server redis;
  boost::asio::io_context ioc;
  redis_client c(ioc, *redis_endpoint::parse(redis.url()));
  c.start();
  // Each answer notes when it came (run_until looks only every few milliseconds).
  std::chrono::steady_clock::time_point answered_at;
  std::string last;
  bool subscribed = false;
  redis_subscriber sub(ioc, *redis_endpoint::parse(redis.url()),
                       [&](const std::string&, const std::string& payload) {
                         last = payload;
                         answered_at = std::chrono::steady_clock::now();
                       });
  sub.on_subscribed([&](const std::string&) { subscribed = true; });
  sub.start();
  sub.subscribe("room:timing");
  REQUIRE(run_until(ioc, [&] { return subscribed; }));

  std::vector<std::chrono::steady_clock::duration> claims, renewals, frames;
  for (int i = 0; i < 200; ++i) {
    auto l =
        std::make_shared<room_lease>(c, "t" + std::to_string(i), "node-a", lease_clock::settings{});
    std::optional<room_lease::outcome> got;
    auto began = std::chrono::steady_clock::now();
    l->claim([&](room_lease::outcome o) {
      got = o;
      answered_at = std::chrono::steady_clock::now();
    });
    REQUIRE(run_until(ioc, [&] { return got.has_value(); }));
    claims.push_back(answered_at - began);
    REQUIRE(*got == room_lease::outcome::granted);
    got.reset();
    began = std::chrono::steady_clock::now();
    l->renew([&](room_lease::outcome o) {
      got = o;
      answered_at = std::chrono::steady_clock::now();
    });
    REQUIRE(run_until(ioc, [&] { return got.has_value(); }));
    renewals.push_back(answered_at - began);
    REQUIRE(*got == room_lease::outcome::granted);
    // A patch-sized frame, from PUBLISH to the subscriber's handler.
    const std::string frame =
        R"({"ops":[{"op":"replace","path":"/turn","value":2}],"room":"timing","type":"patch","version":)" +
        std::to_string(i) + "}";
    began = std::chrono::steady_clock::now();
    c.command({"PUBLISH", "room:timing", frame}, [](redis_reply) {});
    REQUIRE(run_until(ioc, [&] { return last == frame; }));
    frames.push_back(answered_at - began);
  }
  MESSAGE("median over 200: claim " << median_us(claims) << " us, renewal " << median_us(renewals)
                                    << " us, publish to subscriber " << median_us(frames) << " us");
  CHECK(median_us(claims) < 20000);
  CHECK(median_us(renewals) < 20000);
  CHECK(median_us(frames) < 20000);
  sub.stop();
  c.stop();
}
