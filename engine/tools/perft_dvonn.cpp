// ringside-perft --game dvonn.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/perft.hpp"
#include "engine/tools/perft_tool.hpp"

namespace ringside::perft_tool {

int run_dvonn(const std::vector<std::string_view>& args) {
  using namespace ringside::dvonn;
  int depth = 1;
  std::string_view text = "- 1 0";
  bool divide = false;
  bool list_moves = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--position") {
      if (!has_value) return error("--position needs a position in quotes, e.g. \"- 1 0\"");
      text = args[++i];
    } else if (a == "--depth") {
      const std::string_view val = has_value ? args[++i] : "";
      if (!to_int(val, depth) || depth < 0 || depth > 12) {
        return error("--depth needs a number from 0 to 12, got '" + std::string(val) + "'");
      }
    } else if (a == "--divide") {
      divide = true;
    } else if (a == "--moves") {
      list_moves = true;
    } else {
      return error("unknown argument '" + std::string(a) + "' for --game dvonn (try --help)");
    }
  }
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
