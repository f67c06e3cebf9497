"""Benchmark the search methods: 8×8 time and success rate, and "auto" against the best method per size.

    python benchmarks/bench_methods.py [--auto-only]

Prints two tables from one run. First, over all 64 starts of 8×8, open and closed, each
method's time a start and its successes: a start counts as a success when the method
returns a tour; a WarnsdorffStuckError or SearchLimitError is a failure. "random" uses
seed=start; the backtracking seeds ("plain", "ordered") are given PLAIN_NODES search
nodes a start, the others the default budget. Every method but "backtrack" runs in
Python. Second, for every n×n from 5 to 60, the open tour time of "auto", "backtrack"
and "construct" (mean over a few starts, best of AUTO_ROUNDS alternating rounds) and
auto's ratio to the fastest (target at most 1.5×), then the largest ratio.
"""

from __future__ import annotations

import sys
import time

import knight

PLAIN_NODES = 100_000
BUDGETS = {"plain": PLAIN_NODES, "ordered": PLAIN_NODES}
AUTO_SIZES = range(5, 61)
AUTO_ROUNDS = 5
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


def starts_of(n: int) -> list[int]:
    """A few starts of the n×n board with an open tour: corner, edge, near the centre."""
    candidates = [1, n // 2 + 1, (n // 2) * n + n // 2 + 1, n + 3]
    return [s for s in dict.fromkeys(candidates) if not (n % 2 and sum(divmod(s - 1, n)) % 2)]


def mean_time(n: int, method: str, starts: list[int]) -> float:
    """Seconds a tour of the n×n board by method, mean over starts; inf where it has none."""
    began = time.perf_counter()
    try:
        for start in starts:
            knight.tour(n, start, method=method)
    except knight.KnightError:
        return float("inf")
    return (time.perf_counter() - began) / len(starts)


def auto_table() -> None:
    """auto against the fastest method, for every n×n of AUTO_SIZES."""
    print(f"open tours of n×n, µs a tour (mean over a few starts, best of {AUTO_ROUNDS} alternating rounds)")
    print(f"{'n':>3} {'auto':>9} " + " ".join(f"{m:>10}" for m in AUTO_RIVALS) + "   auto/best")
    worst = (0.0, 0)
    for n in AUTO_SIZES:
        starts = starts_of(n)
        for method in ("auto", *AUTO_RIVALS):  # first calls out of the way
            mean_time(n, method, starts)
        best = {method: float("inf") for method in ("auto", *AUTO_RIVALS)}
        for _ in range(AUTO_ROUNDS):
            for method in best:
                best[method] = min(best[method], mean_time(n, method, starts))
        ratio = best["auto"] / min(best[m] for m in AUTO_RIVALS)
        worst = max(worst, (ratio, n))
        rivals = " ".join(f"{best[m] * 1e6:10.1f}" for m in AUTO_RIVALS)
        print(f"{n:>3} {best['auto'] * 1e6:9.1f} {rivals}   {ratio:6.2f}")
    print(f"largest auto/best: {worst[0]:.2f} at n = {worst[1]} (target at most 1.5)")


def main() -> None:
    if "--auto-only" not in sys.argv:
        methods_table()
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
