// ringside-perft: counts the legal-move tree of a ZÈRTZ position (see --help).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/zertz/board.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/perft.hpp"
#include "engine/zertz/zip.hpp"

namespace {

using namespace ringside::zertz;

constexpr const char* usage =
    "usage: ringside-perft [--board N] [--variant standard|blitz|tournament] [--zip \"<ZIP>\"]\n"
    "                      [--depth D] [--divide] [--moves]\n"
    "Prints the perft count of the position (the empty start by default) as its last line.\n";

int error(const std::string& what) {
  std::fprintf(stderr, "ringside-perft: %s\n", what.c_str());
  return 2;
}

bool to_int(std::string_view s, int& out) {
  const auto* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc{} && ptr == end;
}

}  // namespace

int main(int argc, char** argv) {
  int rings = 0;
  int depth = 1;
  variant v = variant::standard;
  std::string zip;
  bool have_zip = false;
  bool divide = false;
  bool list_moves = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&](std::string_view& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string_view val;
    if (a == "--help" || a == "-h") {
      std::fputs(usage, stdout);
      return 0;
    } else if (a == "--board") {
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
