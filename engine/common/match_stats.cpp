#include "engine/common/match_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ringside {

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

match_summary summarize(int wins, int draws, int losses) {
  match_summary m;
  m.games = wins + draws + losses;
  if (m.games == 0) return m;
  const double n = m.games;
  const double w = wins / n, d = draws / n, l = losses / n;
  m.score = w + d / 2;
  const double var = w * (1 - m.score) * (1 - m.score) + d * (0.5 - m.score) * (0.5 - m.score) +
                     l * m.score * m.score;
  const double margin = 1.959964 * std::sqrt(var / n);
  m.low = std::clamp(m.score - margin, 0.0, 1.0);
  m.high = std::clamp(m.score + margin, 0.0, 1.0);
  m.elo = elo_from_score(m.score);
  m.elo_low = elo_from_score(m.low);
  m.elo_high = elo_from_score(m.high);
  if (wins + losses > 0) {
    m.los = 0.5 * (1 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
  }
  return m;
}

}  // namespace ringside
