#pragma once
// The flags that make a ringside-server a node of a test cluster: its Redis, its id, its
// ttls (short by default, so a dead node is noticed in about a second) and, when set, the
// shared store. Each test adds what it needs after them.

#include <string>
#include <vector>

namespace ringside::test {

struct cluster_node_spec {
  std::string redis;    // the cluster's Redis URL
  std::string id;       // --cluster-node-id
  std::string store{};  // --store; empty: the node's own SQLite journal
  std::string lease_ttl = "1";
  std::string node_ttl = "1";
};

inline std::vector<std::string> node_flags(const cluster_node_spec& node,
                                           const std::vector<std::string>& more = {}) {
  std::vector<std::string> flags{"--cluster",   node.redis,     "--cluster-node-id", node.id,
                                 "--lease-ttl", node.lease_ttl, "--node-ttl",        node.node_ttl};
  if (!node.store.empty()) flags.insert(flags.end(), {"--store", node.store});
  flags.insert(flags.end(), more.begin(), more.end());
  return flags;
}

// `a`, then `b`: for a node that needs flags from two lists.
inline std::vector<std::string> joined(std::vector<std::string> a,
                                       const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace ringside::test
