#!/bin/bash
# Move->ack latency of human games on a server with and without level-5 computers thinking in
# other rooms: ROUNDS rounds of A (no computer) then B (ROOMS computer rooms), each on a fresh
# server so no search left over from B runs during A. Prints the loadgen tables.
# Usage: bench/computer/latency_ab.sh BUILD_DIR [ROUNDS] [ROOMS]   (from the repository root)
set -eu
build=${1:-build}
rounds=${2:-3}
rooms=${3:-4}
export NODE_PATH=tests/external/node_modules
start_server() {
  data=$(mktemp -d)
  "$build/bin/ringside-server" --host 127.0.0.1 --port 0 --data "$data" --rate-limit 100000 --address-rate-limit 0 \
    --log-level warn > "$data/log" 2>&1 &
  pid=$!
  for _ in $(seq 50); do
    port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$data/log" | cut -d: -f2 || true)
    [ -n "$port" ] && return
    sleep 0.1
  done
  echo "server did not start" >&2
  exit 1
}
stop_server() { kill "$pid"; wait "$pid" || true; rm -rf "$data"; }
loadgen() {
  "$build/bin/ringside-loadgen" --port "$port" -n 40 -t 20 --warmup 3 --moves-per-s 2 \
    --rate-limit 0 --table -q --variant blitz | grep -E 'move_ack|moves '
}
for r in $(seq "$rounds"); do
  echo "== round $r A: no computer ($(cut -d' ' -f1-3 /proc/loadavg))"
  start_server; loadgen; stop_server
  echo "== round $r B: $rooms rooms with level-5 computers thinking ($(cut -d' ' -f1-3 /proc/loadavg))"
  start_server
  node bench/computer/computer_rooms.js --port "$port" --rooms "$rooms" --level 5 --seconds 25 &
  driver=$!
  sleep 3
  loadgen
  wait "$driver"
  stop_server
done
