// The ZÈRTZ searcher: legal moves from many positions, forced wins found, repeatable results,
// Zobrist keys that follow the position, and the levels' budgets.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "engine/common/computer_player.hpp"
#include "engine/common/rng.hpp"
#include "engine/zertz/computer.hpp"
#include "engine/zertz/search.hpp"
#include "engine/zertz/zobrist.hpp"
#include "helpers.hpp"

namespace ringside::zertz::test {

// A request at `level` (designated initializers would leave the rest unnamed, which GCC's
// -Wmissing-field-initializers reports).
inline computer_request ask(int level, std::uint64_t seed = 0,
                            std::optional<clock_state> clock = std::nullopt) {
  computer_request r;
  r.level = level;
  r.seed = seed;
  r.clock = clock;
  return r;
}

namespace {

// An independent check, by plain minimax over every line: can the side to move force a win
// within `plies` (odd) plies? Only for small positions.
bool forced_win(position& p, int plies);

bool every_reply_loses(position& p, int plies) {
  const int me = p.side() ^ 1;
  move_list replies;
  generate_moves(p, replies);
  if (replies.empty()) return false;
  for (const move& r : replies) {
    position::undo u;
    p.do_move(r, u);
    const bool lost = p.winner() ? p.winner() == me + 1 : forced_win(p, plies - 2);
    p.undo_move(u);
    if (!lost) return false;
  }
  return true;
}

bool forced_win(position& p, int plies) {
  if (plies <= 0) return false;
  const int me = p.side();
  move_list moves;
  generate_moves(p, moves);
  for (const move& m : moves) {
    position::undo u;
    p.do_move(m, u);
    const bool won = p.winner() ? p.winner() == me + 1 : every_reply_loses(p, plies);
    p.undo_move(u);
    if (won) return true;
  }
  return false;
}

// The moves of `p` after which every reply loses within `plies` plies.
std::vector<std::string> winning_moves(position p, int plies) {
  std::vector<std::string> out;
  const int me = p.side();
  move_list moves;
  generate_moves(p, moves);
  for (const move& m : moves) {
    position::undo u;
    p.do_move(m, u);
    if (p.winner() ? p.winner() == me + 1 : every_reply_loses(p, plies)) {
      out.push_back(m.zen(p.geometry()));
    }
    p.undo_move(u);
  }
  return out;
}

search_result search(const position& p, std::uint64_t nodes, std::uint64_t seed = 0) {
  searcher s(std::size_t{4} << 20);
  search_settings set;
  set.limits.max_nodes = nodes;
  set.seed = seed;
  return s.run(p, set);
}

// Positions met in seeded random games, every few plies, on the standard board.
std::vector<game> random_positions(int count, int every) {
  std::vector<game> out;
  for (int i = 0; i < count; ++i) {
    rng r(static_cast<std::uint64_t>(i) + 100);
    game g = *game::create("standard", 0);
    while (!g.outcome()) {
      if (g.ply() % every == every - 1) out.push_back(g);
      const auto legal = g.legal_moves();
      REQUIRE(g.play(legal[r.below(legal.size())]));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("search: the move is legal and check_move accepts its token, from many positions") {
  const auto positions = random_positions(12, 3);
  REQUIRE(positions.size() > 40);
  for (const game& g : positions) {
    const auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
    REQUIRE(p);
    const search_result r = search(*p, 3000);
    const auto legal = g.legal_moves();
    const std::string token = r.best.zen(p->geometry());
    CHECK_MESSAGE(std::find(legal.begin(), legal.end(), token) != legal.end(), g.zip());
    const auto checked = g.check_move(token);
    REQUIRE(checked);
    CHECK(*checked == token);
    REQUIRE(!r.info.pv.empty());
    CHECK(r.info.pv.front() == token);
  }
}

TEST_CASE("search: finds the sacrifice that forces a winning capture") {
  // Both from random play: the mover cannot win at once, and exactly one placement forces a
  // capture from the opponent after which the mover wins. Minimax confirms it first.
  const std::vector<std::string> zips = {
      "/B/1oW1GB/1ooGooG/3oBo/3W2B/ 0/1/2 3/1/3 1/3/1 1",
      "/3B/B2ooB/WoWoB/2Boo/2BoG/3o 0/5/0 2/1/1 2/1/3 2",
  };
  for (const auto& zip : zips) {
    auto p = parse_zip(zip, variant::standard, 37);
    REQUIRE(p);
    CHECK_FALSE(forced_win(*p, 1));  // no win at once: it takes the sacrifice
    const auto wins = winning_moves(*p, 3);
    REQUIRE(wins.size() == 1);
    const search_result r = search(*p, 200'000);
    CHECK_MESSAGE(r.best.zen(p->geometry()) == wins[0], zip);
    CHECK(r.info.score >= search_info::mate_bound);
    // The line shows the opponent's forced capture, then the win (a capture or an isolation).
    REQUIRE(r.info.pv.size() == 3);
    CHECK(r.info.pv[1].find('x') != std::string::npos);
    game g = *game::from_zip(variant::standard, zip, 37);
    const int mover = g.to_move();
    for (const auto& m : r.info.pv) REQUIRE(g.play(m));
    REQUIRE(g.outcome());
    CHECK(g.outcome()->winner == mover);
  }
}

TEST_CASE("search: a position with a winning capture among several takes it") {
  // Player 1 needs a fourth white; of the jumps, only the one over the white wins.
  const position p =
      build({.marbles = {{"d4", 'B'}, {"d5", 'W'}, {"c3", 'G'}, {"c4", 'B'}}, .caps1 = {3, 0, 0}});
  const auto wins = winning_moves(p, 1);
  REQUIRE(!wins.empty());
  REQUIRE(legal(p).size() > wins.size());
  const search_result r = search(p, 10'000);
  CHECK(std::find(wins.begin(), wins.end(), r.best.zen(p.geometry())) != wins.end());
  CHECK(r.info.score >= search_info::mate_bound);
}

TEST_CASE("search: the same seed and node budget give the same move, line and node count") {
  const auto positions = random_positions(2, 8);
  for (const game& g : positions) {
    const auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
    const search_result a = search(*p, 20'000, 7);
    const search_result b = search(*p, 20'000, 7);
    CHECK(a.best == b.best);
    CHECK(a.info.nodes == b.info.nodes);
    CHECK(a.info.pv == b.info.pv);
    CHECK(a.info.score == b.info.score);
  }
  // The computer at a noisy level: a seed repeats the choice; the game plays out the same.
  for (int level = 1; level <= 3; ++level) {
    auto play = [&](std::uint64_t seed) {
      game g = *game::create("standard", 0);
      std::vector<std::uint64_t> nodes;
      for (int i = 0; i < 4 && !g.outcome(); ++i) {
        computer_request r = ask(level, seed);
        r.nodes = 20'000;  // the level's settings on a smaller budget: sanitizer builds are slow
        const computer_move m = choose_move(g, r);
        nodes.push_back(m.info.nodes);
        REQUIRE(g.play(m.move));
      }
      return std::pair(g.history(), nodes);
    };
    CHECK(play(11) == play(11));
  }
}

TEST_CASE("computer: searches on several threads at once give what they give alone") {
  // Reentrancy: every call owns its table and history, and the only shared data (the Zobrist
  // tables, the boards) is read-only. Four threads, each its own game and seed.
  const auto positions = random_positions(1, 6);
  REQUIRE(positions.size() >= 4);
  auto run = [&](std::size_t i) {
    computer_request r = ask(3, i);
    r.nodes = 15'000;
    const computer_move m = choose_move(positions[i], r);
    return std::pair(m.move, m.info.nodes);
  };
  std::vector<std::pair<std::string, std::uint64_t>> alone, together(4);
  for (std::size_t i = 0; i < 4; ++i) alone.push_back(run(i));
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < 4; ++i) threads.emplace_back([&, i] { together[i] = run(i); });
  for (auto& t : threads) t.join();
  CHECK(alone == together);
}

TEST_CASE("search: a noisy level varies with the seed") {
  const game g = *game::create("standard", 0);
  std::vector<std::string> seen;
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    const computer_move m = choose_move(g, ask(1, seed));
    if (std::find(seen.begin(), seen.end(), m.move) == seen.end()) seen.push_back(m.move);
  }
  CHECK(seen.size() > 1);
}

TEST_CASE("zobrist: the incremental key equals the key computed afresh, through do and undo") {
  for (int i = 0; i < 60; ++i) {
    rng r(static_cast<std::uint64_t>(i));
    const int rings = i % 2 ? 37 : 61;
    position p(*board::get(rings), variant::standard);
    std::uint64_t key = zobrist_key(p.raw());
    std::vector<std::pair<position::undo, std::uint64_t>> trail;
    while (!p.over()) {
      move_list moves;
      generate_moves(p, moves);
      position::undo u;
      p.do_move(moves[r.below(moves.size())], u);
      const std::uint64_t next = zobrist_update(key, u.before, p.raw());
      REQUIRE(next == zobrist_key(p.raw()));
      trail.emplace_back(u, key);
      key = next;
    }
    while (!trail.empty()) {
      p.undo_move(trail.back().first);
      key = trail.back().second;
      REQUIRE(key == zobrist_key(p.raw()));
      trail.pop_back();
    }
    CHECK(p == position(*board::get(rings), variant::standard));
  }
}

TEST_CASE("zobrist: positions that differ in any part have different keys") {
  const position a = build({.marbles = {{"d4", 'W'}}});
  position b = a;
  b.set_side(1);
  CHECK(zobrist_key(a.raw()) != zobrist_key(b.raw()));
  position c = a;
  c.set_marble(a.geometry().find("d4"), 1);
  CHECK(zobrist_key(a.raw()) != zobrist_key(c.raw()));
  position d = a;
  d.set_captured(0, 2, 1);
  CHECK(zobrist_key(a.raw()) != zobrist_key(d.raw()));
  position e = a;
  e.set_rings(a.rings() & ~bit(a.geometry().find("a1")));
  CHECK(zobrist_key(a.raw()) != zobrist_key(e.raw()));
}

TEST_CASE("search: a time budget is honoured and a cancel stops the search") {
  const game g = *game::create("standard", 0);
  const auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
  searcher s(std::size_t{4} << 20);
  search_settings set;
  set.limits.max_time_ms = 150;
  const auto t0 = std::chrono::steady_clock::now();
  const search_result r = s.run(*p, set);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  CHECK(r.best != move{});
  // The search polls the clock every 1024 nodes; generous slack for a loaded machine and
  // sanitizers. What is checked is that it stops, not how fast it is.
  CHECK(ms < 150 + 2000);
  std::atomic<bool> cancel{true};
  set.limits.max_time_ms = 0;
  set.cancel = &cancel;
  const search_result c = s.run(*p, set);
  CHECK(c.best != move{});
  CHECK(c.info.nodes < 5000);
}

TEST_CASE("computer: a lone legal move is played without a search") {
  // A single jump is possible: the capture is compulsory and nothing else is legal.
  const game g = build_game({.marbles = {{"d1", 'B'}, {"d2", 'W'}}, .to_move = 1});
  REQUIRE(g.legal_moves().size() == 1);
  const computer_move m = choose_move(g, ask(5));
  CHECK(m.move == g.legal_moves()[0]);
  CHECK(m.info.nodes == 0);
}

TEST_CASE("search: a line into a position's third occurrence scores a tie, not its second") {
  // Positions where the mover is behind after a 2-ply search. A move into a position the game
  // has met twice before must now score 0 and be chosen (a tie beats a loss); met once before,
  // it is an ordinary move and nothing changes.
  const auto at_depth_2 = [](const position& p, std::vector<std::uint64_t> earlier) {
    searcher s(std::size_t{4} << 20);
    search_settings set;
    set.limits.max_depth = 2;
    set.earlier_keys = std::move(earlier);
    return s.run(p, set);
  };
  int checked = 0;
  for (const game& g : random_positions(20, 3)) {
    if (checked == 3) break;
    const auto p = parse_zip(g.zip(), g.rules(), g.board_rings());
    REQUIRE(p);
    // Jumps have one answer; long placement lists only make the test slow.
    if (p->any_jump() || count_moves(*p) > 300) continue;
    const search_result plain = at_depth_2(*p, {});
    if (plain.info.score >= 0 || plain.info.score <= -search_info::mate_bound) continue;
    move_list moves;
    generate_moves(*p, moves);
    const move other = moves[0] == plain.best ? moves[1] : moves[0];
    position child = *p;
    child.do_move(other);
    if (child.over()) continue;
    const std::uint64_t key = zobrist_key(child.raw());
    const search_result once = at_depth_2(*p, {key});
    CHECK(once.best == plain.best);
    CHECK(once.info.score == plain.info.score);
    const search_result twice = at_depth_2(*p, {key, 1, key});
    CHECK(twice.best == other);
    CHECK(twice.info.score == 0);
    ++checked;
  }
  CHECK(checked >= 3);
}

TEST_CASE("computer: the game's earlier positions reach the search") {
  // The locked 61-ring position repeats after four moves; the game's keys show the start twice
  // and the computer still answers with a legal move there.
  game g = build_game(locked_61_rings());
  const std::uint64_t start = g.position_keys().front();
  for (const char* m : {"We5", "Ge4xe6", "We5", "Ge6xe4"}) REQUIRE(g.play(m));
  const auto keys = g.position_keys();
  CHECK(keys.size() == g.history().size() + 1);
  CHECK(keys.back() == start);
  CHECK(std::count(keys.begin(), keys.end(), start) == 2);
  const computer_move m = choose_move(g, ask(3));
  CHECK(g.check_move(m.move));
}

}  // namespace ringside::zertz::test
