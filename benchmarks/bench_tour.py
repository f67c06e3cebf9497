"""Benchmark the search: compiled core against the pure-Python twin, and the judge mode.

    python benchmarks/bench_tour.py

Prints, from one run: the time per 8×8 tour through knight.tour() over all 64 starts for
each implementation and their ratio; the judge mode's time per line on 128,000 lines
(starts 1 to 64, repeated), and, where g++ and the seed documents are at hand, the seed
program's own time on the same input compiled with g++ -O2.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import knight
import knight._impl

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "000_0d790b20bcedfdb9.txt"
JUDGE_LINES = 128_000


def per_tour(module_name: str, repeats: int) -> float:
    """Seconds per knight.tour() call over all 64 starts of 8×8, using one search core."""
    knight._impl.core = importlib.import_module(module_name)
    began = time.perf_counter()
    for _ in range(repeats):
        for start in range(1, 65):
            knight.tour(8, start)
    return (time.perf_counter() - began) / (64 * repeats)


def compare(rounds: int = 7) -> tuple[float, float]:
    """Best time per tour of the compiled core and of the twin, measured in alternation.

    Alternating the two in every round exposes both to the same machine noise, so their
    ratio holds even where absolute times drift between runs.
    """
    compiled = twin = float("inf")
    for _ in range(rounds):
        compiled = min(compiled, per_tour("knight.search._core", 300))
        twin = min(twin, per_tour("knight.search._core_py", 3))
    knight._impl.core = importlib.import_module("knight.search._core")
    return compiled, twin


def timed_run(command: list[str], source: Path) -> float:
    """Seconds a command takes to read source and write its answers to /dev/null."""
    with source.open() as stdin, open(os.devnull, "w") as stdout:
        began = time.perf_counter()
        subprocess.run(command, stdin=stdin, stdout=stdout, check=True)
        return time.perf_counter() - began


def seed_program(workdir: Path) -> list[str] | None:
    """The seed's own judge program compiled with g++ -O2, when it can be."""
    if not SEED.exists() or shutil.which("g++") is None:
        return None
    text = SEED.read_text(encoding="utf-8")
    source = workdir / "seed.cpp"
    code = text[text.index("#include<iostream>") : text.index("原文作者")]
    source.write_text(code[: code.rindex("}") + 1] + "\n")  # what follows is prose
    binary = workdir / "seed"
    built = subprocess.run(["g++", "-O2", "-o", str(binary), str(source)], capture_output=True)
    return [str(binary)] if built.returncode == 0 else None


def main() -> None:
    compiled, twin = compare()
    print("8×8 tour through knight.tour(), mean over all 64 starts (best of 7 rounds, alternating)")
    print(f"  compiled core : {compiled * 1e6:9.2f} µs")
    print(f"  pure Python   : {twin * 1e6:9.2f} µs")
    print(f"  ratio         : {twin / compiled:9.1f}×")

    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        source = workdir / "starts.txt"
        source.write_text("".join(f"{index % 64 + 1}\n" for index in range(JUDGE_LINES)) + "-1\n")
        ours = timed_run([sys.executable, "-m", "knight", "judge"], source)
        print(f"judge mode, {JUDGE_LINES:,} lines (one process, start-up included)")
        print(f"  knight judge  : {ours:7.3f} s = {ours / JUDGE_LINES * 1e6:6.2f} µs a line")
        seed = seed_program(workdir)
        if seed is None:
            print("  seed program  : not measured (needs g++ and ../shared/seeds)")
        else:
            theirs = timed_run(seed, source)
            print(f"  seed, g++ -O2 : {theirs:7.3f} s = {theirs / JUDGE_LINES * 1e6:6.2f} µs a line")
            print(f"  ratio         : {theirs / ours:7.1f}× (seed time / knight time)")


if __name__ == "__main__":
    main()
