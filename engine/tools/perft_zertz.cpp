// ringside-perft --game zertz (the default).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "engine/tools/perft_tool.hpp"
#include "engine/zertz/board.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/perft.hpp"
#include "engine/zertz/zip.hpp"

namespace ringside::perft_tool {

int run_zertz(const std::vector<std::string_view>& args) {
  using namespace ringside::zertz;
  int rings = 0;
  int depth = 1;
  variant v = variant::standard;
  std::string zip;
  bool have_zip = false;
  bool divide = false;
  bool list_moves = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    auto value = [&](std::string_view& out) {
      if (i + 1 >= args.size()) return false;
      out = args[++i];
      return true;
    };
    std::string_view val;
    if (a == "--board") {
      if (!value(val) || !to_int(val, rings) || !board::get(rings)) {
        return error("--board needs one of 37, 40, 43, 44, 48, 61, got '" + std::string(val) + "'");
      }
    } else if (a == "--variant") {
      if (!value(val)) return error("--variant needs standard, blitz or tournament");
      auto pv = parse_variant(val);
      if (!pv)
        return error("unknown variant '" + std::string(val) +
                     "'; use standard, blitz or tournament");
      v = *pv;
    } else if (a == "--zip") {
      if (!value(val)) return error("--zip needs a ZIP position in quotes");
      zip = std::string(val);
      have_zip = true;
    } else if (a == "--depth") {
      if (!value(val) || !to_int(val, depth) || depth < 0 || depth > 12) {
        return error("--depth needs a number from 0 to 12, got '" + std::string(val) + "'");
      }
    } else if (a == "--divide") {
      divide = true;
    } else if (a == "--moves") {
      list_moves = true;
    } else {
      return error("unknown argument '" + std::string(a) + "' (try --help)");
    }
  }
  if (rings == 0 && !have_zip) rings = v == variant::tournament ? 48 : 37;
  std::unique_ptr<position> pos;
  if (have_zip) {
    auto parsed = parse_zip(zip, v, rings);
    if (!parsed) return error("bad --zip: " + parsed.error());
    pos = std::make_unique<position>(*parsed);
  } else {
    pos = std::make_unique<position>(*board::get(rings), v);
  }

  if (list_moves) {
    auto list = std::make_unique<move_list>();
    generate_moves(*pos, *list);
    std::vector<std::string> names;
    for (const move& m : *list) names.push_back(m.zen(pos->geometry()));
    std::sort(names.begin(), names.end());
    for (const auto& n : names) std::printf("%s\n", n.c_str());
    std::printf("%zu\n", names.size());
    return 0;
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (divide && depth >= 1) {
    for (const auto& [name, n] : perft_divide(*pos, depth)) {
      std::printf("%s %llu\n", name.c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
  } else {
    total = perft(*pos, depth);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "depth %d: %.3f s\n", depth, secs);
  std::printf("%llu\n", static_cast<unsigned long long>(total));
  return 0;
}

}  // namespace ringside::perft_tool
