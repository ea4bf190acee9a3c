#!/usr/bin/env bash
# Five Tigers' engine figures: nodes a second at fixed depths in each phase; with --match, the
# level ladder (each level against the one below) and the match of the top level against the
# greedy reference opponent (every preset, both colours), with the machine's load before and
# after.
#
# usage: scripts/bench-five-tigers.sh [--match [match games] [match ms] [ladder games]]
#   defaults: 100 games at 1000 ms a move, 20 games a ladder pair.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

match="${1:-}"
games="${2:-100}"
ms="${3:-1000}"
ladder="${4:-20}"
case "$match" in "" | --match) ;; *) games=x ;; esac
case "$games$ms$ladder" in
  *[!0-9]*) echo "usage: $0 [--match [match games] [match ms] [ladder games]]" >&2; exit 2 ;;
esac

echo "load: $(uptime)"
cargo test --quiet --release --test suite -- --ignored engine_five_tigers::speed --nocapture | grep depth
[ "$match" = "--match" ] || exit 0
cargo build --quiet --release --bin arena
target/release/arena five-tigers "$ladder"
target/release/arena match five-tigers "$games" "$ms"
echo "load: $(uptime)"
