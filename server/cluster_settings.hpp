#pragma once
// cluster_settings: --cluster and its companions; an empty redis_url is a single server.

#include <string>

namespace ringside::server {

struct cluster_settings {
  std::string redis_url;   // redis://host:port, or empty
  std::string node_id;     // empty: made up at start (unique per run)
  std::string address;     // host:port other nodes and the proxy reach; empty: the bound one
  double lease_ttl_s = 5;  // a room's lease lives this long without renewal
  double node_ttl_s = 5;   // a node's heartbeat lives this long without the next one
  // A request forwarded to the node owning its room waits this long for the answer.
  double forward_timeout_s = 2;
  // New rooms pass a node over only when its load per core exceeds the lightest by this.
  double placement_load_margin = 0.5;
};

}  // namespace ringside::server
