"""A long count on the disk tier, with a log of each square: the 8×8 closed tours (#32, item 5).

    python benchmarks/count_far.py 8 --closed --memory 8GB --checkpoint /work/runs/8x8 [--threads T] [--log FILE]

Counts as ``knight count SIZE --memory M --checkpoint DIR --threads T`` does (the disk tier sweeps
each shard with the kernel's ``shard_round`` on T threads, default 1), resuming from DIR when it holds a finished step, and
appends a line a square to the log (default DIR/log.txt): the square, the states swept at it
(the layer, every shard's added), the wall and CPU seconds since the start of this run, the
process's resident and peak resident memory, and the bytes of shard files in DIR. Run it with
``nohup`` in the background: killed, run again, it goes on from the last finished square.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import knight
from knight.count import _kernels, _plan, _spill
from knight.model._board import Board


class Log:
    """The sweep's check: a line a square to the log (no budget, no deadline)."""

    def __init__(self, path: str, directory: str) -> None:
        self.path, self.directory = path, directory
        self.spent, self.step, self.before = 0, -1, 0
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def __call__(self, step: int, states: int) -> None:
        if step != self.step:
            done = self.spent + states
            self.write(f"square {step} reached: {done - self.before:,} states swept since the last line")
            self.step, self.before = step, done

    def write(self, text: str) -> None:
        resident = int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        disk = sum(entry.stat().st_size for entry in os.scandir(self.directory) if entry.is_file())
        with open(self.path, "a") as log:
            log.write(
                f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}; wall {time.perf_counter() - self.wall:,.0f} s, "
                f"CPU {time.process_time() - self.cpu:,.0f} s, resident {resident / 2**30:.2f} GiB, "
                f"peak {peak / 2**30:.2f} GiB, on disk {disk / 2**30:.2f} GiB\n"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("size", type=int)
    parser.add_argument("--closed", action="store_true")
    parser.add_argument("--memory", default="8GB")
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--log", default=None)
    args = parser.parse_args()
    directory = _spill.directory_of(args.checkpoint, "checkpoint")
    log = Log(args.log or os.path.join(directory, "log.txt"), directory)
    board = Board(args.size)
    question = _plan.question_of(board.rows, board.cols, None, None, None, args.closed, board.steps)
    log.write(
        f"start: knight {knight.__version__} ({knight.IMPLEMENTATION}), {board.name} closed={args.closed}, memory={args.memory}, threads={args.threads}"
    )
    tours = _spill.count(
        question,
        _kernels.frontier,
        log,
        memory=_spill.parse_memory(args.memory),
        checkpoint=directory,
        threads=args.threads,
    )
    log.write(f"done: {tours:,} tours")
    print(tours)


if __name__ == "__main__":
    main()
