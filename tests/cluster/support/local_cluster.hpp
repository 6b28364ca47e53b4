#pragma once
// A whole cluster on loopback, as docker/compose.yaml's cluster profile runs it: one real
// redis-server, one PostgreSQL database (in the test process's one PostgreSQL server), three
// ringside-server nodes (node-a, node-b, node-c) sharing both, and a real HAProxy in front
// running docker/haproxy.cfg. Nodes can be killed, stopped and started again on their port,
// so takeover, forwarding and rolling-restart tests can be written against it.

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/haproxy_process.hpp"
#include "support/redis_server.hpp"
#include "support/server_process.hpp"

namespace ringside::test {

struct cluster_options {
  // Short, so a dead node's leases and heartbeat run out quickly in tests.
  std::string lease_ttl = "1";
  std::string node_ttl = "1";
  // HAProxy's check interval: with `fall 2`, a dead node leaves the pool after about two.
  std::string check_inter = "200ms";
  // More flags for every node (e.g. lifted message limits).
  std::vector<std::string> node_flags;
};

class local_cluster {
 public:
  static constexpr std::size_t size = 3;

  explicit local_cluster(cluster_options opts = {});
  ~local_cluster();
  local_cluster(const local_cluster&) = delete;
  local_cluster& operator=(const local_cluster&) = delete;

  // Where clients connect: HAProxy's port, and its stats page.
  std::uint16_t proxy_port() const { return proxy_->port(); }
  haproxy_process& proxy() { return *proxy_; }
  // The nodes' shared store and Redis.
  const std::string& store_url() const { return store_url_; }
  const std::string& store_database() const { return database_; }
  redis_server& redis() { return *redis_; }

  // Node i (0..2): its id (node-a...), its own port (past the proxy), its process.
  static std::string node_id(std::size_t i);
  std::uint16_t node_port(std::size_t i) const { return ports_[i]; }
  server_process& node(std::size_t i) { return *nodes_[i]; }
  bool node_running(std::size_t i) { return nodes_[i] && nodes_[i]->running(); }
  // The path that reaches node i's `path` through the proxy and nowhere else.
  static std::string via_node(std::size_t i, const std::string& path);
  // The node whose own /healthz counts a room, or size when none does (or several do).
  std::size_t node_with_rooms(std::int64_t rooms);

  // SIGKILL: no goodbye, as a crash.
  void kill_node(std::size_t i);
  // SIGTERM and wait; returns the exit status (0 for a clean exit).
  int terminate_node(std::size_t i, std::chrono::milliseconds limit = std::chrono::seconds(10));
  // A fresh process for node i: same id, same port, same store and Redis.
  void restart_node(std::size_t i);

 private:
  std::vector<std::string> flags_for(std::size_t i) const;

  cluster_options opts_;
  std::string database_;
  std::string store_url_;
  std::unique_ptr<redis_server> redis_;
  std::array<std::unique_ptr<server_process>, size> nodes_;
  std::array<std::uint16_t, size> ports_{};
  std::unique_ptr<haproxy_process> proxy_;
};

}  // namespace ringside::test
