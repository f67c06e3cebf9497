"""The typed user scripts (tests/typing/) run, and the public type aliases name what the registries hold.

use_api.py touches the whole public API; rejected.py holds wrong calls that mypy --strict and
pyright must reject (each with a `# type: ignore[...]` that must be needed) and that raise
knight's own errors at run time. CI's lint job type-checks both scripts; with KNIGHT_SLOW=1
this file runs the checkers too (about 30 s on two cores).
"""

import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys
import typing

import pytest

import knight
from knight._counting import METHODS as COUNT_METHODS
from knight._trace import TRACED

HERE = pathlib.Path(__file__).resolve().parent / "typing"
SCRIPTS = [HERE / "use_api.py", HERE / "rejected.py"]


def _module(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_the_typed_script_runs(script):
    _module(script).main()


def test_the_method_literal_names_the_registry():
    assert typing.get_args(knight.Method) == tuple(knight.METHODS)


def test_the_count_and_trace_literals_name_what_they_take():
    assert typing.get_args(knight.CountMethod) == COUNT_METHODS
    assert set(typing.get_args(knight.TraceMethod)) == {"auto", *TRACED}


def test_every_wrong_call_is_marked_for_both_checkers():
    """Each wrong call's line has its ignore, which the checkers prove needed (KNIGHT_SLOW below)."""
    lines = (HERE / "rejected.py").read_text(encoding="utf-8").splitlines()
    wrong = [line for line in lines if line.startswith("    (") and "lambda" in line]
    assert len(wrong) == len(_module(HERE / "rejected.py").WRONG_CALLS)
    assert all("# type: ignore[" in line for line in wrong)


def test_a_misspelt_keyword_names_the_one_meant():
    with pytest.raises(knight.InvalidTypeError, match=r"unexpected keyword argument 'strat'; did you mean 'start'\?"):
        knight.tour(8, strat=1)
    with pytest.raises(knight.InvalidTypeError, match=r"Board\(\) got .*'hole'; did you mean 'holes'\?"):
        knight.Board(8, hole=[1])
    with pytest.raises(knight.InvalidTypeError, match=r"'leaper'; did you mean 'moves'\? \(the piece's leap"):
        knight.count(5, leaper=(1, 3))
    with pytest.raises(
        knight.InvalidTypeError,
        match=r"arguments 'colour', 'sise'; did you mean 'colors' for 'colour', 'size' for 'sise'\?",
    ):
        knight.svg.render(knight.tour(5, start=1), colour="red", sise=3)


def test_a_type_error_inside_the_call_is_not_taken_for_a_keyword():
    """Only Python's refusal of the arguments becomes the keyword error; the call's own errors pass."""
    with pytest.raises(knight.InvalidTypeError, match="size must be"):
        knight.tour(8.5)
    with pytest.raises(TypeError, match="positional argument"):
        knight.tour(8, 1, 2)  # type: ignore[misc]


@pytest.mark.skipif(
    not os.environ.get("KNIGHT_SLOW"), reason="KNIGHT_SLOW=1 runs mypy and pyright (CI's lint job does)"
)
@pytest.mark.parametrize(
    "checker",
    [
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", *map(str, SCRIPTS)],
        ["pyright", str(HERE)],
    ],
    ids=["mypy", "pyright"],
)
def test_the_checkers_accept_the_scripts_and_reject_the_wrong_calls(checker):
    if shutil.which(checker[0]) is None or importlib.util.find_spec("mypy") is None:
        pytest.skip(f"{checker[0]} is not installed")
    root = HERE.parents[1]
    env = dict(os.environ, MYPYPATH=str(root / "src"))
    done = subprocess.run(checker, cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
