"""Start-up stays light: what import knight and the knight command leave out of sys.modules.

No timings here (benchmarks/bench_startup.py measures them): these tests check that the
heavy modules load only when a call needs them.
"""

import subprocess
import sys

import pytest

#: Modules that import knight must not load: executors (and with them logging and
#: threading), progress bars, numpy, drawing, json, the construction's stored tables and kernels,
#: the frontier sweep and the counters' kernels.
HEAVY = (
    "concurrent.futures",
    "logging",
    "threading",
    "tqdm",
    "numpy",
    "xml",
    "cairosvg",
    "random",
    "platform",
    "difflib",
    "argparse",
    "knight.svg",
    "knight.draw._svg",
    "knight.construct._blocks",
    "knight.construct._strips_data",
    "knight.search._narrow",
    "json",
    "knight.construct._kernel",
    "knight.count._sweep",
    "knight.count._plan",
    "knight.count._walker",
    "knight.count._frontier",
    "knight.count._draw",
)


def loaded_by(code: str) -> set:
    """The top-level and knight modules in sys.modules after running code in a fresh interpreter."""
    script = f"import sys\n{code}\nprint()\nprint(*sorted(sys.modules))"  # json would be loaded by the asking
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(done.stdout.splitlines()[-1].split())


def heavy_in(modules: set) -> list:
    return [name for name in HEAVY if name in modules or any(m.startswith(name + ".") for m in modules)]


def test_import_knight_leaves_the_heavy_modules_out():
    assert heavy_in(loaded_by("import knight")) == []


def test_the_command_leaves_them_out_until_needed():
    """The CLI needs argparse; it loads nothing else heavy for a tour."""
    loaded = loaded_by("from knight.cli import main\nmain(['5', '--format', 'line'])")
    assert [name for name in heavy_in(loaded) if name != "argparse"] == []


@pytest.mark.parametrize(
    "code, needed",
    [
        ("knight.svg.render(knight.tour(5))", "knight.draw._svg"),
        ("knight.tour(30)", "knight.construct._blocks"),
        ("knight.tour((3, 20))", "knight.construct._strips_data"),
        ("knight.tour(30)", "knight.construct._kernel"),
        ("knight.count((3, 10))", "knight.count._plan"),
        ("knight.count((3, 10))", "knight.count._frontier"),
        ("knight.count(5, start=1)", "knight.count._walker"),
        ("knight.tour(5, method='uniform', seed=1)", "knight.count._draw"),
        ("print(knight.IMPLEMENTATION)", "knight.count._draw"),  # the answer the kernels give: all loaded
        ("knight.tour((4, 9), max_nodes=10**6)", "knight.search._narrow"),
        (
            "from concurrent.futures import ThreadPoolExecutor\n"
            "with ThreadPoolExecutor(1) as pool: knight.count(5, start=1, executor=pool)",
            "concurrent.futures",
        ),
    ],
)
def test_what_is_left_out_loads_when_used(code, needed):
    loaded = loaded_by(f"import knight\n{code}")
    assert needed in loaded or f"{needed}_py" in loaded  # a kernel, or its twin in the twin job


def test_random_walks_need_no_random_module():
    """method="random" draws from knight's own SplitMix64, open and closed, with or without a seed."""
    code = "knight.tour(5, method='random', seed=1)\nknight.tour(6, method='random', closed=True)"
    assert "random" not in heavy_in(loaded_by(f"import knight\n{code}"))


def test_knight_svg_is_an_attribute_after_import_knight():
    import knight

    assert knight.svg.render is not None
    with pytest.raises(AttributeError, match="no_such_name"):
        knight.no_such_name  # noqa: B018
