#!/usr/bin/env bash
# Runs every test: formatting and lints, the native tests (rules, engines, and the server on
# loopback), the wasm release build (and its size), then the browser tests in headless
# Chromium against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
. scripts/env.sh

scripts/self-contained.sh
cargo fmt --check
cargo clippy -q --workspace --all-targets -- -D warnings
cargo clippy -q -p board-suite --target wasm32-unknown-unknown -- -D warnings
cargo test -q --workspace
# The server's shared store: two instances on a throwaway PostgreSQL.
postgres=$(scripts/postgres.sh start)
eval "$postgres"
trap 'scripts/postgres.sh stop' EXIT
cargo test -q -p board-suite-server --test postgres -- --ignored
# The server killed as rated games end, on PostgreSQL.
cargo test -q -p board-suite-server --test crash -- --ignored
trunk build --release
node scripts/size.mjs
node --test --test-concurrency=1 tests/browser/*.test.mjs
