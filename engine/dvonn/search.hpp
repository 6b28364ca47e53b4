#pragma once
// dvonn::searcher — iterative-deepening alpha-beta (PVS) over DVONN positions.
//
// Works on the engine's own position (bitboards, do_move/undo_move, fixed-size move lists).
// DVONN's turns do not always alternate (player 1 places last and then moves first), so a
// child is negated only when the side to move changed. A transposition table keyed by Zobrist
// keys, moves ordered TT move first, then stack moves that take an opponent's stack, killers
// and history. One searcher is one search at a time; searches on different threads each use
// their own.

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/common/search_types.hpp"
#include "engine/common/transposition_table.hpp"
#include "engine/dvonn/move.hpp"
#include "engine/dvonn/movegen.hpp"
#include "engine/dvonn/position.hpp"

namespace ringside::dvonn {

struct search_settings {
  search_limits limits;
  // Weakening for the lower levels, as for ZÈRTZ: root moves within `margin` of the best are
  // scored exactly and one is drawn with weight exp((score - best) / temperature).
  int margin = 0;
  int temperature = 1;
  std::uint64_t seed = 0;
  const std::atomic<bool>* cancel = nullptr;  // set from another thread to stop early
};

struct search_result {
  move best{};  // move{} only when the game is over
  search_info info;
};

class searcher {
 public:
  static constexpr int mate = 30000;
  static constexpr int max_ply = 128;

  explicit searcher(std::size_t tt_bytes = std::size_t{16} << 20);

  // Searches `root` within `s.limits`; returns the move to play and what was found.
  search_result run(const position& root, const search_settings& s);

 private:
  int negamax(int depth, int ply, int alpha, int beta);
  // The value for the side that moved into the current node (`me`), whether or not the turn
  // passed: DVONN's phase change gives player 1 two turns in a row.
  int value_for(int me, int depth, int ply, int alpha, int beta);
  int terminal(int ply) const;
  bool out_of_budget();
  void order(int ply, move tt_move);
  void update_pv(int ply, move m);
  int& history(move m) { return history_[static_cast<std::size_t>(m.from() * 64 + m.to())]; }

  transposition_table<move> tt_;
  position pos_;
  struct ply_moves {
    std::array<move, move_list::capacity> m;
    int n = 0;
  };
  std::vector<ply_moves> moves_;  // per ply, best first once ordered
  std::vector<position::undo> undo_;
  std::vector<std::array<move, 2>> killers_;
  std::vector<std::array<move, max_ply>> pv_;
  std::vector<int> pv_len_;
  std::vector<int> history_;
  search_limits limits_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::int64_t start_ns_ = 0;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool stopped_ = false;
};

}  // namespace ringside::dvonn
