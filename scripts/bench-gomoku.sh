#!/usr/bin/env bash
# Gomoku's engine figures, through the `engine` program's protocol: each VCF puzzle of
# tests/data/gomoku/vcf.txt solved by the top level (its time to the winning move, as the
# engine reports it, and whether the move is one of the puzzle's wins), then the search's
# speed on a middle-game position at 1 s.
#
# usage: scripts/bench-gomoku.sh [--match]
#   --match also plays the 40-game match against the reference opponent at 1 s a move
#   (freestyle), about 15 minutes, and the level ladder (20 games a pair).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

cargo build --quiet --release --bin engine --bin arena
echo "VCF puzzles (top level, 1 s allowed):"
echo "plies  ms  move  solved"
solved=0
total=0
while read -r line; do
  case "$line" in "#"*|"") continue ;; esac
  field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<<"$line"; }
  plies=$(field plies)
  moves=$(field moves | tr ',' ' ')
  wins=",$(field wins),"
  out=$(printf 'new gomoku\nmoves %s\ngo movetime 1000\nquit\n' "$moves" | target/release/engine)
  best=$(sed -n 's/^bestmove //p' <<<"$out")
  ms=$({ grep '^info' <<<"$out" || true; } | tail -n 1 | sed -n 's/.* time \([0-9]*\) .*/\1/p')
  ok=no
  if [[ "$wins" == *",$best,"* ]]; then ok=yes; solved=$((solved + 1)); fi
  total=$((total + 1))
  printf '%5s %4s  %-4s  %s\n' "$plies" "${ms:-0}" "$best" "$ok"
done < tests/data/gomoku/vcf.txt
echo "solved $solved of $total"

echo "search speed (middle game, 1 s):"
printf 'new gomoku\nmoves h8 h9 i9 g7 j10 k11 i8 i10 j8 g8 j9 j7\ngo movetime 1000\nquit\n' \
  | target/release/engine | grep '^info' | tail -n 1 \
  | awk '{ for (i = 1; i < NF; i++) v[$i] = $(i + 1); printf "depth %s, %s nodes in %s ms: %.0f nodes/s\n", v["depth"], v["nodes"], v["time"], v["nodes"] * 1000 / (v["time"] > 0 ? v["time"] : 1) }'

if [ "${1:-}" = "--match" ]; then
  uptime
  target/release/arena match gomoku 40 1000
  target/release/arena gomoku 20
fi
