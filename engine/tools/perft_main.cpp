// ringside-perft: counts the legal-move tree of a ZÈRTZ or DVONN position (see --help).
#include <cstdio>

#include "common/command_line.hpp"
#include "common/parse_number.hpp"
#include "engine/tools/perft_tool.hpp"

namespace ringside::perft_tool {

namespace po = boost::program_options;

int error(const std::string& what) {
  std::fprintf(stderr, "ringside-perft: %s\n", what.c_str());
  return 2;
}

std::optional<int> read_flags(const std::vector<std::string>& args,
                              const po::options_description& flags, std::string_view game_note,
                              po::variables_map& values) {
  try {
    values = read_command_line(flags, args);
  } catch (const po::unknown_option& e) {
    return error("unknown argument '" + e.get_option_name() + "'" + std::string(game_note) +
                 " (try --help)");
  } catch (const po::error& e) {
    return error(e.what());
  }
  return std::nullopt;
}

bool read_depth(const po::variables_map& values, int& depth) {
  if (values.count("depth") == 0) return true;
  const auto& text = values["depth"].as<std::string>();
  const auto d = parse_number<int>(text);
  if (!d || *d < 0 || *d > 12) {
    error("--depth needs a number from 0 to 12, got '" + text + "'");
    return false;
  }
  depth = *d;
  return true;
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
  namespace po = boost::program_options;
  // First --game and --help, wherever they stand; the game's runner reads the rest.
  po::options_description flags;
  flags.add_options()("help,h", "")("game", po::value<std::string>()->default_value("zertz"));
  std::vector<std::string> rest;
  po::variables_map values;
  try {
    const po::parsed_options parsed = po::command_line_parser(argc, argv)
                                          .options(flags)
                                          .style(ringside::flag_style)
                                          .allow_unregistered()
                                          .run();
    rest = po::collect_unrecognized(parsed.options, po::include_positional);
    po::store(parsed, values);
  } catch (const po::error& e) {
    return error(e.what());
  }
  if (values.count("help") != 0) {
    std::fputs(usage, stdout);
    return 0;
  }
  const auto& game = values["game"].as<std::string>();
  if (game == "zertz") return run_zertz(rest);
  if (game == "dvonn") return run_dvonn(rest);
  return error("--game needs zertz or dvonn, got '" + game + "'");
}
