#include "server/relay_metrics.hpp"

#include <sstream>

namespace ringside::server {

std::string relay_metrics::render() const {
  std::ostringstream out;
  const auto one = [&out](const char* name, const char* type, const char* help, auto v) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << ' ' << type << '\n'
        << name << ' ' << v << '\n';
  };
  one("ringside_cluster_forwarded_total", "counter",
      "Requests of this node's clients forwarded to the node owning their room.", forwarded.load());
  one("ringside_cluster_forward_timeouts_total", "counter",
      "Forwarded requests the owner did not answer within --forward-timeout.",
      forward_timeouts.load());
  one("ringside_cluster_served_total", "counter",
      "Requests forwarded by other nodes that this node ran for its rooms.", served.load());
  one("ringside_cluster_envelopes_refused_total", "counter",
      "Messages on this node's request or reply channel ignored: garbled or not well formed.",
      refused.load());
  one("ringside_cluster_frames_relayed_total", "counter",
      "Room frames from other nodes' channels handed to members on this node.",
      frames_relayed.load());
  one("ringside_cluster_rooms_relayed", "gauge",
      "Rooms owned by other nodes whose channel this node listens to for its members.",
      rooms_relayed.load());
  one("ringside_cluster_rooms_placed_total", "counter",
      "create_room requests sent to a less loaded node.", rooms_placed.load());
  one("ringside_cluster_forwards_owner_gone_total", "counter",
      "Forwarded requests answered room_unavailable at once: their owner died or left.",
      forwards_owner_gone.load());
  one("ringside_cluster_snapshots_asked_total", "counter",
      "Room snapshots asked for members seated before this node listened to the room "
      "(a forwarded create_room).",
      snapshots_asked.load());
  return out.str();
}

}  // namespace ringside::server
