#pragma once
// ringside-perft's parts: one runner per game, each reading its own flags, and the helpers
// they share. perft_main.cpp picks the runner from --game.

#include <string>
#include <string_view>
#include <vector>

namespace ringside::perft_tool {

// Prints "ringside-perft: <what>" to stderr; returns the exit status of a usage error, 2.
int error(const std::string& what);
// A whole-string decimal integer.
bool to_int(std::string_view s, int& out);

// Each runs the tool for its game with the arguments other than --game; returns the exit
// status. The last line printed on stdout is the count (or, with --moves, the move count).
int run_zertz(const std::vector<std::string_view>& args);
int run_dvonn(const std::vector<std::string_view>& args);

}  // namespace ringside::perft_tool
