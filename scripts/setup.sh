#!/usr/bin/env bash
# Installs what building (and, with --browser, testing) needs, skipping whatever is already
# installed at the right version. Safe to run again and again. --browser adds what the tests
# need: Chromium, PostgreSQL for the server's shared-store test, and nginx for the test of two
# instances behind a reverse proxy (deploy/).
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14   # 0.22 needs a newer rustc than this toolchain's
WASM_SPLIT_VERSION=0.2.4
WASM_BINDGEN_VERSION=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
say() { echo "setup: $*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! grep -q "wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" Trunk.toml; then
  echo "setup: Trunk.toml's [tools] wasm_bindgen must be $WASM_BINDGEN_VERSION, the version in Cargo.lock" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32 target"
  timeout 600 rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 9 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  # Not --locked: one of its pinned dependency versions is missing from the registry mirror.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# The splitter of the page's binaries (scripts/split.mjs), which has no --version to ask.
if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (about 3 minutes)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

# The native tests' runner: each test a process of its own, the test binaries side by side.
if ! cargo nextest --version >/dev/null 2>&1; then
  say "installing cargo-nextest (about 5 minutes)"
  cargo install cargo-nextest --locked
fi

# wasm-opt (binaryen), terser and playwright-core, pinned in package-lock.json.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm tools"
  npm ci --no-audit --no-fund
fi

packages=()
if [ "${1:-}" = "--browser" ]; then
  [ -x /usr/bin/chromium ] || packages+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
  [ -x /usr/sbin/nginx ] || packages+=(nginx)
fi
if [ ${#packages[@]} -gt 0 ]; then
  say "installing ${packages[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}"
fi

# Trunk builds with --offline, so every crate must be in the local registry first.
cargo fetch -q
cargo fetch -q --target wasm32-unknown-unknown
