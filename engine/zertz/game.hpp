#pragma once
// zertz::game — the small interface the server needs from the ZÈRTZ engine.
//
// It wraps a position with what lies outside a single position: the move history, the
// repetition count, the pass count and the result. Everything here speaks cell names and ZEN
// move text, so protocol/ and server/ never see bitboards. No exceptions, no I/O.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/board_game.hpp"
#include "engine/zertz/expected.hpp"

namespace ringside::zertz {

enum class variant : std::uint8_t { standard, blitz, tournament };

// Marble colours in the order W, G, B; used as array indices everywhere.
enum class marble : std::uint8_t { white = 0, grey = 1, black = 2 };

struct marble_counts {
  std::array<int, 3> n{};  // W, G, B
  friend bool operator==(const marble_counts&, const marble_counts&) = default;
};

// One ring on the board as a client sees it.
struct ring_view {
  std::string cell;                // "d4"
  std::optional<marble> occupant;  // empty when vacant
};

// What one accepted move did, for the room's last_move field.
struct move_report {
  std::string text;                    // canonical ZEN token, e.g. "Wd4-a1", "Bd1xd3xd5", "pass"
  int by = 0;                          // seat that moved, 1 or 2
  marble_counts captured;              // marbles the mover gained by this move (jumps or isolation)
  std::vector<std::string> isolated;   // cells whose rings left the board by isolation
  std::optional<std::string> removed;  // the ring removed by a placement, if any
};

// Parsed game record (ZEN, PGN-style).
struct zen_record;
// The record's tag pairs are the engine-neutral ones.
using zen_tags = ringside::record_tags;

class game {
 public:
  // --- the board_game seam (engine/common/board_game.hpp) ----------------------------------
  static constexpr std::string_view name = "zertz";
  static constexpr std::string_view title = "ZÈRTZ";
  // With each variant's typical moves per player (a standard game lasts about 30 plies, blitz
  // about 24, tournament about 40) and its win rule (zertz-rules.md §2; rules.cpp checks they
  // agree).
  static constexpr std::array<variant_offer, 3> variants{
      {{"standard", 37, 15, {{{"W", 4}, {"G", 5}, {"B", 6}, {"each", 3}}}},
       {"blitz", 37, 12, {{{"W", 3}, {"G", 4}, {"B", 5}, {"each", 2}}}},
       {"tournament", 48, 20, {{{"W", 4}, {"G", 5}, {"B", 6}, {"each", 3}}}}}};
  static constexpr std::array<int, 6> boards{37, 40, 43, 44, 48, 61};
  static constexpr std::string_view board_unit = "rings";
  // The empty start of variant `variant_name` ("standard", "blitz", "tournament": its pool and
  // win rule) on `rings` rings (37, 40, 43, 44, 48 or 61); the variant's own board when `rings`
  // is 0 (standard/blitz 37, tournament 48).
  static expected<game> create(std::string_view variant_name, int rings);
  std::string_view variant_name() const;
  int board_size() const { return board_rings(); }
  // Empty while playing; then the winner (0 for a tie) and why: "win_condition" (the mover's
  // captures met the variant's condition), "board_full" (the last ring claimed by isolation),
  // "repetition" (third occurrence of the same position) or "no_moves" (two passes in a row).
  std::optional<game_outcome> outcome() const;
  std::optional<std::array<int, 2>> score() const { return std::nullopt; }  // ZÈRTZ counts none
  std::string position_text() const { return zip(); }
  std::string write_record(const record_tags& tags) const;

  // A game starting from a ZIP position. Its board is read from the layout, or is `rings` when
  // not 0 (a 44-ring board that lost its extra rings looks like the 37-ring one). If the side
  // to move has nothing to do, the forced pass is played at once.
  static expected<game> from_zip(variant v, std::string_view zip, int rings = 0);

  // Checks `text` (ZEN, or official GIPF notation) against the legal-move list. On success
  // returns the canonical ZEN token; otherwise a sentence that says why, e.g.
  // "a capture is compulsory: d1xd3, f2xd2", "e4 is not vacant", "ring a1 is not free",
  // "the capture must continue from d5", "no grey marble left to place", "the game is over".
  expected<std::string> check_move(std::string_view text) const;

  // Plays a move (any text check_move accepts). After it, forced passes are played
  // automatically (and show in history() as "pass"), and the result is updated.
  expected<move_report> play(std::string_view text);

  // --- what the state document shows -------------------------------------------------------
  variant rules() const;
  int board_rings() const;               // the board's starting ring count
  int to_move() const;                   // 1 or 2
  int ply() const;                       // moves played, passes included
  std::vector<ring_view> rings() const;  // every ring still on the board, in cell order
  marble_counts pool() const;
  marble_counts captured(int seat) const;  // seat 1 or 2
  bool must_capture() const;
  std::vector<std::vector<std::string>> capture_chains() const;  // cells: start, landings...
  std::vector<std::string> removable() const;                    // free rings right now
  const std::vector<std::string>& history() const;
  const std::vector<int>& history_by() const;    // the seat of each history() entry
  std::vector<std::string> legal_moves() const;  // every legal ZEN token, sorted
  // The Zobrist key of every position so far, the start first and the current one last, for
  // the computer's search to see the repetition rule.
  std::vector<std::uint64_t> position_keys() const;
  std::string zip() const;  // the current position as ZIP
  // The ZIP the game started from, or empty when it started from the empty board.
  std::optional<std::string> start_zip() const;

 private:
  struct impl;
  // The engine helper owns the layout below; the server relies only on the API above.
 public:
  game(const game&);
  game(game&&) noexcept;
  game& operator=(const game&);
  game& operator=(game&&) noexcept;
  ~game();

 private:
  explicit game(std::unique_ptr<impl> p);
  std::unique_ptr<impl> impl_;
};

// Names used on the wire and in records.
std::string_view to_string(variant v);  // "standard" | "blitz" | "tournament"
std::optional<variant> parse_variant(std::string_view s);
char to_char(marble m);  // 'W' 'G' 'B'
bool is_supported_board(int rings);

// ZEN game record: tag pairs and numbered movetext. write_zen_record produces text that
// parse_zen_record reads back to the same game.
std::string write_zen_record(const game& g, const zen_tags& tags);
struct zen_record {
  zen_tags tags;
  variant rules = variant::standard;
  int board = 37;
  std::optional<std::string> start_zip;  // when the game did not start from the empty board
  std::vector<std::string> moves;
  std::string result;  // "1-0", "0-1", "1/2-1/2" or "*"
};
expected<zen_record> parse_zen_record(std::string_view text);
// Replays a record into a game, checking every move.
expected<game> replay(const zen_record& record);

static_assert(board_game<game>);

}  // namespace ringside::zertz
