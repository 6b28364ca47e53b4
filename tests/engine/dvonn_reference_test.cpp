// The engine against the slow referee of dvonn_reference.hpp over seeded random games: the
// legal moves of every position met, the removals, scores and end of every move, the position
// text, undo, bulk counts and perft 2. Then the game facade (forced passes, reports, result)
// against the referee's own game to the end.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "dvonn_reference.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/notation.hpp"
#include "engine/dvonn/perft.hpp"

#ifndef RINGSIDE_ENGINE_TEST_GAMES
#define RINGSIDE_ENGINE_TEST_GAMES 2000
#endif

namespace ringside::dvonn::test {

namespace {

namespace ref = reference;
// Each game is ~90 positions; half the ZÈRTZ suite's game count gives ~80 000 positions.
constexpr int games = RINGSIDE_ENGINE_TEST_GAMES / 2;

std::vector<std::string> engine_moves(const position& p) {
  move_list list;
  generate_moves(p, list);
  std::vector<std::string> out;
  for (const move& m : list) out.push_back(m.text());
  std::sort(out.begin(), out.end());
  return out;
}

std::uint64_t reference_perft(const ref::game_state& g, int depth) {
  if (depth == 0) return 1;
  const auto moves = ref::legal_moves(g);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (const auto& m : moves) {
    ref::game_state child = g;
    ref::play(child, m);
    n += reference_perft(child, depth - 1);
  }
  return n;
}

// A random index below n.
int pick(std::mt19937_64& rng, std::size_t n) {
  return static_cast<int>(rng() % static_cast<std::uint64_t>(n));
}

}  // namespace

TEST_CASE("dvonn: move generation agrees with the reference over random games' positions") {
  std::mt19937_64 rng(20110101);
  int positions = 0;
  int removals = 0;
  int passes = 0;
  int perft_checks = 0;
  for (int n = 0; n < games; ++n) {
    position p;
    ref::game_state r;
    for (;;) {
      ++positions;
      const auto moves = engine_moves(p);
      REQUIRE(moves == ref::legal_moves(r));
      REQUIRE(count_moves(p) == moves.size());
      REQUIRE(write_position(p) == ref::position_text(r));
      REQUIRE(std::array<int, 2>{p.score(0), p.score(1)} == ref::score(r));
      REQUIRE(p.over() == ref::over(r));
      auto again = parse_position(write_position(p));
      REQUIRE_MESSAGE(again.has_value(), write_position(p));
      REQUIRE(*again == p);
      if (positions % 97 == 0 && !p.placing()) {
        REQUIRE(perft(p, 2) == reference_perft(r, 2));
        ++perft_checks;
      }
      if (moves.empty()) break;
      const std::string token = moves[static_cast<std::size_t>(pick(rng, moves.size()))];
      auto m = resolve_move(p, token);
      REQUIRE(m.has_value());
      passes += token == "pass";
      // Undo restores the position exactly; then play the move for good.
      const position before = p;
      position::undo u;
      p.do_move(*m, u);
      p.undo_move(u);
      REQUIRE(p == before);
      REQUIRE(p.key() == before.key());
      p.do_move(*m, u);
      const auto removed = ref::play(r, token);
      std::vector<std::pair<std::string, std::string>> engine_removed;
      for (bitboard b = u.removed; b; b &= b - 1) {
        engine_removed.emplace_back(std::string(name_of(lowest(b))),
                                    p.removed_stack_text(lowest(b)));
      }
      REQUIRE(engine_removed == removed);
      removals += !removed.empty();
    }
  }
  MESSAGE(positions << " positions, " << removals << " moves with removals, " << passes
                    << " passes, " << perft_checks << " perft 2 checks");
  CHECK(positions > games * 60);
  CHECK(removals > games);
  CHECK(passes > 0);
  CHECK(perft_checks > 0);
}

TEST_CASE("dvonn: random games through the facade end as the reference says") {
  std::mt19937_64 rng(49);
  int decided[3] = {0, 0, 0};
  for (int n = 0; n < games / 2; ++n) {  // the referee's game is the slow part
    auto created = game::create("standard", 0);
    REQUIRE(created);
    game g = std::move(*created);
    ref::game_state r;
    std::vector<std::string> ref_history;
    while (!g.outcome()) {
      const auto moves = g.legal_moves();
      REQUIRE(moves == ref::legal_moves(r));
      REQUIRE(std::find(moves.begin(), moves.end(), "pass") == moves.end());  // played for us
      const std::string token = moves[static_cast<std::size_t>(pick(rng, moves.size()))];
      auto report = g.play(token);
      REQUIRE(report.has_value());
      CHECK(report->by == r.to_move);
      const auto removed = ref::play(r, token);
      ref_history.push_back(token);
      REQUIRE(report->removed.size() == removed.size());
      for (std::size_t i = 0; i < removed.size(); ++i) {
        CHECK(report->removed[i].cell == removed[i].first);
        CHECK(report->removed[i].pieces == removed[i].second);
      }
      // The referee passes where the game passed by itself.
      const auto next = ref::legal_moves(r);
      if (next.size() == 1 && next[0] == "pass") {
        ref::play(r, "pass");
        ref_history.push_back("pass");
      }
      REQUIRE(g.history() == ref_history);
      REQUIRE(g.position_text() == ref::position_text(r));
      REQUIRE(*g.score() == ref::score(r));
      REQUIRE(g.ply() == static_cast<int>(ref_history.size()));
    }
    REQUIRE(ref::over(r));
    const auto s = ref::score(r);
    CHECK(g.outcome()->winner == (s[0] > s[1] ? 1 : s[1] > s[0] ? 2 : 0));
    ++decided[g.outcome()->winner];
  }
  MESSAGE("wins 1: " << decided[1] << ", wins 2: " << decided[2] << ", ties: " << decided[0]);
  CHECK(decided[1] > 0);
  CHECK(decided[2] > 0);
}

}  // namespace ringside::dvonn::test
