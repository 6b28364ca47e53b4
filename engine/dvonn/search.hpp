#pragma once
// The DVONN searcher: the common search (engine/common/search.hpp) over DVONN positions.
//
// DVONN's turns do not always alternate (player 1 places last and then moves first), which the
// common search allows for. A game ends when neither side can move, won by the taller control
// or tied. Moves are ordered TT move first, then stack moves that take an opponent's stack
// (the most first), then killers and history; lists are short, so sorted whole.

#include <cstdint>
#include <string>

#include "engine/common/search.hpp"
#include "engine/dvonn/evaluation.hpp"
#include "engine/dvonn/move.hpp"
#include "engine/dvonn/move_order.hpp"
#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/position.hpp"
#include "engine/dvonn/zobrist.hpp"

namespace ringside::dvonn {

struct search_traits : search_game_types<position, move, move_list, move_order> {
  static constexpr bool sort_up_front = true;  // 49 placements or a few dozen stack moves
  // Every move places a piece or leaves one stack fewer: no position comes back.
  static constexpr bool repetition_ties = false;
  static constexpr std::size_t history_size = 64 * 64;
  static std::size_t history_index(move m) {
    return static_cast<std::size_t>(m.from() * 64 + m.to());
  }

  static void generate(const position& p, move_list& out) { generate_moves(p, out); }
  static std::uint64_t key(const position& p) { return zobrist_key(p); }
  static std::uint64_t child_key(std::uint64_t, const position::undo&, const position& p) {
    return zobrist_key(p);
  }

  // Over once neither side can move: won by the taller control, or tied.
  static bool over(const position& p) { return p.over(); }
  static int outcome(const position& p) {
    const int diff = p.score(p.side()) - p.score(p.side() ^ 1);
    return diff > 0 ? 1 : diff < 0 ? -1 : 0;
  }
  static int evaluate(const position& p, bool, std::uint32_t off) {
    return dvonn::evaluate(p, off);
  }
  static bool settled(const position&) { return true; }  // no move is ever compulsory
  // The game ends when neither side can move, before any pass could answer a pass.
  static bool tie_by_passes(move, const move_list&) { return false; }
  static bool forced_extension(int, move) { return false; }

  static bool reducible(const position& p, move m) { return !move_order(p).capture(m); }
  static bool remembered(move) { return true; }
  static int reduction(int, int) { return 1; }

  static std::string token(const position&, move m) { return m.text(); }
};

using searcher = ringside::searcher<search_traits>;
using search_result = ringside::search_result<move>;

}  // namespace ringside::dvonn

extern template class ringside::searcher<ringside::dvonn::search_traits>;
