#!/usr/bin/env bash
# Builds the app and serves it at http://127.0.0.1:8080, rebuilding on every change.
# Pass --release for the optimised build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/env.sh
exec trunk serve "$@"
