#pragma once
// ringside-perft's parts: one runner per game, each reading its own flags, and the helpers
// they share. perft_main.cpp picks the runner from --game.

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ringside::perft_tool {

// Prints "ringside-perft: <what>" to stderr; returns the exit status of a usage error, 2.
int error(const std::string& what);

// Reads a runner's `args` by `flags` into `values`; on a usage error prints it and returns its
// exit status. An unknown flag is named with `game_note` after it (" for --game dvonn").
std::optional<int> read_flags(const std::vector<std::string>& args,
                              const boost::program_options::options_description& flags,
                              std::string_view game_note,
                              boost::program_options::variables_map& values);

// --depth's value, 0 to 12, into `depth` when given; false (after printing why) when not one.
bool read_depth(const boost::program_options::variables_map& values, int& depth);

// Each runs the tool for its game with the arguments other than --game; returns the exit
// status. The last line printed on stdout is the count (or, with --moves, the move count).
int run_zertz(const std::vector<std::string>& args);
int run_dvonn(const std::vector<std::string>& args);

}  // namespace ringside::perft_tool
