#include "report.hpp"

#include <algorithm>
#include <cstdio>

#include "spectator_spread.hpp"

namespace ringside::load {

using json = nlohmann::json;

namespace {

json to_json(const latency_summary& s) {
  return {{"count", s.count},   {"p50_ms", s.p50_ms}, {"p90_ms", s.p90_ms},
          {"p99_ms", s.p99_ms}, {"max_ms", s.max_ms}, {"mean_ms", s.mean_ms}};
}

}  // namespace

json make_report(const options& o, const std::vector<const run_stats*>& shards, const run_window& w,
                 const server_memory& mem) {
  run_stats all;
  for (const run_stats* s : shards) {
    all.attempted += s->attempted;
    all.opened += s->opened;
    all.moves_sent += s->moves_sent;
    all.moves_measured += s->moves_measured;
    all.echoes_measured += s->echoes_measured;
    all.games_started += s->games_started.load();
    all.games_finished += s->games_finished.load();
    all.dropped += s->dropped.load();
    for (const auto& [tag, n] : s->drops) all.drops[tag] += n;
    for (const auto& [tag, n] : s->failed_opens) all.failed_opens[tag] += n;
    all.patch_gaps += s->patch_gaps;
    all.spectator_moves_incomplete += s->spectator_moves_incomplete;
    all.player_frames += s->player_frames;
    all.player_bytes += s->player_bytes;
    all.spectator_frames += s->spectator_frames;
    all.spectator_bytes += s->spectator_bytes;
    all.player_sent_frames += s->player_sent_frames;
    all.player_sent_bytes += s->player_sent_bytes;
    for (const auto& [code, n] : s->errors) all.errors[code] += n;
    all.ack.merge(s->ack);
    all.spectator_patch.merge(s->spectator_patch);
    all.last_spectator.merge(s->last_spectator);
    all.echo_rtt.merge(s->echo_rtt);
    all.moves_acked += s->moves_acked.load();
    all.echoes += s->echoes.load();
    all.error_count += s->error_count.load();
  }
  const double secs = w.measured_seconds > 0 ? w.measured_seconds : 1;
  json r;
  r["mode"] = to_string(o.mode);
  r["config"] = {{"connections", o.connections},
                 {"spectators", o.spectators},
                 {"seconds", o.seconds},
                 {"warmup", o.warmup},
                 {"moves_per_s_per_game", o.moves_per_s},
                 {"rate_limit", o.rate_limit},
                 {"rate_window_s", o.rate_window_s},
                 {"threads", o.threads},
                 {"game", o.game},
                 {"variant", o.variant},
                 {"think_s", o.think_s},
                 {"clock_initial_s", o.clock_initial_s},
                 {"clock_increment_s", o.clock_increment_s}};
  r["duration_s"] = w.seconds;
  r["measured_s"] = w.measured_seconds;
  r["connections"] = {{"attempted", all.attempted},
                      {"opened", all.opened},
                      {"held_max", w.held_max},
                      {"held_end", w.held_end}};
  r["moves"] = {
      {"sent", all.moves_sent},
      {"acked", all.moves_acked.load()},
      {"acked_measured", all.moves_measured},
      {"per_s", static_cast<double>(all.moves_measured) / secs},
      // From the first game's start: a crowd's arrival is not counted as no moves.
      {"per_s_playing",
       w.playing_s > 0 ? static_cast<double>(all.moves_acked.load()) / w.playing_s : 0.0}};
  // How long the spectators took to get in (spectate: the one room's whole crowd).
  r["spectators_all_in_s"] = w.crowd_in_s >= 0 ? json(w.crowd_in_s) : json(nullptr);
  r["games"] = {{"started", all.games_started.load()},
                {"finished", all.games_finished.load()},
                {"started_measured", w.games_started_measured}};
  r["echo"] = {{"round_trips", all.echoes.load()},
               {"per_s", static_cast<double>(all.echoes_measured) / secs}};
  r["latency_ms"] = {{"move_ack", to_json(all.ack.summary())},
                     {"spectator_patch", to_json(all.spectator_patch.summary())},
                     {"last_spectator_patch", to_json(all.last_spectator.summary())},
                     {"echo_rtt", to_json(all.echo_rtt.summary())}};
  r["errors"] = all.errors;
  r["error_total"] = all.error_count.load();
  // A drop is a connection the server (or the network) closed while the run needed it; a
  // failed open never got through its handshake. Both are in `errors` too.
  r["dropped"] = {{"total", all.dropped.load()}, {"by_close", all.drops}};
  r["failed_opens"] = all.failed_opens;
  r["patch_gaps"] = all.patch_gaps;
  r["spectator_moves_incomplete"] = all.spectator_moves_incomplete;
  // Per move after the warm-up: both players together (the mover's ack and patch, the other's
  // patch), and one spectator (spread evenly: a room's spectators see its moves only; the
  // hall's Zipf spread makes this a mean over rooms).
  const double measured_moves = static_cast<double>(std::max(1L, all.moves_measured));
  const double watchers =
      std::max(1.0, static_cast<double>(o.spectators) / std::max(1, game_count(o)));
  r["bytes_per_move"] = {
      {"players", static_cast<double>(all.player_bytes) / measured_moves},
      {"player_frames", static_cast<double>(all.player_frames) / measured_moves},
      {"players_sent", static_cast<double>(all.player_sent_bytes) / measured_moves},
      {"players_sent_frames", static_cast<double>(all.player_sent_frames) / measured_moves},
      {"each_spectator", static_cast<double>(all.spectator_bytes) / measured_moves / watchers},
      {"spectator_frames", static_cast<double>(all.spectator_frames) / measured_moves / watchers}};
  json m = {{"pid", mem.pid},
            {"start_kib", mem.start_kib},
            {"peak_kib", mem.peak_kib},
            {"end_kib", mem.end_kib}};
  // What each held connection added, measured from the whole process's RSS.
  m["per_connection_kib"] =
      (mem.pid != 0 && w.held_max > 0)
          ? static_cast<double>(mem.peak_kib - mem.start_kib) / static_cast<double>(w.held_max)
          : 0.0;
  if (o.mode == run_mode::hall) {
    const int games = game_count(o);
    m["hold_kib"] = mem.hold_kib;
    m["per_game_kib"] =
        (mem.pid != 0 && games > 0)
            ? static_cast<double>(mem.peak_kib - mem.start_kib) / static_cast<double>(games)
            : 0.0;
    const auto spread = summarize(zipf_spread(o.spectators, games, o.zipf_s));
    r["hall"] = {{"games", games},
                 {"spectators", o.spectators},
                 {"think_mean_s", o.think_s},
                 {"think", "exponential, seeded (--seed), drawn per ply"},
                 {"spread", "zipf: room k of G gets spectators in proportion to 1/k^s"},
                 {"zipf_s", o.zipf_s},
                 {"rooms_by_spectators",
                  {{"0", spread.none},
                   {"1", spread.one},
                   {"2-9", spread.few},
                   {"10-99", spread.tens},
                   {"100+", spread.hundreds}}},
                 {"most_in_one_room", spread.most},
                 {"connections", 2L * games + o.spectators},
                 {"ramp_s", w.ramp_seconds},
                 {"ramp_complete", w.ramp_complete},
                 {"hold_s", w.measured_seconds}};
    // Each connection costs one descriptor in the server and one here; the server also keeps
    // a few of its own (listener, journal, epoll), so its limit is the one that binds first.
    r["fds"] = {{"server_peak", mem.fds_peak},
                {"server_limit", mem.fd_limit},
                {"loadgen_limit", mem.loadgen_fd_limit},
                {"server_headroom", mem.fd_limit > 0 ? mem.fd_limit - mem.fds_peak : 0}};
  }
  r["server_rss"] = m;
  // CPU per operation does not depend on how busy the shared machine was, unlike latency.
  const double ops = static_cast<double>(all.moves_acked.load() + all.echoes.load());
  r["cpu"] = {
      {"server_s", mem.cpu_s},
      {"loadgen_s", mem.loadgen_cpu_s},
      {"server_us_per_op", ops > 0 ? mem.cpu_s * 1e6 / ops : 0.0},
      {"loadgen_us_per_op", ops > 0 ? mem.loadgen_cpu_s * 1e6 / ops : 0.0},
      // After the warm-up only, over the moves measured: what a steady run costs.
      {"server_measured_s", mem.measured_cpu_s},
      {"server_us_per_measured_move",
       all.moves_measured > 0 ? mem.measured_cpu_s * 1e6 / static_cast<double>(all.moves_measured)
                              : 0.0}};
  if (o.mode == run_mode::hall) {
    // During the hold the server's CPU is moves plus everything they fan out to (patches to
    // players and spectators) plus clocks and idle connections; per move is the fair unit.
    r["cpu"]["server_hold_s"] = mem.hold_cpu_s;
    r["cpu"]["server_hold_cores"] =
        w.measured_seconds > 0 ? mem.hold_cpu_s / w.measured_seconds : 0.0;
    r["cpu"]["server_hold_us_per_move"] =
        w.hold_moves_acked > 0 ? mem.hold_cpu_s * 1e6 / static_cast<double>(w.hold_moves_acked)
                               : 0.0;
  }
  return r;
}

std::string render_table(const json& r) {
  std::string out;
  char line[256];
  const auto add = [&](const char* fmt, auto... args) {
    std::snprintf(line, sizeof line, fmt, args...);
    out += line;
  };
  add("ringside-loadgen  mode=%s  %.1f s (measured %.1f s)\n", r["mode"].get<std::string>().c_str(),
      r["duration_s"].get<double>(), r["measured_s"].get<double>());
  const auto& c = r["connections"];
  add("connections      attempted %ld  opened %ld  held max %ld  held at end %ld\n",
      c["attempted"].get<long>(), c["opened"].get<long>(), c["held_max"].get<long>(),
      c["held_end"].get<long>());
  if (r.contains("hall")) {
    const auto& h = r["hall"];
    const auto& b = h["rooms_by_spectators"];
    add("hall             %d games, %d spectators (zipf s=%.2f: rooms with 100+ %d, 10-99 %d, "
        "2-9 %d, 1 %d, 0 %d; most %d)\n",
        h["games"].get<int>(), h["spectators"].get<int>(), h["zipf_s"].get<double>(),
        b["100+"].get<int>(), b["10-99"].get<int>(), b["2-9"].get<int>(), b["1"].get<int>(),
        b["0"].get<int>(), h["most_in_one_room"].get<int>());
    add("                 think %.1f s mean, clock %d+%d s; ramp %.1f s (%s), hold %.1f s\n",
        h["think_mean_s"].get<double>(), r["config"]["clock_initial_s"].get<int>(),
        r["config"]["clock_increment_s"].get<int>(), h["ramp_s"].get<double>(),
        h["ramp_complete"].get<bool>() ? "everyone in" : "INCOMPLETE", h["hold_s"].get<double>());
    const auto& f = r["fds"];
    add("fds              server peak %ld of limit %ld (headroom %ld); loadgen limit %ld\n",
        f["server_peak"].get<long>(), f["server_limit"].get<long>(),
        f["server_headroom"].get<long>(), f["loadgen_limit"].get<long>());
  }
  add("moves            sent %ld  acked %ld  %.1f/s   games %ld started, %ld finished\n",
      r["moves"]["sent"].get<long>(), r["moves"]["acked"].get<long>(),
      r["moves"]["per_s"].get<double>(), r["games"]["started"].get<long>(),
      r["games"]["finished"].get<long>());
  if (r["echo"]["round_trips"].get<long>() > 0) {
    add("echo             round trips %ld  %.1f/s\n", r["echo"]["round_trips"].get<long>(),
        r["echo"]["per_s"].get<double>());
  }
  if (r["spectators_all_in_s"].is_number()) {
    add("spectators       all in after %.1f s; moves/s once playing %.2f\n",
        r["spectators_all_in_s"].get<double>(), r["moves"]["per_s_playing"].get<double>());
  }
  add("%-22s %9s %9s %9s %9s %9s\n", "latency (ms)", "count", "p50", "p90", "p99", "max");
  for (const char* k : {"move_ack", "spectator_patch", "last_spectator_patch", "echo_rtt"}) {
    const auto& s = r["latency_ms"][k];
    if (s["count"].get<long>() == 0) continue;
    add("%-22s %9ld %9.2f %9.2f %9.2f %9.2f\n", k, s["count"].get<long>(),
        s["p50_ms"].get<double>(), s["p90_ms"].get<double>(), s["p99_ms"].get<double>(),
        s["max_ms"].get<double>());
  }
  const auto& m = r["server_rss"];
  if (m["pid"].get<int>() != 0) {
    add("server rss (KiB) pid %d  start %ld  peak %ld  end %ld  per held connection %.2f\n",
        m["pid"].get<int>(), m["start_kib"].get<long>(), m["peak_kib"].get<long>(),
        m["end_kib"].get<long>(), m["per_connection_kib"].get<double>());
    if (m.contains("per_game_kib")) {
      add("                 when everyone was in %ld  per game %.2f\n", m["hold_kib"].get<long>(),
          m["per_game_kib"].get<double>());
    }
  }
  add("cpu              server %.2f s (%.0f us per move/echo)  loadgen %.2f s (%.0f us)\n",
      r["cpu"]["server_s"].get<double>(), r["cpu"]["server_us_per_op"].get<double>(),
      r["cpu"]["loadgen_s"].get<double>(), r["cpu"]["loadgen_us_per_op"].get<double>());
  if (r["cpu"].contains("server_hold_s")) {
    add("                 hold: server %.2f s = %.2f cores, %.0f us per move\n",
        r["cpu"]["server_hold_s"].get<double>(), r["cpu"]["server_hold_cores"].get<double>(),
        r["cpu"]["server_hold_us_per_move"].get<double>());
  }
  out += "dropped          " + r["dropped"]["total"].dump();
  for (const auto& [tag, n] : r["dropped"]["by_close"].items()) out += " " + tag + "=" + n.dump();
  out += "\n";
  out += "errors          ";
  if (r["errors"].empty()) out += " none";
  for (const auto& [code, n] : r["errors"].items()) out += " " + code + "=" + n.dump();
  out += "\n";
  return out;
}

}  // namespace ringside::load
