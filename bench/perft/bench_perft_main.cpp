// ringside-bench-perft: times perft (bulk counting at the leaves) on the empty standard board,
// and the move generator alone on positions from seeded random games. Prints every run and
// the median, since the machine is shared and single runs are noisy. With --game dvonn it
// times DVONN perft of the full board instead (bench_dvonn.cpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "bench/perft/bench_dvonn.hpp"
#include "common/command_line.hpp"
#include "common/parse_number.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/perft.hpp"

namespace {

using namespace ringside::zertz;
using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// CPU time of this process: on a shared, loaded machine it is the steadier figure.
double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Positions met in seeded random games on `rings` rings: what the generator sees in play.
std::vector<position> sample_positions(int rings, int count) {
  std::mt19937_64 rng(42);
  std::vector<position> out;
  auto list = std::make_unique<move_list>();
  while (static_cast<int>(out.size()) < count) {
    position p(*board::get(rings), variant::standard);
    while (!p.over() && static_cast<int>(out.size()) < count) {
      out.push_back(p);
      generate_moves(p, *list);
      p.do_move((*list)[static_cast<int>(rng() % static_cast<std::uint64_t>(list->size()))]);
    }
  }
  return out;
}

constexpr const char* usage =
    "usage: ringside-bench-perft [--runs N] [--depth D] [--board N] [--positions N]\n"
    "       ringside-bench-perft --game dvonn [--runs N] [--depth D]   (default depth 5)\n";

// Prints why the command line is wrong, then the usage; returns the exit status, 2.
int usage_error(const std::string& why) {
  std::fprintf(stderr, "ringside-bench-perft: %s\n%s", why.c_str(), usage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int depth = 0;  // 0 until given: 3 for ZÈRTZ, 5 for DVONN
  int rings = 37;
  int positions = 20000;
  bool dvonn = false;
  namespace po = boost::program_options;
  po::options_description flags;
  flags.add_options()("game", po::value<std::string>());
  for (const char* name : {"runs", "depth", "board", "positions"}) {
    flags.add_options()(name, po::value<std::string>());
  }
  po::variables_map values;
  try {
    values = ringside::read_command_line(flags, argc, argv);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }
  if (values.count("game") != 0) {
    const auto& game = values["game"].as<std::string>();
    if (game != "zertz" && game != "dvonn") return usage_error("--game is zertz or dvonn");
    dvonn = game == "dvonn";
  }
  for (auto [name, target] : {std::pair{"runs", &runs}, std::pair{"depth", &depth},
                              std::pair{"board", &rings}, std::pair{"positions", &positions}}) {
    if (values.count(name) == 0) continue;
    const auto& text = values[name].as<std::string>();
    const auto n = ringside::parse_number<int>(text);
    if (!n || *n < 1)
      return usage_error("--" + std::string(name) + " needs a whole number of at least 1, got '" +
                         text + "'");
    *target = *n;
  }
  if (!board::get(rings)) return usage_error("--board needs one of 37, 40, 43, 44, 48, 61");
  if (depth == 0) depth = dvonn ? 5 : 3;
  if (dvonn) return ringside::bench::bench_dvonn(runs, depth);

  const position start(*board::get(rings), variant::standard);
  std::vector<double> times;
  std::vector<double> cpu_times;
  std::uint64_t leaves = 0;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = clock_type::now();
    const double c0 = cpu_seconds();
    leaves = perft(start, depth);
    times.push_back(seconds_since(t0));
    cpu_times.push_back(cpu_seconds() - c0);
    std::printf("perft %d on %d rings: %llu leaves in %.3f s (cpu %.3f s)\n", depth, rings,
                static_cast<unsigned long long>(leaves), times.back(), cpu_times.back());
  }
  const double t = median(times);
  // Every node of the last-but-one ply is a position whose moves were counted.
  const std::uint64_t counted = depth >= 1 ? perft(start, depth - 1) : 1;
  std::printf("perft median: %.3f s, %.0f leaves/s, %.0f positions made and counted/s\n", t,
              static_cast<double>(leaves) / t, static_cast<double>(counted) / t);
  const double tc = median(cpu_times);
  std::printf("per cpu second: %.0f leaves/s, %.0f positions made and counted/s\n",
              static_cast<double>(leaves) / tc, static_cast<double>(counted) / tc);

  const std::vector<position> sample = sample_positions(rings, positions);
  auto list = std::make_unique<move_list>();
  // Rates per second of wall time and per second of CPU time, medians over the runs.
  std::vector<double> gen_wall, gen_cpu, count_wall, count_cpu;
  std::uint64_t sink = 0;
  std::uint64_t generated = 0;
  const auto n = static_cast<double>(sample.size());
  for (int r = 0; r < runs; ++r) {
    auto t0 = clock_type::now();
    double c0 = cpu_seconds();
    for (const position& p : sample) {
      generate_moves(p, *list);
      generated += static_cast<std::uint64_t>(list->size());
    }
    gen_wall.push_back(n / seconds_since(t0));
    gen_cpu.push_back(n / (cpu_seconds() - c0));
    t0 = clock_type::now();
    c0 = cpu_seconds();
    for (int k = 0; k < 10; ++k) {
      for (const position& p : sample) sink += count_moves(p);
    }
    count_wall.push_back(10 * n / seconds_since(t0));
    count_cpu.push_back(10 * n / (cpu_seconds() - c0));
  }
  const double moves_per_position = static_cast<double>(generated) / (n * runs);
  std::printf("positions from random games: %zu, %.0f legal moves each on average\n", sample.size(),
              moves_per_position);
  std::printf("generate_moves (full list): %.0f positions/s (cpu: %.0f), %.0f moves/s\n",
              median(gen_wall), median(gen_cpu), median(gen_wall) * moves_per_position);
  std::printf("count_moves (bulk): %.0f positions/s (cpu: %.0f)\n", median(count_wall),
              median(count_cpu));
  return sink + generated == 0 ? 1 : 0;
}
