#!/usr/bin/env bash
# Regenerates the Connect Four opening book (assets/engine/connect-four.book) with our own
# solver, and prints how long it took and the book's size, raw and gzipped.
# Any arguments go to the generator (examples/connect_four_book.rs), e.g. --budget NODES.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

book=assets/engine/connect-four.book
cargo build --quiet --release --example connect_four_book
start=$(date +%s)
target/release/examples/connect_four_book --out "$book" "$@"
end=$(date +%s)
echo "generated in $((end - start)) s"
echo "size: $(wc -c < "$book") bytes raw, $(gzip -9 -c "$book" | wc -c) bytes gzip"
