"""The floors (ARCHITECTURE.md): import-linter's contracts in pyproject.toml hold, and every
module that import knight leaves for later imports on its own, first, in a fresh interpreter (no
module-level import cycle hides behind the order of the imports that load it)."""

import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import knight

# The imports and the contracts are read from the source: the same whichever kernels run (tests/conftest.py).
pytestmark = pytest.mark.once

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold():
    if importlib.util.find_spec("importlinter") is None:
        pytest.skip("import-linter is not installed (pip install '.[test]')")
    command = shutil.which("lint-imports") or sys.exit("lint-imports is not on PATH")
    done = subprocess.run([command], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_draw_and_cli_are_held_to_the_public_api():
    """The contract beside the floors': draw, cli and the svg alias import no private module below
    them (the model's face, knight.model, and knight's own names are the public API they use); the
    imports it lets through are few, each a name the public API lacks."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    public = [c for c in contracts if set(c.get("source_modules", ())) >= {"knight.draw", "knight.cli"}]
    assert len(public) == 1, contracts
    contract = public[0]
    assert contract["type"] == "forbidden" and "knight.model.*" in contract["forbidden_modules"]
    assert {"knight._find", "knight._compare", "knight.search", "knight.count"} <= set(contract["forbidden_modules"])
    assert all(line.startswith("knight.cli") for line in contract["ignore_imports"])  # draw: none at all
    assert len(contract["ignore_imports"]) <= 5
    assert set(knight.model.__all__) <= set(dir(knight.model))


def test_the_model_has_no_import_circle():
    """No module of the model imports, even inside a function or for types, one that imports it back."""
    import ast

    folder = ROOT / "src" / "knight" / "model"
    imports = {}
    for path in folder.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names |= {node.module} if node.module else {alias.name for alias in node.names}
        imports[path.stem] = names - {"__init__"}

    def reaches(start, goal, seen=()):
        return any(
            step == goal or (step not in seen and reaches(step, goal, (*seen, step))) for step in imports.get(start, ())
        )

    circles = [name for name in imports if name != "__init__" and reaches(name, name)]
    assert circles == []


def modules():
    """Every Python module of the package, by dotted name."""
    package = pathlib.Path(knight.__file__).parent
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# A parent that has imported knight alone forks a child a module: each child imports its module first, as
# a fresh interpreter would, without paying an interpreter's start-up a module. Importing any of knight's
# modules runs knight/__init__.py to its end before the module itself (the modules it loads are left out
# of the names), so the parent runs it once for all its children: their state is a fresh interpreter's
# at the moment the module's own import begins.
IMPORT_EACH_FIRST = """
import importlib, os, sys, traceback
import knight
failures = []
for name in sys.argv[1:]:
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(name)
        except BaseException:
            traceback.print_exc()
            os._exit(1)
        os._exit(0)
    if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0:
        failures.append(name)
print(" ".join(failures))
"""


def test_every_module_imports_first():
    if not hasattr(os, "fork"):
        pytest.skip("the forking driver needs os.fork")
    # Importing any module first runs knight/__init__.py first, so the modules it loads are always
    # imported in its order: the ones it leaves for later are those an import could meet first.
    loaded = subprocess.run(
        [sys.executable, "-c", "import knight, sys; print(*sorted(m for m in sys.modules if m.startswith('knight')))"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert loaded.returncode == 0, loaded.stderr[-3000:]
    names = sorted(set(modules()) - set(loaded.stdout.split()))
    assert "knight.cli" in names or "knight.cli._main" in names  # the command's modules load lazily
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH_FIRST, *names], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == [], f"these fail when imported first: {done.stdout} {done.stderr[-3000:]}"
    assert len(names) > 10  # the walk found the package
