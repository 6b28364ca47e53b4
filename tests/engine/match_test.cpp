// ringside-match: its statistics from known results, and a tiny real match run as a user would.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/common/match_stats.hpp"
#include "tests/support/run_program.hpp"

#ifndef RINGSIDE_MATCH_TOOL
#error "RINGSIDE_MATCH_TOOL must name the ringside-match executable"
#endif

namespace ringside::test {

namespace {

program_result run(const std::string& args) {
  return run_program(RINGSIDE_MATCH_TOOL, args);
}

}  // namespace

TEST_CASE("match statistics: score, interval and Elo from known W/D/L") {
  // 60 wins, 20 draws, 20 losses: score 0.7, Elo -400 log10(1/0.7 - 1) = +147.2.
  const match_summary m = summarize(60, 20, 20);
  CHECK(m.games == 100);
  CHECK(m.score == doctest::Approx(0.7));
  CHECK(m.elo == doctest::Approx(147.19).epsilon(0.001));
  // Per-game variance: 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16; sd of the mean 0.04.
  CHECK(m.high - m.score == doctest::Approx(1.959964 * 0.04));
  CHECK(m.score - m.low == doctest::Approx(1.959964 * 0.04));
  CHECK(m.elo_low == doctest::Approx(elo_from_score(0.7 - 1.959964 * 0.04)));
  CHECK(m.elo_low < m.elo);
  CHECK(m.elo_high > m.elo);
  CHECK(m.los > 0.99);
  // Even: 0 Elo and a symmetric interval.
  const match_summary even = summarize(40, 20, 40);
  CHECK(even.score == doctest::Approx(0.5));
  CHECK(even.elo == doctest::Approx(0.0));
  CHECK(even.los == doctest::Approx(0.5));
  CHECK(even.elo_high == doctest::Approx(-even.elo_low));
  // All wins: the Elo is unbounded and the interval collapses.
  const match_summary sweep = summarize(10, 0, 0);
  CHECK(std::isinf(sweep.elo));
  CHECK(sweep.low == doctest::Approx(1.0));
  CHECK(elo_from_score(0.75) == doctest::Approx(190.85).epsilon(0.001));
  CHECK(elo_from_score(0.25) == doctest::Approx(-190.85).epsilon(0.001));
}

TEST_CASE("ringside-match: a tiny real match prints W/D/L that add up, and repeats") {
  const auto r = run("--a 1 --b random --games 4 --threads 2 --seed 3 --verbose");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("4 games") != std::string::npos);
  CHECK(r.out.find("game 4 ") != std::string::npos);
  const auto at = r.out.find("W/D/L ");
  REQUIRE(at != std::string::npos);
  int w = -1, d = -1, l = -1;
  REQUIRE(std::sscanf(r.out.c_str() + at, "W/D/L %d/%d/%d", &w, &d, &l) == 3);
  CHECK(w + d + l == 4);
  CHECK(r.out.find("ILLEGAL") == std::string::npos);
  // Node budgets on both sides: the same seed gives the same result line on any thread count.
  const auto one = run("--a 2/nodes=5000 --b 1 --games 2 --threads 1 --seed 5");
  const auto two = run("--a 2/nodes=5000 --b 1 --games 2 --threads 2 --seed 5");
  REQUIRE(one.status == 0);
  const auto line = [](const std::string& s) { return s.substr(s.find("W/D/L")); };
  CHECK(line(one.out) == line(two.out));
  // Without --verbose a match reports its progress (on stderr) as games finish.
  CHECK(one.out.find("2/2 games (A ") != std::string::npos);
}

namespace {

// The per-game lines of a --verbose run from "(opening" on, sorted (threads finish games in
// any order).
std::vector<std::string> game_lines(const std::string& out) {
  std::vector<std::string> lines;
  for (auto at = out.find("(opening"); at != std::string::npos; at = out.find("(opening", at + 1)) {
    lines.push_back(out.substr(at, out.find('\n', at) - at));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::array<int, 3> wdl(const std::string& out) {
  std::array<int, 3> r{-1, -1, -1};
  const auto at = out.find("W/D/L ");
  if (at != std::string::npos) std::sscanf(out.c_str() + at, "W/D/L %d/%d/%d", &r[0], &r[1], &r[2]);
  return r;
}

}  // namespace

TEST_CASE("ringside-match: a match played in parts adds up to the whole match") {
  const std::string common = "--a 2/nodes=4000 --b 1 --threads 2 --seed 9 --verbose";
  const auto whole = run(common + " --games 8");
  const auto first = run(common + " --games 4");
  const auto rest = run(common + " --games 4 --from-game 4");
  REQUIRE(whole.status == 0);
  REQUIRE(rest.status == 0);
  CHECK(rest.out.find("games 4 to 7") != std::string::npos);
  auto parts = game_lines(first.out);
  const auto more = game_lines(rest.out);
  parts.insert(parts.end(), more.begin(), more.end());
  std::sort(parts.begin(), parts.end());
  CHECK(parts.size() == 8);
  CHECK(parts == game_lines(whole.out));
  // A part may start inside a pair (a match stopped by --max-minutes after an odd number of
  // games): game 5 alone is opening 2 with A second, as in the whole match.
  const auto one = run(common + " --games 1 --from-game 5");
  REQUIRE(one.status == 0);
  CHECK(one.out.find("games 5 to 5") != std::string::npos);
  const auto lone = game_lines(one.out);
  REQUIRE(lone.size() == 1);
  CHECK(lone[0].rfind("(opening 2, A second)", 0) == 0);
  const auto all = game_lines(whole.out);
  CHECK(std::find(all.begin(), all.end(), lone[0]) != all.end());
  const auto a = wdl(first.out), b = wdl(rest.out), w = wdl(whole.out);
  CHECK(a[0] + b[0] == w[0]);
  CHECK(a[1] + b[1] == w[1]);
  CHECK(a[2] + b[2] == w[2]);
  // --summarize gives the whole match's summary line from the added counts.
  const auto sum = run("--summarize " + std::to_string(w[0]) + "/" + std::to_string(w[1]) + "/" +
                       std::to_string(w[2]));
  REQUIRE(sum.status == 0);
  CHECK(sum.out == whole.out.substr(whole.out.find("W/D/L")));
  CHECK(run("--summarize 1/2").status == 2);
  CHECK(run("--summarize 0/0/0").status == 2);
}

TEST_CASE("ringside-match: an evaluation term can be switched off for one side") {
  // threats=0 changes what the searcher sees, so with the same seed and budgets the games
  // differ from those with the term on (both sides otherwise alike). Under sanitizers, where
  // a search costs many times more, smaller budgets and fewer games still differ.
#ifdef RINGSIDE_SANITIZED_BUILD
  const std::string nodes = "4000", games = "4";
#else
  const std::string nodes = "20000", games = "6";
#endif
  const std::string rest = " --games " + games + " --threads 2 --seed 4 --verbose";
  const auto on = run("--a 3/nodes=" + nodes + " --b 3/nodes=" + nodes + rest);
  const auto off = run("--a 3/nodes=" + nodes + "/threats=0 --b 3/nodes=" + nodes + rest);
  REQUIRE(on.status == 0);
  REQUIRE(off.status == 0);
  CHECK(off.out.find("A = 3/nodes=" + nodes + "/threats=0") != std::string::npos);
  CHECK(game_lines(on.out).size() == static_cast<std::size_t>(std::stoi(games)));
  CHECK(game_lines(on.out) != game_lines(off.out));
}

TEST_CASE("ringside-match: DVONN's evaluation terms switch off by name") {
  const auto on = run("--game dvonn --a 2 --b 2 --games 4 --threads 2 --seed 4 --verbose");
  const auto off =
      run("--game dvonn --a 2/stacks=0/reach=0 --b 2 --games 4 --threads 2 --seed 4 --verbose");
  REQUIRE(on.status == 0);
  REQUIRE(off.status == 0);
  CHECK(game_lines(on.out).size() == 4);
  CHECK(game_lines(on.out) != game_lines(off.out));
}

TEST_CASE("ringside-match: the MCTS sparring partner plays whole legal games in both games") {
  for (const char* game : {"dvonn", "zertz"}) {
    const auto r = run(std::string("--game ") + game +
                       " --a mcts/playouts=40 --b random --games 2 --threads 2 --seed 2 --verbose");
    REQUIRE(r.status == 0);  // an illegal move would make it 1
    CHECK(game_lines(r.out).size() == 2);
    CHECK(r.out.find("40 playouts/move") != std::string::npos);
  }
  CHECK(run("--a mcts/depth=3 --b 1").status == 2);
  CHECK(run("--a mcts/time=0 --b 1").status == 2);
  CHECK(run("--a mcts/game=0 --b 1").status == 2);
  CHECK(run("--a 3/game=x --b 1").status == 2);
  CHECK(run("--bench --a mcts").status == 2);
}

TEST_CASE("ringside-match: a level lets the MCTS choose its first plies when asked") {
  // The MCTS's plies are its own: a level that hands it every ply plays the MCTS's games.
  const std::string rest = " --b random --games 4 --threads 2 --seed 5 --verbose";
  const auto mcts = run("--game dvonn --a mcts/playouts=40" + rest);
  const auto handed = run("--game dvonn --a 2/mcts_plies=400/mcts_playouts=40" + rest);
  const auto level = run("--game dvonn --a 2" + rest);
  REQUIRE(mcts.status == 0);
  REQUIRE(handed.status == 0);
  REQUIRE(level.status == 0);
  CHECK(game_lines(mcts.out).size() == 4);
  CHECK(game_lines(handed.out) == game_lines(mcts.out));
  CHECK(game_lines(level.out) != game_lines(mcts.out));
  CHECK(run("--a 2/mcts_plies=0 --b 1").status == 2);
  CHECK(run("--a 2/mcts_plies=4/mcts_playouts=0 --b 1").status == 2);
  CHECK(run("--a 2/mcts_playouts=40 --b 1").status == 2);
  // The budget does not depend on the order the switches are written in.
  const auto reversed = run("--game dvonn --a 2/mcts_playouts=40/mcts_plies=400" + rest);
  REQUIRE(reversed.status == 0);
  CHECK(game_lines(reversed.out) == game_lines(mcts.out));
}

TEST_CASE("ringside-match: bad arguments say what is wrong and exit 2") {
  CHECK(run("--a 2/iteration=0 --b 1").status == 2);
  CHECK(run("--a 2/iteration=101 --b 1").status == 2);
  CHECK(run("--a 7 --b 1").status == 2);
  CHECK(run("--a 3/nodes=x --b 1").status == 2);
  CHECK(run("--a 3").status == 2);
  CHECK(run("--a 3/threats=2 --b 1").status == 2);
  CHECK(run("--game dvonn --a 3/reach=2 --b 1").status == 2);
  CHECK(run("--game dvonn --a 3/speed=0 --b 1").status == 2);
  CHECK(run("--bench --a random").status == 2);
  const auto r = run("--a 1 --b 2 --game chess");
  CHECK(r.status == 2);
  CHECK(r.out.find("--game") != std::string::npos);
}

TEST_CASE("ringside-match: a malformed number is refused, not read as far as it goes") {
  // Each would otherwise start a match (or a bench) that runs for minutes.
  for (const char* bad : {"--games 15x", "--games ''", "--games -1", "--games 0", "--threads 2x",
                          "--threads -1", "--seed -1", "--seed 1.5", "--opening-plies -1",
                          "--from-game x", "--max-minutes nan", "--max-minutes -1"}) {
    CAPTURE(bad);
    const auto r = run(std::string("--a 1 --b 1 ") + bad);
    CHECK(r.status == 2);
    const std::string flag = std::string(bad).substr(0, std::string(bad).find(' '));
    CHECK(r.out.starts_with("ringside-match: " + flag + " needs a valid value, got '"));
  }
  CHECK(run("--bench --nodes 10x").status == 2);
  CHECK(run("--bench --runs 0").status == 2);
  CHECK(run("--a 1 --b 1 --games").status == 2);             // a value is missing
  CHECK(run("--a 1 --b 1 --game zertz stray").status == 2);  // a word that is no flag
  const auto unknown = run("--a 1 --b 1 --gmes 2");
  CHECK(unknown.status == 2);
  CHECK(unknown.out.starts_with("ringside-match: unknown option '--gmes'"));
  CHECK(run("--summarize 3/2/1x").status == 2);
  const auto help = run("--help");
  CHECK(help.status == 0);
  CHECK(help.out.starts_with("usage: ringside-match --a SPEC --b SPEC"));
}

TEST_CASE("ringside-match: a time per game holds both a level and the MCTS to it") {
  const auto r = run("--a 2/game=300 --b mcts/game=300 --games 2 --threads 2 --seed 3");
  REQUIRE(r.status == 0);
  for (const char* side : {"A (2/game=300): ", "B (mcts/game=300): "}) {
    const auto at = r.out.find(side);
    REQUIRE(at != std::string::npos);
    const int ms = std::stoi(r.out.substr(at + std::string(side).size()));
    CAPTURE(side);
    // Each move takes at most half of what is left, so a game's total stays under the budget
    // but for what the clock counts beyond the search (a little, and more on a loaded machine).
    CHECK(ms <= 450);
  }
  CHECK(r.out.find("playouts/s") != std::string::npos);
}

}  // namespace ringside::test
