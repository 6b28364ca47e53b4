#pragma once
// What every game's searcher takes and gives back: a budget, what the search found, and the
// clock of the room it plays in. Shared so the server and the match tool treat games alike.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ringside {

// How much a search may do. With max_nodes set the search never looks at the time, so a node
// budget and a seed repeat the same game on any machine; max_time_ms is for play under a clock.
struct search_limits {
  int max_depth = 64;            // plies of full-width search
  std::uint64_t max_nodes = 0;   // 0: no node limit
  std::int64_t max_time_ms = 0;  // 0: no time limit; with max_nodes, whichever comes first
  // With a time limit, no new iteration starts past this share of it. An iteration cut short
  // is not lost: it searched the last best move first, so a move it put ahead is better.
  int iteration_percent = 45;
};

// What a search found. Scores are from the mover's side, in hundredths of a marble-like unit
// for ZÈRTZ (the game's own scale otherwise); |score| >= mate_bound means a forced result.
struct search_info {
  int depth = 0;            // last full-width depth completed
  int seldepth = 0;         // deepest ply reached (captures searched through)
  std::uint64_t nodes = 0;  // positions visited
  int score = 0;
  std::vector<std::string> pv;  // the principal line as move tokens, the chosen move first
  std::int64_t elapsed_ms = 0;
  static constexpr int mate_bound = 29000;
};

// A room's clock as the computer sees it on its turn.
struct clock_state {
  std::int64_t remaining_ms = 0;  // on the computer's clock now
  std::int64_t increment_ms = 0;  // added after each move
};

// What the server (or the match tool) asks of a computer player.
struct computer_request {
  int level = 3;                              // 1 (beginner) to computer_levels (strongest)
  std::uint64_t seed = 0;                     // with a node budget, the same seed repeats the move
  std::optional<clock_state> clock;           // the room's clock, when it has one
  const std::atomic<bool>* cancel = nullptr;  // set from another thread to stop early
  // Overrides of the level's budget, for matches between settings; 0 keeps the level's.
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int depth = 0;
  // The evaluation's threat terms (ZÈRTZ: isolation one move away); off to measure them.
  bool threats = true;
  // Evaluation terms switched off, one bit each (the game names them: dvonn::term); 0 for play.
  std::uint32_t terms_off = 0;
  // A level searching on a node budget also stops at its time cap: what the server asks, so a
  // computer never thinks longer than its level says on a busy machine. Off by default, so a
  // seed and a node budget repeat the same move however fast the machine is (matches, tests).
  bool time_capped = false;
  // In a room without a clock: how long this computer has thought so far in this game. The
  // levels that have a per-game budget spend what is left of it as they would a clock.
  std::optional<std::int64_t> game_used_ms;
  // The strong levels vary their openings (computer_level.hpp); off to measure what it costs.
  bool variety = true;
  // search_limits::iteration_percent for a search on time; 0 keeps the search's own.
  int iteration_percent = 0;
};

inline constexpr int computer_levels = 5;

// A computer's decision: the canonical move token (what the game's check_move accepts) and
// what the search found.
struct computer_move {
  std::string move;
  search_info info;
};

}  // namespace ringside
