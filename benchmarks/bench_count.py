"""Benchmark counting: the issue's targets, from one run.

    python benchmarks/bench_count.py

Prints the time, search nodes and nodes per second of: the closed tours of 6×6 (target
under 0.25 s); the directed open tours of 6×6 in this process, on one core (target under
5 s), and on a ProcessPoolExecutor of 2 workers (target: proportionally less), with the
ratio of the two; the closed tours of 6×6 less a1 and b1, a board with holes, which
takes the walker's masked path (for tracking; no target); and, for scale, the pure-Python
twin on the closed tours of 6×6. Times
are the best of a few runs; the load average is printed because another process on the
machine slows every figure. With psutil (a dependency of dask's distributed) it also
prints the CPU time of each of the two workers, and the speed-up their split of the work
allows on idle cores (the total over the busiest worker's share).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels
from knight.count import _kernels as count_kernels
from knight.count._enumerate import count_result
from knight.count._walker import Walker  # noqa: F401  (the compiled walker must be built)


def worker_cpu(pool: ProcessPoolExecutor) -> dict[int, float] | None:
    """User CPU seconds of each worker process of pool so far (None without psutil)."""
    try:
        import psutil
    except ImportError:
        return None
    return {pid: psutil.Process(pid).cpu_times().user for pid in pool._processes}  # noqa: SLF001


def best(repeats: int, **options) -> tuple[float, object]:
    """Best wall time of repeats counts, and the count's result."""
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        result = count_result(**options)
        times.append(time.perf_counter() - began)
    return min(times), result


def report(label: str, seconds: float, result, target: str) -> None:
    rate = result.nodes / seconds / 1e6
    print(
        f"  {label:<28} {result.tours:>11,} tours {seconds:8.3f} s  "
        f"{result.nodes:>12,} nodes  {rate:6.1f} M nodes/s   {target}"
    )


def cpu_seconds(**options) -> float:
    """CPU time of this process for one count (what a core would take with no other load)."""
    began = time.process_time()
    count_result(**options)
    return time.process_time() - began


def main() -> None:
    assert count_kernels.walker.__name__ == "knight.count._walker", "build the extension first"
    load = os.getloadavg()[0]
    print(f"knight {knight.__version__}, compiled walker; load average {load:.2f} on {os.cpu_count()} cores")
    closed, result = best(5, size=6, closed=True)
    report("6×6 closed (undirected)", closed, result, "target < 0.25 s")
    seconds, result = best(5, size=knight.Board(6, holes=["a1", "b1"]), closed=True)
    report("6×6 less a1, b1, closed", seconds, result, "(holes)")
    one, result = best(2, size=6)
    report("6×6 open (directed), 1 core", one, result, "target < 5 s")
    print(f"  {'':<28} CPU time of that count: {cpu_seconds(size=6):.3f} s")
    with ProcessPoolExecutor(2) as pool:
        count_result(size=5, executor=pool)  # start the workers before timing
        before = worker_cpu(pool)
        two, result = best(2, size=6, executor=pool)
        after = worker_cpu(pool)
    report("6×6 open, 2 processes", two, result, f"speed-up {one / two:.2f}× (ideal 2×)")
    if before is not None:
        used = [(after[pid] - before[pid]) / 2 for pid in before]
        print(
            f"  {'':<28} CPU s a count per worker: {', '.join(f'{each:.2f}' for each in used)}; "
            f"on idle cores the speed-up would be {sum(used) / max(used):.2f}×"
        )

    count_kernels.walker = __import__("knight.count._walker_py", fromlist=["Walker"])
    seconds, result = best(1, size=6, closed=True)
    report("6×6 closed, pure-Python twin", seconds, result, f"{seconds / closed:.0f}× the compiled time")


if __name__ == "__main__":
    main()
