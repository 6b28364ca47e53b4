#pragma once
// command_line — the one way the programs read their flags with Boost.Program_options (link
// Boost::program_options to include it): whole flag names only, so --time is not guessed to be
// --timeout and --d is not ambiguous, and no stray words, which the library would otherwise
// drop without a word.

#include <boost/program_options.hpp>
#include <utility>

namespace ringside {

// The library's usual grammar (--flag value, --flag=value, -h) without guessing from prefixes.
inline constexpr int flag_style = boost::program_options::command_line_style::default_style &
                                  ~boost::program_options::command_line_style::allow_guessing;

// Reads `args` (argc and argv, or a vector of strings) by `flags`. Throws the library's errors:
// po::unknown_option names an unknown flag or a stray word, po::invalid_command_line_syntax a
// missing value, po::multiple_occurrences a flag given twice.
template <class... Args>
boost::program_options::variables_map read_command_line(
    const boost::program_options::options_description& flags, Args&&... args) {
  namespace po = boost::program_options;
  const po::parsed_options parsed =
      po::command_line_parser(std::forward<Args>(args)...).options(flags).style(flag_style).run();
  for (const auto& option : parsed.options) {
    if (option.position_key >= 0) throw po::unknown_option(option.original_tokens.front());
  }
  po::variables_map values;
  po::store(parsed, values);
  po::notify(values);
  return values;
}

}  // namespace ringside
