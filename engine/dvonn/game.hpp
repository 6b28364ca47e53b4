#pragma once
// dvonn::game — what the server needs from the DVONN engine (the board_game seam) and what the
// state document shows, in cell names and move tokens only: no bitboards, no JSON, no I/O.
//
// It wraps a position with what lies outside one position: the history (forced passes
// included, played here as the server's stand-in), the position the game started from, and
// the result once neither player can move.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/board_game.hpp"
#include "engine/common/expected.hpp"
#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

using ringside::expected;
using ringside::fail;

enum class game_phase : std::uint8_t { placement, movement };
std::string_view to_string(game_phase p);  // "placement" | "movement"

// One stack as a client sees it.
struct stack_view {
  std::string cell;    // "c3"
  std::string pieces;  // bottom to top, e.g. "BWDW"; the last piece owns the stack
  friend bool operator==(const stack_view&, const stack_view&) = default;
};

// What one accepted move did, for the room's last_move field.
struct move_report {
  std::string text;                 // canonical token: "c3", "c3e3" or "pass"
  int by = 0;                       // seat that moved, 1 or 2
  std::vector<stack_view> removed;  // stacks the move cut off from the DVONN pieces, field order
};

// The pieces a player still has to place. DVONN pieces count for the player whose turn it is
// to place them, as the rulebook hands them out: player 1 holds two (the 1st and 3rd
// placements), player 2 one (the 2nd). So at the start player 1 has {2, 23} and player 2
// {1, 23}; both are {0, 0} once the 49 pieces are down.
struct supply {
  int dvonn = 0;
  int own = 0;        // pieces of the player's colour
  char colour = 'W';  // that colour: 'W' for player 1, 'B' for player 2
  friend bool operator==(const supply&, const supply&) = default;
};

class game {
 public:
  // --- the board_game seam (engine/common/board_game.hpp) ----------------------------------
  static constexpr std::string_view name = "dvonn";
  static constexpr std::string_view title = "DVONN";
  // Typical moves per player: 24 or 25 placements, then about 15 stack moves each.
  static constexpr std::array<variant_offer, 1> variants{{{"standard", cell_count, 40}}};
  static constexpr std::array<int, 1> boards{cell_count};
  static constexpr std::string_view board_unit = "cells";
  // A new game: variant "standard" on the 49-cell board (`board` 0 or 49); otherwise a
  // sentence saying what there is.
  static expected<game> create(std::string_view variant, int board);
  std::string_view variant_name() const { return "standard"; }
  int board_size() const { return cell_count; }
  // The canonical token of `text` when it is legal now, or a sentence that says why not
  // ("c3 is empty", "a lone DVONN piece cannot move", "the game is over", ...).
  expected<std::string> check_move(std::string_view text) const;
  // Plays a move (any text check_move accepts), then any forced passes, which show in
  // history() as "pass"; sets the result once neither player can move.
  expected<move_report> play(std::string_view text);
  int to_move() const { return pos_.side() + 1; }
  int ply() const { return static_cast<int>(history_.size()); }
  const std::vector<std::string>& history() const { return history_; }
  const std::vector<int>& history_by() const { return history_by_; }  // seat of each entry
  std::vector<std::string> legal_moves() const;  // sorted tokens; empty once the game is over
  // {winner by score (0 on a tie), "no_moves"} once neither player can move.
  std::optional<game_outcome> outcome() const { return outcome_; }
  // The height each seat controls now (stacks topped by its colour); always present.
  std::optional<std::array<int, 2>> score() const;
  std::string position_text() const;  // `<stacks> <to_move> <placed>` (spec §6)
  // The record: tag pairs and numbered movetext (see record.hpp).
  std::string write_record(const record_tags& tags) const;

  // --- what else the state document shows ---------------------------------------------------
  // A game from a position text. Forced passes are played at once; a finished position is
  // accepted and is over from the start.
  static expected<game> from_position(std::string_view text);
  game_phase phase() const { return pos_.placing() ? game_phase::placement : game_phase::movement; }
  int placed() const { return pos_.placed(); }  // pieces placed so far, 0..49
  std::vector<stack_view> stacks() const;       // every occupied cell, field order
  supply to_place(int seat) const;              // seat 1 or 2; {0, 0} for any other
  // The position the game started from, or empty when it started from the empty board.
  const std::optional<std::string>& start_position() const { return start_; }
  // The position itself, for tools and tests that count or compare.
  const position& current() const { return pos_; }

 private:
  game() = default;
  // After a move: plays the pass the side to move is forced to make, or ends the game.
  void settle();

  position pos_;
  std::vector<std::string> history_;
  std::vector<int> history_by_;
  std::optional<std::string> start_;
  std::optional<game_outcome> outcome_;
};

static_assert(board_game<game>);

}  // namespace ringside::dvonn
