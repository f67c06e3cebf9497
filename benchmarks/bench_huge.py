"""Benchmark the construction on huge boards against the issue's targets, from one run.

    python benchmarks/bench_huge.py [--quick]

Prints, for 1,000×1,000 (best of 7 in this process) and 10,000×10,000 (best and worst
of 3, each in a fresh process, so that its peak memory is its own; and the odd board
10,001×10,001, open): the time of knight.tour() (open from the
corner, closed), the peak resident memory, the throughput in squares a second, and
the floor: the time this machine takes just to fill an int32 array of the same size
(``array('i', [0]) * n``, allocation included), with the ratio of the two. Then boards
three and four wide (built from repeated sections, see knight.construct._strips) of
10^6 and 10^7 squares, open from a middle square, best of 3, with the same figures, to
show the time grows linearly. --quick skips the 10^8 boards and the 10^7-square strips.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from array import array

import knight

from _timing import best_of

TARGET_1000 = 0.050  # seconds
TARGET_HUGE = 3.0  # seconds
TARGET_MEMORY = 1.5e9  # bytes
TARGET_THROUGHPUT = 50e6  # squares a second

CHILD = r"""
import json, resource, sys, time
from array import array
import knight
n, closed, what = int(sys.argv[1]), sys.argv[2] == "closed", sys.argv[3]
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
began = time.perf_counter()
if what == "fill":
    result = array("i", [0]) * (n * n)
else:
    result = knight.tour(1, n, closed=closed)
seconds = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "peak": peak, "before": before * 1024, "length": len(result)}))
"""


def in_child(n: int, closed: bool, what: str = "tour") -> dict:
    """Run one tour (or one fill) of n×n in a fresh interpreter; its time and peak memory."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    kind = "closed" if closed else "open"
    out = subprocess.run([sys.executable, "-c", CHILD, str(n), kind, what], capture_output=True, text=True, env=env)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout)


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"knight {knight.__version__}, implementation {knight.IMPLEMENTATION}, Python {sys.version.split()[0]}")
    n = 1000
    fill = best_of(7, lambda: array("i", [0]) * (n * n))
    print(f"\n{n:,}×{n:,} ({n * n:,} squares), best of 7; fill floor {fill * 1e3:.2f} ms")
    for closed in (False, True):
        seconds = best_of(7, lambda: knight.tour(n, 1, closed=closed))
        print(
            f"  {'closed' if closed else 'open  '}: {seconds * 1e3:7.2f} ms  {n * n / seconds / 1e6:7.1f} M squares/s  "
            f"{seconds / fill:5.1f}× the fill   [{verdict(seconds < TARGET_1000)}: < {TARGET_1000 * 1e3:.0f} ms]"
        )
    strips(quick)
    if quick:
        return
    n = 10_000
    floor = min(in_child(n, False, "fill")["seconds"] for _ in range(3))
    print(f"\n{n:,}×{n:,} ({n * n:,} squares), each run in a fresh process; fill floor {floor:.3f} s")
    for size, closed in ((n, False), (n, True), (n + 1, False)):
        runs = [in_child(size, closed) for _ in range(3)]
        best = min(runs, key=lambda run: run["seconds"])
        worst = max(run["seconds"] for run in runs)
        peak = max(run["peak"] for run in runs)
        rate = size * size / best["seconds"]
        print(
            f"  {size:,}² {'closed' if closed else 'open  '}: {best['seconds']:6.3f} s (worst of 3: {worst:.3f} s)  "
            f"peak memory {peak / 1e9:5.2f} GB  {rate / 1e6:6.1f} M squares/s  "
            f"{best['seconds'] / floor:4.1f}× the fill  (fill alone: {n * n / floor / 1e6:.0f} M squares/s)"
        )
        print(
            f"          [{verdict(worst < TARGET_HUGE)}: < {TARGET_HUGE:.0f} s]  "
            f"[{verdict(peak < TARGET_MEMORY)}: < {TARGET_MEMORY / 1e9:.1f} GB]  "
            f"[{verdict(rate >= TARGET_THROUGHPUT)}: >= {TARGET_THROUGHPUT / 1e6:.0f} M squares/s]"
        )


def strips(quick: bool) -> None:
    """Open tours of boards three wide (odd and even length) and four wide, from a middle square."""
    print("\nboards three and four wide, open from a middle square, best of 3")
    for squares in (10**6,) if quick else (10**6, 10**7):
        fill = best_of(3, lambda: array("i", [0]) * squares)
        for rows in (3, 4):
            for cols in sorted({squares // rows | 1, squares // rows // 2 * 2} if rows == 3 else {squares // rows}):
                start = cols + (cols // 2 | 1) + 1 if rows == 3 else cols // 2 + 1  # row 1 / row 0, odd column
                seconds = best_of(3, lambda: knight.tour((rows, cols), start))
                per = seconds / (rows * cols)
                print(
                    f"  {rows}×{cols:<10,} {seconds:7.3f} s  {per * 1e9:6.1f} ns a square  "
                    f"{1 / per / 1e6:6.1f} M squares/s  {seconds / fill:5.1f}× the fill"
                )


if __name__ == "__main__":
    main()
