#!/usr/bin/env bash
# Dark chess's engine figures: the search's nodes and nodes per second at fixed depths on
# positions along seeded random games; with --match, also the top level against the greedy
# reference opponent and the level ladder (long: hours on a loaded machine).
#
# usage: scripts/bench-dark-chess.sh [--match]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

case "${1:-}" in
  --match | "") ;;
  *) echo "usage: $0 [--match]" >&2; exit 2 ;;
esac

uptime
cargo run --quiet --release --example dark_chess_bench -- 5
if [ "${1:-}" = --match ]; then
  cargo build --quiet --release --bin arena
  target/release/arena match dark-chess 100 1000
  target/release/arena dark-chess 20
fi
uptime
