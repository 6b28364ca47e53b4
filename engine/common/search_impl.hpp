#pragma once
// The definitions of searcher<Traits> (engine/common/search.hpp). Included only by a game's
// search.cpp, which instantiates its searcher once: the traits' small functions are defined
// there too, so they inline into the search's inner loops.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "engine/common/root_choice.hpp"
#include "engine/common/search.hpp"

namespace ringside {

namespace search_detail {

inline constexpr int infinity = 32000;

inline std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

inline std::size_t ix(int v) {
  return static_cast<std::size_t>(v);
}

// Mate scores count plies from the root; the table stores them from the node, so a result
// found through one path stays right when the position is reached through another.
inline int to_tt(int score, int ply) {
  if (score >= search_info::mate_bound) return score + ply;
  if (score <= -search_info::mate_bound) return score - ply;
  return score;
}
inline int from_tt(int score, int ply) {
  if (score >= search_info::mate_bound) return score - ply;
  if (score <= -search_info::mate_bound) return score + ply;
  return score;
}

}  // namespace search_detail

template <class Traits>
searcher<Traits>::searcher(std::size_t tt_bytes)
    : tt_(tt_bytes),
      history_(Traits::history_size),
      keys_(max_ply + 1),
      undo_(max_ply + 1),
      played_(max_ply + 1),
      killers_(max_ply + 1),
      pv_(max_ply + 1),
      pv_len_(max_ply + 1) {}

template <class Traits>
searcher<Traits>::~searcher() = default;

template <class Traits>
typename searcher<Traits>::ply_data& searcher<Traits>::at(int ply) {
  while (plies_.size() <= search_detail::ix(ply)) plies_.push_back(std::make_unique<ply_data>());
  return *plies_[search_detail::ix(ply)];
}

template <class Traits>
void searcher<Traits>::make(int ply, move m) {
  using search_detail::ix;
  pos_->do_move(m, undo_[ix(ply)]);
  played_[ix(ply + 1)] = m;
  ++nodes_;
}

template <class Traits>
void searcher<Traits>::unmake(int ply) {
  pos_->undo_move(undo_[search_detail::ix(ply)]);
}

template <class Traits>
bool searcher<Traits>::out_of_budget() {
  if (stopped_) return true;
  if ((nodes_ & 1023) != 0) return false;
  if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) stopped_ = true;
  if (limits_.max_time_ms != 0 &&
      search_detail::now_ns() - start_ns_ >= limits_.max_time_ms * 1'000'000) {
    stopped_ = true;
  }
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) stopped_ = true;
  return stopped_;
}

template <class Traits>
int searcher<Traits>::terminal(int ply) const {
  const int o = Traits::outcome(*pos_);
  return o > 0 ? mate - ply : o < 0 ? -(mate - ply) : 0;
}

template <class Traits>
bool searcher<Traits>::third_occurrence(int ply) const {
  using search_detail::ix;
  const std::uint64_t key = keys_[ix(ply)];
  int seen = static_cast<int>(std::count(earlier_keys_.begin(), earlier_keys_.end(), key));
  for (int i = ply - 1; i >= 0 && seen < 2; --i) {
    if (keys_[ix(i)] == key) ++seen;
  }
  return seen >= 2;
}

template <class Traits>
void searcher<Traits>::score_moves(int ply, move tt_move) {
  using search_detail::ix;
  ply_data& d = *plies_[ix(ply)];
  const typename Traits::move_order order(*pos_);
  const auto& k = killers_[ix(ply)];
  const int n = d.list.size();
  for (int i = 0; i < n; ++i) {
    const move m = d.list[i];
    int s = 0;
    if (m == tt_move) {
      s = 1 << 30;
    } else if (order.capture(m)) {
      s = (1 << 28) + order.capture_rank(m);
    } else if (m == k[0]) {
      s = 1 << 27;
    } else if (m == k[1]) {
      s = 1 << 26;
    } else {
      s = order.quiet_rank(m, Traits::remembered(m) ? history(m) : 0);
    }
    if constexpr (Traits::sort_up_front) {
      // Insertion into the sorted moves before it, best first and stable: these lists are short.
      int j = i;
      while (j > 0 && d.scores[ix(j - 1)] < s) {
        d.scores[ix(j)] = d.scores[ix(j - 1)];
        d.sorted[ix(j)] = d.sorted[ix(j - 1)];
        --j;
      }
      d.scores[ix(j)] = s;
      d.sorted[ix(j)] = m;
    } else {
      d.scores[ix(i)] = s;
    }
  }
}

template <class Traits>
typename searcher<Traits>::move searcher<Traits>::pick(int ply, int from) {
  using search_detail::ix;
  ply_data& d = *plies_[ix(ply)];
  if constexpr (Traits::sort_up_front) {
    return d.sorted[ix(from)];
  } else {
    int best = from;
    for (int i = from + 1; i < d.list.size(); ++i) {
      if (d.scores[ix(i)] > d.scores[ix(best)]) best = i;
    }
    if (best != from) {
      std::swap(d.scores[ix(best)], d.scores[ix(from)]);
      // A move_list gives no mutable access, but its storage is not const: ordering in place
      // spares copying thousands of placements at every node.
      auto* raw = const_cast<move*>(d.list.begin());
      std::swap(raw[best], raw[from]);
    }
    return d.list[from];
  }
}

template <class Traits>
void searcher<Traits>::update_pv(int ply, move m) {
  using search_detail::ix;
  auto& line = pv_[ix(ply)];
  line[ix(ply)] = m;
  const int child_len = pv_len_[ix(ply + 1)];
  for (int i = ply + 1; i < child_len; ++i) line[ix(i)] = pv_[ix(ply + 1)][ix(i)];
  pv_len_[ix(ply)] = std::max(child_len, ply + 1);
}

template <class Traits>
int searcher<Traits>::value_for(int me, int depth, int ply, int alpha, int beta) {
  if (pos_->side() == me) return negamax(depth, ply, alpha, beta);
  return -negamax(depth, ply, -beta, -alpha);
}

template <class Traits>
int searcher<Traits>::quiesce(int ply, int alpha, int beta) {
  pv_len_[search_detail::ix(ply)] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (Traits::over(*pos_)) return terminal(ply);
  return horizon(ply, alpha, beta);
}

template <class Traits>
int searcher<Traits>::horizon(int ply, int alpha, int beta) {
  // A settled position's value is its evaluation. An unsettled one (a ZÈRTZ jump: the mover
  // has no choice but to capture) has no standing pat: every line is searched to its end.
  if (ply >= max_ply - 1 || Traits::settled(*pos_))
    return Traits::evaluate(*pos_, threats_, terms_off_);
  if (out_of_budget()) return 0;
  ply_data& d = at(ply);
  Traits::generate(*pos_, d.list);
  score_moves(ply, move{});
  const int me = pos_->side();
  int best = -search_detail::infinity;
  const int n = d.list.size();
  for (int i = 0; i < n; ++i) {
    const move m = pick(ply, i);
    make(ply, m);
    const int score =
        pos_->side() == me ? quiesce(ply + 1, alpha, beta) : -quiesce(ply + 1, -beta, -alpha);
    unmake(ply);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

template <class Traits>
int searcher<Traits>::negamax(int depth, int ply, int alpha, int beta) {
  using search_detail::ix;
  pv_len_[ix(ply)] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (Traits::over(*pos_)) return terminal(ply);
  std::uint64_t key = 0;
  if constexpr (Traits::repetition_ties) {
    // A win is decided first (as the game does); a repeated position ends the line in a tie,
    // at the horizon too, since the game would stop there.
    key = Traits::child_key(keys_[ix(ply - 1)], undo_[ix(ply - 1)], *pos_);
    keys_[ix(ply)] = key;
    if (third_occurrence(ply)) return 0;
  }
  if (depth <= 0 || ply >= max_ply - 1) return horizon(ply, alpha, beta);
  if (out_of_budget()) return 0;
  if constexpr (!Traits::repetition_ties) {
    key = Traits::child_key(keys_[ix(ply - 1)], undo_[ix(ply - 1)], *pos_);
    keys_[ix(ply)] = key;
  }

  const bool pv_node = beta - alpha > 1;
  move tt_move{};
  if (const auto* e = tt_.probe(key)) {
    tt_move = e->best;
    if (!pv_node && e->depth >= depth) {
      const int s = search_detail::from_tt(e->score, ply);
      if (e->kind == bound::exact || (e->kind == bound::lower && s >= beta) ||
          (e->kind == bound::upper && s <= alpha)) {
        return s;
      }
    }
  }

  ply_data& d = at(ply);
  Traits::generate(*pos_, d.list);
  const int n = d.list.size();
  if (Traits::tie_by_passes(played_[ix(ply)], d.list)) return 0;
  score_moves(ply, tt_move);

  const int me = pos_->side();
  const int alpha_in = alpha;
  int best = -search_detail::infinity;
  move best_move{};
  for (int i = 0; i < n; ++i) {
    const move m = pick(ply, i);
    const bool quiet = i >= 4 && Traits::reducible(*pos_, m) && m != killers_[ix(ply)][0] &&
                       m != killers_[ix(ply)][1] && m != tt_move;
    make(ply, m);
    const int next = Traits::forced_extension(n, m) ? depth : depth - 1;
    int score = 0;
    if (i == 0) {
      score = value_for(me, next, ply + 1, alpha, beta);
    } else {
      int r = 0;
      if (reductions_ && quiet && depth >= 3) r = Traits::reduction(depth, i);
      score = value_for(me, next - r, ply + 1, alpha, alpha + 1);
      if (score > alpha && r > 0) score = value_for(me, next, ply + 1, alpha, alpha + 1);
      if (score > alpha && score < beta) score = value_for(me, next, ply + 1, alpha, beta);
    }
    unmake(ply);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) {
          if (Traits::remembered(m)) {
            auto& k = killers_[ix(ply)];
            if (k[0] != m) {
              k[1] = k[0];
              k[0] = m;
            }
            int& h = history(m);
            h += depth * depth;
            if (h > (1 << 24)) {
              for (int& v : history_) v /= 2;
            }
          }
          break;
        }
      }
    }
  }
  const bound kind = best >= beta ? bound::lower : best > alpha_in ? bound::exact : bound::upper;
  tt_.store(key, best_move, search_detail::to_tt(best, ply), depth, kind);
  return best;
}

template <class Traits>
void searcher<Traits>::search_root(int depth, const search_settings& s, bool exact_all) {
  using search_detail::infinity;
  using search_detail::ix;
  const int me = pos_->side();
  int best = -infinity;
  for (std::size_t i = 0; i < root_.size(); ++i) {
    root_move& rm = root_[i];
    make(0, rm.m);
    const int next = depth - 1;
    int score = 0;
    bool exact = true;
    if (exact_all || best == -infinity) {
      score = value_for(me, next, 1, -infinity, infinity);
    } else if (s.margin == 0) {
      score = value_for(me, next, 1, best, best + 1);
      if (score > best && !stopped_) score = value_for(me, next, 1, best, infinity);
      exact = score > best;
    } else {
      // Every move within the margin of the best gets its exact score, for the weighted draw.
      const int floor = best - s.margin;
      score = value_for(me, next, 1, floor, infinity);
      exact = score > floor;
    }
    unmake(0);
    if (stopped_) break;
    rm.score = score;
    rm.exact = exact;
    if (score > best) {
      best = score;
      // The root's line: this move, then the child's.
      pv_[0][0] = rm.m;
      for (int k = 1; k < pv_len_[1]; ++k) pv_[0][ix(k)] = pv_[1][ix(k)];
      pv_len_[0] = std::max(1, pv_len_[1]);
      // Keep the best first, so a search stopped in the next move still knows it.
      std::rotate(root_.begin(), root_.begin() + static_cast<std::ptrdiff_t>(i),
                  root_.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    }
  }
}

template <class Traits>
search_result<typename Traits::move> searcher<Traits>::run(const position& root,
                                                           const search_settings& s) {
  using search_detail::ix;
  using search_detail::now_ns;
  start_ns_ = now_ns();
  limits_ = s.limits;
  cancel_ = s.cancel;
  reductions_ = s.reductions;
  threats_ = s.threats;
  terms_off_ = s.terms_off;
  earlier_keys_ = s.earlier_keys;
  nodes_ = 0;
  seldepth_ = 0;
  stopped_ = false;
  std::fill(history_.begin(), history_.end(), 0);
  for (auto& k : killers_) k = {move{}, move{}};
  pos_.emplace(root);
  keys_[0] = Traits::key(root);
  played_[0] = move{};

  search_result<move> out;
  move_list& list = at(0).list;
  Traits::generate(root, list);
  if (list.empty()) return out;
  root_.clear();
  for (const move& m : list) root_.push_back(root_move{m, 0, false});
  if (root_.size() == 1) {  // a forced move (often a lone capture or a pass): nothing to think
    out.best = root_[0].m;
    out.info.pv.push_back(Traits::token(root, out.best));
    return out;
  }

  std::vector<root_move> done;  // root moves as the last completed iteration left them
  int done_depth = 0;
  std::array<move, max_ply> done_pv{};
  int done_pv_len = 0;
  for (int depth = 1; depth <= std::max(1, limits_.max_depth); ++depth) {
    pv_len_[0] = 0;
    search_root(depth, s, depth == 1);
    const bool completed = !stopped_;
    if (completed || (pv_len_[0] > 0 && done_depth > 0)) {
      // A stopped iteration still searched the previous best first; a move it put ahead of that
      // one is better at the deeper depth.
      done_pv = pv_[0];
      done_pv_len = pv_len_[0];
    }
    if (!completed) break;
    done_depth = depth;
    // Exact scores first, best first; moves that failed low keep their order.
    std::stable_sort(root_.begin(), root_.end(), [](const root_move& a, const root_move& b) {
      if (a.exact != b.exact) return a.exact;
      return a.score > b.score;
    });
    done = root_;
    if (std::abs(root_[0].score) >= search_info::mate_bound) break;
    if (limits_.max_time_ms != 0 &&
        now_ns() - start_ns_ > limits_.max_time_ms * limits_.iteration_percent * 10'000) {
      break;  // the next iteration would most likely not finish
    }
  }
  if (done.empty()) done = root_;  // stopped inside the first iteration: take what it saw

  move chosen = done_pv_len > 0 ? done_pv[0] : done[0].m;
  int score = done[0].score;
  for (const auto& rm : done) {
    if (rm.m == chosen) score = rm.score;
  }
  if (s.margin > 0 && done_depth > 0) {
    // The weaker levels: draw among the exactly scored moves near the best.
    std::vector<int> exact;
    for (const auto& rm : done) {
      if (!rm.exact) break;
      exact.push_back(rm.score);
    }
    const std::size_t pick = weighted_choice(exact, s.margin, s.temperature, s.seed);
    chosen = done[pick].m;
    score = done[pick].score;
    if (chosen != done_pv[0]) done_pv_len = 0;
  }

  out.best = chosen;
  out.info.depth = done_depth;
  out.info.seldepth = seldepth_;
  out.info.nodes = nodes_;
  out.info.score = score;
  out.info.elapsed_ms = (now_ns() - start_ns_) / 1'000'000;
  // The line as text, replayed from the root (moves are only meaningful in their position).
  position p = root;
  if (done_pv_len == 0) {
    done_pv[0] = chosen;
    done_pv_len = 1;
  }
  move_list& legal = at(0).list;  // the root's list is free again
  for (int i = 0; i < done_pv_len; ++i) {
    Traits::generate(p, legal);
    if (!legal.contains(done_pv[ix(i)])) break;  // a stale tail from the table
    out.info.pv.push_back(Traits::token(p, done_pv[ix(i)]));
    p.do_move(done_pv[ix(i)]);
  }
  return out;
}

}  // namespace ringside
