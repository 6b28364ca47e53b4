#pragma once
// mcts_player: an independent sparring partner for ringside-match, not our alpha-beta: a
// Monte-Carlo tree search (UCT) with light random playouts. It uses the engines' rules only
// (position, move generation, do_move: mcts_zertz.hpp, mcts_dvonn.hpp) and no evaluation, move
// ordering or search code of the engines' computers, so its blind spots are its own.
//
// Fast on purpose: a playout copies the position once and plays on it with no allocation; the
// tree lives in two pools (nodes, edges) that grow only when a node is expanded, and it is
// kept from move to move (the position after the opponent's answer is looked up among the
// grandchildren of the last root, and its subtree becomes the new tree).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/common/rng.hpp"
#include "engine/tools/mcts_dvonn.hpp"
#include "engine/tools/mcts_zertz.hpp"

namespace ringside::match {

struct mcts_limits {
  std::int64_t time_ms = 0;  // per move; 0: playouts only
  int playouts = 0;          // per move; 0: time only
};

struct mcts_result {
  std::string move;
  int playouts = 0;         // played for this move
  std::int64_t reused = 0;  // playouts already under the root, kept from the last move
  std::int64_t elapsed_ms = 0;
};

template <class G>
struct mcts_rules_for;
template <>
struct mcts_rules_for<zertz::game> {
  using type = zertz_playout_rules;
};
template <>
struct mcts_rules_for<dvonn::game> {
  using type = dvonn_playout_rules;
};

template <class Rules>
class mcts_player {
 public:
  using game = typename Rules::game;
  using position = typename Rules::position;
  using move = typename Rules::move;

  // UCT's exploration constant for results in [0, 1].
  static constexpr double exploration = 0.7;
  // An edge gets a node of its own (with every move listed) at its second visit: ZÈRTZ lists
  // up to ~1,900 moves a position, and most leaves are visited once.
  static constexpr int expand_at = 2;
  // The most edges the tree holds (32 bytes each for ZÈRTZ); beyond it, leaves stay leaves.
  static constexpr std::size_t edge_cap = 3'000'000;

  explicit mcts_player(std::uint64_t seed) : r_(seed), scratch_(std::make_unique<list>()) {}

  // The move UCT prefers in `g` (a game not over) within `limits`.
  mcts_result choose(const game& g, const mcts_limits& limits) {
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed_ms = [&] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now() - start)
          .count();
    };
    mcts_result out;
    const auto p = Rules::from_game(g);
    if (!p) return out;
    const int passes = Rules::passes_before(g);
    reroot(*p, passes);
    const node& top = nodes_[0];
    out.reused = top.visits;
    if (top.edge_count == 1) {
      out.move = Rules::token(*p, edges_[static_cast<std::size_t>(top.first_edge)].m);
      return out;
    }
    while ((limits.playouts == 0 || out.playouts < limits.playouts) &&
           (limits.time_ms == 0 || out.playouts % 16 != 0 || elapsed_ms() < limits.time_ms)) {
      iterate(*p, passes);
      ++out.playouts;
    }
    const node& root = nodes_[0];
    std::int32_t most = -1;
    for (std::int32_t i = 0; i < root.edge_count; ++i) {
      const edge& e = edges_[static_cast<std::size_t>(root.first_edge + i)];
      if (e.visits > most) {
        most = e.visits;
        out.move = Rules::token(*p, e.m);
      }
    }
    out.elapsed_ms = elapsed_ms();
    return out;
  }

 private:
  using list = typename Rules::move_list;
  struct edge {
    move m;
    std::int32_t child = -1;  // its node, once expanded
    std::int32_t visits = 0;
    float wins = 0;  // for the side to move in the parent: 1 a win, 0.5 a tie
  };
  struct node {
    std::uint64_t key = 0;
    std::int32_t first_edge = 0;
    std::int32_t edge_count = 0;
    std::int32_t visits = 0;
    std::int32_t tried = 0;  // edges [0, tried) have been visited (edges are shuffled)
    std::int8_t side = 0;
    std::int8_t passes = 0;
    std::int8_t result = -1;  // the game's result here when it is over
  };

  // A node for position p (reached after `passes` passes in a row), its moves listed in a
  // random order so that taking the untried ones in turn is drawing them at random.
  std::int32_t add_node(const position& p, int passes) {
    node n;
    n.key = Rules::key(p);
    n.side = static_cast<std::int8_t>(Rules::side(p));
    n.passes = static_cast<std::int8_t>(passes);
    n.result = static_cast<std::int8_t>(Rules::result(p, passes));
    n.first_edge = static_cast<std::int32_t>(edges_.size());
    if (n.result < 0) {
      list& moves = *scratch_;
      Rules::generate(p, moves);
      for (const move m : moves) edges_.push_back(edge{m});
      n.edge_count = moves.size();
      for (std::int32_t i = n.edge_count - 1; i > 0; --i) {
        std::swap(edges_[static_cast<std::size_t>(n.first_edge + i)],
                  edges_[static_cast<std::size_t>(n.first_edge + r_.below(i + 1))]);
      }
    }
    nodes_.push_back(n);
    return static_cast<std::int32_t>(nodes_.size() - 1);
  }

  // The edge to follow from n: an untried one while there are any, then UCT's choice.
  std::int32_t select(node& n) {
    if (n.tried < n.edge_count) return n.first_edge + n.tried++;
    const double log_n = std::log(static_cast<double>(n.visits));
    std::int32_t best = n.first_edge;
    double best_value = -1;
    for (std::int32_t i = n.first_edge; i < n.first_edge + n.edge_count; ++i) {
      const edge& e = edges_[static_cast<std::size_t>(i)];
      const auto visits = static_cast<double>(e.visits);
      const double v =
          static_cast<double>(e.wins) / visits + exploration * std::sqrt(log_n / visits);
      if (v > best_value) {
        best_value = v;
        best = i;
      }
    }
    return best;
  }

  // One descent, playout and update.
  void iterate(const position& root, int root_passes) {
    position p = root;
    int passes = root_passes;
    path_.clear();
    std::int32_t at = 0;
    int winner = -1;
    for (;;) {
      node& n = nodes_[static_cast<std::size_t>(at)];
      if (n.result >= 0) {
        winner = n.result;
        break;
      }
      const std::int32_t ei = select(n);
      path_.emplace_back(at, ei);
      const move m = edges_[static_cast<std::size_t>(ei)].m;
      Rules::play(p, m);
      passes = Rules::is_pass(m) ? passes + 1 : 0;
      edge& e = edges_[static_cast<std::size_t>(ei)];
      if (e.child >= 0) {
        at = e.child;
        continue;
      }
      if (e.visits + 1 >= expand_at && edges_.size() < edge_cap) {
        const std::int32_t child = add_node(p, passes);
        edges_[static_cast<std::size_t>(ei)].child = child;
        if (nodes_[static_cast<std::size_t>(child)].result >= 0) {
          winner = nodes_[static_cast<std::size_t>(child)].result;
          break;
        }
      }
      break;
    }
    if (winner < 0) winner = Rules::playout(p, passes, r_, *scratch_);
    ++nodes_[0].visits;
    for (const auto& [ni, ei] : path_) {
      edge& e = edges_[static_cast<std::size_t>(ei)];
      ++e.visits;
      const int mover = nodes_[static_cast<std::size_t>(ni)].side + 1;
      e.wins += winner == 0 ? 0.5f : winner == mover ? 1.0f : 0.0f;
      if (e.child >= 0) ++nodes_[static_cast<std::size_t>(e.child)].visits;
    }
  }

  // Makes the root the node of position p: a node two or three plies below the last root when
  // the tree has it (the subtree is kept, the rest dropped), otherwise a new tree.
  void reroot(const position& p, int passes) {
    const std::uint64_t key = Rules::key(p);
    std::int32_t found = -1;
    if (!nodes_.empty()) {
      std::vector<std::pair<std::int32_t, int>> frontier{{0, 0}};
      for (std::size_t k = 0; k < frontier.size() && found < 0; ++k) {
        const auto [ni, depth] = frontier[k];
        const node& n = nodes_[static_cast<std::size_t>(ni)];
        if (depth > 0 && n.key == key && n.passes == passes) {
          found = ni;
          break;
        }
        if (depth == 3) continue;
        for (std::int32_t i = n.first_edge; i < n.first_edge + n.edge_count; ++i) {
          const std::int32_t c = edges_[static_cast<std::size_t>(i)].child;
          if (c >= 0) frontier.emplace_back(c, depth + 1);
        }
      }
    }
    if (found < 0) {
      nodes_.clear();
      edges_.clear();
      add_node(p, passes);
      return;
    }
    // Copy the subtree into fresh pools, the new root first.
    std::vector<node> nodes;
    std::vector<edge> edges;
    std::vector<std::pair<std::int32_t, std::int32_t>> todo{{found, 0}};  // old node, new index
    nodes.push_back(nodes_[static_cast<std::size_t>(found)]);
    while (!todo.empty()) {
      const auto [old_index, new_index] = todo.back();
      todo.pop_back();
      const node& old = nodes_[static_cast<std::size_t>(old_index)];
      const auto first = static_cast<std::int32_t>(edges.size());
      for (std::int32_t i = 0; i < old.edge_count; ++i) {
        edge e = edges_[static_cast<std::size_t>(old.first_edge + i)];
        if (e.child >= 0) {
          nodes.push_back(nodes_[static_cast<std::size_t>(e.child)]);
          todo.emplace_back(e.child, static_cast<std::int32_t>(nodes.size() - 1));
          e.child = static_cast<std::int32_t>(nodes.size() - 1);
        }
        edges.push_back(e);
      }
      nodes[static_cast<std::size_t>(new_index)].first_edge = first;
    }
    nodes_ = std::move(nodes);
    edges_ = std::move(edges);
  }

  rng r_;
  std::unique_ptr<list> scratch_;  // ZÈRTZ's list is ~175 KB: not on the stack, made once
  std::vector<node> nodes_;
  std::vector<edge> edges_;
  std::vector<std::pair<std::int32_t, std::int32_t>> path_;  // (node, edge) of one descent
};

template <class G>
using mcts_player_for = mcts_player<typename mcts_rules_for<G>::type>;

}  // namespace ringside::match
