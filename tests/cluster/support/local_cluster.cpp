#include "support/local_cluster.hpp"

#include <signal.h>

#include <nlohmann/json.hpp>

#include "support/node_flags.hpp"
#include "support/postgres_cluster.hpp"
#include "support/ws_client.hpp"

namespace ringside::test {

local_cluster::local_cluster(cluster_options opts) : opts_(std::move(opts)) {
  auto& postgres = test_support::postgres_cluster::shared();
  database_ = postgres.create_database();
  store_url_ = postgres.url(database_);
  redis_ = std::make_unique<redis_server>();
  for (std::size_t i = 0; i < size; ++i) {
    nodes_[i] = std::make_unique<server_process>(flags_for(i));
    ports_[i] = nodes_[i]->port();
  }
  proxy_ = std::make_unique<haproxy_process>(ports_, opts_.check_inter);
}

local_cluster::~local_cluster() = default;

std::string local_cluster::node_id(std::size_t i) {
  return std::string("node-") + static_cast<char>('a' + i);
}

std::string local_cluster::via_node(std::size_t i, const std::string& path) {
  return "/node/" + node_id(i) + path;
}

std::vector<std::string> local_cluster::flags_for(std::size_t i) const {
  return node_flags({.redis = redis_->url(),
                     .id = node_id(i),
                     .store = store_url_,
                     .lease_ttl = opts_.lease_ttl,
                     .node_ttl = opts_.node_ttl},
                    joined({"--trust-proxy", "127.0.0.1"}, opts_.node_flags));
}

std::size_t local_cluster::node_with_rooms(std::int64_t rooms) {
  std::size_t found = size;
  for (std::size_t i = 0; i < size; ++i) {
    if (!node_running(i)) continue;
    const auto [status, body] = http_get(ports_[i], "/healthz");
    if (status != 200 || nlohmann::json::parse(body).value("rooms", -1) != rooms) continue;
    if (found != size) return size;
    found = i;
  }
  return found;
}

void local_cluster::kill_node(std::size_t i) {
  if (nodes_[i]) nodes_[i]->stop(SIGKILL);
}

int local_cluster::terminate_node(std::size_t i, std::chrono::milliseconds limit) {
  return nodes_[i] ? nodes_[i]->stop(SIGTERM, limit) : -1;
}

void local_cluster::restart_node(std::size_t i) {
  if (nodes_[i]) nodes_[i]->stop(SIGKILL);
  nodes_[i].reset();
  launch_options how;
  how.port = ports_[i];
  nodes_[i] = std::make_unique<server_process>(flags_for(i), how);
}

}  // namespace ringside::test
