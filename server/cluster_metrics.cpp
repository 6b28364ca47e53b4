#include "server/cluster_metrics.hpp"

#include <sstream>

namespace ringside::server {

std::string cluster_metrics::render() const {
  std::ostringstream out;
  const auto one = [&out](const char* name, const char* type, const char* help, auto v) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n'
        << name << ' ' << v << '\n';
  };
  one("ringside_cluster_leases_held", "gauge", "Rooms this node owns (leases held in Redis).",
      leases_held.load());
  one("ringside_cluster_leases_claimed_total", "counter", "Room leases this node was granted.",
      leases_claimed.load());
  one("ringside_cluster_leases_refused_total", "counter",
      "Room lease claims refused: another node owns the room.", leases_refused.load());
  one("ringside_cluster_leases_lost_total", "counter",
      "Room leases lost: taken over, or not renewed within --lease-ttl.", leases_lost.load());
  one("ringside_cluster_leases_released_total", "counter",
      "Room leases given up cleanly (room closed, or SIGTERM).", leases_released.load());
  one("ringside_cluster_redis_unavailable_total", "counter",
      "Redis commands not answered (Redis down, connection lost, or timed out).",
      redis_unavailable.load());
  one("ringside_cluster_frames_published_total", "counter",
      "Patch and chat frames published on room channels.", frames_published.load());
  one("ringside_cluster_nodes_live", "gauge", "Live nodes at the last census.", nodes_live.load());
  one("ringside_cluster_nodes_expired_total", "counter",
      "Dead nodes noticed: their heartbeat ran out past --node-ttl.", nodes_expired.load());
  one("ringside_cluster_nodes_restarted_total", "counter",
      "Nodes seen started again under the same id between two heartbeats (a new run token).",
      nodes_restarted.load());
  one("ringside_cluster_online", "gauge", "WebSocket connections on every live node.",
      online.load());
  one("ringside_cluster_rooms_taken_over_total", "counter",
      "Rooms this node took over: adopted from a dead or departed node, or claimed on demand.",
      rooms_taken_over.load());
  one("ringside_cluster_rooms_given_up_total", "counter",
      "Rooms this node gave up: another node took them over (lease or store fencing).",
      rooms_given_up.load());
  one("ringside_cluster_lists_unavailable_total", "counter",
      "Lobby room lists served with this node's rooms only: Redis did not answer.",
      lists_unavailable.load());
  return out.str();
}

}  // namespace ringside::server
