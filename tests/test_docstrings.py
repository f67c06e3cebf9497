"""numpydoc's validation of every public name's docstring, with the checks pyproject.toml lists.

[tool.numpydoc_validation] names the checks (``checks``) and the names left out of them
(``exclude``, regular expressions); numpydoc's own ``numpydoc lint`` reads the same table.
The Examples these docstrings hold run as doctests in tests/test_docs.py.
"""

import inspect
import pathlib
import re

import pytest

import knight

pytestmark = pytest.mark.once  # the docstrings' text: the same whichever kernels run

numpydoc_validate = pytest.importorskip("numpydoc.validate")
tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the check is the same on every version

ROOT = pathlib.Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["numpydoc_validation"]


def public_names():
    """knight's public functions and classes, and the classes' public methods and properties, by name."""
    names = {}
    for name in knight.__all__:
        value = getattr(knight, name)
        if inspect.isclass(value):
            names[f"knight.{name}"] = value
            for member, attribute in vars(value).items():
                if not member.startswith("_") and (inspect.isroutine(attribute) or isinstance(attribute, property)):
                    names[f"knight.{name}.{member}"] = (
                        getattr(value, member) if inspect.isroutine(attribute) else attribute
                    )
        elif inspect.isroutine(value):
            names[f"knight.{name}"] = value
    return names


NAMES = public_names()
EXCLUDED = [re.compile(pattern) for pattern in CONFIG.get("exclude", [])]


def test_the_checks_are_listed():
    assert CONFIG["checks"] and all(re.fullmatch(r"[A-Z]{2}\d\d", check) for check in CONFIG["checks"])


@pytest.mark.parametrize("name", [name for name in NAMES if not any(p.search(name) for p in EXCLUDED)])
def test_the_docstring_is_numpydoc(name):
    # given the object, not its name: knight.count is also a subpackage's name
    report = numpydoc_validate.validate(numpydoc_validate.get_doc_object(NAMES[name]))
    errors = [f"{code}: {message}" for code, message in report["errors"] if code in CONFIG["checks"]]
    assert not errors, f"{name}:\n" + "\n".join(errors)
