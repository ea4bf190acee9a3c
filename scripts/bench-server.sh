#!/usr/bin/env bash
# The server under load, on loopback only: 1,000 WebSocket clients in 500 rooms play 20,000
# turns, on SQLite and then on a throwaway PostgreSQL: once with no time to think (the server
# saturated), once with players thinking 100 ms on average. Prints the relay latency (p50,
# p99), the errors and the server's memory (its peak resident set). Bounded: every wait times
# out.
#   scripts/bench-server.sh [rooms] [moves]
set -euo pipefail
cd "$(dirname "$0")/.."
rooms=${1:-500}
moves=${2:-20000}
cargo build -q --profile server -p board-suite-server --bin board-suite-server --example load
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

run() {
  local name=$1 port data pid
  port=$(free_port)
  data=$(mktemp -d)
  PORT=$port DATA_DIR=$data SITE=$data target/server/board-suite-server 2>"$data/log" &
  pid=$!
  for _ in $(seq 100); do
    (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
  echo "== $name"
  for think in 0 100; do
    timeout 600 target/server/examples/load "$port" "$rooms" "$moves" "$think" || echo "the load test did not finish"
  done
  echo "server memory: peak $(awk '/VmHWM/ {print $2, $3}' "/proc/$pid/status"), now $(awk '/VmRSS/ {print $2, $3}' "/proc/$pid/status")"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}

run "SQLite"
postgres=$(scripts/postgres.sh start)
eval "$postgres"
trap 'scripts/postgres.sh stop' EXIT
DATABASE_URL=$TEST_DATABASE_URL run "PostgreSQL"
