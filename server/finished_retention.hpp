#pragma once
// finished_retention: which finished games the journal keeps. A finished game costs about
// 430 bytes for good, and one address within its message budget can finish hundreds of games
// a minute (a computer game resigned at once), so the journal would grow without end. A game
// that went on (at least `keep_plies` plies) is somebody's game and is kept forever; a
// shorter one goes `retention_s` after it finished. The journal applies the same rule in SQL
// (journal::prune_finished_rooms); this is the rule, with the time given, for the sweep and
// the tests.

#include <cstdint>

namespace ringside::server {

struct finished_retention {
  double retention_s = 30.0 * 24 * 3600;  // 0: every finished game is kept
  std::int64_t keep_plies = 20;           // games this long are kept forever (0: none is)

  bool prunes_any() const { return retention_s > 0; }
  // Games that finished before this (unix ms) may go, at `now_ms`.
  std::int64_t finished_before_ms(std::int64_t now_ms) const;
  // Games with this many plies or more are kept (the largest integer when none is).
  std::int64_t plies_kept_from() const;
  // Whether a game that finished at `finished_ms` after `plies` plies goes at `now_ms`.
  bool prunes(std::int64_t finished_ms, std::int64_t plies, std::int64_t now_ms) const;
};

}  // namespace ringside::server
