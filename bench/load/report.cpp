#include "report.hpp"

#include <cstdio>

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
    all.games_started += s->games_started;
    all.games_finished += s->games_finished;
    all.patch_gaps += s->patch_gaps;
    all.spectator_moves_incomplete += s->spectator_moves_incomplete;
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
                 {"threads", o.threads}};
  r["duration_s"] = w.seconds;
  r["measured_s"] = w.measured_seconds;
  r["connections"] = {{"attempted", all.attempted},
                      {"opened", all.opened},
                      {"held_max", w.held_max},
                      {"held_end", w.held_end}};
  r["moves"] = {{"sent", all.moves_sent},
                {"acked", all.moves_acked.load()},
                {"acked_measured", all.moves_measured},
                {"per_s", static_cast<double>(all.moves_measured) / secs}};
  r["games"] = {{"started", all.games_started}, {"finished", all.games_finished}};
  r["echo"] = {{"round_trips", all.echoes.load()},
               {"per_s", static_cast<double>(all.echoes_measured) / secs}};
  r["latency_ms"] = {{"move_ack", to_json(all.ack.summary())},
                     {"spectator_patch", to_json(all.spectator_patch.summary())},
                     {"last_spectator_patch", to_json(all.last_spectator.summary())},
                     {"echo_rtt", to_json(all.echo_rtt.summary())}};
  r["errors"] = all.errors;
  r["error_total"] = all.error_count.load();
  r["patch_gaps"] = all.patch_gaps;
  r["spectator_moves_incomplete"] = all.spectator_moves_incomplete;
  json m = {{"pid", mem.pid},
            {"start_kib", mem.start_kib},
            {"peak_kib", mem.peak_kib},
            {"end_kib", mem.end_kib}};
  // What each held connection added, measured from the whole process's RSS.
  m["per_connection_kib"] =
      (mem.pid != 0 && w.held_max > 0)
          ? static_cast<double>(mem.peak_kib - mem.start_kib) / static_cast<double>(w.held_max)
          : 0.0;
  r["server_rss"] = m;
  // CPU per operation does not depend on how busy the shared machine was, unlike latency.
  const double ops = static_cast<double>(all.moves_acked.load() + all.echoes.load());
  r["cpu"] = {{"server_s", mem.cpu_s},
              {"loadgen_s", mem.loadgen_cpu_s},
              {"server_us_per_op", ops > 0 ? mem.cpu_s * 1e6 / ops : 0.0},
              {"loadgen_us_per_op", ops > 0 ? mem.loadgen_cpu_s * 1e6 / ops : 0.0}};
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
  add("moves            sent %ld  acked %ld  %.1f/s   games %ld started, %ld finished\n",
      r["moves"]["sent"].get<long>(), r["moves"]["acked"].get<long>(),
      r["moves"]["per_s"].get<double>(), r["games"]["started"].get<long>(),
      r["games"]["finished"].get<long>());
  if (r["echo"]["round_trips"].get<long>() > 0) {
    add("echo             round trips %ld  %.1f/s\n", r["echo"]["round_trips"].get<long>(),
        r["echo"]["per_s"].get<double>());
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
  }
  add("cpu              server %.2f s (%.0f us per move/echo)  loadgen %.2f s (%.0f us)\n",
      r["cpu"]["server_s"].get<double>(), r["cpu"]["server_us_per_op"].get<double>(),
      r["cpu"]["loadgen_s"].get<double>(), r["cpu"]["loadgen_us_per_op"].get<double>());
  out += "errors          ";
  if (r["errors"].empty()) out += " none";
  for (const auto& [code, n] : r["errors"].items()) out += " " + code + "=" + n.dump();
  out += "\n";
  return out;
}

}  // namespace ringside::load
