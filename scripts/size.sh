#!/usr/bin/env bash
# Prints what the built page transfers: each file of dist/ raw, gzip -9 and brotli 11 (what the
# suite's server sends: scripts/compress.mjs makes those forms at build time), and the totals
# (html + js + wasm + css + the preloaded font) a browser downloads on the first load, gzip and
# brotli; the engine's worker (fetched when a player first chooses the computer) is counted
# apart. Run after `trunk build --release`.
set -euo pipefail
cd "$(dirname "$0")/../dist"
# Brotli as the server makes it (quality 11, a 4 MB window), from Node's zlib.
brotli_size() {
  node -e "const z=require('zlib'),b=require('fs').readFileSync(process.argv[1]);
console.log(z.brotliCompressSync(b,{params:{[z.constants.BROTLI_PARAM_QUALITY]:11,[z.constants.BROTLI_PARAM_LGWIN]:22,[z.constants.BROTLI_PARAM_SIZE_HINT]:b.length}}).length)" "$1"
}
page=0
page_br=0
engine=0
engine_br=0
printf '%-44s %10s %10s %10s\n' file bytes gzip brotli
for f in *.html *.js snippets/*/*.js *.wasm *.css *.woff2; do
  [ -f "$f" ] || continue
  raw=$(stat -c %s "$f")
  gz=$(gzip -9c "$f" | wc -c)
  br=$(brotli_size "$f")
  # The server sends the smallest form the browser takes: never more than the file itself.
  [ "$gz" -lt "$raw" ] || gz=$raw
  [ "$br" -lt "$raw" ] || br=$raw
  case "$f" in
    engine-worker*) engine=$((engine + gz)); engine_br=$((engine_br + br)) ;;
    *) page=$((page + gz)); page_br=$((page_br + br)) ;;
  esac
  printf '%-44s %10d %10d %10d\n' "$f" "$raw" "$gz" "$br"
done
printf '%-44s %10s %10d  (%d KB; budget 130 KB)\n' "page total, gzip" "" "$page" $(((page + 1023) / 1024))
printf '%-44s %10s %10d  (%d KB; what the suite'"'"'s server sends)\n' "page total, brotli" "" "$page_br" $(((page_br + 1023) / 1024))
printf '%-44s %10s %10d  (%d KB; fetched when the computer is first chosen)\n' "engine worker total, gzip" "" "$engine" $(((engine + 1023) / 1024))
printf '%-44s %10s %10d  (%d KB)\n' "engine worker total, brotli" "" "$engine_br" $(((engine_br + 1023) / 1024))
