#pragma once
// The ZÈRTZ searcher: the common search (engine/common/search.hpp) over ZÈRTZ positions.
//
// Compulsory captures are searched through at the horizon (quiescence over jumps: a position
// with a jump is never a leaf), a lone capture costs no depth, keys are updated from the
// state a move changed, and a lone pass answering a pass ties the game (rules §7). Moves are
// ordered TT move first, then captures by size, then killers, then placements by history and
// by whether they touch a marble; placement lists run to thousands, so the next best is picked
// as the search goes.

#include <cstdint>
#include <string>

#include "engine/common/search.hpp"
#include "engine/zertz/evaluation.hpp"
#include "engine/zertz/move.hpp"
#include "engine/zertz/move_order.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/position.hpp"
#include "engine/zertz/zobrist.hpp"

namespace ringside::zertz {

struct search_traits : search_game_types<position, move, move_list, move_order> {
  static constexpr std::size_t history_size = 3 * 64 * 64;
  static std::size_t history_index(move m) {
    return static_cast<std::size_t>((m.colour() * 64 + m.cell()) * 64 + m.removed());
  }
  static constexpr bool sort_up_front = false;  // thousands of placements: pick as needed
  // Placing a captured marble back and capturing it again can repeat a position (rules §7).
  static constexpr bool repetition_ties = true;

  static void generate(const position& p, move_list& out) { generate_moves(p, out); }
  static std::uint64_t key(const position& p) { return zobrist_key(p.raw()); }
  static std::uint64_t child_key(std::uint64_t parent, const position::undo& u, const position& p) {
    return zobrist_update(parent, u.before, p.raw());
  }

  static bool over(const position& p) { return p.winner() != 0; }
  // ZÈRTZ positions end only in a win.
  static int outcome(const position& p) { return p.winner() == p.side() + 1 ? 1 : -1; }
  static int evaluate(const position& p, bool threats, std::uint32_t) {
    return zertz::evaluate(p, threats);
  }
  // With a jump the mover has no choice but to capture: never a leaf.
  static bool settled(const position& p) { return !p.any_jump(); }
  // Both players unable to place in a row: the game ends in a tie (rules §7).
  static bool tie_by_passes(move previous, const move_list& list) {
    return list.size() == 1 && list[0].kind() == move_kind::pass &&
           previous.kind() == move_kind::pass;
  }
  // A forced capture costs no depth: chains are the game's tactics and usually short.
  static bool forced_extension(int n, move m) { return n == 1 && m.kind() == move_kind::capture; }

  static bool reducible(const position&, move m) { return m.kind() == move_kind::place; }
  static bool remembered(move m) { return m.kind() == move_kind::place; }
  static int reduction(int depth, int index) { return (index >= 24 && depth >= 4) ? 2 : 1; }

  static std::string token(const position& p, move m) { return m.zen(p.geometry()); }
};

using searcher = ringside::searcher<search_traits>;
using search_result = ringside::search_result<move>;

}  // namespace ringside::zertz

extern template class ringside::searcher<ringside::zertz::search_traits>;
