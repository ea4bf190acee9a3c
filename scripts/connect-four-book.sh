#!/usr/bin/env bash
# Regenerates the Connect Four opening book (assets/engine/connect-four.book) with our own
# solver, and prints how long it took and the book's size, raw, gzip and brotli.
# Any arguments go to the generator (examples/connect_four_book.rs), e.g. --full DISCS, or
# --from BOOK to reuse an earlier book's proven positions. A layer of many discs takes hours:
# the generator writes what it has every minute (a stopped run goes on with that file as one
# more --from), and `--part K/N --out PART` makes one of N shares of the deepest layer, so that
# N runs share the cores; a last run --from every part makes the book. The book of seven discs:
#   target/release/examples/connect_four_book --full 7 --from assets/engine/connect-four.book \
#     --part 0/2 --out part0.book &   (and --part 1/2 --out part1.book)
#   scripts/connect-four-book.sh --full 7 --from start.book --from part0.book --from part1.book
# (start.book: a copy of the book before, as the last run writes over it).
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
