#pragma once
// node_census: what one look at the node registry found: every live node with what its last
// heartbeat said, and the nodes whose heartbeat ran out since the last look. Pure: choosing
// the node for a new room and the cluster-wide online count are worked out here.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ringside::server::cluster {

// One node as its heartbeat describes it.
struct node_info {
  std::string id;           // unique per process run
  std::string address;      // where other nodes and the proxy reach it (host:port)
  std::int64_t rooms = 0;   // rooms it owns
  std::int64_t online = 0;  // WebSocket connections open on it
  double load = 0;          // the machine's load average (1 min) divided by its cores
  std::string run;          // new at each process start: tells a restart under the same id

  // The heartbeat's value (JSON), and back; nullopt for a value that is not one.
  std::string encode() const;
  static std::optional<node_info> decode(const std::string& id, const std::string& value);
};

struct node_census {
  std::vector<node_info> live;
  std::vector<std::string> expired;  // heartbeats that ran out, noticed by this look

  // Where a new room should go: the node owning the fewest rooms, then holding the fewest
  // connections, then the smallest id (so all nodes agree), among the nodes whose load is
  // within `load_margin` of the least loaded machine's. The load average moves all the time
  // and differs between equally idle nodes; compared at once it would scatter rooms
  // at random, so only a machine loaded well past another is passed over.
  std::optional<node_info> least_loaded(double load_margin) const;
  // WebSocket connections open on every live node together.
  std::int64_t online() const;
  bool is_live(const std::string& id) const;
};

}  // namespace ringside::server::cluster
