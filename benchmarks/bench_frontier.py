"""Benchmark the frontier engine beside today's enumerator, from one run.

    python benchmarks/bench_frontier.py [--against CHECKOUT] [--stretch] [--far] [--dask] [--live] [--spill]
    python benchmarks/bench_frontier.py --spill --dask [--quick] [--board 7x7|6x8c] [--memory 1GB] [--threads T]
    python benchmarks/bench_frontier.py --patterns

First the speed targets of issue #21: each board's count by the compiled sweep
(``_frontier.count_stats``) in a fresh subprocess, by one thread and by one a CPU
(``threads=``), and with --against a built checkout of another version (today's main) the same
in its own subprocess (one thread), rounds alternating so that the machine's other load hits
all alike, best of three (one with --far); each line prints each run's CPU and wall seconds
and peak memory, and the ratios: one thread against today's in CPU time, all threads against
today's in wall time. --far adds
7×7 open (minutes). Then "auto" against every method on the benchmark boards, with its
ratio to the best.

For each board: the count, the frontier engine's peak states (the most states in one
layer of the sweep), its compiled time, the pure-Python twin's where it is quick, the
enumerator's (knight.count(method="enumerate")) where it can finish, and the ratios.
Engine and enumerator are timed interleaved, best of a few rounds (one round past a
second), so that load from other processes hits both alike; the load average is printed
first. The targets are the issue's; --far adds 7×7 open (about ten minutes, 4.6 GB), and
--stretch 6×7 open and 6×9 closed too, with the process's peak memory.

Then the meet-in-the-middle targets (issue #21): each board counted by the plain sweep
(method="frontier", today's engine) and by the join (method="join"), timed interleaved in
one run, with the ratio; --far adds 7×7 open by the join.

--dask prints only the Dask tables, on a LocalCluster of 1, 2 and 4 single-threaded worker
processes: first the sharded sweep (knight.count(executor=client)) of 6×8 closed (--stretch
adds 6×7 open and 6×9 closed, --far 7×7 open), with the most states one worker held after a
round, each worker's peak memory (sampled every 10 ms and by getrusage, the idle worker's, and
what the count added to it) and the time, after the widest layer's size as Python tuples and
packed; then the join of 6×8 closed (7×7 open with --far) cut into one piece a worker.

--spill prints only the disk tier's and checkpoints' table (issue #32): each board counted on one
thread in a fresh process in memory (today's sweep) and with checkpoint= (a new directory each
run) or memory= (its layers past the bound as shard files on disk), alternating, best of three
(one with --stretch's 6×7 open and --far's 7×7 open with memory="1GB"): wall and CPU seconds, the
process's peak resident memory (getrusage), the ratios.

--spill --dask together print only issue #32's targets of items 2 and 3, each beside its figure
measured in the same run, on one board (7×7 open, --quick 6×7 open, or --board): the disk tier
(memory=, 1GB or --quick's 100MB, on --threads threads) against the sweep in memory, each in a
fresh process (peak resident memory against 1.5× the bound, wall and CPU time against 1.5×);
the sharded sweep with spill= on a LocalCluster of 1, 2 and 4 worker processes (one worker's CPU
against one process's, the largest peak against one worker's); and the count on two workers
with one killed through the cluster's API mid-count, with spill= and without: the shard rounds
Dask ran (its task stream) against the count without a loss, and the answers.

--patterns prints only the demand patterns' memory (issue #32) of 7×7 open and 8×8 closed, each laid out
in a fresh process by the compiled engine: the process's resident memory after the pattern pass, less
before it, and its peak during the pass.

--live prints only how many of each target board's states ever complete (a minute or two, in
Python): what any pruning rule could save at most.

Then the uniform draw (knight.tour(method="uniform")'s kernels, ``_draw`` and its twin
``_draw_py``): the time to keep the sweep and draw a first tour, and then a draw's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import knight
from knight.count import _draw, _draw_py, _frontier, _frontier_py, _join
from knight.count._plan import KNIGHT_STEPS, question_of
from knight.model._memory import peak_resident_memory


def _once(function) -> tuple[float, object]:
    began = time.perf_counter()
    answer = function()
    return time.perf_counter() - began, answer


def _peak_memory() -> str:
    """The process's peak resident memory so far (where the resource module has it)."""
    peak = peak_resident_memory()
    return "" if peak is None else f"max rss {peak / 1e9:.2f} GB"


def row(label, rows, cols, closed, target="", twin=False, enumerator=False, start=None, memory=False):
    """Print one board's line; every engine that runs must agree on the count."""
    engine = lambda: _frontier.count_stats(rows, cols, None, start, None, closed)  # noqa: E731
    walk = lambda: knight.count((rows, cols), None if start is None else start + 1, closed=closed, method="enumerate")  # noqa: E731
    best_engine = best_walk = float("inf")
    for _ in range(3):
        seconds, (tours, peak, _) = _once(engine)
        best_engine = min(best_engine, seconds)
        if enumerator:
            seconds, answer = _once(walk)
            assert answer == tours, (answer, tours)
            best_walk = min(best_walk, seconds)
        if max(best_engine, best_walk if enumerator else 0) > 1:
            break
    cells = [f"{label:<18}{tours:>26,}  peak {peak:>10,}  frontier {best_engine:9.4f} s"]
    if twin:
        seconds, answer = _once(lambda: _frontier_py.count(rows, cols, None, start, None, closed))
        assert answer == tours
        cells.append(f"twin {seconds:8.3f} s ({seconds / best_engine:4.0f}× slower)")
    if enumerator:
        cells.append(f"enumerate {best_walk:8.3f} s (frontier {best_walk / best_engine:7.1f}× faster)")
    if memory:
        cells.append(_peak_memory())
    if target:
        cells.append(f"target {target}")
    print("  ".join(cells), flush=True)


def join_row(label, rows, cols, closed, target, start=None, plain=True):
    """Print one board's line: the plain sweep and the join, best of a few interleaved rounds."""
    question = question_of(rows, cols, None, start, None, closed, KNIGHT_STEPS)
    best = {"frontier": float("inf"), "join": float("inf")}
    answers = {}
    for _ in range(3):
        for name, function in (
            ("frontier", lambda: _frontier.count(*question)),
            ("join", lambda: _join.count(question, _frontier)),
        ):
            if name == "frontier" and not plain:
                continue
            seconds, answers[name] = _once(function)
            best[name] = min(best[name], seconds)
        if max(value for value in best.values() if value < float("inf")) > 1:
            break
    assert len(set(answers.values())) == 1, answers
    cells = [f"{label:<18}{answers['join']:>26,}"]
    if plain:
        cells.append(
            f"frontier {best['frontier']:9.4f} s  join {best['join']:9.4f} s ({best['frontier'] / best['join']:5.2f}× faster)"
        )
    else:
        cells.append(f"join {best['join']:9.3f} s  {_peak_memory()}")
    cells.append(f"target {target}")
    print("  ".join(cells), flush=True)


def _join_piece(left, right, closed, fixed):
    """One piece of the join on a worker: (tours, the worker's peak resident bytes, what the piece added to it)."""
    import resource

    import psutil

    before = psutil.Process().memory_info().rss
    tours = _frontier.join(left, right, closed, fixed)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return tours, peak, max(0, peak - before)


def dask_table(label, rows, cols, closed):
    """The join of one board on a LocalCluster of 1, 2 and 4 workers: each worker's peak memory."""
    from distributed import Client, LocalCluster

    question = question_of(rows, cols, None, None, None, closed, KNIGHT_STEPS)
    question, parts = _join.cut(question)
    left = _frontier.layer(parts.left, 0, [(b"", 1)], parts.left_steps)
    right_layer = left if parts.right is None else _frontier.layer(parts.right, 0, [(b"", 1)], parts.right_steps)
    right = _join.right_states(parts, right_layer)
    across = _frontier.layer(_join.pruned(parts, left, right), 0, left, len(parts.crossing.steps))
    print(f"Dask join of {label}: {len(across):,} crossing states × {len(right):,} right states", flush=True)
    print(
        f"{'workers':>8}  {'tours':>22}  {'seconds':>8}  {'states a worker (left + right)':>31}  "
        f"{'peak per worker (process)':>26}  {'added by the join':>18}"
    )
    for workers in (1, 2, 4):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            with Client(cluster) as client:
                began = time.perf_counter()
                work = _join.split(across, right, closed, parts.ends, workers)
                futures = [
                    client.submit(_join_piece, mine, theirs, closed, parts.ends, pure=False) for mine, theirs in work
                ]
                found = client.gather(futures)
                seconds = time.perf_counter() - began
        tours = parts.left.factor * sum(tours for tours, _, _ in found)
        held = max(len(mine) + len(theirs) for mine, theirs in work)
        peak = max(peak for _, peak, _ in found)
        added = max(added for _, _, added in found)
        print(
            f"{workers:>8}  {tours:>22,}  {seconds:8.2f}  {held:>31,}  {peak / 1e6:>23.0f} MB  {added / 1e6:>15.0f} MB",
            flush=True,
        )


def _sample_memory(dask_worker, every: float = 0.01) -> int:
    """On a worker: start sampling its resident memory (a thread, every `every` seconds); its RSS now."""
    import threading

    import psutil

    process, state = psutil.Process(), {"peak": 0, "on": True}

    def sample():
        while state["on"]:
            state["peak"] = max(state["peak"], process.memory_info().rss)
            time.sleep(every)

    dask_worker.knight_memory = state
    threading.Thread(target=sample, daemon=True).start()
    return process.memory_info().rss


def _sampled_memory(dask_worker) -> tuple[int, int]:
    """On a worker: stop sampling; (the peak RSS sampled, the process's peak RSS by getrusage)."""
    import resource

    state = dask_worker.knight_memory
    state["on"] = False
    time.sleep(0.05)
    return state["peak"], resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def packed_size(rows, cols, closed, start=None):
    """The widest layer of a sweep as Python (bytes, int) tuples and as packed pieces (tracemalloc)."""
    import tracemalloc

    from knight.count import _packed, _plan

    sweep = _plan.plan(*question_of(rows, cols, None, start, None, closed, KNIGHT_STEPS))
    sizes = [len(states) for _, states, _ in _frontier.each_layer(sweep, 0, [(b"", 1)])]
    tracemalloc.start()
    states = _frontier.layer(sweep, 0, [(b"", 1)], 1 + sizes.index(max(sizes)))
    as_tuples = tracemalloc.get_traced_memory()[0]
    pieces = _packed.pack(states, 1)
    as_pieces = tracemalloc.get_traced_memory()[0] - as_tuples
    tracemalloc.stop()
    return len(states), as_tuples, as_pieces, sum(len(keys) + len(counts) for keys, counts, _ in pieces)


def packed_row(label, rows, cols, closed, start=None):
    states, as_tuples, as_pieces, buffers = packed_size(rows, cols, closed, start)
    print(
        f"{label}'s widest layer: {states:,} states take {as_tuples / 1e6:.1f} MB as (bytes, int) tuples "
        f"({as_tuples / states:.0f} bytes a state), {as_pieces / 1e6:.1f} MB packed ({buffers / states:.0f} bytes a state "
        "in the buffers)",
        flush=True,
    )


def _worker_cpu() -> float:
    """On a worker: its process's CPU seconds so far."""
    return time.process_time()


def _timing_rounds(dask_worker) -> None:
    """On a worker: the sharded sweep's rounds (run_round, run_round_files: the Client sends them by name)
    timed by their thread's CPU time (dask_worker.knight_rounds), apart from the worker's own (its event
    loop, its heartbeats, the memory sampler)."""
    from knight.count import _spread

    dask_worker.knight_rounds = [0.0]

    def timing(run):
        def timed_round(*args):
            began = time.thread_time()
            try:
                return run(*args)
            finally:
                dask_worker.knight_rounds[0] += time.thread_time() - began

        return timed_round

    _spread.run_round = timing(_spread.run_round)
    _spread.run_round_files = timing(_spread.run_round_files)


def _rounds_cpu(dask_worker) -> float:
    return dask_worker.knight_rounds[0]


def sharded_table(label, rows, cols, closed, start=None, counts=(1, 2, 4), spill=False):
    """knight.count(executor=client) of one board on a LocalCluster of 1, 2 and 4 single-threaded workers,
    beside the plain sweep in one fresh process on one thread: the most states one worker held after a
    round, each worker's peak memory (its whole process, sampled every 10 ms and by getrusage; and what
    the count added to the idle worker), the wall time, the workers' CPU time (their processes', and
    their rounds' threads' alone: a worker's event loop and the memory sampler cost CPU in proportion
    to the wall time, which the machine's load stretches); then issue #32's
    targets: one worker's time against one process's (CPU and wall), and the largest peak of 2 and 4
    workers against one worker's. With spill, each count keeps its rounds' pieces as shard files in a
    temporary directory (knight.count(..., spill=)), not as Dask futures."""
    import tempfile

    from distributed import Client, LocalCluster

    from knight.count import _spread

    held: list[list[int]] = []
    runner = _spread._DaskFiles if spill else _spread._Dask
    statistics = runner.statistics

    def recording(self, round_):
        found = statistics(self, round_)
        if found is not None:
            held.append([states for _, states, _, _ in found])
        return found

    question = [rows, cols, None, start, None, closed]
    tours, _, one_cpu, one_wall, one_rss = timed(Path(__file__).resolve().parents[1], question, threads=1)
    print(
        f"Sharded sweep of {label} on Dask{' with spill=' if spill else ''} (load average {os.getloadavg()[0]:.2f}); "
        "one process, one thread: "
        f"{tours:,} tours, {one_cpu:.2f} s CPU, {one_wall:.2f} s wall, peak {one_rss / 1e6:.0f} MB",
        flush=True,
    )
    print(
        f"{'workers':>8}  {'tours':>20}  {'seconds':>8}  {'worker CPU':>10}  {'rounds CPU':>10}  {'states a worker':>16}  {'idle worker':>12}  "
        f"{'peak sampled':>13}  {'peak getrusage':>15}  {'added by the count':>19}  {'load':>5}"
    )
    runner.statistics = recording
    peak_of = {}
    try:
        for workers in counts:
            with LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster:
                with Client(cluster) as client:
                    client.run(lambda: __import__("knight.count._frontier"))  # the kernel loaded before the baseline
                    idle = client.run(_sample_memory)
                    client.run(_timing_rounds)
                    cpu = client.run(_worker_cpu)
                    held.clear()
                    began = time.perf_counter()
                    with tempfile.TemporaryDirectory(prefix="knight-bench-") as scratch:
                        tours = knight.count(
                            (rows, cols),
                            start,
                            closed=closed,
                            method="frontier",
                            executor=client,
                            max_nodes=2**62,
                            spill=scratch if spill else None,
                        )
                    seconds = time.perf_counter() - began
                    cpu = sum(client.run(_worker_cpu).values()) - sum(cpu.values())
                    rounds = sum(client.run(_rounds_cpu).values())
                    peaks = client.run(_sampled_memory)
            most = max(max(round_) for round_ in held)
            sampled = max(peak for peak, _ in peaks.values())
            lifetime = max(peak for _, peak in peaks.values())
            added = max(peaks[worker][0] - idle[worker] for worker in peaks)
            peak_of[workers] = sampled
            print(
                f"{workers:>8}  {tours:>20,}  {seconds:8.2f}  {cpu:10.2f}  {rounds:10.2f}  {most:>16,}  {max(idle.values()) / 1e6:>9.0f} MB  "
                f"{sampled / 1e6:>10.0f} MB  {lifetime / 1e6:>12.0f} MB  {added / 1e6:>16.0f} MB  {os.getloadavg()[0]:5.2f}",
                flush=True,
            )
            if workers == 1:
                print(
                    f"  one worker against one process (target ≤ 1.3×): {rounds / one_cpu:.2f}× CPU in the rounds, "
                    f"{cpu / one_cpu:.2f}× the worker's CPU, {seconds / one_wall:.2f}× wall",
                    flush=True,
                )
            elif 1 in peak_of:
                target = {2: "≤ 0.6×", 4: "≤ 0.35×"}.get(workers, "")
                print(f"  largest peak against one worker's (target {target}): {sampled / peak_of[1]:.2f}×", flush=True)
    finally:
        runner.statistics = statistics
    return peak_of


def _kill_one(cluster) -> None:
    """Kill one worker of a LocalCluster of worker processes through the cluster's API (its nanny's kill)."""
    nanny = next(iter(cluster.workers.values()))
    cluster.sync(nanny.kill)


def lost_worker_row(label, rows, cols, closed, spill: bool, after: int = 10, workers: int = 2) -> None:
    """knight.count(executor=client) on a LocalCluster of `workers` worker processes, counted twice: as it
    is, and with one worker killed (through the cluster's API) half a second into the round after `after`
    rounds are done. The shard rounds Dask ran each time (its task stream), the answers, the time. With
    spill, the rounds' pieces are shard files (a lost worker's round runs again from the last finished
    round's files); without, Dask futures (its lineage)."""
    import tempfile
    import threading

    from distributed import Client, LocalCluster, get_task_stream

    from knight.count import _spread

    runner = _spread._DaskFiles if spill else _spread._Dask
    statistics = runner.statistics
    rows_run, answers, times = [], [], []
    for kill in (False, True):
        rounds = [0]

        def counting(self, round_, kill=kill, rounds=rounds):
            found = statistics(self, round_)
            if found is not None:
                rounds[0] += 1
                if kill and rounds[0] == after:
                    threading.Timer(0.5, _kill_one, (cluster,)).start()
            return found

        runner.statistics = counting
        try:
            with (
                LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
                ) as cluster,
                Client(cluster) as client,
                tempfile.TemporaryDirectory(prefix="knight-bench-") as scratch,
                get_task_stream(client) as stream,
            ):
                began = time.perf_counter()
                answers.append(
                    knight.count(
                        (rows, cols),
                        closed=closed,
                        method="frontier",
                        executor=client,
                        max_nodes=2**62,
                        spill=scratch if spill else None,
                        timeout=3600,
                    )
                )
                times.append(time.perf_counter() - began)
        finally:
            runner.statistics = statistics
        tasks = [task for task in stream.data if "run_round" in str(task["key"])]  # collected as it closed
        failed = sum(task.get("status") != "OK" for task in tasks)  # stale runs of finished tasks (see below)
        rows_run.append((len(tasks) - failed, rounds[0], failed))
    if answers[0] != answers[1]:
        raise SystemExit(f"{label}: {answers[1]:,} with a worker killed, {answers[0]:,} without")
    (plain, plain_rounds, _), (lost, lost_rounds, failed) = rows_run
    if spill:
        how = "spill= (shard files)"
        verdict = "met" if lost - plain <= workers - 1 else "missed"
        target = f"target: the lost round's alone, at most {workers - 1}: {verdict}"
    else:  # no target: a lost piece's inputs were released, so Dask rebuilds them too, back to the start
        how = "Dask futures (lineage)"
        target = "Dask reruns every round the lost pieces came from; the target is the same answer"
    print(
        f"  {label} on {workers} workers, {how}: {answers[1]:,} both times; shard rounds run: {plain} without a "
        f"loss ({plain_rounds} rounds, {times[0]:.1f} s), {lost} with a worker killed in round {after + 1} "
        f"({lost_rounds} rounds, {times[1]:.1f} s): {lost - plain} run again ({target}; load {os.getloadavg()[0]:.2f})"
        + (f"; and {failed} stale run(s) of finished tasks, stopped at once (their files gone)" if failed else ""),
        flush=True,
    )


def issue_targets(rows: int, cols: int, closed: bool, memory: str, threads: int) -> None:
    """Issue #32's targets of items 2 and 3, each beside its measured figure, in one run: the disk tier
    (memory=) against the sweep in memory on the same threads, the sharded sweep on a LocalCluster of 1,
    2 and 4 workers (spill=: the rounds' pieces as shard files), and a worker killed mid-count."""
    label = f"{rows}×{cols} {'closed' if closed else 'open'}"
    bound = _parse_size(memory)
    print(f"Issue #32, items 2 and 3, on {label} (load average {os.getloadavg()[0]:.2f})", flush=True)
    patterns_row(label, rows, cols, closed)
    best: dict = {}
    with __import__("tempfile").TemporaryDirectory(prefix="knight-bench-") as scratch:
        for given in ({}, {"memory": memory, "spill": scratch}):
            tours, cpu, wall, rss = spilled((rows, cols), closed, {**given, "threads": threads})
            best[bool(given)] = (tours, cpu, wall, rss, os.getloadavg()[0])
    (tours, cpu, wall, rss, load), (spilled_tours, spill_cpu, spill_wall, spill_rss, spill_load) = best.values()
    if tours != spilled_tours:
        raise SystemExit(f"{label}: {spilled_tours:,} with memory={memory!r}, {tours:,} in memory")
    print(
        f"item 2, {label} on {threads} thread{'s' if threads > 1 else ''}: in memory {wall:.1f} s wall, {cpu:.1f} s CPU, "
        f"peak {rss / 1e9:.2f} GB (load {load:.2f}); memory={memory!r}: {spill_wall:.1f} s wall, {spill_cpu:.1f} s CPU, "
        f"peak {spill_rss / 1e9:.2f} GB (load {spill_load:.2f})",
        flush=True,
    )
    print(
        f"  peak resident {spill_rss / 1e9:.2f} GB, target ≤ {1.5 * bound / 1e9:.2f} GB (1.5× memory=; 1.5 GB for "
        f"7×7 open at 1GB): {'met' if spill_rss <= 1.5 * bound else 'missed'}",
        flush=True,
    )
    print(
        f"  wall {spill_wall / wall:.2f}× the sweep in memory, target ≤ 1.5×: "
        f"{'met' if spill_wall <= 1.5 * wall else 'missed'} ({spill_cpu / cpu:.2f}× its CPU time)",
        flush=True,
    )
    print("item 3: the sharded sweep on a LocalCluster, spill= (each round's pieces as shard files)", flush=True)
    sharded_table(label, rows, cols, closed, spill=True)
    lost_worker_row(label, rows, cols, closed, spill=True)
    lost_worker_row(label, rows, cols, closed, spill=False)


#: The demand patterns laid out in a fresh process (argv: rows, columns, closed): (resident bytes they
#: hold, peak resident bytes, before the pass; CPU seconds of the pass).
_PATTERNS = """
import json, resource, sys, time
import psutil
from knight.count import _engine, _plan
rows, cols, closed = json.loads(sys.argv[1])
sweep = _plan.plan(*_plan.question_of(rows, cols, None, None, None, closed, _plan.KNIGHT_STEPS))
engine = _engine._Engine(sweep, 1)
engine.load(0, [(b"", 1)])
before, cpu = psutil.Process().memory_info().rss, time.process_time()
engine.run(1)  # the pattern pass, then the first square
cpu, rss = time.process_time() - cpu, psutil.Process().memory_info().rss
print(json.dumps([rss - before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, before, cpu]))
"""


def patterns_row(label, rows, cols, closed) -> None:
    """The demand patterns of a board: what they hold once laid out, the peak while they are, the pass's CPU."""
    command = [sys.executable, "-c", _PATTERNS, json.dumps([rows, cols, closed])]
    held, peak, before, cpu = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    print(
        f"{label}'s demand patterns: {held / 1e6:.0f} MB resident once laid out, peak {peak / 1e6:.0f} MB while they "
        f"are ({before / 1e6:.0f} MB before), {cpu:.1f} s CPU (load {os.getloadavg()[0]:.2f})",
        flush=True,
    )


def _parse_size(text: str) -> int:
    from knight.count._spill import parse_memory

    return parse_memory(text)


#: The issue's speed targets: (label, question as for count_stats, target).
TARGETS = [
    ("6×6 open", (6, 6, None, None, None, False), "< 0.2 s"),
    ("6×6 open from a1", (6, 6, None, 30, None, False), "< 0.2 s"),
    ("6×8 closed", (6, 8, None, None, None, True), "≥ 3× faster than today"),
    ("5×14 closed", (5, 14, None, None, None, True), "≥ 3× faster than today"),
]
FAR_TARGETS = [("7×7 open", (7, 7, None, None, None, False), "< 150 s, < 4 GB")]

#: One count in a fresh process: (tours, peak states, CPU seconds, wall seconds, peak resident bytes).
#: argv: the question, then the threads (none for a checkout from before threads=).
_TIMED = """
import json, resource, sys, time
from knight.count import _frontier
options = {"threads": int(sys.argv[2])} if len(sys.argv) > 2 else {}
cpu, wall = time.process_time(), time.perf_counter()
tours, peak, _ = _frontier.count_stats(*json.loads(sys.argv[1]), **options)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024)
print(json.dumps([str(tours), peak, cpu, wall, rss, _frontier.__file__]))
"""


def timed(checkout: Path, question, threads=None) -> tuple[int, int, float, float, int]:
    """count_stats(*question) in a fresh process on checkout's src (with threads, if given): (tours, peak,
    CPU s, wall s, peak RSS)."""
    env = dict(os.environ, PYTHONPATH=str(checkout / "src"))
    command = [sys.executable, "-c", _TIMED, json.dumps(question)] + ([] if threads is None else [str(threads)])
    answer = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    tours, peak, cpu, wall, rss, where = json.loads(answer.stdout)
    if not where.startswith(str(checkout.resolve())) or where.endswith(".py"):
        raise SystemExit(f"{checkout}: the compiled engine did not load ({where}); build it in place first")
    return int(tours), peak, cpu, wall, rss


_SPILLED = """
import json, resource, sys, time
import knight
size, closed, options = json.loads(sys.argv[1])
options.setdefault("threads", 1)
cpu, wall = time.process_time(), time.perf_counter()
tours = knight.count(tuple(size), closed=closed, method="frontier", max_nodes=2**62, **options)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024)
print(json.dumps([str(tours), cpu, wall, rss]))
"""


def spilled(size, closed: bool, options: dict) -> tuple[int, float, float, int]:
    """knight.count of size with options (memory=, checkpoint=; threads=, default one) in a fresh process:
    (tours, CPU s, wall s, peak RSS)."""
    command = [sys.executable, "-c", _SPILLED, json.dumps([size, closed, options])]
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    tours, cpu, wall, rss = json.loads(answer.stdout)
    return int(tours), cpu, wall, rss


def spill_row(label, size, closed, options: dict, rounds: int = 3) -> None:
    """size counted in memory (today's sweep) and with options (memory=, checkpoint=: a new directory each
    run), alternating, best of rounds: each one's wall and CPU seconds and peak resident memory, the ratios."""
    import tempfile

    best: dict = {}
    with tempfile.TemporaryDirectory(prefix="knight-bench-") as scratch:
        for round_ in range(rounds):
            for name, given in (("in memory", {}), ("with " + ", ".join(options), options)):
                given = {key: f"{scratch}/{round_}" if value == "NEW" else value for key, value in given.items()}
                tours, cpu, wall, rss = spilled(size, closed, given)
                seen = best.setdefault(name, [tours, cpu, wall, rss])
                if seen[0] != tours:
                    raise SystemExit(f"{label}: {name} counted {tours:,}, not {seen[0]:,}")
                seen[1:] = min(seen[1], cpu), min(seen[2], wall), max(seen[3], rss)
    (plain, spill) = best.values()
    shown = ", ".join(f"{key}={value!r}" for key, value in options.items())
    print(
        f"{label:<12} {plain[0]:>18,}  in memory: {plain[2]:8.2f} s wall, {plain[1]:8.2f} s CPU, "
        f"{plain[3] / 1e9:5.2f} GB | {shown}: {spill[2]:8.2f} s wall, {spill[1]:8.2f} s CPU, {spill[3] / 1e9:5.2f} GB"
        f" | {spill[2] / plain[2]:.2f}× wall, {spill[1] / plain[1]:.2f}× CPU (best of {rounds}; load "
        f"{os.getloadavg()[0]:.2f})",
        flush=True,
    )


def check_row(square: int = 24) -> None:
    """The check of a resumed checkpoint's states (_shardfile.check_states, by the kernel's check_piece), compiled
    and twin, on one piece of 6×7 open's layer after square `square`: CPU time a state, best of 3 (the twin once)."""
    from knight.count import _frontier, _frontier_py, _packed, _plan, _shardfile

    sweep = _plan.plan(*_plan.question_of(6, 7, None, None, None, False, _plan.KNIGHT_STEPS))
    parts, *_ = _frontier.shard_round(sweep, 0, square, [_packed.start()], 1)
    (piece,) = [part for part in parts if _packed.size(part)]
    width, states = _packed.width(sweep, square), _packed.size(piece)

    def cpu(check) -> float:
        began = time.process_time()
        check()
        return time.process_time() - began

    compiled = min(cpu(lambda: _shardfile.check_states("bench", piece, width)) for _ in range(3))
    twin = cpu(lambda: _frontier_py.check_piece(*piece, width))
    print(
        f"a checkpoint's states checked on resuming (6×7 open after square {square}, {states:,} states of {width} "
        f"codes): compiled {compiled / states * 1e9:.0f} ns a state, twin {twin / states * 1e9:.0f} ns "
        f"({twin / compiled:.0f}×; load {os.getloadavg()[0]:.2f})",
        flush=True,
    )


def spill_rows(stretch: bool, far: bool) -> None:
    """The disk tier's and checkpoints' targets (#32): each beside the in-memory count of one thread; and the
    check of a resumed checkpoint's states."""
    check_row()
    spill_row("6×8 closed", (6, 8), True, {"checkpoint": "NEW"})
    spill_row("6×8 closed", (6, 8), True, {"memory": "2MB"})
    if stretch:
        spill_row("6×7 open", (6, 7), False, {"memory": "100MB"}, rounds=1)
    if far:
        spill_row("7×7 open", (7, 7), False, {"memory": "1GB"}, rounds=1)


def target_rows(against, far: bool) -> None:
    """Each target board in this checkout by one thread and by all (threads=, one a CPU), and against's
    (one thread: it has no threads=), alternating, best of 3 (1 for the far ones)."""
    from knight.count._sweep import threads_for

    here, most = Path(__file__).resolve().parents[1], threads_for(None)
    runs = [("1", here, 1), (str(most), here, most)] if most > 1 else [("1", here, 1)]
    runs += [("old", against, None)] if against is not None else []
    print(
        f"targets (#21): compiled sweep, fresh process each, best CPU (wall) seconds, peak memory; this checkout by "
        f"1 and {most} threads, today's by one",
        flush=True,
    )
    for label, question, target in TARGETS + (FAR_TARGETS if far else []):
        rounds = 1 if (label, question, target) in FAR_TARGETS else 3
        best: dict = {}
        for _ in range(rounds):
            for name, checkout, threads in runs:
                tours, peak, cpu, wall, rss = timed(checkout, question, threads)
                if name in best:
                    cpu, wall, rss = min(cpu, best[name][2]), min(wall, best[name][3]), max(rss, best[name][4])
                best[name] = (tours, peak, cpu, wall, rss)
        tours, peak = best["1"][:2]
        assert all(found[:2] == (tours, peak) for found in best.values()), (label, best)  # same count, same states
        cells = [f"{label:<18}{tours:>22,}  peak {peak:>11,}"]
        for name, _, threads in runs:
            _, _, cpu, wall, rss = best[name]
            who = "today" if threads is None else f"{threads} thread{'s' if threads > 1 else ''}"
            cells.append(f"{who} {cpu:6.3f} s ({wall:.3f})  {rss / 1e9:4.2f} GB")
        if "old" in best:
            old = best["old"]
            cells.append(f"{old[2] / best['1'][2]:4.2f}× faster (1 thread, CPU)")
            cells.append(f"{old[3] / best[str(most)][3]:4.2f}× ({most} threads, wall)")
        cells.append(f"target {target}")
        print("  ".join(cells), flush=True)


#: Boards for "auto" against each method: (label, size, start, closed, the methods that finish quickly).
AUTO_BOARDS = [
    ("5×5 open", 5, None, False, ("frontier", "join", "enumerate")),
    ("6×6 open", 6, None, False, ("frontier", "join", "enumerate")),
    ("6×6 open from a1", 6, "a1", False, ("frontier", "join", "enumerate")),
    ("6×6 closed", 6, None, True, ("frontier", "join", "enumerate")),
    ("5×6 closed", (5, 6), None, True, ("frontier", "join", "enumerate")),
    ("5×7 open", (5, 7), None, False, ("frontier", "join", "enumerate")),
    ("6×8 closed", (6, 8), None, True, ("frontier", "join")),
    ("5×14 closed", (5, 14), None, True, ("frontier", "join")),
]


def auto_rows() -> None:
    """knight.count's method="auto" beside each method, best CPU seconds of 3 interleaved rounds."""
    print(
        'method="auto" against each method (CPU seconds, best of 3 interleaved): auto / best, target ≤ 1.5', flush=True
    )
    for label, size, start, closed, methods in AUTO_BOARDS:
        best = {name: float("inf") for name in ("auto", *methods)}
        answers = set()
        for _ in range(3):
            for name in best:
                began = time.process_time()
                answers.add(knight.count(size, start, closed=closed, method=name))
                best[name] = min(best[name], time.process_time() - began)
        assert len(answers) == 1, (label, answers)
        fastest = min(best[name] for name in methods)
        times = "  ".join(f"{name} {best[name]:7.3f}" for name in best)
        print(f"{label:<18}{answers.pop():>14,}  {times}  auto/best {best['auto'] / fastest:5.2f}", flush=True)


def draw_row(label, rows, cols, start, closed, twin=False):
    """Print the draw's times: keeping the sweep and a first draw (best of 3), then a draw from the
    kept sweep (the mean of 100)."""
    cells = [f"draw {label:<18}"]
    for module in (_draw, _draw_py) if twin else (_draw,):
        kept = module._KEPT if module is _draw else module._ARROWS  # the kept sweeps, forgotten between rounds
        best = float("inf")
        for seed in range(3):
            kept.clear()
            seconds, _ = _once(lambda: module.sample(rows, cols, None, start, None, closed, rng=random.Random(seed)))
            best = min(best, seconds)
        draws = 100
        seconds, _ = _once(
            lambda: [
                module.sample(rows, cols, None, start, None, closed, rng=random.Random(seed)) for seed in range(draws)
            ]
        )
        name = "compiled" if module is _draw else "twin"
        cells.append(f"{name}: keep and draw {best:8.4f} s, a draw {1000 * seconds / draws:6.2f} ms")
    print("  ".join(cells), flush=True)


def live_row(label, rows, cols, closed, start=None) -> None:
    """How many of the sweep's states ever complete: each layer's (the compiled engine's) marked live
    backwards from the last by the twin's rules (a state is live when a successor is, or completes the
    tour). What any pruning rule could save at most."""
    from knight.count._plan import plan
    from knight.count._states import demanded, successors

    sweep = plan(*question_of(rows, cols, None, start, None, closed, KNIGHT_STEPS))
    layers = [[b""]] + [[state for state, _ in states] for _, states, _ in _frontier.each_layer(sweep, 0, [(b"", 1)])]
    live: set = set()
    states = alive = 0
    for index in range(len(sweep.steps) - 1, -1, -1):
        fits, after = demanded(sweep, index), live
        live = {
            state
            for state in layers[index]
            if any(nxt is None or nxt in after for _, nxt in successors(state, sweep.steps[index], sweep, fits))
        }
        states, alive = states + len(layers[index]), alive + len(live)
    print(
        f"{label:<18}{states:>12,} states swept, {alive:>12,} of them complete ({alive / states:.0%}): "
        f"pruning could make the sweep at most {states / alive:.2f}× faster",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--against", type=Path, help="another knight checkout (built in place) to time in the same rounds"
    )
    for flag in ("--stretch", "--far", "--dask", "--live", "--spill", "--quick", "--patterns"):
        parser.add_argument(flag, action="store_true")
    parser.add_argument("--board", help="with --spill --dask: the board, as 7x7 (open) or 6x8c (closed)")
    parser.add_argument("--memory", help="with --spill --dask: the disk tier's memory= (default 1GB; --quick 100MB)")
    parser.add_argument("--threads", type=int, default=1, help="with --spill --dask: the disk tier's threads=")
    args = parser.parse_args()
    print(f"knight from {knight.__file__} ({knight.IMPLEMENTATION}); load average {os.getloadavg()[0]:.2f}")
    if args.patterns:
        patterns_row("7×7 open", 7, 7, False)
        patterns_row("8×8 closed", 8, 8, True)
        return
    if args.live:
        for label, (rows, cols, _, start, _, closed), _ in TARGETS:
            live_row(label, rows, cols, closed, start)
        return
    if args.spill and args.dask:
        board = args.board or ("6x7" if args.quick else "7x7")
        rows, cols = map(int, board.rstrip("c").split("x"))
        issue_targets(rows, cols, board.endswith("c"), args.memory or ("100MB" if args.quick else "1GB"), args.threads)
        print(f"load average {os.getloadavg()[0]:.2f}")
        return
    if args.spill:
        spill_rows(args.stretch, args.far)
        return
    if args.dask:
        packed_row("6×8 closed", 6, 8, True)
        sharded_table("6×8 closed", 6, 8, True)
        if args.stretch:
            sharded_table("6×7 open", 6, 7, False)
            sharded_table("6×9 closed", 6, 9, True)
        if args.far:
            sharded_table("7×7 open", 7, 7, False)
        dask_table("6×8 closed", 6, 8, True)
        if args.far:
            dask_table("7×7 open", 7, 7, False)
        print(f"load average {os.getloadavg()[0]:.2f}")
        return
    target_rows(args.against, args.far)
    auto_rows()
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
    row("6×6 closed", 6, 6, True, "< 0.05 s", enumerator=True)
    row("6×6 open", 6, 6, False, "< 0.1 s", enumerator=True)
    row("6×6 open from a1", 6, 6, False, "", enumerator=True, start=30)
    row("5×5 open", 5, 5, False, twin=True, enumerator=True)
    row("5×6 closed", 5, 6, True, twin=True, enumerator=True)
    row("3×12 open", 3, 12, False, twin=True, enumerator=True)
    row("4×8 open", 4, 8, False, twin=True, enumerator=True)
    row("6×7 closed", 6, 7, True, "", enumerator=True)
    for n in (10, 20, 30):
        row(f"3×{n} open", 3, n, False, "< 1 s")
        row(f"3×{n} closed", 3, n, True, "< 1 s")
    for n in (10, 20, 30):
        row(f"4×{n} open", 4, n, False, "< 1 s")
    row("5×14 closed", 5, 14, True, "< 30 s")
    row("6×8 closed", 6, 8, True)
    if args.stretch:
        row("6×7 open", 6, 7, False, memory=True)
        row("6×9 closed", 6, 9, True, memory=True)
    if args.stretch or args.far:
        row("7×7 open", 7, 7, False, "< 10 min, 8 GB", memory=True)
    print("meet in the middle (#21): the plain sweep (method='frontier', today's) beside the join", flush=True)
    join_row("6×6 open", 6, 6, False, "< 0.2 s")
    join_row("6×6 open from a1", 6, 6, False, "< 0.2 s", start=30)
    join_row("6×8 closed", 6, 8, True, "3× faster than today")
    join_row("5×14 closed", 5, 14, True, "3× faster than today")
    if args.far:
        join_row("7×7 open", 7, 7, False, "< 150 s, 4 GB", plain=False)
    draw_row("5×5 open from a1", 5, 5, 20, False, twin=True)
    draw_row("5×6 closed", 5, 6, None, True, twin=True)
    draw_row("6×7 closed", 6, 7, None, True)


if __name__ == "__main__":
    main()
