#pragma once
// run_watch: tells a node started again under the same id from one that kept running, by the
// run token each heartbeat carries. A restart between two looks is no death to the census (the
// id never stopped beating), but everything the old process held is gone all the same. Pure.

#include <map>
#include <string>
#include <vector>

#include "server/cluster/node_census.hpp"

namespace ringside::server::cluster {

class run_watch {
 public:
  // The ids in `live` whose run differs from the one seen for that id at the last look (a
  // restart since then); remembers the runs now seen and forgets ids no longer live. An id
  // seen for the first time, or beating without a run, is no restart.
  std::vector<std::string> restarted(const std::vector<node_info>& live);

 private:
  std::map<std::string, std::string> runs_;
};

}  // namespace ringside::server::cluster
