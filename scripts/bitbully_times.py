"""Times BitBully without its opening book on Connect Four position files.

usage: bitbully_times.py FILE...

Each file (lines `<moves> <score>`, columns 1-7, Pascal Pons' form) is a set named after it.
Each set is solved with both of BitBully's searches, MTD(f) and null windows, one solver each,
its transposition table kept between the set's positions (as our bench does), and the faster
is reported. Only the solves are timed. Prints `set positions ms/position nodes search` per
set and exits non-zero if any score differs from the file's.
"""

import sys
import time
from pathlib import Path

from bitbully import bitbully_core


def time_set(file: str, search: str) -> tuple[int, float, int, int]:
    """Solves a file's positions with one of BitBully's searches: positions, mean ms, nodes,
    mismatches."""
    # The constructor without a path loads no opening book: every position is searched.
    solver = bitbully_core.BitBullyCore()
    elapsed = 0.0
    count = 0
    mismatches = 0
    for line in Path(file).read_text().splitlines():
        if not line.strip():
            continue
        moves, expected = line.split()
        board = bitbully_core.BoardCore()
        # BitBully numbers the columns 0-6.
        if not board.play("".join(str(int(c) - 1) for c in moves)):
            raise SystemExit(f"{file}: {moves} is not a game")
        start = time.perf_counter()
        score = solver.mtdf(board, 0) if search == "mtdf" else solver.nullWindow(board)
        elapsed += time.perf_counter() - start
        count += 1
        if score != int(expected):
            print(f"{file}: {moves} scored {score} ({search}), the file says {expected}", file=sys.stderr)
            mismatches += 1
    return count, elapsed * 1000 / max(count, 1), solver.getNodeCounter(), mismatches


def main() -> int:
    mismatches = 0
    print(f"{'set':<12} {'positions':>9} {'ms/position':>12} {'nodes':>14} search")
    for file in sys.argv[1:]:
        # Each of BitBully's two searches (MTD(f) from 0, and a binary search with null windows
        # as ours), the faster kept: neither is faster on every set.
        results = {search: time_set(file, search) for search in ("mtdf", "nullWindow")}
        search, (count, ms, nodes, _) = min(results.items(), key=lambda item: item[1][1])
        mismatches += sum(result[3] for result in results.values())
        print(f"{Path(file).name:<12} {count:>9} {ms:>12.4f} {nodes:>14} {search}")
    if mismatches:
        print(f"{mismatches} scores differ from the files'", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
