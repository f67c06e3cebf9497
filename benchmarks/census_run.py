"""Run pieces of the 8×8 magic census here, in a fixed random order, resumable (issue #33).

    python benchmarks/census_run.py DIR [--seed 2028] [--max-nodes N] [--hours H]

The census is ``knight.count_magic(8, depth=3)``: 13,252 pieces (a start, an end and the first
three moves). This runs them one at a time, in an order drawn at random by --seed, each through
``knight.count_magic(8, depth=3, pieces=[i], results=DIR)``, so each finished piece is the
library's own result file in DIR and a run killed, or stopped by --hours (the piece it was
running given up), starts again where it stopped; --hours 0 only reports the pieces done. A piece that needs more than --max-nodes nodes is listed in DIR/capped.json and skipped
by later runs (run it again with a larger cap to finish it).

Since the order is uniform, the pieces done so far are a random sample of the census: the script
prints the tours and classes found, and the census's cost estimated from them (the pieces times the
mean CPU seconds and nodes a piece; a lower bound while a piece is capped), the same quantity
Knuth's probes estimate in ``bench_magic.py --only census``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

import knight

CAPPED = "capped.json"


def _capped(folder: str) -> dict[str, int]:
    """The pieces (by index, as text) found to need more than a cap, and that cap."""
    try:
        with open(os.path.join(folder, CAPPED), encoding="utf-8") as file:
            listed = json.load(file)
    except FileNotFoundError:
        return {}
    if not isinstance(listed, dict) or not all(isinstance(v, int) for v in listed.values()):
        raise SystemExit(f"{os.path.join(folder, CAPPED)} is not a map of piece indices to node caps")
    return listed


def _write_capped(folder: str, capped: dict[str, int]) -> None:
    part = os.path.join(folder, CAPPED + ".part")
    with open(part, "w", encoding="utf-8") as file:
        json.dump(capped, file, indent=1, sort_keys=True)
    os.replace(part, os.path.join(folder, CAPPED))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", metavar="DIR")
    parser.add_argument("--seed", type=int, default=2028, help="the order's random seed (default 2028)")
    parser.add_argument("--max-nodes", type=int, default=2 * 10**10, help="a piece's node cap (default 2e10)")
    parser.add_argument("--hours", type=float, default=1.0, help="stop after this long (default 1; 0: report only)")
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    total = knight.count_magic(8, depth=3, pieces=[]).pieces
    order = list(range(total))
    random.Random(args.seed).shuffle(order)
    capped = _capped(args.folder)
    stop_at = time.monotonic() + args.hours * 3600
    done: list[int] = []
    cpu: list[float] = []
    nodes: list[int] = []
    for index in order:  # the pieces done so far are read back (a prefix of the order, less the capped)
        if str(index) in capped and capped[str(index)] >= args.max_nodes:
            continue
        left = max(stop_at - time.monotonic(), 1e-3)
        try:
            piece = knight.count_magic(
                8, depth=3, pieces=[index], results=args.folder, max_nodes=args.max_nodes, timeout=left
            )
        except knight.SearchLimitError:
            if time.monotonic() >= stop_at:
                break  # out of time: this piece is the next run's first
            capped[str(index)] = args.max_nodes
            _write_capped(args.folder, capped)
            print(f"piece {index}: over {args.max_nodes:,} nodes, capped", flush=True)
            continue
        done.append(index)
        cpu.append(piece.cpu_seconds)
        nodes.append(piece.nodes)
        if piece.cpu_seconds > 0.5 or piece.tours:
            print(
                f"piece {index}: {piece.nodes:,} nodes, {piece.cpu_seconds:.1f} CPU s, {piece.tours} tours", flush=True
            )
    whole = knight.count_magic(8, depth=3, pieces=done, results=args.folder)
    print(
        f"{len(done):,} pieces of {total:,} done ({len(capped)} capped): {whole.tours:,} tours weighed by their "
        f"orbits ({whole.closed_tours:,} closed), {whole.classes} classes ({whole.closed_classes} closed), "
        f"{whole.nodes:,} nodes, {whole.cpu_seconds:,.0f} CPU s",
        flush=True,
    )
    if len(done) > 1:
        mean, error = statistics.mean(cpu), statistics.stdev(cpu) / len(cpu) ** 0.5
        bound = f" (a lower bound: {len(capped)} pieces capped)" if capped else ""
        print(
            f"the census from this uniform sample: {total * statistics.mean(nodes):.3g} nodes, "
            f"{total * mean / 3600:,.0f} ± {total * error / 3600:,.0f} CPU hours{bound} (load {os.getloadavg()[0]:.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
