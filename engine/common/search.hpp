#pragma once
// searcher<Traits> — iterative-deepening alpha-beta (PVS) over any game's own position, the
// one search every game's computer uses (as a chess engine keeps one search over its position
// type). The game supplies, in a traits type, what only it knows: its position and moves,
// move generation, do/undo, Zobrist keys, evaluation, the end of the game, which positions
// need searching through at the horizon, and how its moves are ordered and reduced.
//
// A transposition table keyed by Zobrist keys remembers bounds and best moves; moves are tried
// TT move first, then captures by what they take, then killers and history. Turns need not
// alternate (DVONN's player 1 places last and then moves first): a child's value is negated
// only when the side to move changed. One searcher is one search at a time: it owns its table
// and tables of history, so searches on different threads each use their own (search_move keeps
// one per thread and table size, so a thread's searches reuse its table's memory).
//
// The definitions are in search_impl.hpp, which each game's search.cpp includes to instantiate
// its searcher once (with its traits' functions inlined).
//
// What a Traits type provides (engine/zertz/search.hpp and engine/dvonn/search.hpp are the
// two there are):
//   types position (with side(), do_move(m, undo), do_move(m), undo_move(undo)), move,
//     move_list (as the games' movegen.hpp have it), move_order (built from a position:
//     capture(m), capture_rank(m), quiet_rank(m, history)), named by deriving from
//     search_game_types;
//   history_size, history_index(m): the history table and a move's slot in it;
//   generate(p, list), key(p), child_key(parent_key, undo, p): the key after a move;
//   over(p), outcome(p) (+1, 0 or -1 for the side to move once over), evaluate(p, threats,
//   terms_off); settled(p): a position that may be evaluated at the horizon (otherwise its moves
//   are
//     searched through);
//   tie_by_passes(previous, list): the game ends in a tie before these moves are played;
//   repetition_ties: a position's third occurrence ties the game (settings.earlier_keys);
//   forced_extension(n, m): the lone move m costs no depth;
//   reducible(p, m): a quiet move the search may search shallower first; remembered(m): a move
//     killers and history keep; reduction(depth, index): by how much;
//   sort_up_front: order the whole list at once (short lists) instead of picking the next
//     best as the search goes (long lists, of which a cut usually needs a few);
//   token(p, m): the move's canonical text in p.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/common/search_types.hpp"
#include "engine/common/transposition_table.hpp"

namespace ringside {

struct search_settings {
  search_limits limits;
  // Weakening for the lower levels. Root moves scoring within `margin` of the best are searched
  // exactly and one of them is drawn with weight exp((score - best) / temperature); with
  // margin 0 the best move is played.
  int margin = 0;
  int temperature = 1;
  std::uint64_t seed = 0;
  // Late quiet moves searched shallower first (re-searched if they look good); off for
  // experiments.
  bool reductions = true;
  // The evaluation's threat terms (ZÈRTZ: isolation one move away); off to measure them.
  bool threats = true;
  // Evaluation terms switched off (bits the game names); off only to measure them.
  std::uint32_t terms_off = 0;
  // Set from another thread to stop the search early; it then returns the best move so far.
  const std::atomic<bool>* cancel = nullptr;
  // The keys of the game's positions before the root, for games where a position's third
  // occurrence ties (Traits::repetition_ties): a line that meets one for the third time, counting
  // these and the line's own positions, scores as a tie there.
  std::vector<std::uint64_t> earlier_keys;
};

// The types a game's search traits name, given by deriving from this.
template <class Position, class Move, class MoveList, class MoveOrder>
struct search_game_types {
  using position = Position;
  using move = Move;
  using move_list = MoveList;
  using move_order = MoveOrder;
};

template <class Move>
struct search_result {
  Move best{};  // Move{} only when the position has no legal move (the game is over)
  search_info info;
};

template <class Traits>
class searcher {
 public:
  using position = typename Traits::position;
  using move = typename Traits::move;
  using move_list = typename Traits::move_list;

  static constexpr int mate = 30000;
  static constexpr int max_ply = 128;

  // A searcher whose transposition table takes about `tt_bytes`.
  explicit searcher(std::size_t tt_bytes = std::size_t{16} << 20);
  ~searcher();
  searcher(const searcher&) = delete;
  searcher& operator=(const searcher&) = delete;

  // Searches `root` within `s.limits` and returns the move to play with what was found. The
  // table is kept between calls (a game's successive moves reuse it); history is cleared.
  search_result<move> run(const position& root, const search_settings& s);

  // Forgets what the table holds, in constant time: the next run searches as a new searcher
  // of the same size would, move for move and node for node.
  void forget() { tt_.clear(); }

 private:
  struct ply_data {
    move_list list;
    std::array<int, move_list::capacity> scores;  // the moves' order, as score_moves gives it
    // With sort_up_front, the list's moves best first (the list stays as generated).
    std::array<move, Traits::sort_up_front ? move_list::capacity : 1> sorted;
  };
  struct root_move {
    move m;
    int score;
    bool exact;  // false: only known to be below the best (or the margin)
  };

  int negamax(int depth, int ply, int alpha, int beta);
  // The value for the side that moved into the current node (`me`), whether or not the turn
  // passed.
  int value_for(int me, int depth, int ply, int alpha, int beta);
  int quiesce(int ply, int alpha, int beta);
  // The value of a node at the horizon: its evaluation once settled, else its moves searched.
  int horizon(int ply, int alpha, int beta);
  int terminal(int ply) const;
  // True when the node at `ply` (whose key is keys_[ply]) is the third occurrence of its
  // position, counting the game before the root and the line from the root.
  bool third_occurrence(int ply) const;
  void search_root(int depth, const search_settings& s, bool exact_all);
  void make(int ply, move m);
  void unmake(int ply);
  bool out_of_budget();
  ply_data& at(int ply);
  void score_moves(int ply, move tt_move);
  move pick(int ply, int from);
  void update_pv(int ply, move m);
  int& history(move m) { return history_[Traits::history_index(m)]; }

  transposition_table<move> tt_;
  std::optional<position> pos_;
  std::vector<std::unique_ptr<ply_data>> plies_;  // lists can be large: made as plies are met
  std::vector<int> history_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint64_t> earlier_keys_;
  std::vector<typename position::undo> undo_;
  std::vector<move> played_;  // the move that led to each ply
  std::vector<std::array<move, 2>> killers_;
  std::vector<std::array<move, max_ply>> pv_;
  std::vector<int> pv_len_;
  std::vector<root_move> root_;
  search_limits limits_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::int64_t start_ns_ = 0;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool stopped_ = false;
  bool reductions_ = true;
  bool threats_ = true;
  std::uint32_t terms_off_ = 0;
};

}  // namespace ringside
