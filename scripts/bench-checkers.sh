#!/usr/bin/env bash
# Checkers' engine figures: perft 11 and 12 from the start on the rules' bitboards (the last
# depth counted in bulk) with nodes a second, then the level ladder and the match of the top
# level against the reference opponent (depth-6 alpha-beta, material only) from twenty
# three-move ballots, each with both colours.
#
# usage: scripts/bench-checkers.sh [--match]
#   perft only without --match (the ladder and the match take about 15 minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

cargo test --quiet --test suite checkers::perft_benchmark -- --ignored --nocapture | grep '^perft'
[ "${1:-}" = "--match" ] || exit 0
cargo build --quiet --release --bin arena
uptime
target/release/arena checkers 20
target/release/arena match checkers 40 1000
