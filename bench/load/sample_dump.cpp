#include "sample_dump.hpp"

#include <cstdio>
#include <utility>

namespace ringside::load {

bool dump_samples(const std::string& path, const std::vector<const run_stats*>& shards) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) {
    std::perror(path.c_str());
    return false;
  }
  for (const run_stats* s : shards) {
    const std::pair<const char*, const latency_recorder*> kinds[] = {
        {"move_ack", &s->ack},
        {"spectator_patch", &s->spectator_patch},
        {"last_spectator_patch", &s->last_spectator},
        {"echo_rtt", &s->echo_rtt}};
    for (const auto& [kind, rec] : kinds) {
      for (const auto us : rec->samples_us()) std::fprintf(f, "%s %u\n", kind, us);
    }
  }
  return std::fclose(f) == 0;
}

}  // namespace ringside::load
