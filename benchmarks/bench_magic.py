"""Benchmark magic knight's tours: the issue's targets (#33), from one run.

    python benchmarks/bench_magic.py [--seeds 10] [--nodes N] [--large-seeds 10] [--large-nodes N]
                                     [--sample 24] [--piece-nodes N] [--data FILE] [--probes 100000]
                                     [--rate-pieces 6] [--rate-nodes N] [--only PART]

Prints, with the load average beside each figure (CPU seconds of this process, so that
other processes on the machine slow the figures less than wall time would):

* 8×8 semimagic, the first tour: the median over --seeds seeds of knight.magic(8, seed=s)
  (target at most 1 s), each seed given --nodes search nodes; closed, over as many seeds
  (target at most 10 s);
* 12×12 and 16×16 semimagic: the quarte loop's nodes a CPU second, compiled and twin, and
  the median over --large-seeds seeds of knight.magic(n, seed=s), each given --large-nodes
  nodes of the quarte construction (target at most 60 s), and how many of the tours found are
  diagonally magic too;
* the census estimate: a sample of --sample pieces of the 8×8 count (a start of each class,
  an end, the first three moves), drawn at random across the whole plan, each run to the end
  of its tree or to --piece-nodes nodes; the mean CPU seconds a piece times the number of
  pieces, in CPU hours (target at most 50, half of Denef's 0.7 days on 6 cores); the pieces
  run and what they found are written to --data (JSON) when given;
* the census by Knuth's estimator (1975): --probes random root-to-leaf probes of the magic
  kernel's tree (a piece of the plan drawn uniformly, then one random candidate a frame, through
  the same pruning as the count's), the tree's nodes estimated as the pieces times the mean of
  the probes' sums of products of frame sizes, with its standard error, per start class too; in
  CPU hours at the nodes a CPU second measured in the same run on --rate-pieces pieces of the
  count, each run to --rate-nodes nodes or the end of its tree;
* Beverley's 1848 tour with its first 20 moves given, completed on both cores: every
  completion listed (target: Beverley's tour, and the time of each core).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

import knight
import knight.search._kernels as search_kernels
from knight import _magic
from knight.search import _magic as compiled  # noqa: F401  (the compiled kernel must be built)
from knight.search import _magic_py as twin
from knight.search import magic_search

#: Beverley's tour of 1848 (rows top to bottom, numbers along the tour), from its one home.
with open(
    os.path.join(os.path.dirname(__file__), "..", "docs", "data", "beverley_1848.json"), encoding="utf-8"
) as _file:
    BEVERLEY = json.load(_file)["rows"]

#: Denef's program: all 140 classes in 0.7 days on a 6-core Ryzen 5 1600X, in CPU hours.
DENEF_CPU_HOURS = 0.7 * 24 * 6

#: Tours found so far that are diagonally magic too.
DIAGONAL = 0


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def first_tour(size, seed: int, nodes: int, closed: bool = False) -> tuple[float | None, float]:
    """(CPU seconds to the first tour or None past the node budget, CPU seconds spent)."""
    global DIAGONAL
    began = time.process_time()
    try:
        tour = knight.magic(size, seed=seed, closed=closed, max_nodes=nodes)
    except knight.SearchLimitError:
        return None, time.process_time() - began
    DIAGONAL += tour.magic_kind == "diagonal"
    spent = time.process_time() - began
    if not tour.is_magic or closed and not tour.is_closed:
        raise SystemExit(f"knight.magic({size}, seed={seed}) returned a tour that is not what was asked: {tour.line()}")
    return spent, spent


def report_first(label: str, size, seeds: int, nodes: int, target: float, closed: bool = False) -> None:
    times = []
    global DIAGONAL
    DIAGONAL = 0
    for seed in range(seeds):
        found, spent = first_tour(size, seed, nodes, closed)
        times.append(found if found is not None else float("inf"))
        print(
            f"  {label} seed {seed}: {'found in %.2f' % found if found is not None else 'none within %.0f' % spent} CPU s ({load()})",
            flush=True,
        )
    median = statistics.median(times)
    shown = f"{median:.2f} s" if median != float("inf") else f"over {nodes:,} nodes (most seeds found none)"
    verdict = "met" if median <= target else "NOT met"
    found = sum(t != float("inf") for t in times)
    print(
        f"{label}: median {shown} over {seeds} seeds ({found} found, {DIAGONAL} of them diagonally magic), "
        f"target {target:g} s: {verdict} ({load()})",
        flush=True,
    )


def quarte_rates(nodes: int = 20_000, repeats: int = 3) -> None:
    """The quarte loop's nodes a CPU second, compiled and twin, interleaved, best of repeats."""
    from knight.search import _quartes, _quartes_core, _quartes_core_py

    for k in (3, 4):
        best = {}
        for _ in range(repeats):
            for module in (_quartes_core, _quartes_core_py):
                search_kernels.quartes_core = module
                began = time.process_time()
                walked = _quartes.quarte_tour(k, 1, nodes).nodes
                spent = time.process_time() - began
                best[module] = min(best.get(module, spent), spent)
        search_kernels.quartes_core = _quartes_core
        fast, slow = walked / best[_quartes_core], walked / best[_quartes_core_py]
        print(
            f"quarte loop {4 * k}×{4 * k}, {walked:,} nodes: compiled {fast:,.0f} nodes a CPU s, twin {slow:,.0f}: "
            f"{fast / slow:.0f}× ({load()})",
            flush=True,
        )


def census_estimate(sample: int, piece_nodes: int, data: str | None) -> None:
    ask = _magic._Magic(8, None, False, False, False, None, None, "count_magic")
    plan = _magic._plan(ask, 3)
    rng = random.Random(2026)
    chosen = sorted(rng.sample(range(len(plan)), sample))
    lines = ask.lines()
    records, seconds, capped = [], [], 0
    for index in chosen:
        path, end, weight = plan[index]
        result = _magic._piece_job(8, 8, path, [end], lines, {}, piece_nodes, float("inf"), 2**31)
        done = result["status"] != twin.LIMIT
        capped += not done
        seconds.append(result["cpu_seconds"])
        squares = [ask.board.square_name(cell + 1) for cell in path]
        records.append(
            {
                "index": index,
                "piece": squares,
                "end": ask.board.square_name(end + 1),
                "weight": weight,
                "finished": done,
                "tours": result["count"],
                "nodes": result["nodes"],
                "cpu_seconds": result["cpu_seconds"],
                "found": [[cell + 1 for cell in tour] for tour in result["tours"]],
            }
        )
        print(
            f"  piece {index} {'-'.join(squares)} to {records[-1]['end']}: {result['nodes']:,} nodes, "
            f"{result['cpu_seconds']:.1f} CPU s, {'done' if done else 'CAPPED'}, {result['count']} tours ({load()})",
            flush=True,
        )
    mean = statistics.mean(seconds)
    spread = statistics.stdev(seconds) / len(seconds) ** 0.5 if len(seconds) > 1 else 0.0
    hours = mean * len(plan) / 3600
    error = spread * len(plan) / 3600
    bound = " (a lower bound: %d pieces hit the node cap)" % capped if capped else ""
    verdict = "met" if hours + error <= 50 else "NOT met" if hours - error > 50 else "undecided"
    print(
        f"census estimate: {len(plan):,} pieces × {mean:.2f} CPU s = {hours:,.0f} ± {error:,.0f} CPU hours{bound}, "
        f"Denef {DENEF_CPU_HOURS:.0f}, target 50: {verdict} ({load()})",
        flush=True,
    )
    if data:
        _save(
            data,
            {
                "what": "a random sample of the pieces of knight.count_magic(8, depth=3)",
                "pieces": len(plan),
                "node_cap": piece_nodes,
                "estimate_cpu_hours": round(hours, 1),
                "standard_error_cpu_hours": round(error, 1),
                "sample": records,
            },
        )


def _save(data: str, record: dict[str, object]) -> None:
    """The census figures written to the JSON file data, with the machine's load."""
    with open(data, "w", encoding="utf-8") as file:
        json.dump({**record, "load": os.getloadavg()[0]}, file, indent=1)


def census_probes(probes: int, rate_pieces: int, rate_nodes: int, data: str | None) -> None:
    """The census's nodes by Knuth's estimator, and its CPU hours at the rate measured here."""
    ask = _magic._Magic(8, None, False, False, False, None, None, "count_magic")
    plan = _magic._plan(ask, 3)
    lines = ask.lines()
    rng = random.Random(1975)
    began = time.process_time()
    estimates, by_start = [], {}
    for _ in range(probes):
        path, end, _ = plan[rng.randrange(len(plan))]
        found = magic_search(8, 8, path, [end], lines=lines, probe=rng.getrandbits(63))
        estimates.append(len(plan) * found.estimate)
        by_start.setdefault(path[0], []).append(len(plan) * found.estimate)
    probing = time.process_time() - began
    mean = statistics.mean(estimates)
    error = statistics.stdev(estimates) / len(estimates) ** 0.5
    nodes = spent = 0.0
    for index in rng.sample(range(len(plan)), rate_pieces):  # the rate: whole pieces, as count_magic runs them
        path, end, _ = plan[index]
        result = _magic._piece_job(8, 8, path, [end], lines, {}, rate_nodes, float("inf"), 2**31)
        nodes += result["nodes"]
        spent += result["cpu_seconds"]
    rate = nodes / spent
    hours, hours_error = mean / rate / 3600, error / rate / 3600
    verdict = "met" if hours + 2 * hours_error <= 50 else "NOT met" if hours - 2 * hours_error > 50 else "undecided"
    print(
        f"  {probes:,} probes in {probing:.1f} CPU s; rate {rate:,.0f} nodes a CPU s over {nodes:,.0f} nodes ({load()})"
    )
    for start, values in sorted(by_start.items()):
        share = sum(values) / len(estimates)
        print(
            f"  start {ask.board.square_name(start + 1)}: {len(values):,} probes, {share:.3g} nodes, {share / rate / 3600:,.1f} CPU h"
        )
    print(
        f"census by Knuth's estimator: {mean:.3g} ± {error:.2g} nodes = {hours:,.0f} ± {hours_error:,.0f} CPU hours, "
        f"Denef {DENEF_CPU_HOURS:.0f}, target 50: {verdict} ({load()})",
        flush=True,
    )
    if data:
        _save(
            data,
            {
                "what": "Knuth's estimate of the nodes of knight.count_magic(8, depth=3)'s trees",
                "generator": "random.Random(1975): a piece drawn uniformly, then its probe's seed",
                "pieces": len(plan),
                "probes": probes,
                "nodes": mean,
                "standard_error_nodes": error,
                "nodes_per_cpu_second": rate,
                "cpu_hours": hours,
                "standard_error_cpu_hours": hours_error,
                "by_start": {
                    ask.board.square_name(start + 1): {"probes": len(values), "nodes": sum(values) / len(estimates)}
                    for start, values in sorted(by_start.items())
                },
            },
        )


def completions(givens: int) -> None:
    cols = 8
    place = {n: r * cols + c + 1 for r, row in enumerate(BEVERLEY) for c, n in enumerate(row)}
    beverley = [place[n] for n in range(1, 65)]
    board = knight.Board(8, givens={place[n]: n for n in range(1, givens + 1)})
    for name, module in (("compiled", compiled), ("twin", twin)):
        search_kernels.magic = module
        began = time.process_time()
        found = [list(tour) for tour in knight.magic_tours(board)]
        spent = time.process_time() - began
        verdict = "met" if found == [beverley] else "NOT met"
        print(
            f"Beverley with moves 1..{givens} given, {name}: {len(found)} completion(s), "
            f"{'Beverley' if beverley in found else 'not Beverley'}, {spent:.2f} CPU s: {verdict} ({load()})",
            flush=True,
        )
    search_kernels.magic = compiled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=300_000_000, help="search nodes a seed may take")
    parser.add_argument("--large-seeds", type=int, default=10, help="seeds of the 12×12 and 16×16 runs")
    parser.add_argument(
        "--large-nodes", type=int, default=400_000_000, help="quarte nodes a 12×12 or 16×16 seed may take"
    )
    parser.add_argument("--sample", type=int, default=24)
    parser.add_argument("--piece-nodes", type=int, default=2_000_000_000)
    parser.add_argument("--data", default=None)
    parser.add_argument("--probes", type=int, default=100_000, help="Knuth's probes of the census's trees")
    parser.add_argument("--rate-pieces", type=int, default=6, help="census pieces run for the nodes a CPU second")
    parser.add_argument("--rate-nodes", type=int, default=20_000_000, help="nodes each of those pieces may take")
    parser.add_argument("--no-sample", action="store_true", help="the census by the probes only (no capped pieces)")
    parser.add_argument("--only", choices=("first", "closed", "large", "census", "completion"), default=None)
    args = parser.parse_args()
    print(f"knight {knight.__version__}, {knight.IMPLEMENTATION} ({load()})", flush=True)
    if args.only in (None, "completion"):
        completions(20)
    if args.only in (None, "first"):
        report_first("8×8 semimagic, first tour", 8, args.seeds, args.nodes, 1.0)
    if args.only in (None, "closed"):
        report_first("8×8 closed semimagic, first tour", 8, args.seeds, args.nodes, 10.0, closed=True)
    if args.only in (None, "large"):
        quarte_rates()
        report_first("12×12 semimagic", 12, args.large_seeds, args.large_nodes, 60.0)
        report_first("16×16 semimagic", 16, args.large_seeds, args.large_nodes, 60.0)
    if args.only in (None, "census"):
        census_probes(args.probes, args.rate_pieces, args.rate_nodes, args.data)
        if not args.no_sample:
            census_estimate(args.sample, args.piece_nodes, args.data)


if __name__ == "__main__":
    main()
