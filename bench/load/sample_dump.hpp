#pragma once
// sample_dump: writes every latency sample of a run to a file, one "kind microseconds" line
// each, so that run-all can draw their distributions rather than only quote percentiles.

#include <string>
#include <vector>

#include "run_stats.hpp"

namespace ringside::load {

// Writes the shards' move->ack, move->spectator, move->last spectator and echo samples to
// `path`; false (and a message on stderr) when the file cannot be written.
bool dump_samples(const std::string& path, const std::vector<const run_stats*>& shards);

}  // namespace ringside::load
