// DVONN's evaluation terms: each one switches off on its own and changes what positions are
// worth, and the reach term counts what a single stack move can really land on.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/common/rng.hpp"
#include "engine/dvonn/evaluation.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/movegen.hpp"

namespace ringside::dvonn::test {

namespace {

std::vector<position> random_positions(int games) {
  std::vector<position> out;
  for (int i = 0; i < games; ++i) {
    rng r(static_cast<std::uint64_t>(i) + 900);
    game g = *game::create("standard", 0);
    while (!g.outcome()) {
      out.push_back(g.current());
      const auto legal = g.legal_moves();
      REQUIRE(g.play(legal[r.below(legal.size())]));
    }
  }
  return out;
}

// The tallest stack of the other side that `side` lands on with one legal stack move: read
// from the move generator, not from the evaluation's bitboards.
int tallest_landing(position p, int side) {
  p.set_side(side);
  move_list moves;
  generate_moves(p, moves);
  int best = 0;
  for (const move& m : moves) {
    if (m.kind() == move_kind::stack && (p.owned(side ^ 1) & bit(m.to())) != 0) {
      best = std::max(best, p.height(m.to()));
    }
  }
  return best;
}

}  // namespace

TEST_CASE("dvonn evaluation: every term, switched off alone, changes some positions' values") {
  const auto positions = random_positions(6);
  REQUIRE(positions.size() > 300);
  for (const auto& t : term_names) {
    int changed = 0;
    for (const position& p : positions) {
      if (evaluate(p, t.bit) != evaluate(p)) ++changed;
    }
    CHECK_MESSAGE(changed > 10, t.name);
  }
}

TEST_CASE("dvonn evaluation: the reach term is what each side's next move can land on") {
  int seen = 0;
  for (const position& p : random_positions(6)) {
    if (p.placing() || p.over()) continue;
    const int me = p.side();
    const int expected = 50 * tallest_landing(p, me) - 20 * tallest_landing(p, me ^ 1);
    CHECK(evaluate(p) - evaluate(p, term::reach) == expected);
    if (expected != 0) ++seen;
  }
  CHECK(seen > 20);
}

TEST_CASE("dvonn evaluation: terms that only read the moving phase leave placing alone") {
  for (const position& p : random_positions(2)) {
    if (!p.placing()) continue;
    CHECK(evaluate(p, term::mobility | term::risk | term::stacks | term::reach) == evaluate(p));
  }
}

}  // namespace ringside::dvonn::test
