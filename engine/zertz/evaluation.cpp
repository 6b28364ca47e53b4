#include "engine/zertz/evaluation.hpp"

#include <algorithm>
#include <array>

#include "engine/zertz/isolation_threat.hpp"
#include "engine/zertz/rules.hpp"

namespace ringside::zertz {

namespace {

std::size_t ix(int v) {
  return static_cast<std::size_t>(v);
}

// Bonus by the number of marbles a player still needs for their nearest reachable condition.
// One away is a standing threat the opponent must answer; further away counts little more than
// the marbles themselves. None left (a win) only happens for marbles counted as gained before
// they are taken: an isolation the mover can make now that wins the game.
constexpr std::array<int, 5> near_bonus = {600, 220, 90, 30, 10};

// What one captured marble of colour c is worth: fewer of a colour are needed for a win, so
// each is worth more (W 150, G 120, B 100 in the standard game; every variant's counts divide
// 600 exactly).
int marble_weight(const rule_set& r, std::size_t c) {
  return 6 * eval_scale / r.win_single[c];
}

}  // namespace

int player_value(const position& p, int player, const std::array<int, 3>& gained) {
  const rule_set& r = rules_of(p.rules());
  const auto& s = p.raw();
  std::array<int, 3> caps{};
  std::array<int, 3> available{};  // marbles of each colour that can still be captured
  for (std::size_t c = 0; c < 3; ++c) {
    caps[c] = s.caps[ix(player)][c] + gained[c];
    available[c] = s.pool[c] + popcount(s.marbles[c]) - gained[c];
  }

  int value = 0;
  int nearest = 99;
  int need_each = 0;
  bool each_reachable = true;
  for (std::size_t c = 0; c < 3; ++c) {
    value += caps[c] * marble_weight(r, c);
    const int need = r.win_single[c] - caps[c];
    if (need <= available[c]) nearest = std::min(nearest, need);
    const int short_of_each = std::max(0, r.win_each - caps[c]);
    need_each += short_of_each;
    if (short_of_each > available[c]) each_reachable = false;
  }
  if (each_reachable) nearest = std::min(nearest, need_each);
  nearest = std::max(nearest, 0);  // gained marbles may pass the count a win needs
  if (nearest < static_cast<int>(near_bonus.size())) value += near_bonus[ix(nearest)];
  return value;
}

int player_value(const position& p, int player) {
  return player_value(p, player, {});
}

int evaluate(const position& p, bool isolation_threats) {
  const int me = p.side();
  const int mine = player_value(p, me);
  int score = mine - player_value(p, me ^ 1);
  if (isolation_threats) {
    // A cut the mover can make now is worth most of what it claims: the search stopped one
    // move short of it. (The opponent's cuts are the same cuts, and the mover is first.)
    const rule_set& r = rules_of(p.rules());
    std::array<int, 3> weight{};
    for (std::size_t c = 0; c < 3; ++c) weight[c] = marble_weight(r, c);
    const auto claim = best_isolation(p, weight);
    if (claim != std::array<int, 3>{}) score += (player_value(p, me, claim) - mine) * 3 / 4;
  }
  // Placing on a ring with no marble next to it never gives the opponent a jump. When there is
  // no such ring the mover will probably have to offer a marble.
  const bitboard vac = p.vacant();
  const bitboard quiet = vac & ~p.geometry().around(p.occupied());
  if (quiet == 0 && p.placeable_colours() != 0) score -= 40;
  return score;
}

}  // namespace ringside::zertz
