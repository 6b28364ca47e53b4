#pragma once
// cluster_metrics: the counters of a node of a cluster (--cluster) for /metrics; all zero on a
// single server. Atomics, as in metrics.

#include <atomic>
#include <cstdint>
#include <string>

namespace ringside::server {

struct cluster_metrics {
  std::atomic<std::int64_t> leases_held{0};         // rooms this node owns now
  std::atomic<std::uint64_t> leases_claimed{0};     // claims granted
  std::atomic<std::uint64_t> leases_refused{0};     // claims refused: another node owns the room
  std::atomic<std::uint64_t> leases_lost{0};        // leases that ran out or were taken over
  std::atomic<std::uint64_t> leases_released{0};    // handed over cleanly (SIGTERM, room closed)
  std::atomic<std::uint64_t> redis_unavailable{0};  // commands Redis did not answer
  std::atomic<std::uint64_t> frames_published{0};   // patch and chat frames on room channels
  std::atomic<std::int64_t> nodes_live{0};          // live nodes at the last census
  std::atomic<std::uint64_t> nodes_expired{0};      // dead nodes noticed (heartbeat ran out)
  std::atomic<std::uint64_t> nodes_restarted{0};    // nodes seen started again under their id
  std::atomic<std::int64_t> online{0};              // connections on every live node
  std::atomic<std::uint64_t> rooms_taken_over{0};   // rooms claimed from a dead or departed node
  std::atomic<std::uint64_t> rooms_given_up{0};     // rooms another node took from this one
  std::atomic<std::uint64_t> lists_unavailable{0};  // lobby lists served without other nodes'

  // The Prometheus text for the above (appended to metrics::render).
  std::string render() const;
};

}  // namespace ringside::server
