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
  long hold_kib = 0;                              // hall: when everyone was in
  int pid = 0;
  double cpu_s = 0;           // server CPU time (user + system) used during the run
  double hold_cpu_s = 0;      // hall: the part of it used during the hold
  double measured_cpu_s = 0;  // the part of it used after the warm-up
  double loadgen_cpu_s = 0;   // the load generator's own CPU time
  long fds_peak = 0;          // hall: most descriptors the server had open (0: not sampled)
  long fd_limit = 0;          // the server's open-files limit (0: unknown)
  long loadgen_fd_limit = 0;
};

struct run_window {
  double seconds = 0;           // whole run
  double measured_seconds = 0;  // after the warm-up (hall: the hold)
  long held_max = 0, held_end = 0;
  double ramp_seconds = 0;          // hall: from start until everyone was in (or --ramp ran out)
  bool ramp_complete = false;       // hall: every connection held and every game started
  long hold_moves_acked = 0;        // hall: acks during the hold
  double crowd_in_s = -1;           // from start until every table's first crowd was in; -1: never
  double playing_s = 0;             // from the first game's start to the end
  long games_started_measured = 0;  // games that started after the warm-up
};

// The final report; every figure the load generator promises, from the merged shards.
nlohmann::json make_report(const options& o, const std::vector<const run_stats*>& shards,
                           const run_window& w, const server_memory& mem);

// A fixed-width table of the same figures.
std::string render_table(const nlohmann::json& report);

}  // namespace ringside::load
