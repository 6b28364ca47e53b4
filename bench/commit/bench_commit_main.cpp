// ringside-bench-commit: CPU cost of turning one accepted move into its patch frame, the old way
// (build_state of the whole document, json::diff against the previous one, encode) against
// protocol::state_document (typed compare, ops applied in place, encode). Both paths see the
// same seeded random games with the room's clock ticking, measured in thread CPU time so that
// neighbours on a shared machine change the figure little. Prints every run and the medians.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/state.hpp"
#include "protocol/state_document.hpp"
#include "protocol/wire/encode.hpp"

namespace {

using namespace ringside;
using nlohmann::json;

// CPU time of this thread, in seconds.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One step of a room: the game after a move and the view the room would show with it.
struct step {
  zertz::game g;
  protocol::room_view view;
};

// A seeded random game as the room sees it: both players online, a 5-minute clock that the
// mover spends a little of each move, two spectators; `steps[0]` is the start.
std::vector<step> play_game(zertz::variant rules, int rings, std::uint32_t seed) {
  std::mt19937 rng(seed);
  zertz::game g = *zertz::game::create(zertz::to_string(rules), rings);
  protocol::room_view v;
  v.room = "k3x9q2";
  v.status = protocol::room_status::playing;
  v.players[0] = protocol::player_view{"alice", true, std::int64_t{300000}};
  v.players[1] = protocol::player_view{"bob", true, std::int64_t{300000}};
  v.spectators = 2;
  std::vector<step> out;
  out.push_back({g, v});
  while (!g.outcome()) {
    const auto legal = g.legal_moves();
    const auto report = g.play(legal[rng() % legal.size()]);
    if (!report) break;
    auto& clock = v.players[static_cast<std::size_t>(report->by - 1)]->clock_ms;
    *clock -= static_cast<std::int64_t>(200 + rng() % 3000);
    v.last_move = *report;
    if (const auto r = g.outcome()) {
      v.status = protocol::room_status::finished;
      v.result = protocol::result_view{r->winner, std::string(r->reason), {}};
    }
    out.push_back({g, v});
  }
  return out;
}

struct totals {
  double seconds = 0;
  std::size_t frame_bytes = 0;
  std::size_t moves = 0;
};

// encode_patch as it was before: the ops wrapped in a json object (deep-copied), serialised.
std::string old_encode_patch(std::string_view room, std::int64_t version, const json& ops) {
  return protocol::to_wire(
      json{{"type", "patch"}, {"room", room}, {"version", version}, {"ops", ops}});
}

// The room's commit() before state_document.
totals run_old(const std::vector<std::vector<step>>& games) {
  totals t;
  const double t0 = thread_cpu_seconds();
  for (const auto& steps : games) {
    json state = protocol::build_state(steps[0].view, steps[0].g);
    for (std::size_t i = 1; i < steps.size(); ++i) {
      auto next = protocol::build_state(steps[i].view, steps[i].g);
      auto ops = json::diff(state, next);
      state = std::move(next);
      t.frame_bytes += old_encode_patch(steps[i].view.room, 1, ops).size();
      ++t.moves;
    }
  }
  t.seconds = thread_cpu_seconds() - t0;
  return t;
}

// The room's commit() with state_document.
totals run_new(const std::vector<std::vector<step>>& games) {
  totals t;
  const double t0 = thread_cpu_seconds();
  for (const auto& steps : games) {
    protocol::state_document doc(steps[0].view, steps[0].g);
    for (std::size_t i = 1; i < steps.size(); ++i) {
      const auto ops = doc.update(steps[i].view, steps[i].g);  // protocol::patch_ops
      t.frame_bytes += protocol::encode_patch(steps[i].view.room, 1, ops).size();
      ++t.moves;
    }
  }
  t.seconds = thread_cpu_seconds() - t0;
  return t;
}

// Changes that leave the position alone (a spectator joins or leaves, presence, clocks): the
// spectator count of the room at the middle of every game steps through 50 values.
constexpr int view_changes_per_game = 50;

totals run_view_old(const std::vector<std::vector<step>>& games) {
  totals t;
  const double t0 = thread_cpu_seconds();
  for (const auto& steps : games) {
    const auto& mid = steps[steps.size() / 2];
    auto v = mid.view;
    json state = protocol::build_state(v, mid.g);
    for (int i = 1; i <= view_changes_per_game; ++i) {
      v.spectators = i;
      auto next = protocol::build_state(v, mid.g);
      auto ops = json::diff(state, next);
      state = std::move(next);
      t.frame_bytes += old_encode_patch(v.room, 1, ops).size();
      ++t.moves;
    }
  }
  t.seconds = thread_cpu_seconds() - t0;
  return t;
}

totals run_view_new(const std::vector<std::vector<step>>& games) {
  totals t;
  const double t0 = thread_cpu_seconds();
  for (const auto& steps : games) {
    const auto& mid = steps[steps.size() / 2];
    auto v = mid.view;
    protocol::state_document doc(v, mid.g);
    for (int i = 1; i <= view_changes_per_game; ++i) {
      v.spectators = i;
      const auto ops = doc.update(v, mid.g);
      t.frame_bytes += protocol::encode_patch(v.room, 1, ops).size();
      ++t.moves;
    }
  }
  t.seconds = thread_cpu_seconds() - t0;
  return t;
}

bool to_int(std::string_view s, int& out) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && ptr == s.data() + s.size();
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int games = 200;
  int rings = 37;
  constexpr const char* usage = "usage: ringside-bench-commit [--runs N] [--games N] [--board N]\n";
  if (argc % 2 == 0) {
    std::fputs(usage, stderr);
    return 2;
  }
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view a = argv[i];
    int* target = a == "--runs"    ? &runs
                  : a == "--games" ? &games
                  : a == "--board" ? &rings
                                   : nullptr;
    if (!target || !to_int(argv[i + 1], *target) || *target < 1 ||
        !zertz::is_supported_board(rings)) {
      std::fputs(usage, stderr);
      return 2;
    }
  }
  const auto rules = rings == 48 ? zertz::variant::tournament : zertz::variant::standard;
  std::vector<std::vector<step>> played;
  std::size_t moves = 0;
  for (int i = 0; i < games; ++i) {
    played.push_back(play_game(rules, rings, static_cast<std::uint32_t>(1000 + i)));
    moves += played.back().size() - 1;
  }
  std::printf("board %d, %d games, %zu moves (%.1f per game), %d runs\n", rings, games, moves,
              static_cast<double>(moves) / games, runs);
  std::printf("%-5s %14s %14s %9s\n", "run", "old us/move", "new us/move", "new/old");
  std::vector<double> old_us, new_us, ratios;
  totals last_old, last_new;
  for (int r = 0; r < runs; ++r) {
    // Alternate the order so that neither path always runs on a warmer cache.
    if (r % 2 == 0) {
      last_old = run_old(played);
      last_new = run_new(played);
    } else {
      last_new = run_new(played);
      last_old = run_old(played);
    }
    const double o = last_old.seconds * 1e6 / static_cast<double>(last_old.moves);
    const double n = last_new.seconds * 1e6 / static_cast<double>(last_new.moves);
    old_us.push_back(o);
    new_us.push_back(n);
    ratios.push_back(n / o);
    std::printf("%-5d %14.2f %14.2f %9.3f\n", r + 1, o, n, n / o);
  }
  std::printf("%-5s %14.2f %14.2f %9.3f\n", "median", median(old_us), median(new_us),
              median(ratios));
  std::printf("patch frame bytes per move: old %.0f, new %.0f\n",
              static_cast<double>(last_old.frame_bytes) / static_cast<double>(last_old.moves),
              static_cast<double>(last_new.frame_bytes) / static_cast<double>(last_new.moves));
  std::vector<double> view_old, view_new, view_ratios;
  for (int r = 0; r < runs; ++r) {
    const totals o = run_view_old(played);
    const totals n = run_view_new(played);
    view_old.push_back(o.seconds * 1e6 / static_cast<double>(o.moves));
    view_new.push_back(n.seconds * 1e6 / static_cast<double>(n.moves));
    view_ratios.push_back(view_new.back() / view_old.back());
  }
  std::printf(
      "spectator count change (mid-game, no move), median: old %.2f us, new %.2f us, %.3f\n",
      median(view_old), median(view_new), median(view_ratios));
  std::printf(
      "{\"board\":%d,\"games\":%d,\"moves\":%zu,\"runs\":%d,\"old_us_per_move\":%.3f,"
      "\"new_us_per_move\":%.3f,\"ratio_new_old\":%.4f,\"old_us_per_view_change\":%.3f,"
      "\"new_us_per_view_change\":%.3f,\"ratio_view_change\":%.4f}\n",
      rings, games, moves, runs, median(old_us), median(new_us), median(ratios), median(view_old),
      median(view_new), median(view_ratios));
  return 0;
}
