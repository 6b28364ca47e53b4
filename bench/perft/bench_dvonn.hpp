#pragma once
// ringside-bench-perft --game dvonn: perft of the spec's full-board position.

namespace ringside::bench {

// Times perft `depth` of the full board `runs` times; prints each run, the median and rates.
// Returns the exit status.
int bench_dvonn(int runs, int depth);

}  // namespace ringside::bench
