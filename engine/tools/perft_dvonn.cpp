// ringside-perft --game dvonn.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/perft.hpp"
#include "engine/tools/perft_tool.hpp"

namespace ringside::perft_tool {

int run_dvonn(const std::vector<std::string>& args) {
  using namespace ringside::dvonn;
  int depth = 1;
  std::string text = "- 1 0";  // the empty board, first player to place
  namespace po = boost::program_options;
  po::options_description flags;
  flags.add_options()("position", po::value<std::string>(&text))("depth", po::value<std::string>())(
      "divide", "")("moves", "");
  po::variables_map values;
  if (const auto stop = read_flags(args, flags, " for --game dvonn", values)) return *stop;
  if (!read_depth(values, depth)) return 2;
  const bool divide = values.count("divide") != 0;
  const bool list_moves = values.count("moves") != 0;
  auto parsed = parse_position(text);
  if (!parsed) return error("bad --position: " + parsed.error());
  const position& pos = *parsed;

  if (list_moves) {
    move_list list;
    generate_moves(pos, list);
    std::vector<std::string> names;
    for (const move& m : list) names.push_back(m.text());
    std::sort(names.begin(), names.end());
    for (const auto& n : names) std::printf("%s\n", n.c_str());
    std::printf("%zu\n", names.size());
    return 0;
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (divide && depth >= 1) {
    for (const auto& [name, n] : perft_divide(pos, depth)) {
      std::printf("%s %llu\n", name.c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
  } else {
    total = perft(pos, depth);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "depth %d: %.3f s\n", depth, secs);
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  return 0;
}

}  // namespace ringside::perft_tool
