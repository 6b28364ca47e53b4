#pragma once
// DVONN game records: tag pairs and numbered movetext (dvonn-rules.md §6), e.g.
//
//   [Game "DVONN"]
//   [Event ""] [Date "2026.11.24"] [Player1 "ann"] [Player2 "bob"]
//   [Result "1-0"]
//   [Score "27-19"]
//
//   1. i3 j4 2. c5 a1 ... 25. k5 26. a1b2 c3c4 ... 1-0
//
// A number precedes each of player 1's turns (player 1 places the 49th piece and makes the
// first move, so "25. k5 26. a1b2"); a game from a position with player 2 to move opens with
// "1...". [Position "…"] names the start when it is not the empty board; [Score] is the
// controlled height of each player at the end of the moves.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/board_game.hpp"
#include "engine/common/expected.hpp"
#include "engine/dvonn/game.hpp"

namespace ringside::dvonn {

struct record {
  record_tags tags;
  std::optional<std::string> start_position;  // when the game did not start empty
  std::vector<std::string> moves;             // tokens as written ("pass" included)
  std::string result = "*";                   // "1-0", "0-1", "1/2-1/2" or "*"
  std::optional<std::array<int, 2>> score;    // the [Score] tag, when written
};

// Tags and movetext for `g`; parse_record reads it back and replay rebuilds the same game.
// tags.result is used only while the rules have not decided the game.
std::string write_record(const game& g, const record_tags& tags);

// Reads a record: tags (a [Game] tag must say DVONN; unknown tags are ignored), then moves
// checked for their syntax. Refuses malformed tags, moves and results.
expected<record> parse_record(std::string_view text);

// Replays a record into a game, checking every move, and that the result and the score the
// record states are those the moves give.
expected<game> replay(const record& r);

}  // namespace ringside::dvonn
