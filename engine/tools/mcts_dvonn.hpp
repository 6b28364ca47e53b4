#pragma once
// dvonn_playout_rules: what the MCTS sparring partner (mcts.hpp) knows of DVONN. Only the
// rules: the engine's position, move generation and do_move; nothing of the alpha-beta's
// evaluation, ordering or search. Playouts are light: placements on a random empty cell, then
// half the time a random landing on an opponent's stack when there is one (the one bias: a
// uniformly random mover rarely attacks), otherwise a random stack move.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/common/rng.hpp"
#include "engine/dvonn/game.hpp"
#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/position.hpp"

namespace ringside::match {

struct dvonn_playout_rules {
  using game = dvonn::game;
  using position = dvonn::position;
  using move = dvonn::move;
  using move_list = dvonn::move_list;

  // Every move removes a stack or places a piece, so a game ends within about 100 plies.
  static constexpr int playout_limit = 400;

  static std::optional<position> from_game(const game& g) { return g.current(); }
  // Passes do not end a DVONN game (it ends when neither side can move).
  static int passes_before(const game&) { return 0; }
  static void generate(const position& p, move_list& out) { dvonn::generate_moves(p, out); }
  static int side(const position& p) { return p.side(); }
  static std::uint64_t key(const position& p) { return p.key(); }
  static bool is_pass(move) { return false; }
  static void play(position& p, move m) { p.do_move(m); }
  static std::string token(const position&, move m) { return m.text(); }

  // The seat that has won (0 a tie), or -1 while the game goes on.
  static int result(const position& p, int) {
    if (!p.over()) return -1;
    const int a = p.score(0), b = p.score(1);
    return a > b ? 1 : b > a ? 2 : 0;
  }

  // Plays `p` out at random; the winning seat, or 0 for a tie.
  static int playout(position& p, int passes, rng& r, move_list& scratch) {
    for (int ply = 0; ply < playout_limit; ++ply) {
      if (p.placing()) {
        const std::uint64_t empty = p.empty();
        std::uint64_t b = empty;
        for (int k = r.below(std::popcount(empty)); k > 0; --k) b &= b - 1;
        p.do_move(move::place(std::countr_zero(b)));
        continue;
      }
      if (p.over()) break;
      generate(p, scratch);
      const std::uint64_t theirs = p.owned(p.side() ^ 1);
      std::array<move, move_list::capacity> attacks;
      int n = 0;
      for (const move m : scratch) {
        if (m.kind() == dvonn::move_kind::stack && (theirs & dvonn::bit(m.to())) != 0) {
          attacks[static_cast<std::size_t>(n++)] = m;
        }
      }
      if (n > 0 && r.below(2) == 0) {
        p.do_move(attacks[static_cast<std::size_t>(r.below(n))]);
      } else {
        p.do_move(scratch[r.below(scratch.size())]);
      }
    }
    return result(p, passes) < 0 ? 0 : result(p, passes);
  }
};

}  // namespace ringside::match
