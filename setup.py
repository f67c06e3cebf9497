"""Build the compiled cores (search; enumerating and counting) or fall back to the pure-Python twin.

A failed compile is only a warning for a source install (knight still works, slower), but
fatal when building wheels (CIBUILDWHEEL=1), so a wheel never ships without its core.

Each extension says when its C compile starts and how long it took ("knight: compiling
knight.search._core ...", "knight: compiled knight.search._core in 21.4 s"): pip shows them
with -v (pip install -v ., pip wheel -v .), where a quiet build shows only "still running".
"""

import multiprocessing
import os
import sys
import time
import warnings

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

REQUIRE_EXTENSION = os.environ.get("CIBUILDWHEEL") == "1"


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing, unless the extension is required, and compiles
    the extensions side by side, one per core (unless a -j/--parallel given says otherwise)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self):
        try:
            super().run()
        except Exception as error:  # no compiler at all: setuptools raises before compiling
            self._give_up(error)

    def build_extension(self, ext):
        if self.compiler.compiler_type == "unix" and "-g0" not in ext.extra_compile_args:
            # no debug information: Python's CFLAGS ask for it (-g), which costs about a quarter of
            # each module's compile and nothing a user of the wheel can use
            ext.extra_compile_args.append("-g0")
        began, target = time.perf_counter(), self.get_ext_fullpath(ext.name)
        built = os.path.getmtime(target) if os.path.exists(target) else None
        stale = self.force or built is None or any(os.path.getmtime(f) > built for f in [*ext.sources, *ext.depends])
        _say(
            f"knight: compiling {ext.name} ({', '.join(ext.sources)}) ..."
            if stale
            else f"knight: {ext.name} is up to date"
        )
        try:
            super().build_extension(ext)
        except Exception as error:
            self._give_up(error)
            return
        if stale:
            _say(f"knight: compiled {ext.name} in {time.perf_counter() - began:.1f} s")

    def _give_up(self, error):
        if REQUIRE_EXTENSION:
            raise error
        warnings.warn(
            f"knight: the compiled core could not be built ({error}); the pure-Python twin will be used", stacklevel=2
        )


def _say(line):
    """One line of the build's progress, on stderr at once (the extensions compile side by side)."""
    sys.stderr.write(line + "\n")  # one write: lines of two threads never run together
    sys.stderr.flush()


extensions = cythonize(
    [
        Extension("knight.model._storage", ["src/knight/model/_storage.pyx"]),
        Extension("knight.model._table", ["src/knight/model/_table.pyx"]),
        Extension("knight.search._core", ["src/knight/search/_core.pyx"]),
        Extension("knight.search._forward", ["src/knight/search/_forward.pyx"]),
        Extension("knight.search._fill", ["src/knight/search/_fill.pyx"]),
        Extension("knight.search._walk", ["src/knight/search/_walk.pyx"]),
        Extension("knight.search._magic", ["src/knight/search/_magic.pyx"]),
        Extension("knight.search._quartes_core", ["src/knight/search/_quartes_core.pyx"]),
        Extension("knight.construct._kernel", ["src/knight/construct/_kernel.pyx"]),
        Extension("knight.count._walker", ["src/knight/count/_walker.pyx"]),
        # the frontier counter, one module a job (see _frontier.pyx); the hot helpers inlined from the .pxd files
        Extension("knight.count._hashtable", ["src/knight/count/_hashtable.pyx"]),
        Extension("knight.count._rules", ["src/knight/count/_rules.pyx"]),
        Extension("knight.count._patterns", ["src/knight/count/_patterns.pyx"]),
        Extension("knight.count._crew", ["src/knight/count/_crew.pyx"]),
        Extension("knight.count._engine", ["src/knight/count/_engine.pyx"]),
        Extension("knight.count._joiner", ["src/knight/count/_joiner.pyx"]),
        Extension("knight.count._shards", ["src/knight/count/_shards.pyx"]),
        Extension("knight.count._frontier", ["src/knight/count/_frontier.pyx"]),
        Extension("knight.count._draw", ["src/knight/count/_draw.pyx"]),  # cimports _engine (_engine.pxd)
        Extension("knight.cli._scan", ["src/knight/cli/_scan.pyx"]),
    ],
    # freethreading_compatible: the modules keep no mutable state of their own (docs/threads.md)
    compiler_directives={"language_level": 3, "embedsignature": True, "freethreading_compatible": True},
    # translated side by side where worker processes fork (spawned ones would run this file again)
    nthreads=(os.cpu_count() or 1) if multiprocessing.get_start_method() == "fork" else 0,
)

setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})
