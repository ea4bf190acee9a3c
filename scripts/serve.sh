#!/usr/bin/env bash
# Builds the page and starts the server: the page and online play at http://127.0.0.1:8080.
# PORT and DATA_DIR (where the rooms' SQLite file lives, data/ by default) come from the
# environment; --release serves the optimised build of both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/env.sh
profile=()
if [ "${1:-}" = "--release" ]; then
  profile=(--release)
fi
trunk build "${profile[@]}"
exec cargo run -q "${profile[@]}" -p board-suite-server
