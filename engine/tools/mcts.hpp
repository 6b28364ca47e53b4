#pragma once
// mcts_player: an independent sparring partner for ringside-match, not our alpha-beta: a
// Monte-Carlo tree search (UCT) over any board_game G, playing uniformly random playouts
// through the game's own public rules (legal_moves, play, outcome). It shares no evaluation,
// move ordering or search code with the engines' computers, so its blind spots are its own.
// Slow by design (every playout copies the game and plays it by move text): what it measures
// is the computer's play against a different kind of player at equal time, not speed.

#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/common/board_game.hpp"
#include "engine/common/rng.hpp"

namespace ringside::match {

struct mcts_limits {
  std::int64_t time_ms = 0;  // per move; 0: playouts only
  int playouts = 0;          // per move; 0: time only
};

struct mcts_result {
  std::string move;
  int playouts = 0;
  std::int64_t elapsed_ms = 0;
};

namespace mcts_detail {

struct node {
  std::string move;  // the move that led here
  int mover = 0;     // the seat (1 or 2) that played it
  node* parent = nullptr;
  std::vector<std::unique_ptr<node>> children;
  std::vector<std::string> untried;
  double wins = 0;  // for `mover`: 1 a win, 0.5 a tie
  int visits = 0;
};

// UCT's choice among a fully expanded node's children.
inline node* select(node& n) {
  node* best = nullptr;
  double best_value = -1;
  const double log_n = std::log(static_cast<double>(n.visits));
  for (auto& c : n.children) {
    const double v = c->wins / c->visits + 1.4 * std::sqrt(log_n / c->visits);
    if (v > best_value) {
      best_value = v;
      best = c.get();
    }
  }
  return best;
}

}  // namespace mcts_detail

// The move UCT prefers in `root` (a game not over) after the playouts `limits` allow.
template <board_game G>
mcts_result mcts_move(const G& root, const mcts_limits& limits, std::uint64_t seed) {
  using mcts_detail::node;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed_ms = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 start)
        .count();
  };
  rng r(seed);
  node top;
  top.untried = root.legal_moves();
  mcts_result out;
  if (top.untried.size() == 1) {
    out.move = top.untried[0];
    return out;
  }
  while ((limits.playouts == 0 || out.playouts < limits.playouts) &&
         (limits.time_ms == 0 || elapsed_ms() < limits.time_ms)) {
    G g = root;
    node* n = &top;
    // Down the tree by UCT while every move of a node has been tried.
    while (n->untried.empty() && !n->children.empty()) {
      n = mcts_detail::select(*n);
      g.play(n->move);
    }
    // One new node for an untried move.
    if (!n->untried.empty()) {
      const auto i = static_cast<std::size_t>(r.below(static_cast<int>(n->untried.size())));
      auto child = std::make_unique<node>();
      child->move = n->untried[i];
      child->mover = g.to_move();
      child->parent = n;
      n->untried[i] = n->untried.back();
      n->untried.pop_back();
      g.play(child->move);
      child->untried = g.legal_moves();
      n->children.push_back(std::move(child));
      n = n->children.back().get();
    }
    // A uniformly random playout to the end (or a long cut, scored a tie).
    for (int plies = 0; plies < 400 && !g.outcome(); ++plies) {
      const auto legal = g.legal_moves();
      if (legal.empty()) break;
      g.play(legal[static_cast<std::size_t>(r.below(static_cast<int>(legal.size())))]);
    }
    const auto o = g.outcome();
    const int winner = o ? o->winner : 0;
    for (; n != nullptr; n = n->parent) {
      ++n->visits;
      n->wins += winner == 0 ? 0.5 : winner == n->mover ? 1.0 : 0.0;
    }
    ++out.playouts;
  }
  int most = -1;
  for (const auto& c : top.children) {
    if (c->visits > most) {
      most = c->visits;
      out.move = c->move;
    }
  }
  if (out.move.empty()) out.move = top.untried.at(0);  // no playout fitted in the time
  out.elapsed_ms = elapsed_ms();
  return out;
}

}  // namespace ringside::match
