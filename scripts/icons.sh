#!/usr/bin/env bash
# Regenerates the app's PNG icons (assets/app/icon-192.png, icon-512.png) from icon.svg with
# headless Chromium. The PNGs are committed; the build never runs this.
set -euo pipefail
cd "$(dirname "$0")/.."
for size in 192 512; do
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
    --window-size="$size,$size" --screenshot="$PWD/assets/app/icon-$size.png" "file://$PWD/assets/app/icon.svg" 2>/dev/null
done
ls -l assets/app/icon-*.png
