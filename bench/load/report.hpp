#pragma once
// report: merges the shards' counts into the run's one JSON object, and renders it as a
// table a person reads.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "options.hpp"
#include "run_stats.hpp"

namespace ringside::load {

struct server_memory {
  long start_kib = 0, peak_kib = 0, end_kib = 0;  // 0 when the server was not found
  int pid = 0;
  double cpu_s = 0;          // server CPU time (user + system) used during the run
  double loadgen_cpu_s = 0;  // the load generator's own CPU time
};

struct run_window {
  double seconds = 0;           // whole run
  double measured_seconds = 0;  // after the warm-up
  long held_max = 0, held_end = 0;
};

// The final report; every figure the load generator promises, from the merged shards.
nlohmann::json make_report(const options& o, const std::vector<const run_stats*>& shards,
                           const run_window& w, const server_memory& mem);

// A fixed-width table of the same figures.
std::string render_table(const nlohmann::json& report);

}  // namespace ringside::load
