#pragma once
// The match runner behind ringside-match: plays games between two players of one game type,
// from seeded random openings, each opening once with each colour, on several threads.
// Game-neutral: any G with computer_game<G> (engine/common/computer_player.hpp).

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/common/computer_player.hpp"
#include "engine/common/rng.hpp"
#include "engine/common/time_budget.hpp"
#include "engine/tools/mcts.hpp"

namespace ringside::match {

// One side of a match: a uniformly random mover, the independent MCTS player, or the computer
// at a level with overrides.
struct player_spec {
  bool random = false;
  bool mcts = false;
  mcts_limits mcts_budget;
  // Thinking time for a whole game (0: none): the side plays as under a clock of this length
  // with no increment, its moves' wall time taken off, so both sides of a match can get the
  // same total per game.
  std::int64_t game_ms = 0;
  // A level whose first `mcts_plies` plies are chosen by the MCTS instead (same clock rule;
  // without a clock, `mcts_budget`): shows which phase of a game a level loses.
  int mcts_plies = 0;
  computer_request request;
  std::string label;  // as the user wrote it
};

// Per-player figures over a match: moves it searched (forced ones excluded), time and nodes.
struct player_figures {
  std::uint64_t moves = 0;
  std::uint64_t nodes = 0;
  std::uint64_t depth_sum = 0;
  std::int64_t ms_sum = 0;
  std::int64_t ms_max = 0;
  std::int64_t clock_ms = 0;  // wall time of all its moves, forced ones included
  std::uint64_t reused = 0;   // MCTS: playouts found under the root, kept from the last move
  void add(const search_info& i) {
    ++moves;
    nodes += i.nodes;
    depth_sum += static_cast<std::uint64_t>(i.depth);
    ms_sum += i.elapsed_ms;
    ms_max = std::max(ms_max, i.elapsed_ms);
  }
  void add(const player_figures& o) {
    moves += o.moves;
    nodes += o.nodes;
    depth_sum += o.depth_sum;
    ms_sum += o.ms_sum;
    ms_max = std::max(ms_max, o.ms_max);
    clock_ms += o.clock_ms;
    reused += o.reused;
  }
};

// The longest an MCTS side on a time per game thinks for one move: level 5's cap, so that
// both sides split a game's time by the same rule (engine/common/time_budget.hpp).
inline constexpr std::int64_t mcts_game_cap_ms = 5000;

struct game_record {
  int opening = 0;
  bool a_first = true;  // player A had seat 1
  int a_result = 0;     // +1 A won, 0 draw, -1 A lost
  std::string reason;   // the game's end reason, "move_limit" when cut
  int plies = 0;
  std::vector<std::string> moves;
  player_figures a, b;
};

struct match_options {
  int games = 2;  // rounded up so that the last game completes its opening's pair
  // The number of the first game. Game i plays opening i / 2 with A first when i is even, so a
  // long match can be played in parts (games 0-99, then 100-199, ...) whose W/D/L add up to
  // exactly those of the whole match when both sides search on node budgets.
  int first_game = 0;

  // How many games are played: `games`, plus one when the last would leave its pair unfinished.
  int game_count() const {
    const int end = first_game + std::max(1, games);
    return (end + 1) / 2 * 2 - first_game;
  }
  int opening_plies = 2;  // random moves before the players take over
  int threads = 1;
  std::uint64_t seed = 1;
  int max_plies = 400;  // a game this long is scored a draw (never seen in ZÈRTZ)
  // No new game starts after this many minutes (0: no limit); games under way finish. For
  // matches that a shared machine cannot finish: the summary then counts the games played.
  double max_minutes = 0;
};

// The opening of pair `index`: `plies` uniformly random legal moves from `start`.
template <class G>
std::vector<std::string> make_opening(const G& start, int plies, std::uint64_t seed, int index) {
  G g = start;
  rng r(mix_seed(seed, 0x0be2 + static_cast<std::uint64_t>(index)));
  std::vector<std::string> moves;
  for (int i = 0; i < plies && !g.outcome(); ++i) {
    const auto legal = g.legal_moves();
    if (legal.empty()) break;
    const std::string m = legal[static_cast<std::size_t>(r.below(static_cast<int>(legal.size())))];
    if (!g.play(m)) break;
    moves = g.history();
  }
  return moves;
}

// Plays one game; A takes seat 1 when a_first. Moves are checked by the game like a human's.
template <class G>
game_record play_game(const G& start, const std::vector<std::string>& opening, const player_spec& a,
                      const player_spec& b, bool a_first, std::uint64_t game_seed, int max_plies) {
  game_record rec;
  rec.a_first = a_first;
  G g = start;
  for (const auto& m : opening) {
    if (!g.play(m)) break;
  }
  rng noise(game_seed);
  // Each MCTS side keeps its tree from move to move, for this game only.
  std::optional<mcts_player_for<G>> mcts_a, mcts_b;
  if (a.mcts || a.mcts_plies > 0) mcts_a.emplace(mix_seed(game_seed, 3));
  if (b.mcts || b.mcts_plies > 0) mcts_b.emplace(mix_seed(game_seed, 4));
  while (!g.outcome() && g.ply() < max_plies) {
    const bool a_to_move = (g.to_move() == 1) == a_first;
    const player_spec& p = a_to_move ? a : b;
    player_figures& figures = a_to_move ? rec.a : rec.b;
    // A side with a time per game sees a clock of what it has left.
    std::optional<clock_state> clock;
    if (p.game_ms > 0)
      clock = clock_state{std::max<std::int64_t>(0, p.game_ms - figures.clock_ms), 0};
    const auto started = std::chrono::steady_clock::now();
    std::string token;
    if (p.random) {
      const auto legal = g.legal_moves();
      token = legal[static_cast<std::size_t>(noise.below(static_cast<int>(legal.size())))];
    } else if (p.mcts || g.ply() < p.mcts_plies) {
      mcts_limits limits = p.mcts_budget;
      // The same share of the clock as the computer's levels take (its strongest level's cap).
      if (clock) limits.time_ms = move_budget_ms(mcts_game_cap_ms, clock);
      const mcts_result m = (a_to_move ? mcts_a : mcts_b)->choose(g, limits);
      token = m.move;
      // A level's figures count its own searches only, not the plies it handed the MCTS.
      if (m.playouts > 0 && p.mcts) {
        search_info info;  // its playouts stand for nodes in the match's figures
        info.nodes = static_cast<std::uint64_t>(m.playouts);
        info.elapsed_ms = m.elapsed_ms;
        figures.add(info);
        figures.reused += static_cast<std::uint64_t>(m.reused);
      }
    } else {
      computer_request r = p.request;
      r.seed = mix_seed(game_seed, a_to_move ? 1 : 2);
      r.clock = clock;
      const computer_move cm = choose_move(g, r);
      token = cm.move;
      if (cm.info.nodes > 0) figures.add(cm.info);
    }
    figures.clock_ms += std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - started)
                            .count();
    if (!g.check_move(token) || !g.play(token)) {
      rec.a_result = a_to_move ? -1 : 1;  // an illegal move loses (and is a bug)
      rec.reason = "illegal_move " + token;
      rec.moves = g.history();
      rec.plies = g.ply();
      return rec;
    }
  }
  rec.moves = g.history();
  rec.plies = g.ply();
  if (const auto o = g.outcome()) {
    rec.reason = std::string(o->reason);
    const int a_seat = a_first ? 1 : 2;
    rec.a_result = o->winner == 0 ? 0 : o->winner == a_seat ? 1 : -1;
  } else {
    rec.reason = "move_limit";
  }
  return rec;
}

// Plays the match; `on_game` (called under a lock, in finishing order) may print progress.
// The records of the games played come back in game order, the same for any number of threads
// when both players search on node budgets (and no time limit cut the match short).
template <class G>
std::vector<game_record> run_match(const G& start, const player_spec& a, const player_spec& b,
                                   const match_options& o,
                                   const std::function<void(const game_record&)>& on_game) {
  const int count = o.game_count();
  std::vector<game_record> out(static_cast<std::size_t>(count));
  std::vector<char> played(out.size(), 0);
  std::atomic<int> next{0};
  std::mutex lock;
  const auto start_time = std::chrono::steady_clock::now();
  auto out_of_time = [&] {
    return o.max_minutes > 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count() >
               o.max_minutes * 60;
  };
  auto worker = [&] {
    for (int k = next++; k < count && !out_of_time(); k = next++) {
      const int i = o.first_game + k;  // the game's number in the whole match
      const int pair = i / 2;
      const auto opening = make_opening(start, o.opening_plies, o.seed, pair);
      game_record rec = play_game(start, opening, a, b, i % 2 == 0,
                                  mix_seed(o.seed, static_cast<std::uint64_t>(i)), o.max_plies);
      rec.opening = pair;
      std::lock_guard<std::mutex> g(lock);
      out[static_cast<std::size_t>(k)] = std::move(rec);
      played[static_cast<std::size_t>(k)] = 1;
      if (on_game) on_game(out[static_cast<std::size_t>(k)]);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, o.threads); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  // Cut short: keep the games played, in game order.
  std::vector<game_record> kept;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (played[i]) kept.push_back(std::move(out[i]));
  }
  return kept;
}

}  // namespace ringside::match
