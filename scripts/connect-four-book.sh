#!/usr/bin/env bash
# Regenerates the Connect Four opening book (assets/engine/connect-four.book) with our own
# solver, and prints how long it took and the book's size, raw, gzip and brotli.
# Any arguments go to the generator (examples/connect_four_book.rs), e.g. --full DISCS, or
# --from BOOK to reuse an earlier book's proven positions.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

book=assets/engine/connect-four.book
cargo build --quiet --release --example connect_four_book
start=$(date +%s)
target/release/examples/connect_four_book --out "$book" "$@"
end=$(date +%s)
echo "generated in $((end - start)) s"
brotli=$(node -e 'const z = require("zlib");
  const q = { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } };
  console.log(z.brotliCompressSync(require("fs").readFileSync(process.argv[1]), q).length)' "$book")
echo "size: $(wc -c < "$book") bytes raw, $(gzip -9 -c "$book" | wc -c) bytes gzip, $brotli bytes brotli"
