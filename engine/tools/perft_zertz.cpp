// ringside-perft --game zertz (the default).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "common/parse_number.hpp"
#include "engine/tools/perft_tool.hpp"
#include "engine/zertz/board.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/perft.hpp"
#include "engine/zertz/zip.hpp"

namespace ringside::perft_tool {

int run_zertz(const std::vector<std::string>& args) {
  using namespace ringside::zertz;
  int rings = 0;
  int depth = 1;
  variant v = variant::standard;
  std::string zip;
  namespace po = boost::program_options;
  po::options_description flags;
  flags.add_options()("board", po::value<std::string>())("variant", po::value<std::string>())(
      "zip", po::value<std::string>(&zip))("depth", po::value<std::string>())("divide", "")("moves",
                                                                                            "");
  po::variables_map values;
  if (const auto stop = read_flags(args, flags, "", values)) return *stop;
  if (values.count("board") != 0) {
    const auto& text = values["board"].as<std::string>();
    const auto r = parse_number<int>(text);
    if (!r || !board::get(*r)) {
      return error("--board needs one of 37, 40, 43, 44, 48, 61, got '" + text + "'");
    }
    rings = *r;
  }
  if (values.count("variant") != 0) {
    const auto& text = values["variant"].as<std::string>();
    auto pv = parse_variant(text);
    if (!pv) return error("unknown variant '" + text + "'; use standard, blitz or tournament");
    v = *pv;
  }
  if (!read_depth(values, depth)) return 2;
  const bool have_zip = values.count("zip") != 0;
  const bool divide = values.count("divide") != 0;
  const bool list_moves = values.count("moves") != 0;
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
