"""One version, read from one place: the package, the installed metadata and the command agree."""

import pathlib
import re
from importlib import metadata

import pytest

import knight
from knight import _version
from knight.cli import main

pytestmark = pytest.mark.once  # one version file, whichever kernels run

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_package_version_is_the_version_file():
    assert knight.__version__ == _version.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]|rc|\.dev|\.post)?\d*", knight.__version__)


def test_command_prints_the_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"knight {knight.__version__}\n"


def test_installed_metadata_has_the_version():
    try:
        distribution = metadata.distribution("knight-tour")
    except metadata.PackageNotFoundError:
        pytest.skip("knight-tour is not installed (PYTHONPATH=src)")
    installed = pathlib.Path(str(distribution.locate_file("knight/__init__.py"))).resolve()
    if installed != pathlib.Path(knight.__file__).resolve():
        pytest.skip(f"the installed knight-tour is another copy ({installed})")
    assert distribution.version == knight.__version__


def test_pyproject_reads_the_version_file():
    pyproject = ROOT / "pyproject.toml"
    if not pyproject.exists():
        pytest.skip("no pyproject.toml beside the tests")
    text = pyproject.read_text(encoding="utf-8")
    assert re.search(r'^dynamic = \["version"\]', text, re.M)
    assert 'version = {attr = "knight._version.__version__"}' in text
    assert not re.search(r'^version = "', text, re.M)  # no second, literal version
