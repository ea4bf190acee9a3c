#!/usr/bin/env bash
# Builds the release and prints its figures: each route's size over the wire and its time to a
# playable board on an emulated slow phone, the time from
# navigation to an interactive board, and from an input to the updated DOM (also while the
# engine searches); the Connect Four solver's time per position on Pons' sets natively beside
# BitBully's, and in Chromium (C4_SAMPLE=all for every position); Connect Four's level ladder;
# every engine's speed, ladder and match against its reference opponent.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
. scripts/env.sh
trunk build --release
node scripts/size.mjs
# Every route on an emulated slow phone, cold and warm, through the suite's own server.
node tests/browser/bench-routes.mjs
node tests/browser/bench.mjs
scripts/bench-connect-four.sh
# Every one of the 6000 positions, natively (about 20 minutes).
cargo test --release --test suite engine_connect_four::every_set_whole -- --ignored --nocapture
node tests/browser/bench-solver.mjs
cargo run --release --bin arena -- connect-four 20
# Every other engine's speed at 1 s a move, natively and in the page's worker.
scripts/bench-engines.sh
node tests/browser/bench-engines.mjs
# Each engine's own figures (checkers' perft, gomoku's VCF puzzles, speeds), its level ladder
# and its match against the game's reference opponent (hours in all).
for game in checkers gomoku five-tigers dark-chess; do
  "scripts/bench-$game.sh" --match
done
# The server under load: 1,000 clients, 500 rooms, 20,000 turns, on SQLite and PostgreSQL.
scripts/bench-server.sh
