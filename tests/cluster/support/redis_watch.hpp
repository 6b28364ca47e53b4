#pragma once
// The test's own connection to the cluster's Redis, beside the nodes under test: who owns a
// room now, a wait until a given node does, and any one command. Each call runs the
// connection's io_context in the test's thread until the answer comes (support/io_wait), so
// a test reads top to bottom; the cases that drive their own Redis objects (a subscriber, a
// lease) run them on ioc() and client().

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "server/cluster/room_lease.hpp"
#include "server/redis/redis_client.hpp"
#include "server/redis/redis_reply.hpp"
#include "support/redis_server.hpp"

namespace ringside::test {

class redis_watch {
 public:
  // Connects to `redis` (started here, stopped with this object).
  explicit redis_watch(const redis_server& redis);
  ~redis_watch();
  redis_watch(const redis_watch&) = delete;
  redis_watch& operator=(const redis_watch&) = delete;

  // Who owns `room` now; nullopt when no node does.
  std::optional<server::cluster::lease_owner> owner(const std::string& room);
  // Polls until `node` owns `room` (or, with an empty `node`, until nobody owns it); how long
  // that took, or nullopt past `limit`.
  std::optional<std::chrono::milliseconds> owner_becomes(const std::string& room,
                                                         const std::string& node,
                                                         std::chrono::milliseconds limit);
  // Polls until some node owns `room`: that node, or "" past `limit`.
  std::string owner_within(const std::string& room, std::chrono::milliseconds limit);
  // Redis's answer to `args` (one command); the test fails when none comes.
  server::redis::redis_reply command(std::vector<std::string> args);

  boost::asio::io_context& ioc() { return ioc_; }
  server::redis::redis_client& client() { return client_; }

 private:
  boost::asio::io_context ioc_;
  server::redis::redis_client client_;
};

}  // namespace ringside::test
