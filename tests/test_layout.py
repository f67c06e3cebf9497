"""The floors (ARCHITECTURE.md): import-linter's contracts in pyproject.toml hold, and every
module imports on its own, first, in a fresh interpreter (no module-level import cycle hides
behind the order of knight/__init__.py's imports)."""

import importlib.util
import pathlib
import shutil
import subprocess
import sys

import pytest

import knight
import knight.model._kernels

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold():
    if importlib.util.find_spec("importlinter") is None:
        pytest.skip("import-linter is not installed (pip install '.[test]')")
    command = shutil.which("lint-imports") or sys.exit("lint-imports is not on PATH")
    done = subprocess.run([command], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def modules():
    """Every Python module of the package, by dotted name."""
    package = pathlib.Path(knight.__file__).parent
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_every_module_imports_first():
    if knight.model._kernels.NO_EXTENSIONS:
        pytest.skip("the imports are the same in the twin job")
    code = "import importlib, sys\nimportlib.import_module(sys.argv[1])"
    for name in modules():
        done = subprocess.run([sys.executable, "-c", code, name], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"import {name} first: {done.stderr[-1500:]}"
