#!/usr/bin/env bash
# The server under load, on loopback only: 1,000 WebSocket clients in 500 rooms play 20,000
# turns, on SQLite and then on a throwaway PostgreSQL: once with no time to think (the server
# saturated), once with players thinking 100 ms on average. Prints the relay latency (p50,
# p99), the errors and the server's memory (its peak resident set). Then, on SQLite, on a
# server of its own, the crowd scenario (server/examples/load.rs): 5,000 idle WebSockets held
# while 100 and then 500 rooms play, and 20 games played alone, beside a room that 300
# spectators keep joining and leaving, and alone again; it prints the server's memory per idle
# connection and once the games have ended, and the CPU the server and the clients use in
# those last three phases. Then 500 rooms of 15-second games at once, each left to run out of
# time: how late each end comes after its instant, and the server's CPU with the clocks
# running. Then 100 rooms of rated blitz, ending while the others play: how long a game's end
# takes to be kept with both ratings and heard. Bounded: every wait times out.
#   scripts/bench-server.sh [rooms] [moves] [idle] [spectators]
set -euo pipefail
cd "$(dirname "$0")/.."
rooms=${1:-500}
moves=${2:-20000}
idle=${3:-5000}
spectators=${4:-300}
# Each WebSocket is a file on both sides: as many open files as this shell may have.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || ulimit -n 65536 2>/dev/null || true
echo "open files allowed: $(ulimit -n)"
cargo build -q --profile server -p board-suite-server --bin board-suite-server --example load
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# Starts a server on a free port with an empty SQLite folder (or DATABASE_URL): sets port,
# data and pid.
start() {
  port=$(free_port)
  data=$(mktemp -d)
  PORT=$port DATA_DIR=$data SITE=$data target/server/board-suite-server 2>"$data/log" &
  pid=$!
  for _ in $(seq 100); do
    (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
}

stop() {
  echo "server memory: peak $(awk '/VmHWM/ {print $2, $3}' "/proc/$pid/status"), now $(awk '/VmRSS/ {print $2, $3}' "/proc/$pid/status")"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}

run() {
  start
  echo "== $1"
  for think in 0 100; do
    timeout 600 target/server/examples/load "$port" "$rooms" "$moves" "$think" || echo "the load test did not finish"
  done
  stop
}

timed() {
  start
  echo "== $1: $rooms rooms of 15-second games, each left to run out of time"
  timeout 300 target/server/examples/load "$port" clocks "$pid" "$rooms" 20 || echo "the clocks scenario did not finish"
  stop
}

rated() {
  start
  echo "== $1: 100 rooms of rated blitz, each ending while the others play"
  timeout 300 target/server/examples/load "$port" rated 100 || echo "the rated scenario did not finish"
  stop
}

crowd() {
  start
  echo "== $1: $idle idle WebSockets, rooms playing, $spectators spectators coming and going"
  timeout 900 target/server/examples/load "$port" crowd "$pid" "$idle" "$rooms" "$spectators" ||
    echo "the crowd scenario did not finish"
  stop
}

run "SQLite"
timed "SQLite"
rated "SQLite"
crowd "SQLite"
postgres=$(scripts/postgres.sh start)
eval "$postgres"
trap 'scripts/postgres.sh stop' EXIT
DATABASE_URL=$TEST_DATABASE_URL run "PostgreSQL"
DATABASE_URL=$TEST_DATABASE_URL rated "PostgreSQL"
