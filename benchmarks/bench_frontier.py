"""Benchmark the frontier counter against today's enumerator, from one run.

    python benchmarks/bench_frontier.py [--stretch]

For each board: the compiled engine's time and peak states (the most states in one
layer), the pure-Python twin's time where it is quick enough, knight.count's time where it
is, and the ratios. Times are the best of a few runs (single runs past a second). The
targets are the issue's; --stretch adds 6×9 closed and 7×7 open (hours: see the report).
"""

from __future__ import annotations

import sys
import time

import knight
from knight.count import _frontier, _frontier_py


def timed(function, repeats: int) -> tuple[float, object]:
    """Best time of repeats calls (one if the first takes over a second), and the answer."""
    best, answer = float("inf"), None
    for _ in range(repeats):
        began = time.perf_counter()
        answer = function()
        best = min(best, time.perf_counter() - began)
        if best > 1:
            break
    return best, answer


def row(label, rows, cols, closed, target, twin=False, enumerator=False):
    """Print one board's line; every engine that runs must agree on the count."""
    compiled_s, (tours, peak, _) = timed(lambda: _frontier.count_stats(rows, cols, None, None, None, closed), 3)
    cells = [f"{label:<16}{tours:>24,}  peak {peak:>11,}  compiled {compiled_s:9.4f} s"]
    if twin:
        twin_s, answer = timed(lambda: _frontier_py.count(rows, cols, None, None, None, closed), 1)
        assert answer == tours
        cells.append(f"twin {twin_s:8.3f} s ({twin_s / compiled_s:5.0f}×)")
    if enumerator:
        enum_s, answer = timed(lambda: knight.count((rows, cols), closed=closed), 1)
        assert answer == tours
        cells.append(f"knight.count {enum_s:8.3f} s (speed-up {enum_s / compiled_s:6.2f}×)")
    cells.append(f"target {target}" if target else "")
    print("  ".join(cells), flush=True)


def main() -> None:
    print(f"knight from {knight.__file__}")
    row("6×6 closed", 6, 6, True, "< 0.05 s", enumerator=True)
    row("6×6 open", 6, 6, False, "< 0.1 s", enumerator=True)
    row("5×5 open", 5, 5, False, "", twin=True, enumerator=True)
    row("5×6 closed", 5, 6, True, "", twin=True, enumerator=True)
    row("3×12 open", 3, 12, False, "", twin=True, enumerator=True)
    for n in (10, 20, 30):
        row(f"3×{n} open", 3, n, False, "< 1 s")
        row(f"3×{n} closed", 3, n, True, "< 1 s")
    for n in (10, 20, 30):
        row(f"4×{n} open", 4, n, False, "< 1 s")
    row("5×14 closed", 5, 14, True, "< 30 s")
    row("6×8 closed", 6, 8, True, "")
    if "--stretch" in sys.argv:
        row("6×9 closed", 6, 9, True, "")
        row("7×7 open", 7, 7, False, "< 10 min, 8 GB")


if __name__ == "__main__":
    main()
