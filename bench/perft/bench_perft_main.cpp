// ringside-bench-perft: times perft (bulk counting at the leaves) on the empty standard board,
// and the move generator alone on positions from seeded random games. Prints every run and
// the median, since the machine is shared and single runs are noisy.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <string_view>
#include <vector>

#include "engine/zertz/movegen.hpp"
#include "engine/zertz/perft.hpp"

namespace {

using namespace ringside::zertz;
using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
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

bool to_int(std::string_view s, int& out) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && ptr == s.data() + s.size();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int depth = 3;
  int rings = 37;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view a = argv[i];
    int* target = a == "--runs"    ? &runs
                  : a == "--depth" ? &depth
                  : a == "--board" ? &rings
                                   : nullptr;
    if (!target || !to_int(argv[i + 1], *target) || *target < 1 || !board::get(rings)) {
      std::fprintf(stderr, "usage: ringside-bench-perft [--runs N] [--depth D] [--board N]\n");
      return 2;
    }
  }
  if (argc % 2 == 0) {
    std::fprintf(stderr, "usage: ringside-bench-perft [--runs N] [--depth D] [--board N]\n");
    return 2;
  }

  const position start(*board::get(rings), variant::standard);
  std::vector<double> times;
  std::uint64_t leaves = 0;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = clock_type::now();
    leaves = perft(start, depth);
    times.push_back(seconds_since(t0));
    std::printf("perft %d on %d rings: %llu leaves in %.3f s\n", depth, rings,
                static_cast<unsigned long long>(leaves), times.back());
  }
  const double t = median(times);
  std::printf("perft median: %.3f s, %.0f leaves/s\n", t, static_cast<double>(leaves) / t);

  const std::vector<position> sample = sample_positions(rings, 20000);
  auto list = std::make_unique<move_list>();
  std::vector<double> gen_rates;
  std::vector<double> count_rates;
  std::uint64_t sink = 0;
  std::uint64_t generated = 0;
  for (int r = 0; r < runs; ++r) {
    auto t0 = clock_type::now();
    for (const position& p : sample) {
      generate_moves(p, *list);
      generated += static_cast<std::uint64_t>(list->size());
    }
    gen_rates.push_back(static_cast<double>(sample.size()) / seconds_since(t0));
    t0 = clock_type::now();
    for (int k = 0; k < 10; ++k) {
      for (const position& p : sample) sink += count_moves(p);
    }
    count_rates.push_back(10.0 * static_cast<double>(sample.size()) / seconds_since(t0));
  }
  const double moves_per_position =
      static_cast<double>(generated) / (static_cast<double>(sample.size()) * runs);
  std::printf("generate_moves (full list): %.0f positions/s, %.0f moves/s\n", median(gen_rates),
              median(gen_rates) * moves_per_position);
  std::printf("count_moves (bulk): %.0f positions/s\n", median(count_rates));
  return sink + generated == 0 ? 1 : 0;
}
