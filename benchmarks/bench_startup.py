"""Benchmark start-up: the time ``import knight`` takes and the time the ``knight`` command takes.

    python benchmarks/bench_startup.py [repeats]

Each number is the minimum over repeats of a fresh interpreter, in CPU time, which the
machine's other load does not inflate as it does wall time (the machine is shared and
noisy: minimums are the honest figure), with bytecode cached as after an install (in a
temporary PYTHONPYCACHEPREFIX, so the source tree is left alone). Printed, in milliseconds:

* ``import knight``: measured inside the fresh interpreter, around the import alone;
* the bare interpreter (``python -c pass``), for scale;
* ``python -m knight 8``, ``python -m knight judge`` on one line, and ``python -m knight
  --version``: whole runs, interpreter start included.

The target: ``import knight`` under 25 ms.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile

IMPORT = "import time; t = time.process_time(); import knight; print(time.process_time() - t)"

RUNS = {
    "python -c pass": (["-c", "pass"], None),
    "knight 8": (["-m", "knight", "8"], None),
    "knight judge (one line)": (["-m", "knight", "judge"], "1\n-1\n"),
    "knight --version": (["-m", "knight", "--version"], None),
}


def environment(cache: str) -> dict:
    """This interpreter's environment, with the source tree beside this folder on the path
    and bytecode written to (and read from) cache."""
    source = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (source, env.get("PYTHONPATH", "")) if p)
    env["PYTHONPYCACHEPREFIX"] = cache
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def import_seconds(repeats: int, env: dict) -> float:
    """The shortest time ``import knight`` took in repeats fresh interpreters."""
    return min(
        float(
            subprocess.run([sys.executable, "-c", IMPORT], env=env, check=True, capture_output=True, text=True).stdout
        )
        for _ in range(repeats)
    )


def run_seconds(repeats: int, args: list, stdin: str | None, env: dict) -> float:
    """The shortest CPU time (user and system) of repeats whole runs of the interpreter with args."""
    best = float("inf")
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, *args], env=env, input=stdin, capture_output=True, text=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with tempfile.TemporaryDirectory() as cache:
        env = environment(cache)
        warm = "import knight, knight.cli, knight.svg; print(knight.IMPLEMENTATION)"  # writes the bytecode
        implementation = subprocess.run([sys.executable, "-c", warm], env=env, capture_output=True, text=True)
        report(repeats, env, implementation.stdout.strip())


def report(repeats: int, env: dict, implementation: str) -> None:
    """Print the import time, and each whole run's time with what it adds to the bare interpreter."""
    print(f"start-up, minimum of {repeats} fresh interpreters ({implementation} core)")
    print(f"{'import knight':>26}: {import_seconds(repeats, env) * 1000:7.1f} ms   (target: under 25 ms)")
    bare = None
    for name, (args, stdin) in RUNS.items():
        seconds = run_seconds(repeats, args, stdin, env)
        bare = seconds if bare is None else bare
        extra = "" if seconds is bare else f"   ({(seconds - bare) * 1000:+.1f} ms over the bare interpreter)"
        print(f"{name:>26}: {seconds * 1000:7.1f} ms{extra}")


if __name__ == "__main__":
    main()
