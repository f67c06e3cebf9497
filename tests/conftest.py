"""Shared fixtures: every search, construction and count test runs against the compiled
modules and their pure-Python twins."""

import importlib
import os

import pytest
from hypothesis import settings

import knight
import knight._impl

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

IMPLEMENTATIONS = ["cython", "python"]


def _compiled(name):
    """The compiled module, imported directly so that a broken build fails loudly."""
    if knight._impl.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    return importlib.import_module(name)


def _use(request, monkeypatch, attribute, compiled, twin):
    """Make knight use one implementation of _impl.<attribute> for the test."""
    module = _compiled(compiled) if request.param == "cython" else importlib.import_module(twin)
    monkeypatch.setattr(knight._impl, attribute, module)
    return module


@pytest.fixture(params=IMPLEMENTATIONS)
def core(request, monkeypatch):
    """The search core in use for the test."""
    return _use(request, monkeypatch, "core", "knight.search._core", "knight.search._core_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def construct_core(request, monkeypatch):
    """The construction core in use for the test."""
    return _use(request, monkeypatch, "construct_core", "knight.construct._kernel", "knight.construct._kernel_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def counter(request, monkeypatch):
    """The enumerator and counter in use for the test."""
    return _use(request, monkeypatch, "counter", "knight.count._walker", "knight.count._walker_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def frontier(request, monkeypatch):
    """The frontier counting engine in use for the test."""
    return _use(request, monkeypatch, "frontier", "knight.count._frontier", "knight.count._frontier_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def text_encoder(request, monkeypatch):
    """The storage module whose encode and move_numbers write the text formats, for the test."""
    return _use(request, monkeypatch, "storage", "knight._storage", "knight._storage_py")


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
