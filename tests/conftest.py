"""Shared fixtures: every search, construction and count test runs against the compiled
modules and their pure-Python twins."""

import importlib
import os

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
def puzzle_core(request, monkeypatch):
    """The puzzle core (fixed ends, givens) in use for the test."""
    return _use(request, monkeypatch, "search.puzzle", "knight.search._puzzle", "knight.search._puzzle_py")


@pytest.fixture(scope="module")
def both_puzzle_cores():
    """The compiled puzzle core and its twin side by side, for differential tests."""
    return _compiled("knight.search._puzzle"), importlib.import_module("knight.search._puzzle_py")
