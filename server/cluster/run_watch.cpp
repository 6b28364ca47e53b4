#include "server/cluster/run_watch.hpp"

namespace ringside::server::cluster {

std::vector<std::string> run_watch::restarted(const std::vector<node_info>& live) {
  std::vector<std::string> out;
  std::map<std::string, std::string> now;
  for (const auto& n : live) {
    if (n.run.empty()) continue;
    const auto was = runs_.find(n.id);
    if (was != runs_.end() && was->second != n.run) out.push_back(n.id);
    now[n.id] = n.run;
  }
  runs_ = std::move(now);
  return out;
}

}  // namespace ringside::server::cluster
