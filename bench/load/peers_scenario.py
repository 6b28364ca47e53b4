"""run-all's peers scenario: Ringside beside Colyseus 0.16 and boardgame.io 0.50 (bench/peers).

Every server gets the same load, one core each (the server pinned to one CPU, the driver to
the other): G games of random moves at a fixed total pace, each game's gaps drawn
exponentially, games of the same length. Ringside is driven by ringside-loadgen (its own
protocol: JSON, version checks, a journal commit before the ack), the peers by
bench/peers/driver.js, which speaks their wire protocols with the same pacing. The total rate
is stepped (--peer-rates) until a server's move->update p99 passes 50 ms or it no longer
keeps up; 1,000 idle connections give the memory per connection.
"""
import copy
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PEERS_DIR = os.path.join(ROOT, "bench", "peers")
P99_BOUND_MS = 50.0
# Moves in one of ringside-loadgen's ZERTZ games of random legal moves (standard board), the
# mean over 2,000 games (acked moves / finished games of a long run at full speed): the
# peers' games are made this long, so that every server starts as many games per move.
RINGSIDE_GAME_MOVES = 31
HELD_SHARE = 0.9  # a rate is held when this share of it was played, within the p99 bound

# name, label in the table
SERVERS = [
    ("ringside_tmpfs", "Ringside, journal on tmpfs"),
    ("ringside_disk", "Ringside, journal on disk"),
    ("colyseus", "Colyseus 0.16, patch per move"),
    ("bgio", "boardgame.io 0.50, delta state"),
]
# ... and under a bar (gnuplot's "\n" breaks the line)
SHORT = {"ringside_tmpfs": "Ringside\\ntmpfs", "ringside_disk": "Ringside\\ndisk",
         "colyseus": "Colyseus\\n0.16", "bgio": "boardgame.io\\n0.50"}


def ensure_installed(log):
    """The peers' npm packages, exactly as locked (scripts/bench-setup does the same)."""
    if os.path.isdir(os.path.join(PEERS_DIR, "node_modules", "@colyseus", "core")) and \
            os.path.isdir(os.path.join(PEERS_DIR, "node_modules", "boardgame.io")):
        return
    log("peers: npm ci in bench/peers")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=PEERS_DIR,
                   check=True, timeout=600)


def node_server(name):
    return os.path.join(PEERS_DIR, "colyseus-server.js" if name == "colyseus" else "bgio-server.js")


def run_peer(a, pinning, pinned, start_server, stop_server, name, driver_args, seconds,
             ringside_cmd=None):
    """One driver run on a fresh peer server (or on `ringside_cmd`, Ringside's game starts);
    the report gains how it was run."""
    cmd = pinned(ringside_cmd or ["node", node_server(name), "--port", "0"], pinning, "server")
    load_before = list(os.getloadavg())
    env = dict(os.environ, NODE_ENV="production")
    proc, port = start_server(cmd, env=env)
    try:
        time.sleep(0.5)
        drv = pinned(["node", os.path.join(PEERS_DIR, "driver.js"), "--server", name,
                      "--port", str(port), "--server-pid", str(proc.pid)] + driver_args,
                     pinning, "loadgen")
        out = subprocess.run(drv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             timeout=seconds + 90)
        if out.returncode != 0:
            raise RuntimeError(f"driver failed: {out.stderr[-2000:]}")
        r = json.loads(out.stdout.splitlines()[-1])
    finally:
        stop_server(proc)
    r["run_all"] = {"server_cmd": cmd, "driver_cmd": drv, "pinning": pinning,
                    "loadavg_before": load_before, "loadavg_after": list(os.getloadavg())}
    return r


def normalise_ringside(r):
    """A loadgen report in the driver's terms (the mover's ack is Ringside's move->update)."""
    bpm = r.get("bytes_per_move", {})
    moves = max(1, r["moves"]["acked_measured"])
    return {
        "server": "ringside", "raw": r,
        "moves": {"per_s": r["moves"]["per_s"]},
        "games": {"started": r["games"]["started_measured"], "moves": moves},
        "latency_ms": {"move_update": r["latency_ms"]["move_ack"]},
        # After the warm-up, as the driver measures the peers.
        "cpu": {"server_us_per_move": r["cpu"]["server_us_per_measured_move"]},
        "bytes_per_move": {"all": bpm.get("players", 0) + bpm.get("players_sent", 0),
                           "frames": bpm.get("player_frames", 0) +
                           bpm.get("players_sent_frames", 0)},
        "driver_loop_delay_ms": None,
        "run_all": r.get("run_all"),
    }


def normalise_peer(r):
    r = dict(r)
    r["games"] = {"started": r["games"]["started"], "moves": max(1, r["moves"]["measured"])}
    return r


def run_scenario(a, pinning, h, log):
    """Runs every server a.runs times; returns {name: [run, ...]} where a run holds its idle
    report and its rate steps ({rate: normalised report})."""
    ensure_installed(log)
    rates = [float(x) for x in a.peer_rates.split(",")]
    games = a.peer_games
    secs = a.peer_seconds
    warm = min(2.0, secs / 4)
    results = {name: [] for name, _ in SERVERS}
    samples_dir = tempfile.mkdtemp(prefix="ringside-peers-samples-")
    for i in range(a.runs):
        tag = f"[run {i + 1}/{a.runs}]"
        for name, label in SERVERS:
            run = {"steps": {}, "idle": None, "starts": None}
            ringside = name.startswith("ringside")
            ra = copy.copy(a)
            if name == "ringside_tmpfs":
                ra.data_parent = "/dev/shm"
            log(f"{tag} peers: {label}: {a.peer_idle} idle connections")
            starts_args = ["--mode", "starts", "--games", "10", "--seconds", "8", "--warmup", "2"]
            if ringside:
                r = h["run_against"](ra, pinning, "ringside-server", h["srv_args"],
                                     ["--mode", "idle", "--connections", str(a.peer_idle)], 20)
                run["idle"] = {"per_connection_kib": r["server_rss"]["per_connection_kib"]}
                log(f"{tag} peers: {label}: game starts alone, 10 at a time")
                data = tempfile.mkdtemp(prefix="ringside-bench-", dir=ra.data_parent)
                try:
                    r = run_peer(a, pinning, h["pinned"], h["start_server"], h["stop_server"],
                                 "ringside", starts_args, 8,
                                 h["server_cmd"](ra, "ringside-server", h["srv_args"], data))
                finally:
                    shutil.rmtree(data, ignore_errors=True)
                run["starts"] = {"us_per_start": r["cpu"]["server_us_per_start"]}
            else:
                r = run_peer(a, pinning, h["pinned"], h["start_server"], h["stop_server"], name,
                             ["--mode", "idle", "--connections", str(a.peer_idle)], 60)
                run["idle"] = {"per_connection_kib": r["server_rss"]["per_connection_kib"]}
                log(f"{tag} peers: {label}: game starts alone, 10 at a time")
                r = run_peer(a, pinning, h["pinned"], h["start_server"], h["stop_server"], name,
                             starts_args, 8)
                run["starts"] = {"us_per_start": r["cpu"]["server_us_per_start"]}
            misses = 0
            for rate in rates:
                samples = os.path.join(samples_dir, f"{name}-{rate:g}-{i}.txt")
                log(f"{tag} peers: {label}: {games} games, {rate:g} moves/s in all")
                if ringside:
                    # No message rate limit on either side: the peers have none.
                    r = h["run_against"](
                        ra, pinning, "ringside-server", h["srv_args"] + ["--rate-limit", "1000000"],
                        ["--mode", "game", "--connections", str(2 * games), "--rate-limit", "0",
                         "--moves-per-s", f"{rate / games:.4f}", "--warmup", str(warm),
                         "--samples", samples], secs)
                    r = normalise_ringside(r)
                else:
                    r = normalise_peer(run_peer(
                        a, pinning, h["pinned"], h["start_server"], h["stop_server"], name,
                        ["--games", str(games), "--rate", f"{rate:g}", "--moves",
                         str(a.peer_moves), "--seconds", str(secs), "--warmup", str(warm),
                         "--samples", samples, "--seed", str(i + 1)], secs))
                r["samples_file"] = samples
                run["steps"][rate] = r
                lat = r["latency_ms"]["move_update"]
                log(f"   {r['moves']['per_s']:.0f} moves/s, p50 {lat['p50_ms']:.2f} ms, "
                    f"p99 {lat['p99_ms']:.2f} ms, {r['cpu']['server_us_per_move']:.0f} us a move")
                misses = 0 if held(r, rate) else misses + 1
                if misses >= 2 and rate >= 400:
                    break  # past this server's limit (one miss alone may be a neighbour's burst)
            results[name].append(run)
    return results


def held(r, rate):
    return (r["latency_ms"]["move_update"]["p99_ms"] < P99_BOUND_MS and
            r["moves"]["per_s"] >= HELD_SHARE * rate)


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else float("nan")


def table(results, a):
    """The issue's table, medians of the runs, as Markdown rows."""
    rates = [float(x) for x in a.peer_rates.split(",")]
    base = rates[0]
    lines = [
        f"| server (one core) | CPU µs per move at {base:g} moves/s | at "
        f"{' / '.join(f'{r:g}' for r in rates[1:3])} moves/s | move→update p50 / p99 at "
        f"{base:g}/s | highest rate with p99 < 50 ms | KiB per idle connection | bytes per move "
        f"(all frames, both ways) | game starts per 1,000 moves at {base:g}/s | server CPU per "
        f"game start, apart | driver loop delay p99 |",
        "|---|---|---|---|---|---|---|---|---|---|"]
    summary = {}
    for name, label in SERVERS:
        runs = results.get(name) or []
        if not runs:
            continue
        at = lambda rate, f: median([f(run["steps"][rate]) for run in runs
                                     if rate in run["steps"]])
        cpu = lambda rate: at(rate, lambda r: r["cpu"]["server_us_per_move"])
        p = lambda q: at(base, lambda r: r["latency_ms"]["move_update"][q])
        highest = median([max([rt for rt, r in run["steps"].items() if held(r, rt)], default=0)
                          for run in runs])
        kib = median([run["idle"]["per_connection_kib"] for run in runs])
        bpm = at(base, lambda r: r["bytes_per_move"]["all"])
        frames = at(base, lambda r: r["bytes_per_move"]["frames"])
        starts = at(base, lambda r: 1000 * r["games"]["started"] / r["games"]["moves"])
        start_us = median([(run["starts"] or {}).get("us_per_start") for run in runs])
        loop = at(base, lambda r: (r["driver_loop_delay_ms"] or {}).get("p99"))
        fmt = lambda v, d=0: "—" if v != v else f"{v:,.{d}f}"
        lines.append(
            f"| {label} | {fmt(cpu(base))} | {' / '.join(fmt(cpu(r)) for r in rates[1:3])} | "
            f"{fmt(p('p50_ms'), 2)} / {fmt(p('p99_ms'), 1)} ms | {fmt(highest)}/s | "
            f"{fmt(kib, 1)} | {fmt(bpm)} in {fmt(frames, 1)} frames | {fmt(starts, 1)} | "
            f"{fmt(start_us / 1000, 1) + ' ms' if start_us == start_us else 'not measured'} | "
            f"{'loadgen (C++)' if loop != loop else fmt(loop, 1) + ' ms'} |")
        summary[name] = {"label": label, "short": SHORT[name], "cpu_us": cpu(base), "p50_ms": p("p50_ms"),
                         "p99_ms": p("p99_ms"), "highest": highest, "kib": kib, "bytes": bpm}
    return lines, summary


def sample_files(results, rate):
    """{label: the first run's samples file at `rate`} for the CDF picture."""
    out = {}
    for name, label in SERVERS:
        for run in results.get(name) or []:
            r = run["steps"].get(rate)
            if r and os.path.exists(r.get("samples_file", "")):
                out[label] = r["samples_file"]
                break
    return out


def cleanup(results):
    dirs = {os.path.dirname(r.get("samples_file", "")) for runs in results.values() for run in runs
            for r in run["steps"].values()}
    for d in dirs:
        if d:
            shutil.rmtree(d, ignore_errors=True)
