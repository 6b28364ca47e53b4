#pragma once
// relay_metrics: the counters of forwarding and relaying between the nodes of a cluster
// (--cluster) for /metrics; all zero on a single server. Atomics, as in metrics.

#include <atomic>
#include <cstdint>
#include <string>

namespace ringside::server {

struct relay_metrics {
  std::atomic<std::uint64_t> forwarded{0};         // this node's clients' requests sent to owners
  std::atomic<std::uint64_t> forward_timeouts{0};  // of those, unanswered within the bound
  std::atomic<std::uint64_t> served{0};            // other nodes' requests this node ran
  std::atomic<std::uint64_t> refused{0};           // envelopes ignored: garbled or forged
  std::atomic<std::uint64_t> frames_relayed{0};    // room frames handed to local members
  std::atomic<std::int64_t> rooms_relayed{0};      // other nodes' rooms this node listens to
  std::atomic<std::uint64_t> rooms_placed{0};      // create_room sent to the least-loaded node
  // Forwarded requests answered room_unavailable at once: their owner left the census.
  std::atomic<std::uint64_t> forwards_owner_gone{0};
  // Snapshots asked for members of a room this node began listening to after they joined.
  std::atomic<std::uint64_t> snapshots_asked{0};

  // The Prometheus text for the above (appended to metrics::render).
  std::string render() const;
};

}  // namespace ringside::server
