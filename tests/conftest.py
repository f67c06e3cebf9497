"""Shared fixtures: every search test runs against the compiled core and the pure-Python twin."""

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
def construct_core(request, monkeypatch):
    """Make the construction use one implementation for the test; the compiled one must import."""
    if request.param == "cython":
        if knight._impl.NO_EXTENSIONS:
            pytest.skip("KNIGHT_NO_EXTENSIONS is set: the twin is forced")
        module = importlib.import_module("knight._construct_core")  # no silent fallback
    else:
        module = importlib.import_module("knight._construct_py")
    monkeypatch.setattr(knight._impl, "construct_core", module)
    return module


@pytest.fixture
def compiled_construction():
    """The compiled construction core, for tests too big for the twin."""
    if knight._impl.NO_EXTENSIONS:
        pytest.skip("KNIGHT_NO_EXTENSIONS is set: too big for the twin (the twin is checked on moderate boards)")
    return importlib.import_module("knight._construct_core")
