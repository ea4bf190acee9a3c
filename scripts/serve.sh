#!/usr/bin/env bash
# Builds the page and starts the server: the page and online play at http://127.0.0.1:8080.
# PORT and DATA_DIR (where the rooms' SQLite file lives, data/ by default) come from the
# environment; --release serves the optimised build of both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/env.sh
page=()
server=()
if [ "${1:-}" = "--release" ]; then
  page=(--release)
  # The server's own optimised profile: it unwinds, so a panic ends one connection alone.
  server=(--profile server)
fi
# Trunk's post_build hook also writes the page's brotli and gzip forms, which the server reads
# rather than make at start.
trunk build "${page[@]}"
exec cargo run -q "${server[@]}" -p board-suite-server
