#include "engine/zertz/search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/common/root_choice.hpp"
#include "engine/zertz/evaluation.hpp"
#include "engine/zertz/zobrist.hpp"

namespace ringside::zertz {

namespace {

constexpr int infinity = 32000;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::size_t ix(int v) {
  return static_cast<std::size_t>(v);
}

// Mate scores count plies from the root; the table stores them from the node, so a result
// found through one path stays right when the position is reached through another.
int to_tt(int score, int ply) {
  if (score >= search_info::mate_bound) return score + ply;
  if (score <= -search_info::mate_bound) return score - ply;
  return score;
}
int from_tt(int score, int ply) {
  if (score >= search_info::mate_bound) return score - ply;
  if (score <= -search_info::mate_bound) return score + ply;
  return score;
}

}  // namespace

struct searcher::ply_data {
  move_list list;
  std::array<int, move_list::capacity> scores;
  bool reached_by_pass = false;
};

searcher::searcher(std::size_t tt_bytes)
    : tt_(tt_bytes),
      history_(3 * 64 * 64),
      keys_(max_ply + 1),
      undo_(max_ply + 1),
      killers_(max_ply + 1),
      pv_(max_ply + 1),
      pv_len_(max_ply + 1) {}

searcher::~searcher() = default;

int& searcher::history(move m) {
  return history_[ix((m.colour() * 64 + m.cell()) * 64 + m.removed())];
}

void searcher::make(int ply, move m) {
  position::undo& u = undo_[ix(ply)];
  pos_->do_move(m, u);
  keys_[ix(ply + 1)] = zobrist_update(keys_[ix(ply)], u.before, pos_->raw());
  if (plies_.size() <= ix(ply + 1)) plies_.push_back(std::make_unique<ply_data>());
  plies_[ix(ply + 1)]->reached_by_pass = m.kind() == move_kind::pass;
  ++nodes_;
}

void searcher::unmake(int ply) {
  pos_->undo_move(undo_[ix(ply)]);
}

bool searcher::out_of_budget() {
  if (stopped_) return true;
  if ((nodes_ & 1023) != 0) return false;
  if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) stopped_ = true;
  if (limits_.max_time_ms != 0 && now_ns() - start_ns_ >= limits_.max_time_ms * 1'000'000) {
    stopped_ = true;
  }
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) stopped_ = true;
  return stopped_;
}

void searcher::score_moves(int ply, move tt_move) {
  ply_data& d = *plies_[ix(ply)];
  const bitboard near_marbles = pos_->geometry().around(pos_->occupied());
  const auto& k = killers_[ix(ply)];
  for (int i = 0; i < d.list.size(); ++i) {
    const move m = d.list[i];
    int s = 0;
    if (m == tt_move) {
      s = 1 << 30;
    } else if (m.kind() == move_kind::capture) {
      s = (1 << 28) + m.jumps() * 1000;
    } else if (m == k[0]) {
      s = 1 << 27;
    } else if (m == k[1]) {
      s = 1 << 26;
    } else if (m.kind() == move_kind::place) {
      // Replies that touch marbles are the ones that start forced sequences.
      s = history(m) + ((near_marbles & bit(m.cell())) ? 64 : 0);
    }
    d.scores[ix(i)] = s;
  }
}

move searcher::pick(int ply, int from) {
  ply_data& d = *plies_[ix(ply)];
  int best = from;
  for (int i = from + 1; i < d.list.size(); ++i) {
    if (d.scores[ix(i)] > d.scores[ix(best)]) best = i;
  }
  if (best != from) {
    std::swap(d.scores[ix(best)], d.scores[ix(from)]);
    move a = d.list[best];
    move b = d.list[from];
    // move_list (movegen.hpp) gives no mutable access, but its storage is not const: ordering
    // in place spares copying thousands of placements at every node.
    auto* raw = const_cast<move*>(d.list.begin());
    raw[best] = b;
    raw[from] = a;
  }
  return d.list[from];
}

void searcher::update_pv(int ply, move m) {
  auto& line = pv_[ix(ply)];
  line[ix(ply)] = m;
  const int child_len = pv_len_[ix(ply + 1)];
  for (int i = ply + 1; i < child_len; ++i) line[ix(i)] = pv_[ix(ply + 1)][ix(i)];
  pv_len_[ix(ply)] = std::max(child_len, ply + 1);
}

int searcher::quiesce(int ply, int alpha, int beta) {
  pv_len_[ix(ply)] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (const int w = pos_->winner()) return w == pos_->side() + 1 ? mate - ply : -(mate - ply);
  // A position with no jump is quiet: its value is the evaluation. With a jump the mover has
  // no choice but to capture, so there is no standing pat: every chain is searched.
  if (ply >= max_ply - 1 || !pos_->any_jump()) return evaluate(*pos_, isolation_threats_);
  if (out_of_budget()) return 0;
  if (plies_.size() <= ix(ply)) plies_.push_back(std::make_unique<ply_data>());
  generate_moves(*pos_, plies_[ix(ply)]->list);
  score_moves(ply, move{});
  int best = -infinity;
  const int n = plies_[ix(ply)]->list.size();
  for (int i = 0; i < n; ++i) {
    const move m = pick(ply, i);
    make(ply, m);
    const int score = -quiesce(ply + 1, -beta, -alpha);
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

int searcher::negamax(int depth, int ply, int alpha, int beta) {
  pv_len_[ix(ply)] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (const int w = pos_->winner()) return w == pos_->side() + 1 ? mate - ply : -(mate - ply);
  if (depth <= 0 || ply >= max_ply - 1) return quiesce(ply, alpha, beta);
  if (out_of_budget()) return 0;

  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = keys_[ix(ply)];
  move tt_move{};
  if (const auto* e = tt_.probe(key)) {
    tt_move = e->best;
    if (!pv_node && e->depth >= depth) {
      const int s = from_tt(e->score, ply);
      if (e->kind == bound::exact || (e->kind == bound::lower && s >= beta) ||
          (e->kind == bound::upper && s <= alpha)) {
        return s;
      }
    }
  }

  if (plies_.size() <= ix(ply)) plies_.push_back(std::make_unique<ply_data>());
  ply_data& d = *plies_[ix(ply)];
  generate_moves(*pos_, d.list);
  const int n = d.list.size();
  // Both players unable to place in a row: the game ends in a tie (rules §7).
  if (n == 1 && d.list[0].kind() == move_kind::pass && d.reached_by_pass) return 0;
  score_moves(ply, tt_move);

  const int alpha_in = alpha;
  int best = -infinity;
  move best_move{};
  for (int i = 0; i < n; ++i) {
    const move m = pick(ply, i);
    const bool quiet = m.kind() == move_kind::place && m != killers_[ix(ply)][0] &&
                       m != killers_[ix(ply)][1] && m != tt_move;
    make(ply, m);
    // A forced capture costs no depth: chains are the game's tactics and usually short.
    const int next = (n == 1 && m.kind() == move_kind::capture) ? depth : depth - 1;
    int score = 0;
    if (i == 0) {
      score = -negamax(next, ply + 1, -beta, -alpha);
    } else {
      int r = 0;
      if (reductions_ && quiet && depth >= 3 && i >= 4) r = (i >= 24 && depth >= 4) ? 2 : 1;
      score = -negamax(next - r, ply + 1, -alpha - 1, -alpha);
      if (score > alpha && r > 0) score = -negamax(next, ply + 1, -alpha - 1, -alpha);
      if (score > alpha && score < beta) score = -negamax(next, ply + 1, -beta, -alpha);
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
          if (m.kind() == move_kind::place) {
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
  tt_.store(key, best_move, to_tt(best, ply), depth, kind);
  return best;
}

void searcher::search_root(int depth, const search_settings& s, bool exact_all) {
  int best = -infinity;
  for (std::size_t i = 0; i < root_.size(); ++i) {
    root_move& rm = root_[i];
    make(0, rm.m);
    const int next = depth - 1;
    int score = 0;
    bool exact = true;
    if (exact_all || best == -infinity) {
      score = -negamax(next, 1, -infinity, infinity);
    } else if (s.margin == 0) {
      score = -negamax(next, 1, -best - 1, -best);
      if (score > best && !stopped_) score = -negamax(next, 1, -infinity, -best);
      exact = score > best;
    } else {
      // Every move within the margin of the best gets its exact score, for the weighted draw.
      const int floor = best - s.margin;
      score = -negamax(next, 1, -infinity, -floor);
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

search_result searcher::run(const position& root, const search_settings& s) {
  start_ns_ = now_ns();
  limits_ = s.limits;
  cancel_ = s.cancel;
  reductions_ = s.reductions;
  isolation_threats_ = s.isolation_threats;
  nodes_ = 0;
  seldepth_ = 0;
  stopped_ = false;
  std::fill(history_.begin(), history_.end(), 0);
  for (auto& k : killers_) k = {move{}, move{}};
  pos_.emplace(root);
  keys_[0] = zobrist_key(root.raw());
  if (plies_.empty()) plies_.push_back(std::make_unique<ply_data>());
  plies_[0]->reached_by_pass = false;

  search_result out;
  move_list& list = plies_[0]->list;
  generate_moves(root, list);
  if (list.empty()) return out;
  root_.clear();
  for (const move& m : list) root_.push_back(root_move{m, 0, false});
  if (root_.size() == 1) {  // forced (often a lone capture): nothing to think about
    out.best = root_[0].m;
    out.info.pv.push_back(out.best.zen(root.geometry()));
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
    if (limits_.max_time_ms != 0 && now_ns() - start_ns_ > limits_.max_time_ms * 450'000) {
      break;  // past 45% of the time: the next iteration would not finish
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
  move_list& legal = plies_[0]->list;  // the root's list is free again; no 175 KB on the stack
  for (int i = 0; i < done_pv_len; ++i) {
    generate_moves(p, legal);
    if (!legal.contains(done_pv[ix(i)])) break;  // a stale tail from the table
    out.info.pv.push_back(done_pv[ix(i)].zen(p.geometry()));
    p.do_move(done_pv[ix(i)]);
  }
  return out;
}

}  // namespace ringside::zertz
