#!/usr/bin/env bash
# Builds the release and prints its figures: the page's compressed size, the time from
# navigation to an interactive board, and from an input to the updated DOM.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
. scripts/env.sh
trunk build --release
scripts/size.sh
node tests/browser/bench.mjs
