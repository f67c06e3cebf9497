"""Benchmark knight.tour() on 8×8 against a plain C solver and an idiomatic pure-Python one.

    python benchmarks/bench_tour.py [--against OLD_CHECKOUT | --layers | --instructions | --judge-only]

Prints, from one run, the time per tour through knight.tour(8, start=s), averaged over all
64 starts, for: the compiled core; its pure-Python twin; a plain C Warnsdorff solver with
backtracking (warnsdorff_ref.c, compiled here with cc -O3 -march=native and called through ctypes, one
call for all the tours so that no call overhead counts against it); and an idiomatic
pure-Python one (warnsdorff_ref.py). Both references break ties as knight does, and the
benchmark checks that all four give the same 64 tours. Then the ratios: knight against
C (target at most 1.3×), the Python reference against knight (target at least 50×) and
the Python reference against the twin (target at least 1×). Rounds alternate between the
solvers and each keeps its best round, so all see the same machine noise; the rounds are
short (a few milliseconds each, ROUNDS of them), so that on a loaded machine each solver has
rounds no other process disturbed. The tours are timed by the calling thread's CPU time and the judge runs by their processes' CPU time, which
the machine's other load does not inflate as it does wall time. With --against
DIR, another checkout's knight.tour (DIR/src, built) is timed in the same rounds, in a
subprocess. Last, the judge mode's time per line on 64,000 lines, and the seed program's
own where g++ and the seed documents are at hand (target: knight at most 0.25× its time).
Each target is printed beside its reference, measured in the same run. --layers prints
instead where one call's time goes: the search in the kernel, the Tour, tour()'s own checks.
--instructions counts with valgrind the instructions of one knight.tour(8, start=s) and of
one kt.c tour (over all 64 starts, each from two runs of different lengths, so that start-up
cancels out): a count that other load leaves alone, the ratio to trust on a busy machine.

The issue's references (#34) are the peers in ../shared/peers (PEERS; see its README):
kt.c, a plain C Warnsdorff solver with backtracking, compiled here with cc -O3 -march=native
as a library whose main() is called through ctypes for each start (its own loop of
REPEATS["kt.c"] tours, timed by this thread's CPU time, its output sent to /dev/null), and
ref_pure.py, a tight pure-Python one, whose functions are read from the file and timed
here (its own timing lines are left out). Their search trees differ from knight's (ties
broken by their move tables); any valid tour counts. The targets: knight at most 1.3×
kt.c and ref_pure.py at least 50× knight.
"""

from __future__ import annotations

import argparse
import ast
import ctypes
import importlib
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import warnsdorff_ref

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels

HERE = Path(__file__).resolve().parent
#: ../shared/peers beside the checkout (or beside a parent folder of worktrees)
PEERS = next((up / "shared" / "peers" for up in HERE.parents if (up / "shared" / "peers").is_dir()), HERE / "peers")
SEED = HERE.parents[1] / "shared" / "seeds" / "000_0d790b20bcedfdb9.txt"
JUDGE_LINES = 64_000
JUDGE_ROUNDS = 5
ROUNDS = 40
#: Each solver's work a round, a few milliseconds: passes over the 64 starts (kt.c: tours a
#: start in its own loop, after one more and its set-up, which so count for 1/200th each).
REPEATS = {"knight": 50, "kt.c": 200, "ref_pure.py": 1, "C": 50, "twin": 1, "Python": 1, "other": 50}

#: The tours are timed by the calling thread's CPU time: the machine is shared, and another
#: process's load (which wall time would count) then inflates neither side of a ratio.
clock = time.thread_time
C_FLAGS = ("-O3", "-march=native")  # the reference: the C solver at the machine's best
STARTS = range(1, 65)

#: Run in another checkout: its knight.tour's time per 8×8 tour, in seconds, on stdout.
_OTHER_CHECKOUT = """
import sys, time, knight
for start in range(1, 65):
    knight.tour(8, start=start)
began = time.thread_time()
for _ in range({repeats}):
    for start in range(1, 65):
        knight.tour(8, start=start)
print((time.thread_time() - began) / (64 * {repeats}))
"""


def c_reference(workdir: Path):
    """The C reference solver as a ctypes library, or None without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return None
    library = workdir / "warnsdorff_ref.so"
    built = subprocess.run(
        [compiler, *C_FLAGS, "-shared", "-fPIC", "-o", str(library), str(HERE / "warnsdorff_ref.c")],
        capture_output=True,
    )
    if built.returncode != 0:
        return None
    solver = ctypes.CDLL(str(library))
    solver.every_start.restype = ctypes.c_long
    return solver


def peer_c(workdir: Path):
    """kt.c (PEERS) as a ctypes library whose main() is kt_main, or None without it or a compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    source = PEERS / "kt.c"
    if compiler is None or not source.exists():
        return None
    library = workdir / "kt.so"
    command = [compiler, *C_FLAGS, "-shared", "-fPIC", "-Dmain=kt_main", "-o", str(library), str(source)]
    if subprocess.run(command, capture_output=True).returncode != 0:
        return None
    peer = ctypes.CDLL(str(library))
    peer.kt_main.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    return peer


def per_tour_peer_c(peer, repeats: int) -> float:
    """Seconds per tour of kt.c over all 64 starts: `kt solve 8 START 1 repeats` a start (its
    own loop, and one tour before it), by this thread's CPU time, its output to /dev/null."""
    libc = ctypes.CDLL(None)
    sys.stdout.flush()
    saved, null = os.dup(1), os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    try:
        seconds = 0.0
        for start in range(64):
            words = [b"kt", b"solve", b"8", str(start).encode(), b"1", str(repeats).encode()]
            argv = (ctypes.c_char_p * len(words))(*words)
            began = clock()
            status = peer.kt_main(len(words), argv)
            seconds += clock() - began
            if status != 0:
                raise AssertionError(f"kt.c found no tour from {start}")
        libc.fflush(None)
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(null)
    return seconds / (64 * (repeats + 1))


def peer_python():
    """ref_pure.py's build and solve (PEERS), read from the file without its timing lines; None without it."""
    source = PEERS / "ref_pure.py"
    if not source.exists():
        return None
    tree = ast.parse(source.read_text(encoding="utf-8"))
    tree.body = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef))]
    functions: dict = {}
    exec(compile(tree, str(source), "exec"), functions)  # the peer's own definitions, nothing else
    neighbours = functions["build"](8, 8)
    for start in range(64):
        path = functions["solve"](neighbours, start)
        assert path is not None and knight.is_tour([square + 1 for square in path], 8), start
    return functions["solve"], neighbours


def per_tour_peer_python(peer, repeats: int) -> float:
    solve, neighbours = peer
    began = clock()
    for _ in range(repeats):
        for start in range(64):
            solve(neighbours, start)
    return (clock() - began) / (64 * repeats)


def c_tour(solver, start: int) -> list[int]:
    out = (ctypes.c_int * 64)()
    if not solver.tour(8, start, out):
        raise AssertionError(f"the C reference found no tour from {start}")
    return list(out)


def per_tour_with(module_name: str, repeats: int) -> float:
    """Seconds per knight.tour(8, start=s) call over all 64 starts, using one search core."""
    knight.search._kernels.core = importlib.import_module(module_name)
    try:
        began = clock()
        for _ in range(repeats):
            for start in STARTS:
                knight.tour(8, start=start)
        return (clock() - began) / (64 * repeats)
    finally:
        knight.search._kernels.core = importlib.import_module("knight.search._core")


def per_tour_python(repeats: int) -> float:
    began = clock()
    for _ in range(repeats):
        for start in STARTS:
            warnsdorff_ref.warnsdorff_tour(8, start)
    return (clock() - began) / (64 * repeats)


def per_tour_c(solver, repeats: int) -> float:
    began = clock()
    found = solver.every_start(8, repeats)
    seconds = clock() - began
    assert found == 64 * repeats
    return seconds / (64 * repeats)


def per_tour_other(checkout: Path, repeats: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(checkout / "src"))
    script = _OTHER_CHECKOUT.format(repeats=repeats)
    answer = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    return float(answer.stdout)


def check_same_tours(solver) -> None:
    """All four solvers give the same tour from every start."""
    for start in STARTS:
        ours = list(knight.tour(8, start=start))
        assert ours == warnsdorff_ref.warnsdorff_tour(8, start), start
        assert solver is None or ours == c_tour(solver, start), start
        knight.search._kernels.core = importlib.import_module("knight.search._core_py")
        try:
            assert list(knight.tour(8, start=start)) == ours, start
        finally:
            knight.search._kernels.core = importlib.import_module("knight.search._core")


#: A command's environment as a user's shell gives it: buffered output, and bytecode written
#: once and read after (a session may set these two, which slow every Python start-up).
USER_ENV = {
    key: value for key, value in os.environ.items() if key not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")
}


def timed_run(command: list[str], source: Path) -> float:
    """CPU seconds (user and system, start-up included) a command takes to read source and
    write its answers to /dev/null."""
    with source.open() as stdin, open(os.devnull, "w") as stdout:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdin=stdin, stdout=stdout, check=True, env=USER_ENV)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


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


def layers() -> None:
    """Where the time of knight.tour(8, start=s) goes: the kernel, the Tour, tour()'s own checks."""
    import timeit

    board = knight.tour(8).board
    squares = knight.search._kernels.core.quick_tour(8, 1)
    names = {"knight": knight, "core": knight.search._kernels.core, "storage": knight.model._kernels.storage}
    names.update(Tour=type(knight.tour(8)), board=board, squares=squares)

    layers = {  # a statement, its calls a round (a few milliseconds), and its calls of knight.tour's part
        "whole": timeit.Timer("for s in range(1, 65): knight.tour(8, start=s)", timer=clock, globals=names),
        "kernel": timeit.Timer("for s in range(1, 65): core.quick_tour(8, s)", timer=clock, globals=names),
        "wrap": timeit.Timer("storage.adopt(Tour, squares, board)", timer=clock, globals=names),
    }
    number, parts = {"whole": 50, "kernel": 50, "wrap": 3200}, {"whole": 64, "kernel": 64, "wrap": 1}
    best = dict.fromkeys(layers, float("inf"))
    for _ in range(ROUNDS):  # alternating, as main()'s rounds
        for name, timer in layers.items():
            best[name] = min(best[name], timer.timeit(number[name]) / (number[name] * parts[name]) * 1e9)
    whole, kernel, wrap = best["whole"], best["kernel"], best["wrap"]
    print(f"knight.tour(8, start=s), ns a call by the thread's CPU time (best of {ROUNDS} alternating rounds)")
    print(f"  the whole call               : {whole:6.0f}")
    for name, part in (("the search (core.quick_tour)", kernel), ("the Tour (storage.adopt)", wrap)):
        print(f"  {name:<29}: {part:6.0f}   ({part / whole:4.0%})")
    # the parts are timed as Python calls, which the door makes in C: the rest may be below 0
    print(f"  the rest (the door's own work): {whole - kernel - wrap:5.0f}   ({(whole - kernel - wrap) / whole:4.0%})")


#: Run under valgrind: passes (argv[1]) of knight.tour(8, start=s) over the 64 starts.
_COUNTED_KNIGHT = """
import sys, knight
def passes(count, tour=knight.tour):  # in a function, as a program calls it: no global names
    for _ in range(count):
        for start in range(1, 65):
            tour(8, start=start)
passes(int(sys.argv[1]))
"""
#: Run under valgrind: kt.c (its library argv[1]) from each of the 64 starts, argv[2] tours
#: a start in its own loop after one more.
_COUNTED_KT = """
import ctypes, os, sys
peer = ctypes.CDLL(sys.argv[1])
peer.kt_main.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
for start in range(64):
    words = [b"kt", b"solve", b"8", str(start).encode(), b"1", sys.argv[2].encode()]
    assert peer.kt_main(len(words), (ctypes.c_char_p * len(words))(*words)) == 0
"""


def counted(script: str, *args: str) -> int:
    """The instructions valgrind counts in a fresh interpreter running script with args (hash
    seed fixed, so that two runs' start-ups are the same)."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    run = subprocess.run(
        [*command, sys.executable, "-c", script, *args],
        env=dict(USER_ENV, PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"I\s+refs:\s+([\d,]+)", run.stderr).group(1).replace(",", ""))


def instructions() -> None:
    """Instructions a knight.tour(8, start=s) and a kt.c tour, each over all 64 starts, from two
    runs of different lengths (their difference: the calls alone, no start-up)."""
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind")
        return
    passes, tours = 20, 100
    ours = (counted(_COUNTED_KNIGHT, str(10 + passes)) - counted(_COUNTED_KNIGHT, "10")) / (64 * passes)
    print(f"instructions a tour, over all 64 starts (valgrind; knight.IMPLEMENTATION = {knight.IMPLEMENTATION!r})")
    print(f"  knight.tour, compiled       : {ours:9,.0f}")
    with tempfile.TemporaryDirectory() as tmp:
        if peer_c(Path(tmp)) is None:
            print("  peer kt.c                   : not counted (needs ../shared/peers and a C compiler)")
            return
        library = str(Path(tmp) / "kt.so")
        theirs = (counted(_COUNTED_KT, library, str(tours)) - counted(_COUNTED_KT, library, "0")) / (64 * tours)
    print(f"  peer kt.c, -O3 -march=native: {theirs:9,.0f}")
    print(f"  knight / kt.c               : {ours / theirs:9.2f}×   (target at most 1.3×, #34)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another knight checkout (built) to time in the same rounds")
    parser.add_argument("--layers", action="store_true", help="where the time of one 8×8 call goes, layer by layer")
    parser.add_argument(
        "--instructions", action="store_true", help="count one call's instructions against kt.c's (valgrind)"
    )
    parser.add_argument("--judge-only", action="store_true", help="time only the judge mode against the seed's program")
    args = parser.parse_args()
    if args.layers:
        layers()
        return
    if args.instructions:
        instructions()
        return
    if args.judge_only:
        with tempfile.TemporaryDirectory() as tmp:
            judge_table(Path(tmp))
        return
    print(
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; knight.IMPLEMENTATION = {knight.IMPLEMENTATION!r}"
    )
    print(f"C reference flags: {' '.join(C_FLAGS)}; tours timed by the thread's CPU time (time.thread_time)")
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        solver = c_reference(workdir)
        check_same_tours(solver)
        print(
            f"same 64 tours from knight (compiled and twin), the Python reference{' and the C reference' if solver else ''}"
        )
        kt, pure = peer_c(workdir), peer_python()
        timers = {  # each takes its REPEATS and gives seconds a tour; None: not at hand
            "knight": lambda repeats: per_tour_with("knight.search._core", repeats),
            "kt.c": None if kt is None else lambda repeats: per_tour_peer_c(kt, repeats),
            "ref_pure.py": None if pure is None else lambda repeats: per_tour_peer_python(pure, repeats),
            "C": None if solver is None else lambda repeats: per_tour_c(solver, repeats),
            "twin": lambda repeats: per_tour_with("knight.search._core_py", repeats),
            "Python": per_tour_python,
            "other": None if args.against is None else lambda repeats: per_tour_other(args.against, repeats),
        }
        best = dict.fromkeys(timers, float("inf"))
        for _ in range(ROUNDS):
            for name, timer in timers.items():
                if timer is not None:
                    best[name] = min(best[name], timer(REPEATS[name]))
        print(f"8×8 tour, mean over all 64 starts (best of {ROUNDS} alternating rounds)")
        print(f"  knight.tour, compiled   : {best['knight'] * 1e6:9.2f} µs")
        print(f"  knight.tour, twin       : {best['twin'] * 1e6:9.2f} µs")
        if solver is not None:
            print(f"  C reference, -O3 -march=native: {best['C'] * 1e6:9.2f} µs")
        print(f"  Python reference        : {best['Python'] * 1e6:9.2f} µs")
        if args.against is not None:
            print(f"  {str(args.against)[:22]:<24}: {best['other'] * 1e6:9.2f} µs")
        if kt is not None:
            print(f"  peer kt.c, -O3 -march=native: {best['kt.c'] * 1e6:7.2f} µs")
        if pure is not None:
            print(f"  peer ref_pure.py        : {best['ref_pure.py'] * 1e6:9.2f} µs")
        if kt is not None:
            print(f"  knight / kt.c           : {best['knight'] / best['kt.c']:9.2f}×   (target at most 1.3×, #34)")
        if pure is not None:
            print(
                f"  ref_pure.py / knight    : {best['ref_pure.py'] / best['knight']:9.1f}×   (target at least 50×, #34)"
            )
        if solver is not None:
            print(f"  knight / C              : {best['knight'] / best['C']:9.2f}×   (target at most 1.3×)")
        print(f"  Python reference / knight: {best['Python'] / best['knight']:8.1f}×   (target at least 50×)")
        print(f"  Python reference / twin : {best['Python'] / best['twin']:9.2f}×   (target at least 1×)")
        if args.against is not None:
            print(f"  {str(args.against)[:16]} / knight : {best['other'] / best['knight']:7.2f}×")

        judge_table(workdir)


def judge_table(workdir: Path) -> None:
    """knight judge against the seed's program on JUDGE_LINES lines, best of JUDGE_ROUNDS alternating runs."""
    source = workdir / "starts.txt"
    source.write_text("".join(f"{index % 64 + 1}\n" for index in range(JUDGE_LINES)) + "-1\n")
    ours_command = [sys.executable, "-m", "knight", "judge"]
    seed = seed_program(workdir)
    timed_run(ours_command, source)  # bytecode written, caches warm
    ours = theirs = float("inf")
    for _ in range(JUDGE_ROUNDS):
        ours = min(ours, timed_run(ours_command, source))
        if seed is not None:
            theirs = min(theirs, timed_run(seed, source))
    print(
        f"judge mode, {JUDGE_LINES:,} lines (CPU time of one process, start-up included; best of {JUDGE_ROUNDS} alternating runs)"
    )
    print(f"  knight judge  : {ours:7.3f} s = {ours / JUDGE_LINES * 1e6:6.2f} µs a line")
    if seed is None:
        print("  seed program  : not measured (needs g++ and ../shared/seeds)")
    else:
        print(f"  seed, g++ -O2 : {theirs:7.3f} s = {theirs / JUDGE_LINES * 1e6:6.2f} µs a line")
        print(f"  knight / seed : {ours / theirs:7.2f}×   (target at most 0.25×)")


if __name__ == "__main__":
    main()
