#include "clients/cli/completion.hpp"

#include <algorithm>

#include "clients/cli/command.hpp"

namespace ringside::cli {

namespace {

bool starts_move(std::string_view w) {
  return !w.empty() && (w[0] == 'W' || w[0] == 'G' || w[0] == 'B') &&
         (w.size() == 1 || (w[1] >= 'a' && w[1] <= 'z'));
}

}  // namespace

std::vector<std::string> complete_word(std::string_view word, std::string_view verb,
                                       const completion_context& ctx) {
  std::vector<std::string> out;
  auto offer = [&](const std::string& candidate) {
    if (std::string_view(candidate).starts_with(word)) out.push_back(candidate);
  };
  if ((verb.empty() || verb == "move") && starts_move(word)) {
    for (const auto& c : ctx.captures) offer(c);
    // A move token is cells joined by '-' (placement) or 'x' (jumps): complete the cell after
    // the last separator.
    const auto sep = word.find_last_of("-x");
    const std::string prefix(sep == std::string_view::npos || sep == 0 ? word.substr(0, 1)
                                                                       : word.substr(0, sep + 1));
    for (const auto& cell : ctx.cells) offer(prefix + cell);
  } else if (verb.empty()) {
    for (const auto& c : command_table()) offer(std::string(c.verb));
    offer("pass");
  } else if (verb == "join" || verb == "watch" || verb == "room") {
    for (const auto& r : ctx.rooms) offer(r);
  } else if (verb == "new") {
    for (const char* w : {"standard", "blitz", "tournament", "first", "second", "random", "private",
                          "37", "40", "43", "44", "48", "61", "5+3", "10+5"})
      offer(w);
  } else if (verb != "say") {
    for (const auto& cell : ctx.cells) offer(cell);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ringside::cli
