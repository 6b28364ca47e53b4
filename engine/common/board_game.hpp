#pragma once
// board_game: what the server needs of a game's engine, and nothing more. Rooms, the lobby,
// the journal, clocks and HTTP endpoints see a game only through this (via any_game), so a
// new GIPF game is an engine folder that meets the concept, its part of the state document
// (protocol/), and one line in engine/games.hpp. Each engine checks itself with
// static_assert(board_game<its game>).

#include <array>
#include <concepts>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/common/expected.hpp"

namespace ringside {

// How a game ended by its own rules.
struct game_outcome {
  int winner = 0;           // 1 or 2; 0 for a tie
  std::string_view reason;  // the wire word: "win_condition", "board_full", "no_moves", ...
  friend bool operator==(const game_outcome&, const game_outcome&) = default;
};

// The tag pairs of a game record that the room knows and the rules do not.
struct record_tags {
  std::string event, date, player1, player2;
  // "1-0", "0-1" or "1/2-1/2" for a game ended outside the rules (resignation, agreement,
  // time, abandonment); used only while the rules have not decided the game.
  std::string result;
  // How such a game ended, as the wire says it ("resignation", "time", ...): the record's
  // [Termination] tag. A game the rules decided gives the rules' own reason instead. (It has
  // a default so that aggregate initialisers may leave it out.)
  std::string termination = {};
};

// One count a player reaches to win, as a client shows progress toward it: what is counted
// (a game's own word, e.g. ZÈRTZ's captured colours "W", "G", "B", or "each") and how many.
struct win_goal {
  std::string_view what;
  int count = 0;
};

// One way to play a game, as a player chooses it: the variant's wire name, the board it is
// played on when the player names none, how many moves one player typically makes in a game
// of it, and the counts that win it (none for a game won otherwise, e.g. DVONN's height of
// stacks at the end; unused entries have an empty `what`). Ratings class a clock's speed by
// the game length it leads to (initial time + increment x those moves), so each game states
// its own length and the server names none.
struct variant_offer {
  std::string_view name;
  int board = 0;
  int typical_moves = 0;
  std::array<win_goal, 4> goals{};
};

// What one accepted move of G did (the state's last_move): the value play() returns.
template <class G>
using report_of = typename decltype(std::declval<G&>().play(std::string_view{}))::value_type;

template <class G>
concept board_game =
    std::copyable<G> &&
    requires(G& g, const G& cg, std::string_view text, int board, const record_tags& tags,
             const report_of<G>& r) {
      // A report has at least the move's canonical token and the seat that played it.
      { r.text } -> std::convertible_to<const std::string&>;
      { r.by } -> std::convertible_to<int>;
      // The game's name on the wire and in the journal: "zertz", "dvonn".
      { G::name } -> std::convertible_to<std::string_view>;
      // What a client offers a player who creates a room, so that no client lists a game's
      // choices by hand: the name people read ("ZÈRTZ"), the variants (the first is the
      // default), every board size create() accepts, and what a board size counts ("rings").
      { G::title } -> std::convertible_to<std::string_view>;
      { G::variants } -> std::convertible_to<std::span<const variant_offer>>;
      { G::boards } -> std::convertible_to<std::span<const int>>;
      { G::board_unit } -> std::convertible_to<std::string_view>;
      // A new game of variant `text` on a board of `board` cells (0: the variant's own), or
      // a sentence saying which variants and boards there are.
      { G::create(text, board) } -> std::same_as<expected<G>>;
      { cg.variant_name() } -> std::convertible_to<std::string_view>;
      { cg.board_size() } -> std::same_as<int>;
      // The canonical token of `text` when it is legal now, or why it is not.
      { cg.check_move(text) } -> std::same_as<expected<std::string>>;
      // Plays a legal move, then any forced passes (they show in history() as "pass").
      { g.play(text) } -> std::same_as<expected<report_of<G>>>;
      { cg.to_move() } -> std::same_as<int>;  // 1 or 2
      { cg.ply() } -> std::same_as<int>;      // moves played, passes included
      { cg.history() } -> std::same_as<const std::vector<std::string>&>;
      // The seat (1 or 2) that made each entry of history(), forced passes included: turns
      // need not alternate (DVONN's first mover also places the last piece).
      { cg.history_by() } -> std::same_as<const std::vector<int>&>;
      { cg.legal_moves() } -> std::same_as<std::vector<std::string>>;  // empty once over
      { cg.outcome() } -> std::same_as<std::optional<game_outcome>>;   // empty while playing
      // Points each seat has now, for games that count them (empty for the others).
      { cg.score() } -> std::same_as<std::optional<std::array<int, 2>>>;
      { cg.position_text() } -> std::same_as<std::string>;  // the game's own notation
      { cg.write_record(tags) } -> std::same_as<std::string>;  // tag pairs and movetext
    };

}  // namespace ringside
