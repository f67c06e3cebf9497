"""The typed user scripts (tests/typing/) run, and the public type aliases name what the registries hold.

use_api.py touches the whole public API; rejected.py holds wrong calls that mypy --strict and
pyright must reject (each with a `# type: ignore[...]` that must be needed) and that raise
knight's own errors at run time; twins.py holds each pure-Python twin against its compiled
module's stub (mypy), made here from the stubs. No public parameter is typed object or Any.
CI (.ci/run and the lint job) type-checks the package and these scripts strictly; with
KNIGHT_SLOW=1 this file runs the checkers too (about 50 s of CPU).
"""

import ast
import importlib.util
import inspect
import os
import pathlib
import re
import shutil
import subprocess
import sys
import typing

import pytest

import knight
import knight.draw
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


#: Public parameters whose type is rightly object or Any: an executor's submit takes any function and
#: arguments (typing's own Executor.submit; a Dask client's returns its own future, so no narrower type
#: fits both).
_ANY_BY_NATURE = {"knight.Executor.submit": {"fn", "args", "kwargs"}}


def _public_callables():
    """(qualified name, function) of every public function and public method of knight and knight.draw."""
    for module in (knight, knight.draw):
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value):
                for member, attribute in vars(value).items():
                    if isinstance(attribute, (classmethod, staticmethod)):
                        attribute = attribute.__func__
                    if (not member.startswith("_") or member == "__init__") and inspect.isfunction(attribute):
                        yield f"{module.__name__}.{name}.{member}", attribute
            elif callable(value):
                yield f"{module.__name__}.{name}", value


def test_no_public_parameter_is_typed_object_or_any():
    loose = []
    for name, function in _public_callables():
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):  # a builtin without a signature (none today)
            continue
        for parameter in parameters:
            annotation = parameter.annotation
            text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))
            if re.search(r"\b(object|Any)\b", text) and parameter.name not in _ANY_BY_NATURE.get(name, ()):
                loose.append(f"{name}({parameter.name}: {text})")
    assert not loose
    assert len(list(_public_callables())) > 50  # the walk does reach the methods


def _stub_names(stub: pathlib.Path) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """The public functions, classes (their public methods and attributes) and constants a stub declares."""
    functions: list[str] = []
    classes: dict[str, list[str]] = {}
    constants: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):  # a version's branch
                visit(node.body)
            elif isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                functions.append(node.name)
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                classes[node.name] = [
                    item.name if isinstance(item, ast.FunctionDef) else item.target.id
                    for item in node.body
                    if isinstance(item, ast.FunctionDef)
                    and not item.name.startswith("_")
                    or isinstance(item, ast.AnnAssign)
                    and isinstance(item.target, ast.Name)
                    and not item.target.id.startswith("_")
                ]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                if not node.target.id.startswith("_"):
                    constants.append(node.target.id)
            elif isinstance(node, ast.ImportFrom) and node.level == 1:  # a re-export: `import x as x`
                for alias in node.names:
                    if alias.asname == alias.name:
                        (functions if alias.name.islower() else constants).append(alias.name)

    visit(ast.parse(stub.read_text(encoding="utf-8")).body)
    return functions, classes, constants


#: Functions generic over their own module's class, which each of the pair defines apart: their
#: types cannot be one (stubtest checks the stub against the compiled module).
_GENERIC_OVER_OWN_CLASS = {"_storage.adopt"}


def twins_text() -> str:
    """tests/typing/twins.py, made from the stubs of the compiled modules that have a twin."""
    source = HERE.parents[1] / "src"
    imports, checks = [], []
    for stub in sorted((source / "knight").glob("*/_*.pyi")):
        twin = stub.with_name(stub.stem + "_py.py")
        if not twin.exists():  # compiled only (the twins do it in Python otherwise): stubtest checks the stub
            continue
        package = ".".join(stub.relative_to(source).parent.parts)
        compiled, python = stub.stem, stub.stem + "_py"
        imports += [f"import {package}.{compiled} as {compiled}", f"import {package}.{python} as {python}"]
        functions, classes, constants = _stub_names(stub)
        lines: list[str] = []
        for name in constants:  # the twin's value has the stub's type (its own is the literal's)
            lines += [f"    stub_{name} = {compiled}.{name}", f"    stub_{name} = {python}.{name}"]
        for name in functions:
            if f"{compiled}.{name}" in _GENERIC_OVER_OWN_CLASS:
                continue
            lines += [
                f"    twin_{name} = {python}.{name}",
                f"    twin_{name} = {compiled}.{name}",
                f"    stub_{name} = {compiled}.{name}",
                f"    stub_{name} = {python}.{name}",
            ]
        parameters = ", ".join(f"{cls.lower()}: {compiled}.{cls}, {cls.lower()}_py: {python}.{cls}" for cls in classes)
        for cls, members in classes.items():
            for name in members:
                lines += [
                    f"    twin_{cls}_{name} = {cls.lower()}_py.{name}",
                    f"    twin_{cls}_{name} = {cls.lower()}.{name}",
                    f"    stub_{cls}_{name} = {cls.lower()}.{name}",
                    f"    stub_{cls}_{name} = {cls.lower()}_py.{name}",
                ]
        checks.append(f"\n\n\ndef _{package.split('.')[-1]}{compiled}({parameters}) -> None:\n" + "\n".join(lines))
    head = (
        '"""The pure-Python twins against the stubs of their compiled modules (mypy; made by\n'
        "tests/test_typing.py's twins_text(), which fails when this file is stale).\n\n"
        "Type checkers see the twins (each package's _kernels imports them under TYPE_CHECKING) while the\n"
        "compiled modules run: each name is assigned the twin's and then the stub's, and the other way round,\n"
        'so that mypy fails when either type does not fit where the other is expected.\n"""\n\n'
        "# ruff: noqa: F841\n\n"
    )
    return head + "\n".join(imports) + "".join(checks) + "\n"


def test_the_twins_check_names_every_stub():
    """tests/typing/twins.py (which CI's mypy checks) names every name of every stub that has a twin."""
    assert (HERE / "twins.py").read_text(encoding="utf-8") == twins_text(), "run: python tests/test_typing.py"


@pytest.mark.skipif(
    not os.environ.get("KNIGHT_SLOW"), reason="KNIGHT_SLOW=1 runs mypy and pyright (CI's lint job does)"
)
@pytest.mark.parametrize(
    "checker",
    [
        [sys.executable, "-m", "mypy", "--no-incremental", "src/knight", "tests/typing"],  # strict: [tool.mypy]
        ["pyright"],  # strict: [tool.pyright]
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


if __name__ == "__main__":  # rewrite tests/typing/twins.py from the stubs
    (HERE / "twins.py").write_text(twins_text(), encoding="utf-8")
