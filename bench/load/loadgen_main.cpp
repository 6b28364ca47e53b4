// ringside-loadgen: opens many real WebSocket connections to a Ringside server (or to the
// echo baseline), plays, watches or just holds, and reports what the server sustained.
// Progress goes to stderr once a second; the report is one JSON object on stdout.

#include <sys/resource.h>

#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include "options.hpp"
#include "report.hpp"
#include "server_probe.hpp"
#include "shard.hpp"

using namespace ringside::load;
using clock_type = std::chrono::steady_clock;

namespace {

// Thousands of sockets need more descriptors than the usual soft limit of 1024.
void raise_fd_limit() {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return;
  lim.rlim_cur = lim.rlim_max;
  if (setrlimit(RLIMIT_NOFILE, &lim) != 0) std::perror("ringside-loadgen: setrlimit");
}

double seconds_between(clock_type::time_point a, clock_type::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

}  // namespace

int main(int argc, char** argv) {
  int exit_code = 0;
  const auto parsed = parse_options(argc, argv, exit_code);
  if (!parsed) return exit_code;
  const options& o = *parsed;
  raise_fd_limit();

  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(o.host, ec);
  if (ec) {
    std::cerr << "ringside-loadgen: --host must be an IP address: " << o.host << "\n";
    return 2;
  }
  const boost::asio::ip::tcp::endpoint ep(address, o.port);

  server_memory mem;
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
  const auto own_cpu = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
  };
  const double server_cpu_start = server_cpu();

  const auto t0 = clock_type::now();
  const auto measure_from = t0 + std::chrono::duration_cast<clock_type::duration>(
                                     std::chrono::duration<double>(o.warmup));
  const auto t_end = t0 + std::chrono::duration_cast<clock_type::duration>(
                              std::chrono::duration<double>(o.seconds));

  std::vector<std::unique_ptr<shard>> shards;
  for (int i = 0; i < o.threads; ++i) {
    shards.push_back(std::make_unique<shard>(o, i, ep, measure_from));
  }
  for (int i = 0; i < o.threads; ++i) shards[static_cast<std::size_t>(i)]->start(i, o.threads);

  run_window w;
  long last_moves = 0, last_echoes = 0;
  auto tick = t0;
  while (true) {
    const auto now = clock_type::now();
    if (now >= t_end) break;
    tick = std::min(tick + std::chrono::seconds(1), t_end);
    std::this_thread::sleep_until(tick);
    long held = 0, moves = 0, echoes = 0, errors = 0;
    for (auto& s : shards) {
      held += s->stats().held.load(std::memory_order_relaxed);
      moves += s->stats().moves_acked.load(std::memory_order_relaxed);
      echoes += s->stats().echoes.load(std::memory_order_relaxed);
      errors += s->stats().error_count.load(std::memory_order_relaxed);
    }
    w.held_max = std::max(w.held_max, held);
    const long r = rss();
    mem.peak_kib = std::max(mem.peak_kib, r);
    if (!o.quiet) {
      std::fprintf(stderr, "[%5.1fs] held %ld  moves/s %ld  echo/s %ld  errors %ld  rss %ld KiB\n",
                   seconds_between(t0, clock_type::now()), held, moves - last_moves,
                   echoes - last_echoes, errors, r);
    }
    last_moves = moves;
    last_echoes = echoes;
  }
  mem.end_kib = rss();
  mem.cpu_s = server_cpu() - server_cpu_start;
  mem.peak_kib = std::max(mem.peak_kib, mem.end_kib);
  for (auto& s : shards) w.held_end += s->stats().held.load();
  for (auto& s : shards) s->stop();
  const auto t_stop = clock_type::now();
  mem.loadgen_cpu_s = own_cpu();
  w.seconds = seconds_between(t0, t_stop);
  w.measured_seconds = seconds_between(std::max(measure_from, t0), t_stop);

  std::vector<const run_stats*> all;
  for (auto& s : shards) all.push_back(&s->stats());
  const auto report = make_report(o, all, w, mem);
  if (o.table_only) {
    std::cout << render_table(report);
  } else {
    std::cout << report.dump() << "\n";
    std::cerr << render_table(report);
  }
  return 0;
}
