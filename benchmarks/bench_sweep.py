"""Time knight.tour() from every start on every board up to 30×30, open and closed.

    python benchmarks/bench_sweep.py [--side N]

Prints the calls (432,000 for 30), their total time and the slowest call with its board and
start, for the implementation in use (KNIGHT_NO_EXTENSIONS=1 for the twin). A "no" is
timed as an answer. tests/test_sweep.py checks the same calls by their work (a node budget)
rather than their time; this is where the time is watched (it was "under 1 s a call").
"""

from __future__ import annotations

import argparse
import time

import knight


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=30, help="the largest side (default 30)")
    side = parser.parse_args().side
    calls, total, slowest = 0, 0.0, (0.0, None)
    for closed in (False, True):
        for rows in range(1, side + 1):
            for cols in range(1, side + 1):
                for start in range(1, rows * cols + 1):
                    began = time.perf_counter()
                    try:
                        knight.tour((rows, cols), start, closed=closed)
                    except knight.NoTourError:
                        pass
                    spent = time.perf_counter() - began
                    calls += 1
                    total += spent
                    slowest = max(slowest, (spent, (rows, cols, start, "closed" if closed else "open")))
    seconds, (rows, cols, start, kind) = slowest
    print(f"{knight.IMPLEMENTATION}: {calls:,} calls in {total:.1f} s, {total / calls * 1e6:.1f} µs a call")
    print(f"slowest: {rows}×{cols} from square {start}, {kind}: {seconds * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
