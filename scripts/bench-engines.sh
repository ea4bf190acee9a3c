#!/usr/bin/env bash
# Every engine's top level natively, through the `engine` program, on the positions of
# tests/data/engine-positions.txt at 1 s a move: the depth reached, the positions searched
# per second and the time taken, per position and per game (tests/browser/bench-engines.mjs
# gives the same figures for the page's worker).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
cargo build -q --release --bin engine
engine=target/release/engine
movetime=${MOVETIME:-1000}
grep -v '^#' tests/data/engine-positions.txt | while read -r game moves; do
  [ -n "$game" ] || continue
  last=$(printf 'new %s\nmoves %s\ngo movetime %s\nquit\n' "$game" "$moves" "$movetime" | "$engine" | grep '^info' | tail -1 || true)
  # info depth D score S [exact] nodes N time MS pv ...: each field by the word before it.
  field() { awk -v key="$1" '{ for (i = 1; i < NF; i++) if ($i == key) { print $(i + 1); exit } }' <<<"$last"; }
  depth=$(field depth) nodes=$(field nodes) ms=$(field time)
  plies=$(wc -w <<<"$moves")
  printf 'native %-13s after %2d turns: depth %2s, %9s nodes in %5s ms, %6.2f M nodes/s\n' \
    "$game" "$plies" "$depth" "$nodes" "$ms" "$(awk -v n="$nodes" -v t="$ms" 'BEGIN { print (t > 0 ? n / t / 1000 : 0) }')"
done
