#pragma once
// zertz_playout_rules: what the MCTS sparring partner (mcts.hpp) knows of ZÈRTZ. Only the
// rules: the engine's position, move generation and do_move; nothing of the alpha-beta's
// evaluation, ordering or search. Playouts are light: compulsory captures as the rules give
// them, placements drawn at random without listing them all, and a placement that hands the
// opponent a capture redrawn up to twice (the one bias, so playouts do not feed marbles away).

#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/common/rng.hpp"
#include "engine/zertz/game.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/position.hpp"
#include "engine/zertz/zip.hpp"

namespace ringside::match {

struct zertz_playout_rules {
  using game = zertz::game;
  using position = zertz::position;
  using move = zertz::move;
  using move_list = zertz::move_list;

  // A playout this long is scored a tie (placing captured marbles back can repeat positions).
  static constexpr int playout_limit = 300;

  static std::optional<position> from_game(const game& g) {
    auto p = zertz::parse_zip(g.zip(), g.rules(), g.board_rings());
    if (!p) return std::nullopt;
    return *p;
  }
  // Passes in a row that led to the game's position (two end it in a tie).
  static int passes_before(const game& g) {
    int n = 0;
    for (auto it = g.history().rbegin(); it != g.history().rend() && *it == "pass"; ++it) ++n;
    return n;
  }
  static void generate(const position& p, move_list& out) { zertz::generate_moves(p, out); }
  static int side(const position& p) { return p.side(); }
  static std::uint64_t key(const position& p) { return p.key(); }
  static bool is_pass(move m) { return m.kind() == zertz::move_kind::pass; }
  static void play(position& p, move m) { p.do_move(m); }
  static std::string token(const position& p, move m) { return m.zen(p.geometry()); }

  // The seat that has won (0 a tie), or -1 while the game goes on.
  static int result(const position& p, int passes) {
    if (const int w = p.winner()) return w;
    return passes >= 2 ? 0 : -1;
  }

  // Plays `p` out at random; the winning seat, or 0 for a tie.
  static int playout(position& p, int passes, rng& r, move_list& scratch) {
    for (int ply = 0; ply < playout_limit; ++ply) {
      const int res = result(p, passes);
      if (res >= 0) return res;
      if (p.any_jump()) {
        generate(p, scratch);
        p.do_move(scratch[r.below(scratch.size())]);
        passes = 0;
        continue;
      }
      const unsigned colours = p.placeable_colours();
      if (colours == 0) {
        p.do_move(move::pass());
        ++passes;
        continue;
      }
      passes = 0;
      position::undo u;
      for (int attempt = 0;; ++attempt) {
        p.do_move(random_placement(p, colours, r), u);
        if (attempt == 2 || !p.any_jump()) break;
        p.undo_move(u);
      }
    }
    return 0;
  }

 private:
  // The index of the k-th set bit of b (k < popcount(b)).
  static int kth_bit(std::uint64_t b, int k) {
    for (; k > 0; --k) b &= b - 1;
    return std::countr_zero(b);
  }
  static int random_bit(std::uint64_t b, rng& r) { return kth_bit(b, r.below(std::popcount(b))); }

  // A legal placement drawn without generating the list: a placeable colour, a vacant ring,
  // then a free ring other than that one (none when no other is free).
  static move random_placement(const position& p, unsigned colours, rng& r) {
    const int colour = random_bit(colours, r);
    const int cell = random_bit(p.vacant(), r);
    const std::uint64_t others = p.free_rings() & ~zertz::bit(cell);
    return move::place(colour, cell, others ? random_bit(others, r) : move::no_removal);
  }
};

}  // namespace ringside::match
