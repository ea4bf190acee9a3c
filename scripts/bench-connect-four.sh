#!/usr/bin/env bash
# Times our Connect Four solver and BitBully (a C++ solver from PyPI, without its opening book,
# the faster of its two searches on each set) on the same positions of Pascal Pons' six test
# sets, both checking every score, and prints one table: set, our mean ms per position,
# BitBully's, and ours / BitBully's.
#
# usage: scripts/bench-connect-four.sh [--all]
#   The default is a sample, the first positions of each set (more of the quick sets);
#   --all times all 6000 positions (Begin-Hard alone takes hours).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

# Positions per set: end, middle-easy, middle-medium, begin-easy, begin-medium, begin-hard.
sets=(Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3)
samples=(1000 1000 200 200 100 20)
case "${1:-}" in
  --all) samples=(1000 1000 1000 1000 1000 1000) ;;
  "") ;;
  *) echo "usage: $0 [--all]" >&2; exit 2 ;;
esac

venv=target/bitbully-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet bitbully
fi

work=target/connect-four-bench
mkdir -p "$work"
files=()
for i in "${!sets[@]}"; do
  head -n "${samples[$i]}" "tests/data/connect4/${sets[$i]}" > "$work/${sets[$i]}"
  files+=("$work/${sets[$i]}")
done

cargo build --quiet --release --example connect_four_bench
echo "ours:"
target/release/examples/connect_four_bench "${files[@]}" | tee "$work/ours.txt"
echo "BitBully (no book):"
"$venv/bin/python" scripts/bitbully_times.py "${files[@]}" | tee "$work/bitbully.txt"

echo
printf '%-12s %9s %12s %12s %8s  %s\n' set positions "ours ms" "BitBully ms" ratio "BitBully's search"
for set in "${sets[@]}"; do
  read -r positions ours_ms <<< "$(awk -v set="$set" '$1 == set { print $2, $3 }' "$work/ours.txt")"
  read -r theirs_ms search <<< "$(awk -v set="$set" '$1 == set { print $3, $5 }' "$work/bitbully.txt")"
  awk -v set="$set" -v n="$positions" -v a="$ours_ms" -v b="$theirs_ms" -v s="$search" \
    'BEGIN { printf "%-12s %9d %12.4f %12.4f %8.2f  %s\n", set, n, a, b, a / b, s }'
done
