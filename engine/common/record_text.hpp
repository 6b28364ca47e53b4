#pragma once
// The text of a game record in tag-pair style, apart from any game's moves: tag lines
// `[Name "value"]`, then movetext of move numbers, move tokens and a result. Each engine reads
// the tags and tokens it knows; this only splits and unescapes.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/common/expected.hpp"

namespace ringside {

struct record_text {
  std::vector<std::pair<std::string, std::string>> tags;  // in the order written
  std::vector<std::string> tokens;  // movetext without move numbers and without the result
  std::string result;               // "1-0", "0-1", "1/2-1/2", "*", or empty when not written
};

// Splits a record into tags and movetext. Refuses tags after moves, malformed tag lines and
// anything after the result token.
expected<record_text> read_record_text(std::string_view text);

// One tag line, `[Name "value"]\n`; quote and backslash are escaped and control characters
// written as \xNN, so any value reads back unchanged.
std::string tag_line(std::string_view name, std::string_view value);

// "1-0", "0-1", "1/2-1/2" or "*".
bool is_result_token(std::string_view t);

}  // namespace ringside
