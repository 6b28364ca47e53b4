// DVONN perft timing: the full board of dvonn-rules.md §7, White to make the first move. Every
// run is printed with its wall and CPU time, then the medians, since the machine is shared.
#include "bench/perft/bench_dvonn.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/perft.hpp"

namespace ringside::bench {

namespace {

constexpr const char* full_board =
    "a1:B,b1:B,c1:B,d1:W,e1:W,f1:W,g1:B,h1:W,i1:W,a2:B,b2:B,c2:W,d2:B,e2:W,f2:W,g2:B,h2:B,i2:B,"
    "j2:B,a3:W,b3:B,c3:B,d3:B,e3:W,f3:W,g3:W,h3:W,i3:D,j3:W,k3:B,b4:B,c4:B,d4:B,e4:B,f4:B,g4:W,"
    "h4:W,i4:B,j4:D,k4:B,c5:D,d5:W,e5:W,f5:W,g5:W,h5:B,i5:W,j5:W,k5:W 1 49";

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int bench_dvonn(int runs, int depth) {
  using clock_type = std::chrono::steady_clock;
  auto start = dvonn::parse_position(full_board);
  if (!start) return 1;
  std::vector<double> wall;
  std::vector<double> cpu;
  std::uint64_t leaves = 0;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = clock_type::now();
    const std::clock_t c0 = std::clock();
    leaves = dvonn::perft(*start, depth);
    wall.push_back(std::chrono::duration<double>(clock_type::now() - t0).count());
    cpu.push_back(static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
    std::printf("dvonn perft %d of the full board: %llu leaves in %.3f s (cpu %.3f s)\n", depth,
                static_cast<unsigned long long>(leaves), wall.back(), cpu.back());
  }
  // Every node one ply above the leaves is a position that was made and had its moves counted.
  const std::uint64_t counted = depth >= 1 ? dvonn::perft(*start, depth - 1) : 1;
  const double t = median(wall);
  const double tc = median(cpu);
  std::printf(
      "dvonn perft median: %.3f s (cpu %.3f s), %.0f leaves/s, %.0f positions made and "
      "counted/s\n",
      t, tc, static_cast<double>(leaves) / t, static_cast<double>(counted) / t);
  return 0;
}

}  // namespace ringside::bench
