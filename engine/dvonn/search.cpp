#include "engine/dvonn/search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/common/root_choice.hpp"
#include "engine/dvonn/evaluation.hpp"
#include "engine/dvonn/zobrist.hpp"

namespace ringside::dvonn {

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

searcher::searcher(std::size_t tt_bytes)
    : tt_(tt_bytes),
      moves_(max_ply + 1),
      undo_(max_ply + 1),
      killers_(max_ply + 1),
      pv_(max_ply + 1),
      pv_len_(max_ply + 1),
      history_(64 * 64) {}

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

int searcher::terminal(int ply) const {
  const int me = pos_.side();
  const int diff = pos_.score(me) - pos_.score(me ^ 1);
  return diff > 0 ? mate - ply : diff < 0 ? -(mate - ply) : 0;
}

void searcher::order(int ply, move tt_move) {
  ply_moves& pm = moves_[ix(ply)];
  move_list list;
  generate_moves(pos_, list);
  pm.n = list.size();
  std::array<int, move_list::capacity> score{};
  const bitboard theirs = pos_.owned(pos_.side() ^ 1);
  const auto& k = killers_[ix(ply)];
  for (int i = 0; i < pm.n; ++i) {
    const move m = list[i];
    int s = 0;
    if (m == tt_move) {
      s = 1 << 30;
    } else if (m.kind() == move_kind::stack && (theirs & bit(m.to()))) {
      s = (1 << 28) + 16 * pos_.height(m.to()) - pos_.height(m.from());  // take the most
    } else if (m == k[0]) {
      s = 1 << 27;
    } else if (m == k[1]) {
      s = 1 << 26;
    } else {
      s = history(m);
    }
    // Insertion sort: lists are short (49 placements, a few dozen stack moves).
    int j = i;
    while (j > 0 && score[ix(j - 1)] < s) {
      score[ix(j)] = score[ix(j - 1)];
      pm.m[ix(j)] = pm.m[ix(j - 1)];
      --j;
    }
    score[ix(j)] = s;
    pm.m[ix(j)] = m;
  }
}

void searcher::update_pv(int ply, move m) {
  auto& line = pv_[ix(ply)];
  line[ix(ply)] = m;
  const int child_len = pv_len_[ix(ply + 1)];
  for (int i = ply + 1; i < child_len; ++i) line[ix(i)] = pv_[ix(ply + 1)][ix(i)];
  pv_len_[ix(ply)] = std::max(child_len, ply + 1);
}

int searcher::value_for(int me, int depth, int ply, int alpha, int beta) {
  if (pos_.side() == me) return negamax(depth, ply, alpha, beta);
  return -negamax(depth, ply, -beta, -alpha);
}

int searcher::negamax(int depth, int ply, int alpha, int beta) {
  pv_len_[ix(ply)] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if (pos_.over()) return terminal(ply);
  if (depth <= 0 || ply >= max_ply - 1) return evaluate(pos_);
  if (out_of_budget()) return 0;

  const bool pv_node = beta - alpha > 1;
  const std::uint64_t key = zobrist_key(pos_);
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
  order(ply, tt_move);
  const ply_moves& pm = moves_[ix(ply)];
  const int me = pos_.side();
  const int alpha_in = alpha;
  int best = -infinity;
  move best_move{};
  for (int i = 0; i < pm.n; ++i) {
    const move m = pm.m[ix(i)];
    const bool quiet = i >= 4 && m != killers_[ix(ply)][0] && m != killers_[ix(ply)][1] &&
                       !(m.kind() == move_kind::stack && (pos_.owned(me ^ 1) & bit(m.to())));
    pos_.do_move(m, undo_[ix(ply)]);
    ++nodes_;
    int score = 0;
    if (i == 0) {
      score = value_for(me, depth - 1, ply + 1, alpha, beta);
    } else {
      const int r = (quiet && depth >= 3) ? 1 : 0;
      score = value_for(me, depth - 1 - r, ply + 1, alpha, alpha + 1);
      if (score > alpha && r > 0) score = value_for(me, depth - 1, ply + 1, alpha, alpha + 1);
      if (score > alpha && score < beta) score = value_for(me, depth - 1, ply + 1, alpha, beta);
    }
    pos_.undo_move(undo_[ix(ply)]);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) {
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
          break;
        }
      }
    }
  }
  const bound kind = best >= beta ? bound::lower : best > alpha_in ? bound::exact : bound::upper;
  tt_.store(key, best_move, to_tt(best, ply), depth, kind);
  return best;
}

search_result searcher::run(const position& root, const search_settings& s) {
  start_ns_ = now_ns();
  limits_ = s.limits;
  cancel_ = s.cancel;
  nodes_ = 0;
  seldepth_ = 0;
  stopped_ = false;
  std::fill(history_.begin(), history_.end(), 0);
  for (auto& k : killers_) k = {move{}, move{}};
  pos_ = root;

  search_result out;
  move_list list;
  generate_moves(root, list);
  if (list.empty()) return out;
  struct root_move {
    move m;
    int score;
    bool exact;
  };
  std::vector<root_move> roots;
  for (const move& m : list) roots.push_back(root_move{m, 0, false});
  if (roots.size() == 1) {  // a forced move or pass: nothing to think about
    out.best = roots[0].m;
    out.info.pv.push_back(out.best.text());
    return out;
  }
  const int me = root.side();
  std::vector<root_move> done;
  std::array<move, max_ply> done_pv{};
  int done_pv_len = 0;
  int done_depth = 0;
  for (int depth = 1; depth <= std::max(1, limits_.max_depth); ++depth) {
    int best = -infinity;
    pv_len_[0] = 0;
    for (std::size_t i = 0; i < roots.size(); ++i) {
      root_move& rm = roots[i];
      pos_.do_move(rm.m, undo_[0]);
      ++nodes_;
      int score = 0;
      bool exact = true;
      if (depth == 1 || best == -infinity) {
        score = value_for(me, depth - 1, 1, -infinity, infinity);
      } else if (s.margin == 0) {
        score = value_for(me, depth - 1, 1, best, best + 1);
        if (score > best && !stopped_) score = value_for(me, depth - 1, 1, best, infinity);
        exact = score > best;
      } else {
        const int floor = best - s.margin;
        score = value_for(me, depth - 1, 1, floor, infinity);
        exact = score > floor;
      }
      pos_.undo_move(undo_[0]);
      if (stopped_) break;
      rm.score = score;
      rm.exact = exact;
      if (score > best) {
        best = score;
        pv_[0][0] = rm.m;
        for (int k = 1; k < pv_len_[1]; ++k) pv_[0][ix(k)] = pv_[1][ix(k)];
        pv_len_[0] = std::max(1, pv_len_[1]);
        std::rotate(roots.begin(), roots.begin() + static_cast<std::ptrdiff_t>(i),
                    roots.begin() + static_cast<std::ptrdiff_t>(i) + 1);
      }
    }
    const bool completed = !stopped_;
    if (completed || (pv_len_[0] > 0 && done_depth > 0)) {
      done_pv = pv_[0];
      done_pv_len = pv_len_[0];
    }
    if (!completed) break;
    done_depth = depth;
    std::stable_sort(roots.begin(), roots.end(), [](const root_move& a, const root_move& b) {
      if (a.exact != b.exact) return a.exact;
      return a.score > b.score;
    });
    done = roots;
    if (std::abs(roots[0].score) >= search_info::mate_bound) break;
    if (limits_.max_time_ms != 0 && now_ns() - start_ns_ > limits_.max_time_ms * 450'000) {
      break;  // past 45% of the time: the next iteration would not finish
    }
  }
  if (done.empty()) done = roots;

  move chosen = done_pv_len > 0 ? done_pv[0] : done[0].m;
  int score = done[0].score;
  for (const auto& rm : done) {
    if (rm.m == chosen) score = rm.score;
  }
  if (s.margin > 0 && done_depth > 0) {
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
  if (done_pv_len == 0) {
    done_pv[0] = chosen;
    done_pv_len = 1;
  }
  position p = root;
  for (int i = 0; i < done_pv_len; ++i) {
    generate_moves(p, list);
    if (!list.contains(done_pv[ix(i)])) break;  // a stale tail from the table
    out.info.pv.push_back(done_pv[ix(i)].text());
    p.do_move(done_pv[ix(i)]);
  }
  return out;
}

}  // namespace ringside::dvonn
