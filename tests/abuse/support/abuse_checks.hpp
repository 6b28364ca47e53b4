#pragma once
// The abuse suite's two checks: the players beside an attack were not hurt by it, and the
// server's memory came back once the attack was over.

#include <sys/types.h>
#include <atomic>
#include <chrono>
#include <thread>

#include "support/server_process.hpp"
#include "support/timed_game.hpp"

namespace ringside::test {

// What every attack must leave the players with: 100 ms in the release build. The ASan+UBSan
// build runs the server two to three times slower, so there the bound is 250 ms.
#ifdef RINGSIDE_SANITIZED_BUILD
inline constexpr double slowest_move_ms = 250;
#else
inline constexpr double slowest_move_ms = 100;
#endif

// No error, no close, no gap, at least `min_moves` moves played while the attack ran, and every
// move acked within slowest_move_ms, except one in twenty (at least one) that may take up to
// four times it: a lone stall of the disk or the scheduler on a shared machine is not the
// attack's doing, while an attack that starves the players slows many moves, or one by more.
void check_players_unharmed(const game_report& r, int min_moves = 10);

// The CPU time (user + system) process `pid` has used, in seconds, from /proc/PID/stat.
double cpu_seconds(pid_t pid);
// The descriptors process `pid` has open, from /proc/PID/fd.
long descriptors_open(pid_t pid);

// Samples the server's resident memory (VmRSS) every 20 ms on its own thread, from a
// baseline taken at construction; keeps the peak.
class rss_sampler {
 public:
  explicit rss_sampler(server_process& srv);
  ~rss_sampler();
  rss_sampler(const rss_sampler&) = delete;
  rss_sampler& operator=(const rss_sampler&) = delete;

  long baseline_kib() const { return baseline_; }
  long peak_kib() const { return peak_.load(); }
  // Waits up to `settle` for VmRSS to come back within 10 % of the baseline, then checks
  // that it did (a doctest CHECK, with the figures in the message). Under ASan, whose
  // quarantine holds on to up to 256 MiB of freed memory, within 320 MiB.
  void check_settles(std::chrono::milliseconds settle = std::chrono::seconds(6));

 private:
  server_process& srv_;
  long baseline_;
  std::atomic<long> peak_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace ringside::test
