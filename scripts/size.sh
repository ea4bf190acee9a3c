#!/usr/bin/env bash
# Prints what the built page transfers: each file of dist/ raw and gzip -9, and the total
# (html + js + wasm + css + the preloaded font) a browser downloads compressed. Run after `trunk build --release`.
set -euo pipefail
cd "$(dirname "$0")/../dist"
total=0
printf '%-44s %10s %10s\n' file bytes gzip
for f in *.html *.js *.wasm *.css *.woff2; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f")
  gz=$(gzip -9c "$f" | wc -c)
  total=$((total + gz))
  printf '%-44s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-44s %10s %10d  (%d KB; budget 130 KB)\n' "page total, gzip" "" "$total" $(((total + 1023) / 1024))
