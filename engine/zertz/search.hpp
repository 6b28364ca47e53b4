#pragma once
// zertz::searcher — iterative-deepening alpha-beta (PVS) over ZÈRTZ positions.
//
// Works on the engine's own position (bitboards, do_move/undo_move, fixed-size move lists).
// Compulsory captures are searched through at the horizon (quiescence over jumps: a position
// with a jump is never a leaf), a transposition table keyed by Zobrist keys remembers bounds
// and best moves, and moves are tried TT move first, then captures by size, then killers and
// history. One searcher is one search at a time: it owns its table and tables of history, so
// searches on different threads each use their own.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/common/search_types.hpp"
#include "engine/common/transposition_table.hpp"
#include "engine/zertz/move.hpp"
#include "engine/zertz/movegen.hpp"
#include "engine/zertz/position.hpp"

namespace ringside::zertz {

struct search_settings {
  search_limits limits;
  // Weakening for the lower levels. Root moves scoring within `margin` of the best are searched
  // exactly and one of them is drawn with weight exp((score - best) / temperature); with
  // margin 0 the best move is played.
  int margin = 0;
  int temperature = 1;
  std::uint64_t seed = 0;
  // Late quiet moves searched one or two plies shallower first (re-searched if they look
  // good); off for experiments.
  bool reductions = true;
  // The evaluation's isolation-threat term; off to measure what it adds.
  bool isolation_threats = true;
  // Set from another thread to stop the search early; it then returns the best move so far.
  const std::atomic<bool>* cancel = nullptr;
};

struct search_result {
  move best{};  // move{} only when the position has no legal move (the game is over)
  search_info info;
};

class searcher {
 public:
  static constexpr int mate = 30000;
  static constexpr int max_ply = 128;

  // A searcher whose transposition table takes about `tt_bytes`.
  explicit searcher(std::size_t tt_bytes = std::size_t{16} << 20);
  ~searcher();
  searcher(const searcher&) = delete;
  searcher& operator=(const searcher&) = delete;

  // Searches `root` within `s.limits` and returns the move to play with what was found. The
  // table is kept between calls (a game's successive moves reuse it); history is cleared.
  search_result run(const position& root, const search_settings& s);

 private:
  struct ply_data;
  int negamax(int depth, int ply, int alpha, int beta);
  int quiesce(int ply, int alpha, int beta);
  void search_root(int depth, const search_settings& s, bool exact_all);
  void make(int ply, move m);
  void unmake(int ply);
  bool out_of_budget();
  void score_moves(int ply, move tt_move);
  move pick(int ply, int from);
  void update_pv(int ply, move m);
  int& history(move m);

  transposition_table<move> tt_;
  std::optional<position> pos_;
  std::vector<std::unique_ptr<ply_data>> plies_;
  std::vector<int> history_;
  std::vector<std::uint64_t> keys_;
  std::vector<position::undo> undo_;
  std::vector<std::array<move, 2>> killers_;
  std::vector<std::array<move, max_ply>> pv_;
  std::vector<int> pv_len_;
  struct root_move {
    move m;
    int score;
    bool exact;  // false: only known to be below the best (or the margin)
  };
  std::vector<root_move> root_;
  search_limits limits_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::int64_t start_ns_ = 0;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool stopped_ = false;
  bool reductions_ = true;
  bool isolation_threats_ = true;
};

}  // namespace ringside::zertz
