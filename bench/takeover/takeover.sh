#!/usr/bin/env bash
# Takeover of many rooms: how long after a node is SIGKILLed do the survivors own and have open
# every one of its rooms? One PostgreSQL cluster (initdb as `postgres` in a temporary
# directory, a fresh database per run), one Redis, nodes on loopback only.
#
# Each run: node-a alone adopts ROOMS unfinished games written straight into the store (listed
# as orphans in Redis, as a dead node's rooms are), node-b (and node-c with --three) joins,
# node-a is SIGKILLed, and the script polls the survivors' /metrics until their
# ringside_cluster_rooms_taken_over_total adds up to ROOMS.
#
# usage: bench/takeover/takeover.sh [--rooms N] [--runs N] [--three] [--ttl S] [--server PATH]
# --ttl: the nodes' --lease-ttl and --node-ttl (1 s by default; the server's default is 5 s).
set -euo pipefail

rooms=300 runs=3 three=0 ttl=1
server="$(cd "$(dirname "$0")/../.." && pwd)/build/bin/ringside-server"
while [ $# -gt 0 ]; do
  case "$1" in
    --rooms) rooms="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --three) three=1; shift ;;
    --ttl) ttl="$2"; shift 2 ;;
    --server) server="$2"; shift 2 ;;
    *) echo "usage: $0 [--rooms N] [--runs N] [--three] [--ttl S] [--server PATH]" >&2; exit 2 ;;
  esac
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
now_ms() { date +%s%3N; }
metric() { curl -s "http://127.0.0.1:$1/metrics" | awk -v n="$2" '$1 == n { print $2 }'; }

work=$(mktemp -d /tmp/ringside-takeover-XXXXXX)
pids=()
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_port=$(free_port)
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  runuser -u postgres -- "$pg_bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
chown postgres "$work"
runuser -u postgres -- "$pg_bin/initdb" -D "$work/pg" -A trust -U postgres --no-sync >/dev/null
runuser -u postgres -- "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
  -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
sql() { psql -X -q -At -h 127.0.0.1 -p "$pg_port" -U postgres -d "$1" -c "$2"; }

start_node() {  # id store redis-url -> prints "pid port"
  local port; port=$(free_port)
  "$server" --host 127.0.0.1 --port "$port" --data "$work/data-$1" --store "$2" --cluster "$3" \
    --cluster-node-id "$1" --lease-ttl "$ttl" --node-ttl "$ttl" >"$work/$1.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/metrics" >/dev/null && break; sleep 0.05; done
  echo "$pid $port"
}

results=()
for run in $(seq "$runs"); do
  db="bench_$run"
  sql postgres "CREATE DATABASE $db"
  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >/dev/null &
  redis_pid=$!
  pids+=("$redis_pid")
  sleep 0.3
  url="postgresql://postgres@127.0.0.1:$pg_port/$db"
  read -r a_pid a_port < <(start_node node-a "$url" "redis://127.0.0.1:$redis_port")
  # Unfinished games as node-a's, then listed as orphans for node-a to adopt.
  sql "$db" "INSERT INTO rooms(id, game, variant, board, private, seat1_player, seat1_name,
      seat2_player, seat2_name, created_ms, status, rated, takebacks_allowed)
    SELECT 'bench' || g, 'zertz', 'standard', 37, 0, 'pa' || g, 'alice' || g, 'pb' || g,
      'bob' || g, 0, 'playing', 0, 1 FROM generate_series(1, $rooms) g"
  seq "$rooms" | sed 's/^/bench/' | xargs redis-cli -p "$redis_port" SADD ringside:orphans >/dev/null
  t0=$(now_ms)
  until [ "$(metric "$a_port" ringside_cluster_leases_held)" = "$rooms" ]; do sleep 0.02; done
  adopt_one=$(( $(now_ms) - t0 ))
  survivors=()
  read -r b_pid b_port < <(start_node node-b "$url" "redis://127.0.0.1:$redis_port"); survivors+=("$b_port")
  if [ "$three" = 1 ]; then
    read -r c_pid c_port < <(start_node node-c "$url" "redis://127.0.0.1:$redis_port"); survivors+=("$c_port")
  fi
  until [ "$(metric "${survivors[0]}" ringside_cluster_nodes_live)" = "$(( 1 + ${#survivors[@]} ))" ]; do sleep 0.05; done
  sleep 0.5
  kill -9 "$a_pid"
  t0=$(now_ms)
  while :; do
    total=0 split=""
    for p in "${survivors[@]}"; do
      n=$(metric "$p" ringside_cluster_rooms_taken_over_total); total=$(( total + ${n:-0} )); split="$split ${n:-0}"
    done
    [ "$total" -ge "$rooms" ] && break
    [ $(( $(now_ms) - t0 )) -gt 60000 ] && { echo "run $run: only $total of $rooms taken over" >&2; break; }
    sleep 0.02
  done
  took=$(( $(now_ms) - t0 ))
  echo "run $run: $rooms rooms adopted by one node in $adopt_one ms; after SIGKILL, all taken over in $took ms (split:$split); $(uptime | sed 's/.*load/load/')"
  results+=("$took")
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  pids=()
done
printf '%s\n' "${results[@]}" | sort -n | awk '{ a[NR] = $1 } END { print "median SIGKILL to all rooms taken over: " a[int((NR + 1) / 2)] " ms over " NR " runs" }'
