"""Benchmark the search methods: 8×8 time and success rate, and "auto" against the best method per size.

    python benchmarks/bench_methods.py [--auto-only | --walks-only]

Prints two tables from one run. First, over all 64 starts of 8×8, open and closed, each
method's time a start and its successes: a start counts as a success when the method
returns a tour; a WarnsdorffStuckError or SearchLimitError is a failure. "random" uses
seed=start; the backtracking seeds ("plain", "ordered") are given PLAIN_NODES search
nodes a start, the others the default budget. "plain", "ordered" and closed "random"
run in Python, the others in the compiled core. Second, for every n×n from 5 to 100, the open tour time of "auto", "backtrack"
and "construct" (CPU time, mean over every start with a tour on boards of at most
AUTO_EVERY_START squares, else a few, repeated for at least
AUTO_CPU_SECONDS, best of AUTO_ROUNDS alternating rounds)
and auto's ratio to the fastest (target at most 1.3×), the same for a sample of other
rectangles (AUTO_SHAPES), then the largest ratio.

Third (first with --walks-only), the walks against the compiled search, from one run of
alternating rounds (each keeps its best): "warnsdorff" over all 64 starts of 8×8 (stuck
or not) against "backtrack" (target at most 1.5×), "random" (seed=start) against it
(target at most 3×), and on 1001×1001 from WALK_BIG_STARTS (a corner and the centre,
where the rule gets stuck after 85-90% of the squares) against "backtrack" (target at
most 2×); then the
walk's peak memory on 1001×1001, in bytes a square (target at most 64), measured as the
growth of the peak resident size of a fresh process over the call (Linux only).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import knight

PLAIN_NODES = 100_000
BUDGETS = {"plain": PLAIN_NODES, "ordered": PLAIN_NODES}
AUTO_SIZES = range(5, 101)
#: Rectangles of other shapes: narrow, long, nearly square, odd by odd, even by odd.
AUTO_SHAPES = (
    *((3, 40), (4, 30), (5, 12), (5, 13), (5, 21), (5, 40), (6, 20), (7, 9), (7, 21), (7, 30), (7, 41)),
    *((9, 31), (9, 40), (12, 13), (15, 60), (21, 22), (25, 26), (27, 31), (33, 70), (50, 80)),
)
#: Boards of at most this many squares are timed from every start with a tour, the others from a few.
AUTO_EVERY_START = 300
AUTO_TARGET = 1.3
AUTO_CPU_SECONDS = 0.002  # CPU time each timing takes at least
AUTO_ROUNDS = 7
AUTO_RIVALS = ("backtrack", "construct")


def run(method: str, closed: bool) -> tuple[float, int]:
    """Mean seconds a start and number of starts answered with a tour."""
    found = 0
    began = time.perf_counter()
    for start in range(1, 65):
        try:
            knight.tour(8, start, closed=closed, method=method, seed=start, max_nodes=BUDGETS.get(method))
        except knight.SearchLimitError:
            continue
        found += 1
    return (time.perf_counter() - began) / 64, found


def starts_of(rows: int, cols: int) -> list[int]:
    """A few starts of the board with an open tour: corner, edge, near the centre (those of
    the more numerous colour when both sides are odd)."""
    candidates = [1, cols // 2 + 1, (rows // 2) * cols + cols // 2 + 1, cols + 3]
    return [s for s in dict.fromkeys(candidates) if not (rows % 2 and cols % 2 and sum(divmod(s - 1, cols)) % 2)]


def mean_time(size: tuple[int, int], method: str, starts: list[int], repeats: int = 1) -> float:
    """CPU seconds (of this thread: the machine's other load is not counted) a tour of the
    board by method, mean over repeats of the starts; inf where it has none."""
    began = time.thread_time()
    try:
        for _ in range(repeats):
            for start in starts:
                knight.tour(size, start, method=method)
    except knight.KnightError:
        return float("inf")
    return (time.thread_time() - began) / (repeats * len(starts))


def open_starts(rows: int, cols: int) -> list[int]:
    """The starts from which the board has an open tour (auto finds it): every one on boards of
    at most AUTO_EVERY_START squares, else those of starts_of."""
    found = []
    every = rows * cols <= AUTO_EVERY_START
    for start in range(1, rows * cols + 1) if every else starts_of(rows, cols):
        try:
            knight.tour((rows, cols), start)
        except knight.KnightError:
            continue
        found.append(start)
    return found


def auto_table() -> None:
    """auto against the fastest method, for every n×n of AUTO_SIZES and the boards of AUTO_SHAPES."""
    print(
        f"open tours, µs a tour (CPU time, mean over every start up to {AUTO_EVERY_START} squares, else a few; "
        f"best of {AUTO_ROUNDS} alternating rounds), "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'board':>8} {'auto':>9} " + " ".join(f"{m:>10}" for m in AUTO_RIVALS) + "   auto/best")
    worst = (0.0, "")
    for size in [(n, n) for n in AUTO_SIZES] + list(AUTO_SHAPES):
        starts = open_starts(*size)
        first = min(mean_time(size, method, starts) for method in ("auto", *AUTO_RIVALS))  # caches warm
        repeats = max(1, round(AUTO_CPU_SECONDS / (first * len(starts))))  # each timing long enough to be steady
        best = {method: float("inf") for method in ("auto", *AUTO_RIVALS)}
        methods = list(best)
        for round_ in range(AUTO_ROUNDS):  # each method first in turn: none always runs after another's cache use
            for method in methods[round_ % 3 :] + methods[: round_ % 3]:
                best[method] = min(best[method], mean_time(size, method, starts, repeats))
        ratio = best["auto"] / min(best[m] for m in AUTO_RIVALS)
        name = f"{size[0]}×{size[1]}"
        worst = max(worst, (ratio, name))
        rivals = " ".join(f"{best[m] * 1e6:10.1f}" for m in AUTO_RIVALS)
        print(f"{name:>8} {best['auto'] * 1e6:9.1f} {rivals}   {ratio:6.2f}", flush=True)
    print(f"largest auto/best: {worst[0]:.2f} on {worst[1]} (target at most {AUTO_TARGET})")


WALK_ROUNDS = 5
WALK_BIG = 1001
WALK_BIG_STARTS = (1, 500 * 1001 + 501)  # a corner and the centre (ties to the lowest move: stuck from both)

#: Run in a fresh process: the growth of the peak resident size over one call, in bytes a square.
#: (Linux's VmHWM, reset first through clear_refs: ru_maxrss carries the parent's peak across fork and exec.)
_PEAK = """
import knight
def status(key):
    with open("/proc/self/status") as lines:
        return next(int(line.split()[1]) * 1024 for line in lines if line.startswith(key + ":"))
knight.tour(5, 1, method={method!r})
with open("/proc/self/clear_refs", "w") as clear:
    clear.write("5")  # the peak back to the present size
before = status("VmRSS")
try:
    knight.tour({n}, {start}, method={method!r}, seed=1)
except knight.SearchLimitError:
    pass
print((status("VmHWM") - before) / {n} ** 2)
"""


def walk_time(size: int, starts, method: str) -> float:
    """Seconds a call of knight.tour(size, start, method=method, seed=start), mean over starts, stuck or not."""
    began = time.perf_counter()
    for start in starts:
        try:
            knight.tour(size, start, method=method, seed=start)
        except knight.SearchLimitError:
            pass
    return (time.perf_counter() - began) / len(starts)


def walks_table() -> None:
    """The walks against the compiled search, each target beside its reference, from one run."""
    print(f"walks against the compiled search, load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    small = {m: float("inf") for m in ("backtrack", "warnsdorff", "random")}
    big = {(m, s): float("inf") for m in ("backtrack", "warnsdorff") for s in WALK_BIG_STARTS}
    for _ in range(WALK_ROUNDS):
        for method in small:
            small[method] = min(small[method], min(walk_time(8, range(1, 65), method) for _ in range(20)))
        for method, start in big:
            big[method, start] = min(big[method, start], walk_time(WALK_BIG, [start], method))
    reference = small["backtrack"]
    print(f"  8×8, all 64 starts, backtrack (compiled search): {reference * 1e6:8.2f} µs a tour")
    for method, target in (("warnsdorff", 1.5), ("random", 3)):
        ratio = small[method] / reference
        print(f"  8×8, all 64 starts, {method:<10}: {small[method] * 1e6:8.2f} µs = {ratio:5.2f}× (target ≤ {target}×)")
    for start in WALK_BIG_STARTS:
        ours, theirs = big["warnsdorff", start], big["backtrack", start]
        print(
            f"  {WALK_BIG}×{WALK_BIG} from {start}: warnsdorff {ours:.3f} s, backtrack {theirs:.3f} s"
            f" = {ours / theirs:5.2f}× (target ≤ 2×)"
        )
    for start in WALK_BIG_STARTS:
        for method in ("warnsdorff", "backtrack"):
            script = _PEAK.format(method=method, n=WALK_BIG, start=start)
            answer = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
            print(
                f"  {WALK_BIG}×{WALK_BIG} from {start}, {method:<10}: peak {float(answer.stdout):6.1f} bytes a square"
                + (" (target ≤ 64)" if method == "warnsdorff" else "")
            )
    print(f"  load average {os.getloadavg()[0]:.2f} at the end")


def main() -> None:
    if "--walks-only" in sys.argv:
        walks_table()
        return
    if "--auto-only" not in sys.argv:
        methods_table()
        walks_table()
    auto_table()


def methods_table() -> None:
    print(f"all 64 starts of 8×8, knight.IMPLEMENTATION = {knight.IMPLEMENTATION!r}")
    print(f"{'method':<11} {'open: time/start':>17} {'found':>7}   {'closed: time/start':>19} {'found':>7}")
    for method in knight.METHODS:
        cells = []
        for closed in (False, True):
            seconds, found = run(method, closed)
            cells.append(f"{seconds * 1e3:14.3f} ms {found:>4}/64")
        budget = f"   (max_nodes={BUDGETS[method]:,})" if method in BUDGETS else ""
        print(f"{method:<11} {cells[0]}   {cells[1]:>24}{budget}")


if __name__ == "__main__":
    main()
