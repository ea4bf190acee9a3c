"""Times BitBully without its opening book on Connect Four position files.

usage: bitbully_times.py FILE...

Each file (lines `<moves> <score>`, columns 1-7, Pascal Pons' form) is a set named after it.
One solver per set, its transposition table kept between the set's positions (as our bench
does). Only the solve is timed. Prints `set positions ms/position nodes` per set and exits
non-zero if any score differs from the file's.
"""

import sys
import time
from pathlib import Path

from bitbully import bitbully_core


def main() -> int:
    mismatches = 0
    print(f"{'set':<12} {'positions':>9} {'ms/position':>12} {'nodes':>14}")
    for file in sys.argv[1:]:
        # The constructor without a path loads no opening book: every position is searched.
        solver = bitbully_core.BitBullyCore()
        elapsed = 0.0
        count = 0
        for line in Path(file).read_text().splitlines():
            if not line.strip():
                continue
            moves, expected = line.split()
            board = bitbully_core.BoardCore()
            # BitBully numbers the columns 0-6.
            if not board.play("".join(str(int(c) - 1) for c in moves)):
                print(f"{file}: {moves} is not a game", file=sys.stderr)
                return 1
            start = time.perf_counter()
            # MTD(f) from a first guess of 0: BitBully's own solve, its fastest search.
            score = solver.mtdf(board, 0)
            elapsed += time.perf_counter() - start
            count += 1
            if score != int(expected):
                print(f"{file}: {moves} scored {score}, the file says {expected}", file=sys.stderr)
                mismatches += 1
        name = Path(file).name
        print(f"{name:<12} {count:>9} {elapsed * 1000 / max(count, 1):>12.4f} {solver.getNodeCounter():>14}")
    if mismatches:
        print(f"{mismatches} scores differ from the files'", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
