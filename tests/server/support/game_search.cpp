#include "support/game_search.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>

namespace ringside::test {
namespace {

int total(const zertz::marble_counts& c) {
  return c.n[0] + c.n[1] + c.n[2];
}

// At most this many placements are looked at per turn, to keep sanitizer builds quick.
constexpr std::size_t sample = 120;

}  // namespace

found_game find_game(zertz::variant v,
                     const std::function<bool(const zertz::game&, const zertz::move_report&)>& want,
                     int max_seeds) {
  for (int seed = 1; seed <= max_seeds; ++seed) {
    std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
    auto g = *zertz::game::create(zertz::to_string(v), 0);
    found_game out;
    while (!g.outcome() && out.moves.size() < 200) {
      auto legal = g.legal_moves();
      std::shuffle(legal.begin(), legal.end(), rng);
      if (legal.size() > sample) legal.resize(sample);
      std::string best = legal.front();
      int best_gain = -1;
      for (const auto& m : legal) {
        auto trial = g;
        const auto r = trial.play(m);
        if (r && total(r->captured) > best_gain) {
          best_gain = total(r->captured);
          best = m;
        }
      }
      const auto r = g.play(best);
      if (!r) break;
      out.moves.push_back(r->text);
      out.last = *r;
    }
    if (g.outcome() && want(g, out.last)) {
      out.result = *g.outcome();
      out.final_zip = g.zip();
      return out;
    }
  }
  throw std::runtime_error("no playout ended the way the test wants");
}

}  // namespace ringside::test
