// ringside-perft: counts the legal-move tree of a ZÈRTZ or DVONN position (see --help).
#include <charconv>
#include <cstdio>

#include "engine/tools/perft_tool.hpp"

namespace ringside::perft_tool {

int error(const std::string& what) {
  std::fprintf(stderr, "ringside-perft: %s\n", what.c_str());
  return 2;
}

bool to_int(std::string_view s, int& out) {
  const auto* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc{} && ptr == end;
}

}  // namespace ringside::perft_tool

namespace {

constexpr const char* usage =
    "usage: ringside-perft [--game zertz] [--board N] [--variant standard|blitz|tournament]\n"
    "                      [--zip \"<ZIP>\"] [--depth D] [--divide] [--moves]\n"
    "       ringside-perft --game dvonn [--position \"<stacks> <to_move> <placed>\"]\n"
    "                      [--depth D] [--divide] [--moves]\n"
    "Prints the perft count of the position (the empty start by default) as its last line.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace ringside::perft_tool;
  std::string_view game = "zertz";
  std::vector<std::string_view> rest;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(usage, stdout);
      return 0;
    }
    if (a == "--game") {
      game = i + 1 < argc ? argv[++i] : "";
      continue;
    }
    rest.push_back(a);
  }
  if (game == "zertz") return run_zertz(rest);
  if (game == "dvonn") return run_dvonn(rest);
  return error("--game needs zertz or dvonn, got '" + std::string(game) + "'");
}
