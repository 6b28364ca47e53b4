#pragma once
// completion — what the Tab key offers: command names first, then cell names of the current
// board (from the state's `rings`), whole capture chains, and room ids where a room is wanted.

#include <string>
#include <string_view>
#include <vector>

namespace ringside::cli {

struct completion_context {
  std::vector<std::string> cells;     // rings on the current board
  std::vector<std::string> captures;  // legal chains as tokens, when a capture is compulsory
  std::vector<std::string> rooms;     // rooms we are in or saw listed
};

// Candidates for `word`, the word under the cursor; `verb` is the line's first word, or empty
// when `word` is the first word itself. Sorted, without duplicates.
std::vector<std::string> complete_word(std::string_view word, std::string_view verb,
                                       const completion_context& ctx);

}  // namespace ringside::cli
