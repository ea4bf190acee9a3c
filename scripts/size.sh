#!/usr/bin/env bash
# Prints what the built page transfers: each file of dist/ raw and gzip -9, and the total
# (html + js + wasm + css + the preloaded font) a browser downloads compressed on the first
# load; the engine's worker (fetched when a player first chooses the computer) is counted
# apart. Run after `trunk build --release`.
set -euo pipefail
cd "$(dirname "$0")/../dist"
page=0
engine=0
printf '%-44s %10s %10s\n' file bytes gzip
for f in *.html *.js snippets/*/*.js *.wasm *.css *.woff2; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f")
  gz=$(gzip -9c "$f" | wc -c)
  case "$f" in
    engine-worker*) engine=$((engine + gz)) ;;
    *) page=$((page + gz)) ;;
  esac
  printf '%-44s %10d %10d\n' "$f" "$raw" "$gz"
done
printf '%-44s %10s %10d  (%d KB; budget 130 KB)\n' "page total, gzip" "" "$page" $(((page + 1023) / 1024))
printf '%-44s %10s %10d  (%d KB; fetched when the computer is first chosen)\n' "engine worker total, gzip" "" "$engine" $(((engine + 1023) / 1024))
