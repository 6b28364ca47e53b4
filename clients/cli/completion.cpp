#include "clients/cli/completion.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "clients/cli/cli_game.hpp"
#include "clients/cli/command.hpp"

namespace ringside::cli {

namespace {

// `token` starts with `word`, the first letter compared without case (`wd4` finds `Wd4-a1`).
bool starts_with_move(std::string_view token, std::string_view word) {
  if (word.size() > token.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const char a = token[i], b = word[i];
    if (a == b) continue;
    if (i == 0 &&
        std::toupper(static_cast<unsigned char>(a)) == std::toupper(static_cast<unsigned char>(b)))
      continue;
    return false;
  }
  return true;
}

}  // namespace

bool is_partial_move(std::string_view candidate) {
  if (candidate.size() == 1) return std::strchr("WGB", candidate[0]) != nullptr;
  return !candidate.empty() && (candidate.back() == '-' || candidate.back() == 'x');
}

std::vector<std::string> complete_move(std::string_view word,
                                       const std::vector<std::string>& moves) {
  std::vector<std::string> matching;
  for (const auto& m : moves)
    if (starts_with_move(m, word)) matching.push_back(m);
  if (matching.size() <= 1) return matching;
  std::vector<std::string> out;
  for (const auto& m : matching) {
    // Nothing typed yet: ZÈRTZ moves start with the colour letter, so offer the colours.
    if (word.empty() && is_partial_move(m.substr(0, 1))) {
      out.push_back(m.substr(0, 1));
      continue;
    }
    // Separators come after a cell name, so search from past the colour letter and the word.
    const auto sep = m.find_first_of("-x", std::max<std::size_t>(word.size(), 2));
    out.push_back(sep == std::string::npos ? m : m.substr(0, sep + 1));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> complete_word(std::string_view word, std::string_view verb,
                                       const completion_context& ctx) {
  std::vector<std::string> out;
  auto offer = [&](std::string_view candidate) {
    if (candidate.starts_with(word)) out.emplace_back(candidate);
  };
  auto offer_all = [&](std::initializer_list<const char*> words) {
    for (const char* w : words) offer(w);
  };
  if (verb.empty() && word.empty() && !ctx.moves.empty()) {
    // An empty line on our turn: the moves, as the board's hint says (commands are a letter
    // away).
    out = complete_move(word, ctx.moves);
  } else if (verb.empty()) {
    for (const auto& c : command_table())
      if (!c.script_only) offer(c.verb);
    if (!word.empty())
      for (auto& m : complete_move(word, ctx.moves)) out.push_back(std::move(m));
  } else if (verb == "move") {
    out = complete_move(word, ctx.moves);
  } else if (verb == "join" || verb == "watch" || verb == "room" || verb == "review") {
    for (const auto& r : ctx.rooms) offer(r);
  } else if (verb == "new") {
    offer_all({"first", "second", "random", "private", "computer", "5+3", "10+5"});
    for (const cli_game* g : cli_games()) {
      offer(std::string(g->name));
      for (const auto v : g->variants) offer(std::string(v));
      // A board worth naming: one of a game played on several.
      if (g->boards.size() > 1)
        for (const int b : g->boards) offer(std::to_string(b));
    }
  } else if (verb == "board") {
    offer("coords");
  } else if (verb == "help") {
    offer_all({"all", "moves"});
  } else if (verb == "rooms") {
    offer("all");
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ringside::cli
