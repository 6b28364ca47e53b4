#pragma once
// The text of a game record in tag-pair style, apart from any game's moves: tag lines
// `[Name "value"]`, then movetext of move numbers, move tokens and a result. Each engine writes
// and reads the tags and tokens it knows; this escapes, numbers and wraps, splits and
// unescapes, and handles the tags every game's record has (players, result, termination).

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/common/board_game.hpp"
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

// The result token of a game's outcome: "1-0", "0-1", "1/2-1/2", or "*" while playing.
std::string result_token(const std::optional<game_outcome>& outcome);

// The result a record of a game states: the rules' once they decided it, else one decided
// outside them (`tags.result`), else "*".
std::string record_result(const std::optional<game_outcome>& outcome, const record_tags& tags);

// The tag lines of the players and the event: Event, Date, Player1, Player2.
std::string player_tag_lines(const record_tags& tags);

// The Result tag line, and a Termination line with the rules' reason for a game they decided
// or the room's (`tags.termination`) for one decided outside them.
std::string result_tag_lines(const std::optional<game_outcome>& outcome, const record_tags& tags);

// Numbered movetext ending in `result`: a number before each of player 1's moves ("1... " first
// when player 2 moves first), lines wrapped after 72 characters. `seats[i]` (1 or 2) played
// `moves[i]`.
std::string movetext(const std::vector<std::string>& moves, const std::vector<int>& seats,
                     std::string_view result);

// Reads a record's Event, Date, Player1 or Player2 tag into `tags`; false for any other name.
bool read_player_tag(record_tags& tags, std::string_view name, const std::string& value);

// The result a read record states: its movetext's, which must agree with a [Result] tag, else
// the tag's, else "*". Refuses an unknown result.
expected<std::string> stated_result(const record_text& rec);

// `rec` (a game's record, with `moves` and `result`) with what a read record's movetext states:
// its moves, each checked for its syntax by `read` (the game's move-text reader, giving an
// expected), and its result (stated_result); or why not.
template <class Record, class Read>
expected<Record> with_movetext(Record rec, const record_text& text, Read&& read) {
  auto result = stated_result(text);
  if (!result) return fail(result.error());
  rec.result = std::move(*result);
  for (const std::string& tok : text.tokens) {
    auto m = read(tok);
    if (!m) return fail("move " + std::to_string(rec.moves.size() + 1) + ": " + m.error());
    rec.moves.push_back(tok);
  }
  return rec;
}

}  // namespace ringside
