#pragma once
// What a computer level is, the same for every game: a row of budgets and weakening in the
// game's table of levels, turned into search settings for one request (seed, clock, cancel,
// overrides), and the search of one move at that level.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "engine/common/rng.hpp"
#include "engine/common/search.hpp"
#include "engine/common/search_types.hpp"

namespace ringside {

// One level of a game's ladder.
struct level_row {
  int depth;            // plies of full-width search at most
  std::uint64_t nodes;  // 0: stopped by time only
  std::int64_t cap_ms;  // the most it thinks without a clock
  int margin;           // root moves this close to the best may be chosen
  int temperature;      // how readily a worse one is
  std::size_t tt_mb;
  // Thinking for a whole game in a room without a clock (0: none, the node budget alone). A
  // level that has one searches on time, as under a clock of this length, and so does it
  // under a real clock: it spends the clock's share for each move instead of stopping at its
  // node budget.
  std::int64_t game_ms = 0;
};

using level_table = std::array<level_row, computer_levels>;

// What a level is for one request: its search settings and table size, and the longest it
// should think without a clock (levels on a node budget stop on it, so their time is only an
// expectation).
struct level_config {
  search_settings settings;
  std::size_t tt_bytes = 0;
  std::int64_t cap_ms = 0;
};

// The configuration of `r.level` (clamped to 1..computer_levels) in `levels` for `r`'s seed,
// clock, cancel flag and overrides. With a clock whose share for this move is below the level's
// cap, the search is cut by time instead of nodes.
level_config configure_level(const level_table& levels, const computer_request& r);

// Frees every table thread_searcher keeps on this thread, of every game and size: a server's
// worker calls it when no search waits, so an idle server does not hold the strong levels'
// tables (tens of MiB each); the next search makes its table again.
void forget_thread_searchers();

// Called by forget_thread_searchers (on this thread) to free one game's kept searchers.
void on_forget_thread_searchers(void (*forget)());

template <class Traits>
std::vector<std::pair<std::size_t, std::unique_ptr<searcher<Traits>>>>& kept_searchers() {
  thread_local std::vector<std::pair<std::size_t, std::unique_ptr<searcher<Traits>>>> kept;
  return kept;
}

// This thread's searcher for `Traits` with a table of `tt_bytes`, made on first use and kept
// until forget_thread_searchers: a new searcher per move spent up to a tenth of a short search
// allocating and zeroing its table. One per size, since a match alternates levels on a thread.
template <class Traits>
searcher<Traits>& thread_searcher(std::size_t tt_bytes) {
  auto& kept = kept_searchers<Traits>();
  for (auto& [bytes, s] : kept) {
    if (bytes == tt_bytes) return *s;
  }
  if (kept.empty()) on_forget_thread_searchers([] { kept_searchers<Traits>().clear(); });
  kept.emplace_back(tt_bytes, std::make_unique<searcher<Traits>>(tt_bytes));
  return *kept.back().second;
}

// Opening variety for the levels that otherwise play their best move: in a game's first plies
// every root move scoring within this margin of the best is scored exactly and one is drawn
// (nearly uniformly, by the game's seed), so the same level does not play the same opening
// every game, yet a seed still repeats its game. Scores are hundredths of the game's unit, so
// the moves drawn among are alike to the search.
inline constexpr int opening_variety_plies = 4;
inline constexpr int opening_variety_margin = 8;
inline constexpr int opening_variety_temperature = 1000;

// The computer's move in `p`, the position after `ply` moves of a game not over, at `r.level`
// of `levels`, as the move's canonical token with what the search found. `earlier_keys`: the
// keys of the game's positions before p, for a game whose repetitions tie.
template <class Traits>
computer_move search_move(const typename Traits::position& p, int ply, const level_table& levels,
                          const computer_request& r, std::vector<std::uint64_t> earlier_keys = {}) {
  level_config c = configure_level(levels, r);
  c.settings.earlier_keys = std::move(earlier_keys);
  // Each move of a game draws its own noise, repeatable from the game's seed.
  c.settings.seed = mix_seed(r.seed, static_cast<std::uint64_t>(ply));
  if (r.variety && c.settings.margin == 0 && ply < opening_variety_plies) {
    c.settings.margin = opening_variety_margin;
    c.settings.temperature = opening_variety_temperature;
  }
  searcher<Traits>& s = thread_searcher<Traits>(c.tt_bytes);
  s.forget();  // each move searches as a new searcher would, so a seed repeats it anywhere
  const auto found = s.run(p, c.settings);
  computer_move out;
  out.info = found.info;
  if (found.best != typename Traits::move{}) out.move = Traits::token(p, found.best);
  return out;
}

}  // namespace ringside
