#pragma once
// completion — what the Tab key offers, and only what can be typed now: the interactive
// commands, the legal moves of the current room when it is our turn (one step at a time:
// `W` offers `Wd4-`…, `Wd4-` the rings that may then be removed), room ids where a room is
// wanted, and the words a command takes.

#include <string>
#include <string_view>
#include <vector>

namespace ringside::cli {

struct completion_context {
  std::vector<std::string> moves;  // legal tokens for us now; empty when it is not our turn
  std::vector<std::string> rooms;  // rooms we are in or saw listed
  std::string game;                // the current room's game: "zertz", "dvonn" or empty
};

// Candidates for `word`, the word under the cursor; `verb` is the line's first word, or empty
// when `word` is the first word itself. Sorted, without duplicates. An empty line lists the
// legal moves on our turn (the first step of each), the commands otherwise.
std::vector<std::string> complete_word(std::string_view word, std::string_view verb,
                                       const completion_context& ctx);

// The next step of each legal token that starts with `word` (case aside for the colour
// letter): the whole token when only one matches, otherwise up to and including the next
// `-` or `x` separator, so a long list of placements unfolds cell by cell.
std::vector<std::string> complete_move(std::string_view word,
                                       const std::vector<std::string>& moves);

// True when a lone candidate is only a step (a colour letter, or ends with a separator): Tab
// must not add a space after it.
bool is_partial_move(std::string_view candidate);

}  // namespace ringside::cli
