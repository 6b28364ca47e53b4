#!/bin/bash
# A person's wait for the computer's move on a quiet server (A) and beside an attacker that
# holds the most games against the computer one address may (B: IDENTITIES identities x ROOMS
# level-5 rooms from 10.9.9.9, answering every computer move at once). For each LEVEL the
# person plays, ROUNDS rounds of A then B, each on a fresh server; prints every run's p50 and
# p99 and, at the end, their medians over the rounds and B's p99 over A's. The load average
# is printed before each run: the machine may be shared.
# Usage: bench/computer/fair_share.sh BUILD_DIR [ROUNDS] [LEVELS] [MOVES_L1] [MOVES_L5]
#        (from the repository root; LEVELS like "1 5")
set -eu
build=${1:-build}
rounds=${2:-3}
levels=${3:-"1 5"}
moves_quick=${4:-40}
moves_deep=${5:-15}
identities=4
rooms=2
export NODE_PATH=tests/external/node_modules
results=$(mktemp)
start_server() {
  data=$(mktemp -d)
  "$build/bin/ringside-server" --host 127.0.0.1 --port 0 --data "$data" --rate-limit 100000 \
    --address-rate-limit 0 --trust-proxy 127.0.0.1 --log-level warn > "$data/log" 2>&1 &
  pid=$!
  for _ in $(seq 50); do
    port=$(grep -so 'listening on 127.0.0.1:[0-9]*' "$data/log" | cut -d: -f2 || true)
    [ -n "$port" ] && return
    sleep 0.1
  done
  echo "server did not start" >&2
  exit 1
}
stop_server() { kill "$pid"; wait "$pid" || true; rm -rf "$data"; }
# Runs the person at level $1, labelled $2; appends "label level p50 p99" to the results.
person() {
  local moves=$moves_quick
  [ "$1" -gt 2 ] && moves=$moves_deep
  node bench/computer/fair_share.js --port "$port" --role player --level "$1" --moves "$moves" \
    --from 10.1.1.1 | python3 -c '
import json, sys
w = sorted(json.load(sys.stdin)["waits_ms"])
def pct(p):  # nearest rank
    return w[min(len(w) - 1, max(0, -(-p * len(w) // 100) - 1))]
print(sys.argv[1], sys.argv[2], pct(50), pct(99), len(w))' "$2" "$1" | tee -a "$results"
}
for level in $levels; do
  for r in $(seq "$rounds"); do
    echo "== level $level round $r A: quiet ($(cut -d' ' -f1-3 /proc/loadavg))"
    start_server; person "$level" A; stop_server
    echo "== level $level round $r B: attacker holds $((identities * rooms)) level-5 games ($(cut -d' ' -f1-3 /proc/loadavg))"
    start_server
    node bench/computer/fair_share.js --port "$port" --role attacker --level 5 \
      --identities "$identities" --rooms "$rooms" --seconds 600 --from 10.9.9.9 > "$data/attacker" &
    attacker=$!
    sleep 3
    person "$level" B
    kill "$attacker" 2>/dev/null || true
    wait "$attacker" 2>/dev/null || true
    stop_server
  done
done
echo "== medians over $rounds rounds (label level p50_ms p99_ms), load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$results" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for level in sorted({r[1] for r in rows}, key=int):
    med = {}
    for label in ("A", "B"):
        runs = [r for r in rows if r[0] == label and r[1] == level]
        med[label] = (statistics.median(float(r[2]) for r in runs),
                      statistics.median(float(r[3]) for r in runs))
        print(f"level {level} {label}: p50 {med[label][0]:.0f} ms, p99 {med[label][1]:.0f} ms")
    print(f"level {level}: B p99 / A p99 = {med['B'][1] / med['A'][1]:.2f}")
PY
rm -f "$results"
