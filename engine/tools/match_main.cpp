// ringside-match: plays a match between two computer levels (or settings, or a random mover)
// and prints W/D/L, the score with its 95% interval and the Elo difference; --bench prints the
// searchers' speed. See --help.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#include "common/command_line.hpp"
#include "common/parse_number.hpp"
#include "engine/common/match_stats.hpp"
#include "engine/dvonn/computer.hpp"
#include "engine/dvonn/evaluation.hpp"
#include "engine/tools/match.hpp"
#include "engine/zertz/computer.hpp"

namespace {

using namespace ringside;
namespace po = boost::program_options;

constexpr const char* usage =
    "usage: ringside-match --a SPEC --b SPEC [--games N] [--threads T] [--seed S]\n"
    "                      [--game zertz|dvonn] [--variant standard|blitz|tournament]\n"
    "                      [--opening-plies P] [--max-minutes M] [--from-game K] [--verbose]\n"
    "       ringside-match --bench [--game zertz|dvonn] [--nodes N] [--runs R] [--a SPEC]\n"
    "       ringside-match --summarize W/D/L\n"
    "SPEC is 'random' (a uniformly random mover), 'mcts' (an independent UCT player with light\n"
    "random playouts: 'mcts/time=MS' or 'mcts/playouts=N' a move, default 1,000 ms) or a level\n"
    "1-5, optionally with overrides:\n"
    "'3', '4/nodes=200000', '5/time=1000', '2/depth=3', '4/threats=0' (no threat terms);\n"
    "'game=MS' (levels and mcts) gives a side MS of thinking for the whole game, spent as a\n"
    "clock with no increment ('5/game=10000' against 'mcts/game=10000': equal time);\n"
    "DVONN's evaluation terms switch off the same way: mobility, risk, stacks, reach,\n"
    "distance ('5/stacks=0/reach=0'); '5/variety=0' always plays its best opening move;\n"
    "'5/game=10000/iteration=70': a search on time starts no new iteration past 70% of it.\n"
    "'5/mcts_plies=49' lets the MCTS choose the first 49 plies (a diagnostic: which phase a\n"
    "level loses), on the side's clock, else 1,000 ms a move or 'mcts_playouts=N'.\n"
    "Games come in pairs: each seeded random opening is played once with each colour.\n"
    "Scores are from A's side. Threads default to the number of cores. With --max-minutes no\n"
    "game starts after M minutes and the summary counts the games played. --from-game K plays\n"
    "games K to K+N-1 of the seed's match, so a long match can be played in parts; add the\n"
    "parts' W/D/L and --summarize gives the score, interval and Elo of the whole. --bench\n"
    "measures the searcher of --a (default 5) on a node budget, then each level's time.\n";

int error(const std::string& what) {
  std::fprintf(stderr, "ringside-match: %s\n", what.c_str());
  return 2;
}

// A whole-string number into `out`; false, and `out` untouched, when `s` is not one.
template <class T>
bool to_num(std::string_view s, T& out) {
  const auto n = parse_number<T>(s);
  if (n) out = *n;
  return n.has_value();
}

bool parse_spec(std::string_view text, match::player_spec& out) {
  out.label = std::string(text);
  if (text == "random") {
    out.random = true;
    return true;
  }
  if (text.substr(0, 4) == "mcts") {
    // 'mcts/time=MS', 'mcts/playouts=N' per move or 'mcts/game=MS' per game (default 1,000 ms
    // a move).
    out.mcts = true;
    std::string_view rest = text.substr(4);
    if (rest.empty()) {
      out.mcts_budget.time_ms = 1000;
      return true;
    }
    if (rest.front() != '/') return false;
    rest.remove_prefix(1);
    while (!rest.empty()) {
      const auto end = rest.find('/');
      const std::string_view part = rest.substr(0, end);
      rest = end == std::string_view::npos ? "" : rest.substr(end + 1);
      const auto eq = part.find('=');
      if (eq == std::string_view::npos) return false;
      const auto key = part.substr(0, eq), val = part.substr(eq + 1);
      bool ok = false;
      if (key == "time") ok = to_num(val, out.mcts_budget.time_ms) && out.mcts_budget.time_ms > 0;
      if (key == "playouts") {
        ok = to_num(val, out.mcts_budget.playouts) && out.mcts_budget.playouts > 0;
      }
      if (key == "game") ok = to_num(val, out.game_ms) && out.game_ms > 0;
      if (!ok) return false;
    }
    return true;
  }
  const auto slash = text.find('/');
  if (!to_num(text.substr(0, slash), out.request.level) || out.request.level < 1 ||
      out.request.level > computer_levels) {
    return false;
  }
  std::string_view rest = slash == std::string_view::npos ? "" : text.substr(slash + 1);
  while (!rest.empty()) {
    const auto end = rest.find('/');
    const std::string_view part = rest.substr(0, end);
    rest = end == std::string_view::npos ? "" : rest.substr(end + 1);
    const auto eq = part.find('=');
    if (eq == std::string_view::npos) return false;
    const std::string_view key = part.substr(0, eq), val = part.substr(eq + 1);
    bool ok = false;
    if (key == "nodes") ok = to_num(val, out.request.nodes) && out.request.nodes > 0;
    if (key == "time") ok = to_num(val, out.request.time_ms) && out.request.time_ms > 0;
    if (key == "depth") ok = to_num(val, out.request.depth) && out.request.depth > 0;
    if (key == "game") ok = to_num(val, out.game_ms) && out.game_ms > 0;
    if (key == "iteration") {
      ok = to_num(val, out.request.iteration_percent) && out.request.iteration_percent > 0 &&
           out.request.iteration_percent <= 100;
    }
    if (key == "mcts_plies") ok = to_num(val, out.mcts_plies) && out.mcts_plies > 0;
    if (key == "mcts_playouts") {
      ok = to_num(val, out.mcts_budget.playouts) && out.mcts_budget.playouts > 0;
    }
    if (key == "threats" && (val == "0" || val == "1")) {
      out.request.threats = val == "1";
      ok = true;
    }
    if (key == "variety" && (val == "0" || val == "1")) {
      out.request.variety = val == "1";
      ok = true;
    }
    // DVONN's evaluation terms, each switchable to measure it ('5/reach=0').
    for (const auto& t : dvonn::term_names) {
      if (key == t.name && (val == "0" || val == "1")) {
        out.request.terms_off =
            val == "0" ? out.request.terms_off | t.bit : out.request.terms_off & ~t.bit;
        ok = true;
      }
    }
    if (!ok) return false;
  }
  // Playouts for plies the level never hands over would be silently ignored.
  if (out.mcts_budget.playouts > 0 && out.mcts_plies == 0) return false;
  if (out.mcts_plies > 0 && out.mcts_budget.playouts == 0) out.mcts_budget.time_ms = 1000;
  return true;
}

std::string signed_elo(double e) {
  if (std::isinf(e)) return e > 0 ? "+inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f", e);
  return buf;
}

void print_figures(const char* side, const match::player_spec& p, const match::player_figures& f,
                   std::size_t games) {
  if (p.random) {
    std::printf("%s (%s): uniformly random moves\n", side, p.label.c_str());
    return;
  }
  if (games > 0) {
    std::printf("%s (%s): %.0f ms a game, all its moves, wall clock\n", side, p.label.c_str(),
                static_cast<double>(f.clock_ms) / static_cast<double>(games));
  }
  if (p.mcts && f.moves > 0) {
    const double secs = static_cast<double>(f.ms_sum) / 1000.0;
    std::printf(
        "%s (%s): %llu searched moves, %.1f ms/move (max %lld), %.0f playouts/move, %.0f "
        "playouts/s, %.0f more kept from the move before\n",
        side, p.label.c_str(), static_cast<unsigned long long>(f.moves),
        static_cast<double>(f.ms_sum) / static_cast<double>(f.moves),
        static_cast<long long>(f.ms_max),
        static_cast<double>(f.nodes) / static_cast<double>(f.moves),
        secs > 0 ? static_cast<double>(f.nodes) / secs : 0.0,
        static_cast<double>(f.reused) / static_cast<double>(f.moves));
    return;
  }
  if (f.moves == 0) {
    std::printf("%s (%s): no searched move\n", side, p.label.c_str());
    return;
  }
  const double n = static_cast<double>(f.moves);
  const double secs = static_cast<double>(f.ms_sum) / 1000.0;
  std::printf(
      "%s (%s): %llu searched moves, %.1f ms/move (max %lld), depth %.2f, %.0f nodes/move, "
      "%.0f nodes/s\n",
      side, p.label.c_str(), static_cast<unsigned long long>(f.moves),
      static_cast<double>(f.ms_sum) / n, static_cast<long long>(f.ms_max),
      static_cast<double>(f.depth_sum) / n, static_cast<double>(f.nodes) / n,
      secs > 0 ? static_cast<double>(f.nodes) / secs : 0.0);
}

// Positions met in real play: level-1 self-play from seeded openings, sampled every few plies.
template <class G>
std::vector<G> bench_positions(const G& start, int count) {
  std::vector<G> out;
  for (int i = 0; static_cast<int>(out.size()) < count && i < 100; ++i) {
    G g = start;
    for (const auto& m : match::make_opening(start, 2, 7, i)) g.play(m);
    while (!g.outcome() && static_cast<int>(out.size()) < count) {
      if (g.ply() % 6 == 4 && g.legal_moves().size() > 1) out.push_back(g);
      computer_request r;
      r.level = 1;
      r.seed = static_cast<std::uint64_t>(i);
      g.play(choose_move(g, r).move);
    }
  }
  return out;
}

template <class G>
int bench(const G& start, std::uint64_t nodes, int runs, const match::player_spec& searcher) {
  const auto positions = bench_positions(start, 24);
  const std::string name(G::name);
  std::printf("%s: %zu positions from level-1 self-play, %llu nodes each, %d runs, searcher %s\n",
              name.c_str(), positions.size(), static_cast<unsigned long long>(nodes), runs,
              searcher.label.c_str());
  std::vector<double> rates, cpu_rates;
  for (int run = 0; run < runs; ++run) {
    std::uint64_t total = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    for (const auto& g : positions) {
      computer_request r = searcher.request;  // its search, on the bench's node budget
      r.nodes = nodes;
      total += choose_move(g, r).info.nodes;
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // CPU time too: on a shared machine the wall clock also counts other programs' turns.
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    rates.push_back(static_cast<double>(total) / secs);
    cpu_rates.push_back(static_cast<double>(total) / cpu);
    std::printf("run %d: %.0f nodes/s wall, %.0f nodes per CPU second\n", run + 1, rates.back(),
                cpu_rates.back());
  }
  std::sort(rates.begin(), rates.end());
  std::sort(cpu_rates.begin(), cpu_rates.end());
  std::printf(
      "%s searcher: %.0f nodes/s wall, %.0f nodes per CPU second (medians of %d runs, "
      "one thread)\n",
      name.c_str(), rates[rates.size() / 2], cpu_rates[cpu_rates.size() / 2], runs);
  // What each level spends on the same positions.
  for (int level = 1; level <= computer_levels; ++level) {
    std::int64_t sum = 0, worst = 0;
    for (const auto& g : positions) {
      computer_request r;
      r.level = level;
      const auto cm = choose_move(g, r);
      sum += cm.info.elapsed_ms;
      worst = std::max(worst, cm.info.elapsed_ms);
    }
    std::printf("level %d: %.1f ms/move on these positions (max %lld)\n", level,
                static_cast<double>(sum) / static_cast<double>(positions.size()),
                static_cast<long long>(worst));
    std::fflush(stdout);  // level 5 takes a minute or more: show each line as it comes
  }
  return 0;
}

void print_summary(int w, int d, int l) {
  const match_summary s = summarize(w, d, l);
  std::printf("W/D/L %d/%d/%d  score %.1f%% [%.1f%%, %.1f%%]  Elo %s [%s, %s]  LOS %.1f%%\n", w, d,
              l, 100 * s.score, 100 * s.low, 100 * s.high, signed_elo(s.elo).c_str(),
              signed_elo(s.elo_low).c_str(), signed_elo(s.elo_high).c_str(), 100 * s.los);
}

// "12/3/5" into its three counts.
bool parse_wdl(std::string_view text, int& w, int& d, int& l) {
  const auto a = text.find('/');
  const auto b = a == std::string_view::npos ? a : text.find('/', a + 1);
  if (b == std::string_view::npos) return false;
  return to_num(text.substr(0, a), w) && to_num(text.substr(a + 1, b - a - 1), d) &&
         to_num(text.substr(b + 1), l) && w >= 0 && d >= 0 && l >= 0 && w + d + l > 0;
}

struct cli {
  match::player_spec a, b;
  match::match_options o;
  bool verbose = false;
  std::string game_name = "zertz";
  std::string variant_name = "standard";
  bool bench = false;  // --bench: the searcher's speed instead of a match
  std::uint64_t bench_nodes = 1'000'000;
  int runs = 3;
};

template <class G>
int play_match(const G& start, const cli& c) {
  std::printf("%s %s: A = %s, B = %s, %d games, %d threads, seed %llu",
              std::string(G::name).c_str(), c.variant_name.c_str(), c.a.label.c_str(),
              c.b.label.c_str(), c.o.game_count(), c.o.threads,
              static_cast<unsigned long long>(c.o.seed));
  if (c.o.first_game > 0) {
    std::printf(", games %d to %d", c.o.first_game, c.o.first_game + c.o.game_count() - 1);
  }
  std::printf("\n");
  std::fflush(stdout);
  int won = 0, drawn = 0, lost = 0;
  const int planned_games = c.o.game_count();
  const auto started = std::chrono::steady_clock::now();
  const auto records = match::run_match(start, c.a, c.b, c.o, [&](const match::game_record& r) {
    (r.a_result > 0 ? won : r.a_result < 0 ? lost : drawn) += 1;
    const int done = won + drawn + lost;
    if (!c.verbose && done % std::max(1, planned_games / 20) == 0) {
      // A long match says how far it is, on stderr so the summary on stdout stays clean.
      const double minutes =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() / 60;
      std::fprintf(stderr, "%d/%d games (A %d-%d-%d) after %.1f min\n", done, planned_games, won,
                   drawn, lost, minutes);
    }
    if (c.verbose) {
      std::printf("game %d (opening %d, A %s): %s %s in %d plies\n", done, r.opening,
                  r.a_first ? "first" : "second",
                  r.a_result > 0   ? "A wins"
                  : r.a_result < 0 ? "B wins"
                                   : "draw",
                  r.reason.c_str(), r.plies);
      std::fflush(stdout);
    }
  });
  int illegal = 0;
  match::player_figures fa, fb;
  for (const auto& r : records) {
    if (r.reason.rfind("illegal_move", 0) == 0) ++illegal;
    fa.add(r.a);
    fb.add(r.b);
  }
  if (static_cast<int>(records.size()) < planned_games) {
    std::printf("STOPPED by --max-minutes: %zu of %d games played; the rest: --from-game %zu\n",
                records.size(), planned_games,
                static_cast<std::size_t>(c.o.first_game) + records.size());
  }
  print_figures("A", c.a, fa, records.size());
  print_figures("B", c.b, fb, records.size());
  if (illegal > 0) std::printf("ILLEGAL MOVES: %d games ended by one\n", illegal);
  print_summary(won, drawn, lost);
  return illegal > 0 ? 1 : 0;
}

// Fills `c` and the bench's figures from the command line; returns an exit status when the
// process should stop now (after --help, --summarize or a usage error).
std::optional<int> read_flags(int argc, char** argv, cli& c) {
  // The help text is `usage`, written by hand; this only says what each flag takes.
  po::options_description flags;
  flags.add_options()("help,h", "")("verbose", "")("bench", "");
  for (const char* name : {"a", "b", "games", "threads", "seed", "opening-plies", "from-game",
                           "summarize", "max-minutes", "nodes", "runs", "game", "variant"}) {
    flags.add_options()(name, po::value<std::string>());
  }
  po::variables_map vm;
  try {
    vm = read_command_line(flags, argc, argv);
  } catch (const po::unknown_option& e) {
    return error("unknown option '" + e.get_option_name() + "'\n" + usage);
  } catch (const po::error& e) {
    return error(e.what() + std::string("\n") + usage);
  }
  if (vm.count("help") != 0) {
    std::fputs(usage, stdout);
    return 0;
  }
  const auto text = [&](const char* flag) { return vm[flag].as<std::string>(); };
  const auto bad = [&](const char* flag) {
    return error("--" + std::string(flag) + " needs a valid value, got '" + text(flag) + "'");
  };
  // --`flag`'s number, when given, into `out` if `ok` accepts it; false when it is malformed.
  const auto number = [&](const char* flag, auto& out, auto ok) {
    if (vm.count(flag) == 0) return true;
    const auto n = parse_number<std::remove_reference_t<decltype(out)>>(text(flag));
    if (!n || !ok(*n)) return false;
    out = *n;
    return true;
  };
  const auto positive = [](auto n) { return n > 0; };
  const auto not_negative = [](auto n) { return n >= 0; };
  const auto any = [](auto) { return true; };
  if (vm.count("summarize") != 0) {
    int w = 0, d = 0, l = 0;
    if (!parse_wdl(text("summarize"), w, d, l)) return bad("summarize");
    print_summary(w, d, l);
    return 0;
  }
  c.verbose = vm.count("verbose") != 0;
  c.bench = vm.count("bench") != 0;
  if (vm.count("a") != 0 && !parse_spec(text("a"), c.a)) return bad("a");
  if (vm.count("b") != 0 && !parse_spec(text("b"), c.b)) return bad("b");
  if (!number("games", c.o.games, positive)) return bad("games");
  if (!number("threads", c.o.threads, positive)) return bad("threads");
  if (!number("seed", c.o.seed, any)) return bad("seed");
  if (!number("opening-plies", c.o.opening_plies, not_negative)) return bad("opening-plies");
  if (!number("from-game", c.o.first_game, not_negative)) return bad("from-game");
  if (!number("max-minutes", c.o.max_minutes, positive)) return bad("max-minutes");
  if (!number("nodes", c.bench_nodes, positive)) return bad("nodes");
  if (!number("runs", c.runs, positive)) return bad("runs");
  if (vm.count("game") != 0) {
    c.game_name = text("game");
    if (c.game_name != "zertz" && c.game_name != "dvonn") return error("--game is zertz or dvonn");
  }
  if (vm.count("variant") != 0) c.variant_name = text("variant");
  if (!c.bench && (vm.count("a") == 0 || vm.count("b") == 0)) {
    return error("--a and --b are required\n" + std::string(usage));
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  cli c;
  c.o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (const auto stop = read_flags(argc, argv, c)) return *stop;
  if (c.bench && c.a.label.empty()) parse_spec(std::to_string(computer_levels), c.a);
  if (c.bench && (c.a.random || c.a.mcts)) {
    return error("--bench measures a searcher: --a is a level");
  }
  if (c.game_name == "dvonn") {
    auto start = dvonn::game::create(c.variant_name, 0);
    if (!start) return error(start.error());
    return c.bench ? bench(*start, c.bench_nodes, c.runs, c.a) : play_match(*start, c);
  }
  auto start = zertz::game::create(c.variant_name, 0);
  if (!start) return error(start.error());
  return c.bench ? bench(*start, c.bench_nodes, c.runs, c.a) : play_match(*start, c);
}
