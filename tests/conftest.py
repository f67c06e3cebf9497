"""Shared fixtures: every search, construction and count test runs against the compiled
modules and their pure-Python twins.

The suite runs twice, as CI does it: ``pytest`` (the compiled core) and
``KNIGHT_NO_EXTENSIONS=1 pytest`` (the twin forced). A test parametrised over an
implementation fixture (one whose params are IMPLEMENTATIONS: ``core``, ``counter``,
``frontier``, ... and the modules' own ``storage`` and ``engine``) runs its ``[cython]``
case and its ``[python]`` case in the first job; the twin job skips every ``[cython]`` case.
So that no case runs twice, the rule is:

* the twin job (``KNIGHT_NO_EXTENSIONS`` set) deselects the ``[python]`` cases when the
  compiled core imports here (``knight.IMPLEMENTATION`` is ``"cython"`` without the
  variable), since the compiled job runs them;
* where the extension could not be built, nothing is deselected: the twin job is then the
  only one to run them;
* every test not parametrised over an implementation runs in both jobs (that is what the
  twin job is for: the whole library on the twin), but for those marked ``once``: their work
  does not depend on the implementation (pictures, docstrings, the version, the import layout,
  the CLI's help and refusals, the stored strip bases' own checks; a test whose work runs a
  kernel is not ``once``), so they follow the same rule;
* ``KNIGHT_SLOW=1`` keeps the ``[python]`` cases in the twin job: there they run with every
  other module on the twin too, not only the one the fixture swaps in, and the weekly slow
  run keeps that combination covered;
* ``--all-twin-cases`` keeps both the ``[python]`` cases and the tests marked ``once``;
* what a test names as taking the twin seconds (tests/test_docs.py's TWIN_TAKES_SECONDS) it
  leaves out where the twin job leaves out the ``[python]`` cases (the fixture
  ``twin_job_leaves_out``).

Each ``[python]`` case is collected next to its ``[cython]`` case (_pair_the_implementations),
so that a reference a test module remembers is computed once for both.

``KNIGHT_SLOW=1`` also turns on the long tests (the full sweeps, the regeneration of the
stored data); ``.github/workflows/slow.yml`` runs them weekly, on both cores.
"""

import functools
import importlib
import os
import subprocess
import sys

import pytest
from hypothesis import settings

import knight
import knight.construct._kernels
import knight.model._kernels
import knight.search._kernels

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

IMPLEMENTATIONS = ["cython", "python"]
SLOW = bool(os.environ.get("KNIGHT_SLOW"))


def pytest_addoption(parser):
    parser.addoption(
        "--all-twin-cases",
        action="store_true",
        help="with KNIGHT_NO_EXTENSIONS set, run the [python] cases the compiled job also runs",
    )


@functools.lru_cache(maxsize=None)
def _compiled_job_runs_them():
    """Whether ``pytest`` without KNIGHT_NO_EXTENSIONS would use the compiled core here."""
    env = {name: value for name, value in os.environ.items() if name != "KNIGHT_NO_EXTENSIONS"}
    try:
        found = subprocess.run(
            [sys.executable, "-c", "import knight; print(knight.IMPLEMENTATION)"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    except (OSError, subprocess.SubprocessError):
        return False  # when in doubt, run them
    return found.returncode == 0 and found.stdout.strip() == "cython"


@pytest.fixture(scope="session")
def twin_job_leaves_out(request):
    """Whether this is the twin job leaving out what the compiled job also runs (the [python] cases,
    and what a test names as taking the twin seconds; see the module docstring)."""
    twin = os.environ.get("KNIGHT_NO_EXTENSIONS") and not request.config.getoption("--all-twin-cases")
    return bool(twin) and not SLOW and _compiled_job_runs_them()


def _implementations(item):
    """item's parameters ({name: value}), split in two: those of fixtures parametrised over
    IMPLEMENTATIONS, and the others."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return {}, {}
    fixtures = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    chosen, others = {}, {}
    for name, value in callspec.params.items():
        definitions = fixtures.get(name) or ()
        implementation = any(list(d.params or ()) == IMPLEMENTATIONS for d in definitions)
        (chosen if implementation else others)[name] = value
    return chosen, others


def _twin_case(item):
    """Whether item is the [python] case of a fixture parametrised over IMPLEMENTATIONS."""
    return "python" in _implementations(item)[0].values()


@pytest.hookimpl(trylast=True)  # after pytest's own order (by the scoped fixtures' parameters)
def pytest_collection_modifyitems(config, items):
    """Each test's cases of the implementations side by side, then, in the twin job, the [python]
    cases and the tests marked once that the compiled job ran left out (the module docstring)."""
    _pair_the_implementations(items)
    if not os.environ.get("KNIGHT_NO_EXTENSIONS") or config.getoption("--all-twin-cases"):
        return
    twin = [item for item in items if item.get_closest_marker("once") or not SLOW and _twin_case(item)]
    if not twin or not _compiled_job_runs_them():
        return
    config.hook.pytest_deselected(items=twin)
    kept = set(map(id, twin))
    items[:] = [item for item in items if id(item) not in kept]


def _pair_the_implementations(items):
    """Put each test's [python] case (of a fixture over IMPLEMENTATIONS) next to its [cython] case, in
    place: the cases of the same question then run one after the other, in one process under
    pytest-xdist too (it deals the items out in runs of neighbours), so that a reference answer a
    test module remembers (brute force, the enumeration) is computed once for both, not once in
    each. A module's items stay together, so its module-scoped fixtures are made once still."""
    first, places = {}, []
    for index, item in enumerate(items):
        chosen, others = _implementations(item)
        # the cases of a question share their parameters' values: the same objects
        question = (
            item.parent.nodeid,
            item.originalname,
            tuple(sorted((n, id(v)) for n, v in others.items())),
            tuple(sorted(chosen)),
        )
        places.append(first.setdefault(question, index) if chosen else index)
    items[:] = [item for _, _, item in sorted(zip(places, range(len(items)), items), key=lambda place: place[:2])]


def pytest_report_header(config):
    if os.environ.get("KNIGHT_NO_EXTENSIONS"):
        return "knight: the twin forced (KNIGHT_NO_EXTENSIONS); tests/conftest.py says which cases the compiled job ran"
    return f"knight: {knight.IMPLEMENTATION}"


def _compiled(name):
    """The compiled module, imported directly so that a broken build fails loudly."""
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    return importlib.import_module(name)


def _use(request, monkeypatch, attribute, compiled, twin):
    """Make knight use one implementation of the kernel <package>._kernels.<name> (attribute
    "search.core", ...) for the test."""
    module = _compiled(compiled) if request.param == "cython" else importlib.import_module(twin)
    package, name = attribute.split(".")
    monkeypatch.setattr(importlib.import_module(f"knight.{package}._kernels"), name, module)
    return module


@pytest.fixture(params=IMPLEMENTATIONS)
def core(request, monkeypatch):
    """The search core in use for the test."""
    return _use(request, monkeypatch, "search.core", "knight.search._core", "knight.search._core_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def magic_kernel(request, monkeypatch):
    """The magic-tour kernel in use for the test."""
    return _use(request, monkeypatch, "search.magic", "knight.search._magic", "knight.search._magic_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def quartes_kernel(request, monkeypatch):
    """The quarte construction's search in use for the test."""
    return _use(
        request, monkeypatch, "search.quartes_core", "knight.search._quartes_core", "knight.search._quartes_core_py"
    )


@pytest.fixture(params=IMPLEMENTATIONS)
def walk(request, monkeypatch):
    """The walks in use for the test."""
    return _use(request, monkeypatch, "search.walk", "knight.search._walk", "knight.search._walk_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def construct_core(request, monkeypatch):
    """The construction core in use for the test."""
    return _use(request, monkeypatch, "construct.kernel", "knight.construct._kernel", "knight.construct._kernel_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def counter(request, monkeypatch):
    """The enumerator and counter in use for the test."""
    return _use(request, monkeypatch, "count.walker", "knight.count._walker", "knight.count._walker_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def frontier(request, monkeypatch):
    """The frontier counting engine in use for the test."""
    return _use(request, monkeypatch, "count.frontier", "knight.count._frontier", "knight.count._frontier_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def draw(request, monkeypatch):
    """The uniform draw from the frontier sweep (knight.tour(method="uniform")) in use for the test."""
    return _use(request, monkeypatch, "count.draw", "knight.count._draw", "knight.count._draw_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def text_encoder(request, monkeypatch):
    """The storage module whose encode and move_numbers write the text formats, for the test."""
    return _use(request, monkeypatch, "model.storage", "knight.model._storage", "knight.model._storage_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def judge_scan(request, monkeypatch):
    """The judge's block scanner (knight judge) in use for the test."""
    return _use(request, monkeypatch, "cli.scan", "knight.cli._scan", "knight.cli._scan_py")


@pytest.fixture(scope="module")
def both_cores():
    """The two search cores side by side, for differential tests."""
    return _compiled("knight.search._core"), importlib.import_module("knight.search._core_py")


@pytest.fixture(scope="module")
def both_counters():
    """The compiled walker and its twin side by side, for differential tests."""
    return _compiled("knight.count._walker"), importlib.import_module("knight.count._walker_py")


@pytest.fixture(scope="module")
def both_frontiers():
    """The compiled frontier engine and its twin side by side, for differential tests."""
    return _compiled("knight.count._frontier"), importlib.import_module("knight.count._frontier_py")


@pytest.fixture
def compiled_construction():
    """The compiled construction core, for tests too big for the twin."""
    return _compiled("knight.construct._kernel")


@pytest.fixture(params=IMPLEMENTATIONS)
def puzzle_cores(request, monkeypatch):
    """The puzzle search's two kernels (fixed ends, givens) in use for the test, both compiled
    or both twins: (forward core, domain search)."""
    forward = _use(request, monkeypatch, "search.forward", "knight.search._forward", "knight.search._forward_py")
    fill = _use(request, monkeypatch, "search.fill", "knight.search._fill", "knight.search._fill_py")
    return forward, fill


@pytest.fixture(params=IMPLEMENTATIONS)
def fill_core(request, monkeypatch):
    """The puzzle search's domain search in use for the test."""
    return _use(request, monkeypatch, "search.fill", "knight.search._fill", "knight.search._fill_py")


@pytest.fixture(scope="module")
def both_puzzle_cores():
    """The compiled puzzle kernels and their twins side by side, (forward core, domain search)
    each, for differential tests."""
    compiled = _compiled("knight.search._forward"), _compiled("knight.search._fill")
    twins = importlib.import_module("knight.search._forward_py"), importlib.import_module("knight.search._fill_py")
    return compiled, twins


@pytest.fixture(scope="module")
def both_fill_cores():
    """The compiled domain search and its twin side by side, for differential tests."""
    return _compiled("knight.search._fill"), importlib.import_module("knight.search._fill_py")
