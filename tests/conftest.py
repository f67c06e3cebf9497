"""Shared fixtures: every search and count test runs against the compiled cores and the pure-Python twins."""

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


@pytest.fixture(params=IMPLEMENTATIONS)
def core(request, monkeypatch):
    """Make knight use one implementation for the test; the compiled one must import."""
    if request.param == "cython":
        if knight._impl.NO_EXTENSIONS:
            pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
        module = importlib.import_module("knight._core")  # no silent fallback
    else:
        module = importlib.import_module("knight._core_py")
    monkeypatch.setattr(knight._impl, "core", module)
    return module


@pytest.fixture(scope="module")
def both_cores():
    """The two implementations side by side, for differential tests."""
    if knight._impl.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    return importlib.import_module("knight._core"), importlib.import_module("knight._core_py")


@pytest.fixture(params=IMPLEMENTATIONS)
def counter(request, monkeypatch):
    """Make knight count and enumerate with one implementation; the compiled one must import."""
    if request.param == "cython":
        if knight._impl.NO_EXTENSIONS:
            pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
        module = importlib.import_module("knight._count")  # no silent fallback
    else:
        module = importlib.import_module("knight._count_py")
    monkeypatch.setattr(knight._impl, "counter", module)
    return module


@pytest.fixture(scope="module")
def both_counters():
    """The compiled walker and its twin side by side, for differential tests."""
    if knight._impl.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
    return importlib.import_module("knight._count"), importlib.import_module("knight._count_py")
