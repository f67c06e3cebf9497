"""Benchmark two threads against two calls one after the other: how much of a call holds the GIL.

    python benchmarks/bench_threads.py [--rounds N]

For each kind of call (a compiled search of 1201×1201, a Warnsdorff walk of 1201×1201,
a 10×10 puzzle, a count of 5×7), prints the time of two calls in a row, of the same
two calls in two threads started together, and their ratio. Two idle cores allow 0.5×;
the target is at most 0.6× for searches and counts. A call that held the GIL throughout
would give 1×. The first row is the reference, what the machine allows in this run: a
call that holds no GIL (hashlib's sha256 of 32 MiB); on a machine busy with other work
it is well above 0.5×, and the knight rows are to be read against it. The last column,
"overlap", is the process's CPU time over wall time with two threads, divided by the same
with the calls in a row (the median of the rounds): about 2× when the two calls run at once
(a busy machine slows both ways alike), 1× when one waits for the other's GIL. Rounds alternate between the two ways and each keeps its best, so both
see the same machine noise; the load average is printed before and after. On a
free-threaded interpreter (sys._is_gil_enabled() False) the same table says so.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import threading
import time

import knight

TARGET = {"search": 0.6, "count": 0.6}


def puzzle(rows: int, share: float, seed: int) -> knight.Board:
    """A puzzle of rows×rows keeping share of the moves of a random tour (fixed seed)."""
    rng = random.Random(seed)
    found = knight.tour(rows, start=rng.randrange(1, rows * rows + 1), method="random", seed=seed)
    kept = sorted(rng.sample(range(len(found)), max(2, round(share * len(found)))))
    cells = ["."] * (rows * rows)
    for move in kept:
        cells[found[move] - 1] = str(move + 1)
    return knight.Board.parse("\n".join(" ".join(cells[r * rows : (r + 1) * rows]) for r in range(rows)))


def walk() -> None:
    try:
        knight.tour(1201, 1, method="warnsdorff")
    except knight.WarnsdorffStuckError:  # stuck or not, the walk is the work
        pass


PUZZLE = puzzle(10, 0.15, 3)
DATA = os.urandom(1 << 25)

CALLS = {
    "no GIL": lambda: hashlib.sha256(DATA).digest(),  # the reference: a call that releases the GIL throughout
    "search": lambda: knight.tour(1201, 1, method="backtrack"),
    "walk": walk,
    "puzzle": lambda: knight.solve(PUZZLE),
    "count": lambda: knight.count((5, 7)),
}


def sequential(call) -> tuple[float, float]:
    """(wall seconds, process CPU seconds) of two calls in a row."""
    began, cpu = time.perf_counter(), time.process_time()
    call()
    call()
    return time.perf_counter() - began, time.process_time() - cpu


def threaded(call) -> tuple[float, float]:
    """(wall seconds, process CPU seconds) of two calls in two threads started together."""
    threads = [threading.Thread(target=call) for _ in range(2)]
    began, cpu = time.perf_counter(), time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    gil = getattr(sys, "_is_gil_enabled", lambda: True)()
    print(
        f"Python {sys.version.split()[0]}{'' if gil else ' (free-threaded, GIL off)'}, "
        f"knight.IMPLEMENTATION = {knight.IMPLEMENTATION!r}, load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    print(f"{'call':<8} {'two in a row':>13} {'two threads':>12} {'threads/row':>12} {'overlap':>8}")
    for name, call in CALLS.items():
        call()  # first-call work (tables made once) out of the way
        row = both = float("inf")
        overlaps = []
        for _ in range(args.rounds):
            (row_wall, row_cpu), (both_wall, both_cpu) = sequential(call), threaded(call)
            row, both = min(row, row_wall), min(both, both_wall)
            overlaps.append((both_cpu / both_wall) / (row_cpu / row_wall))
        target = f"   (target at most {TARGET[name]}×)" if name in TARGET else ""
        overlap = statistics.median(overlaps)
        print(f"{name:<8} {row * 1e3:10.1f} ms {both * 1e3:9.1f} ms {both / row:11.2f}× {overlap:7.2f}×{target}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
