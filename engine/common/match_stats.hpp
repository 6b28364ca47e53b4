#pragma once
// The statistics a match tool prints, as chess engines' tools (cutechess-cli, fastchess) do:
// score with a 95% interval from the games' own spread, the Elo difference it implies, and
// the likelihood of superiority.

namespace ringside {

struct match_summary {
  int games = 0;
  double score = 0;                  // (wins + draws / 2) / games, for the first player
  double low = 0, high = 0;          // 95% interval of the score, clamped to [0, 1]
  double elo = 0;                    // Elo difference implied by score; +-inf at 1 and 0
  double elo_low = 0, elo_high = 0;  // from the interval's ends
  double los = 0.5;                  // probability the first is stronger (draws ignored)
};

// The Elo difference whose expected score is `score` (0 < score < 1): -400 log10(1/s - 1).
// +infinity at 1, -infinity at 0.
double elo_from_score(double score);

// Summary of `wins`, `draws`, `losses` from the first player's side. The interval is
// score +- 1.96 standard errors, the error from the per-game variance of W/D/L results.
match_summary summarize(int wins, int draws, int losses);

}  // namespace ringside
