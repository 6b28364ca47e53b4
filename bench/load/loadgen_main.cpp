// ringside-loadgen: opens many real WebSocket connections to a Ringside server (or to the
// echo baseline), plays, watches or just holds, and reports what the server sustained.
// Progress goes to stderr once a second; the report is one JSON object on stdout.

#include <sys/resource.h>

#include <atomic>
#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <thread>
#include <vector>

#include "clients/common/tls_client_context.hpp"
#include "options.hpp"
#include "report.hpp"
#include "sample_dump.hpp"
#include "server_probe.hpp"
#include "shard.hpp"

using namespace ringside::load;
using clock_type = std::chrono::steady_clock;

namespace {

// Thousands of sockets need more descriptors than the usual soft limit of 1024. Returns the
// limit in force afterwards.
long raise_fd_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return 0;
  lim.rlim_cur = lim.rlim_max;
  if (setrlimit(RLIMIT_NOFILE, &lim) != 0) std::perror("ringside-loadgen: setrlimit");
  getrlimit(RLIMIT_NOFILE, &lim);
  return static_cast<long>(lim.rlim_cur);
}

double seconds_between(clock_type::time_point a, clock_type::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

clock_type::duration seconds(double s) {
  return std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(s));
}

double own_cpu() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The shards' live counters, summed.
struct live_counts {
  long held = 0, moves = 0, echoes = 0, errors = 0, dropped = 0, started = 0, finished = 0;
};

live_counts sum(const std::vector<std::unique_ptr<shard>>& shards) {
  live_counts c;
  for (const auto& s : shards) {
    const run_stats& st = s->stats();
    c.held += st.held.load(std::memory_order_relaxed);
    c.moves += st.moves_acked.load(std::memory_order_relaxed);
    c.echoes += st.echoes.load(std::memory_order_relaxed);
    c.errors += st.error_count.load(std::memory_order_relaxed);
    c.dropped += st.dropped.load(std::memory_order_relaxed);
    c.started += st.games_started.load(std::memory_order_relaxed);
    c.finished += st.games_finished.load(std::memory_order_relaxed);
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  int exit_code = 0;
  const auto parsed = parse_options(argc, argv, exit_code);
  if (!parsed) return exit_code;
  const options& o = *parsed;
  const bool hall = o.mode == run_mode::hall;

  server_memory mem;
  mem.loadgen_fd_limit = raise_fd_limit();

  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(o.host, ec);
  if (ec) {
    std::cerr << "ringside-loadgen: --host must be an IP address: " << o.host << "\n";
    return 2;
  }
  const boost::asio::ip::tcp::endpoint ep(address, o.port);
  std::shared_ptr<boost::asio::ssl::context> tls;
  if (o.tls) {
    std::string why;
    tls = ringside::client::make_tls_client_context({o.ca_file, o.insecure}, why);
    if (!tls) {
      std::cerr << "ringside-loadgen: " << why << "\n";
      return 2;
    }
  } else if (o.insecure || !o.ca_file.empty()) {
    std::cerr << "ringside-loadgen: --ca and --insecure go with --tls\n";
    return 2;
  }

  if (o.server_pid > 0)
    mem.pid = o.server_pid;
  else if (const auto pid = find_listening_pid(o.port))
    mem.pid = *pid;
  const auto rss = [&]() -> long {
    if (mem.pid == 0) return 0;
    return read_rss_kib(mem.pid).value_or(0);
  };
  mem.start_kib = mem.peak_kib = rss();
  const auto server_cpu = [&]() { return mem.pid ? read_cpu_seconds(mem.pid).value_or(0) : 0.0; };
  if (mem.pid) mem.fd_limit = read_fd_limit(mem.pid).value_or(0);
  const double server_cpu_start = server_cpu();

  const auto t0 = clock_type::now();
  // A hall measures from the moment everyone is in, which nobody knows yet; the other modes
  // after a fixed warm-up.
  std::atomic<clock_type::rep> measure_from{
      hall ? std::numeric_limits<clock_type::rep>::max()
           : (t0 + seconds(o.warmup)).time_since_epoch().count()};
  // A hall first ramps up (bounded by --ramp), then holds for --seconds.
  auto t_end = t0 + seconds(hall ? o.ramp_s : o.seconds);
  const long hall_connections = 2L * game_count(o) + o.spectators;

  std::vector<std::unique_ptr<shard>> shards;
  for (int i = 0; i < o.threads; ++i) {
    shards.push_back(std::make_unique<shard>(o, i, ep, measure_from, tls));
  }
  for (int i = 0; i < o.threads; ++i) shards[static_cast<std::size_t>(i)]->start(i, o.threads);

  run_window w;
  auto tick = t0;
  bool holding = !hall;
  auto hold_from = t0;
  long moves_at_hold = 0;
  double cpu_at_hold = 0;
  const auto start_hold = [&](clock_type::time_point now, const live_counts& c) {
    holding = true;
    hold_from = now;
    tick = now;  // progress lines count whole seconds of the hold
    measure_from.store(now.time_since_epoch().count(), std::memory_order_relaxed);
    t_end = now + seconds(o.seconds);
    w.ramp_seconds = seconds_between(t0, now);
    w.ramp_complete = c.held >= hall_connections && c.started >= game_count(o);
    mem.hold_kib = rss();
    cpu_at_hold = server_cpu();
    moves_at_hold = c.moves;
    if (!o.quiet) {
      std::fprintf(stderr, "[%5.1fs] %s: holding for %.0f s\n", seconds_between(t0, now),
                   w.ramp_complete ? "everyone is in" : "--ramp ran out", o.seconds);
    }
  };

  // The server's CPU and the games started from the end of the warm-up on, so that CPU per
  // move covers the same window as the moves measured (the warm-up's connections and first
  // game starts left out).
  const auto warm_end = t0 + seconds(o.warmup);
  bool warm_read = hall;
  double cpu_at_warm = server_cpu_start;
  long started_at_warm = 0;
  live_counts last;
  while (true) {
    if (clock_type::now() >= t_end) {
      if (holding) break;
      start_hold(clock_type::now(), sum(shards));
    }
    tick = std::min(tick + std::chrono::seconds(1), t_end);
    if (!warm_read && warm_end < tick) tick = warm_end;
    std::this_thread::sleep_until(tick);
    const live_counts c = sum(shards);
    if (!warm_read && clock_type::now() >= warm_end) {
      warm_read = true;
      cpu_at_warm = server_cpu();
      started_at_warm = c.started;
    }
    w.held_max = std::max(w.held_max, c.held);
    const long r = rss();
    mem.peak_kib = std::max(mem.peak_kib, r);
    // Counting a process's descriptors reads a directory as long as the connection count,
    // so only the hall (where the file limit is the question) pays for it.
    if (hall && mem.pid) mem.fds_peak = std::max(mem.fds_peak, count_open_fds(mem.pid).value_or(0));
    const auto now = clock_type::now();
    if (!holding && c.held >= hall_connections && c.started >= game_count(o)) start_hold(now, c);
    if (!o.quiet && hall) {
      std::fprintf(stderr,
                   "[%5.1fs] %s  held %ld/%ld  games %ld  moves/s %ld  errors %ld  dropped %ld  "
                   "rss %ld KiB  fds %ld\n",
                   seconds_between(t0, now), holding ? "hold" : "ramp", c.held, hall_connections,
                   c.started - c.finished, c.moves - last.moves, c.errors, c.dropped, r,
                   mem.fds_peak);
    } else if (!o.quiet) {
      std::fprintf(stderr, "[%5.1fs] held %ld  moves/s %ld  echo/s %ld  errors %ld  rss %ld KiB\n",
                   seconds_between(t0, now), c.held, c.moves - last.moves, c.echoes - last.echoes,
                   c.errors, r);
    }
    last = c;
  }
  mem.end_kib = rss();
  const double server_cpu_end = server_cpu();
  mem.cpu_s = server_cpu_end - server_cpu_start;
  mem.measured_cpu_s = server_cpu_end - cpu_at_warm;
  if (hall) mem.hold_cpu_s = server_cpu_end - cpu_at_hold;
  mem.peak_kib = std::max(mem.peak_kib, mem.end_kib);
  const live_counts final_counts = sum(shards);
  w.held_end = final_counts.held;
  w.hold_moves_acked = final_counts.moves - moves_at_hold;
  w.games_started_measured = final_counts.started - started_at_warm;
  for (auto& s : shards) s->stop();
  const auto t_stop = clock_type::now();
  mem.loadgen_cpu_s = own_cpu();
  w.seconds = seconds_between(t0, t_stop);
  const auto measured_from = hall ? hold_from : t0 + seconds(o.warmup);
  w.measured_seconds = seconds_between(std::max(measured_from, t0), t_stop);

  std::vector<const run_stats*> all;
  for (auto& s : shards) all.push_back(&s->stats());
  clock_type::time_point first_game{}, crowd_in{};
  for (const run_stats* s : all) {
    if (s->first_game != clock_type::time_point{} &&
        (first_game == clock_type::time_point{} || s->first_game < first_game))
      first_game = s->first_game;
    crowd_in = std::max(crowd_in, s->crowd_in);
  }
  if (o.spectators > 0 && crowd_in != clock_type::time_point{})
    w.crowd_in_s = seconds_between(t0, crowd_in);
  if (first_game != clock_type::time_point{}) w.playing_s = seconds_between(first_game, t_stop);
  const auto report = make_report(o, all, w, mem);
  if (!o.samples_file.empty() && !dump_samples(o.samples_file, all)) return 1;
  if (o.table_only) {
    std::cout << render_table(report);
  } else {
    std::cout << report.dump() << "\n";
    std::cerr << render_table(report);
  }
  return 0;
}
