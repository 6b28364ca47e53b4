#pragma once
// glicko2: Glickman's Glicko-2 rating update ("Example of the Glicko-2 system", 2022), with
// lichess's bounds. Pure arithmetic: no clock, no storage, no server types, so the paper's
// worked example is its test and the journal replays history with the same code.

#include <cstdint>
#include <span>

namespace ringside::rating {

// One player's rating on the Glicko scale (1500-centred), as stored and shown.
struct glicko2_rating {
  double rating = 1500.0;
  double deviation = 500.0;
  double volatility = 0.09;
  friend bool operator==(const glicko2_rating&, const glicko2_rating&) = default;
};

// One game of a rating period from the rated player's side: the opponent's rating before it
// and the player's score (1 win, 0.5 draw, 0 loss).
struct glicko2_game {
  glicko2_rating opponent;
  double score = 0.0;
};

// The system's constants. The defaults are lichess's: a new player is 1500 +- 500, the
// deviation stays within [45, 500] and the volatility at most 0.1; τ 0.75 lets ratings move
// fairly fast. A rating period is 1 / 0.21436 days (about 4.7): an established player's
// deviation grows from 60 to about 110 over a year of not playing.
struct glicko2_settings {
  glicko2_rating start{};
  double tau = 0.75;
  double min_deviation = 45.0;
  double max_deviation = 500.0;
  double max_volatility = 0.1;
  double periods_per_day = 0.21436;
};

class glicko2 {
 public:
  explicit glicko2(glicko2_settings s = {}) : s_(s) {}

  const glicko2_settings& settings() const { return s_; }

  // The rating after `games` played in one period that began `periods` rating periods after
  // the player's last one (1 in the paper; lichess counts the time since the last game). No
  // games: only the deviation grows. The result is kept within the settings' bounds.
  glicko2_rating rate(const glicko2_rating& player, std::span<const glicko2_game> games,
                      double periods = 1.0) const;

  // How many rating periods `elapsed_ms` of wall time is (0 for no or negative time).
  double periods_between(std::int64_t elapsed_ms) const;

  // The deviation `player` shows after `periods` idle rating periods, bounded.
  double idle_deviation(const glicko2_rating& player, double periods) const;

 private:
  // Step 5 of the paper: the new volatility, by the Illinois algorithm.
  double new_volatility(double phi, double sigma, double v, double delta) const;
  glicko2_rating bounded(glicko2_rating r) const;

  glicko2_settings s_;
};

}  // namespace ringside::rating
