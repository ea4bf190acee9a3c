#!/usr/bin/env bash
# Runs every test: formatting and lints, the native rules tests, the wasm release build (and
# its size), then the browser tests in headless Chromium against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
. scripts/env.sh

scripts/self-contained.sh
cargo fmt --check
cargo clippy -q --all-targets -- -D warnings
cargo clippy -q --target wasm32-unknown-unknown -- -D warnings
cargo test -q
trunk build --release
scripts/size.sh
node --test --test-concurrency=1 tests/browser/*.test.mjs
