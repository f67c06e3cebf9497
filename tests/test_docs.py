"""The documentation's examples (README.md and docs/*.md: the ``>>>`` lines, and the README's
``$ knight ...`` lines, and the Examples of the public names' docstrings) run and print what
they say."""

import copy
import doctest
import inspect
import pathlib
import re
import shlex

import pytest

import knight
from knight.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = ([README] if README.is_file() else []) + (sorted(DOCS.glob("*.md")) if DOCS.is_dir() else [])
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

#: The examples that take the pure-Python twin seconds (a count each: 2.8 to 3.3 CPU s at load 5, about
#: 12 of the twin job's 18 CPU s on the docs), left out of the twin's job as the [python] cases are
#: (tests/conftest.py: twin_job_leaves_out). The compiled job runs them, and the counts' kernels are
#: held to each other by the differential tests (test_frontier, test_count, test_magic).
TWIN_TAKES_SECONDS = {
    "knight.count(6, closed=True)",
    "knight.count(knight.Board((12, 4), periodic=(False, True)), closed=True)",
    "knight.count(knight.Board((2, 3, 4)), closed=True) == knight.count(knight.Board((2, 3, 4)), closed=True, "
    'method="enumerate")',
    "knight.count_magic((4, 8)).tours",
}


def _source(example):
    """An example's code, less a comment on its line."""
    return example.source.split("  #")[0].strip()


def _page_test(page):
    return doctest.DocTestParser().get_doctest(
        page.read_text(encoding="utf-8"), {"__name__": "__main__"}, page.name, str(page), 0
    )


def _run(test, leave_out):
    """Run a DocTest's examples, less those TWIN_TAKES_SECONDS names if leave_out: (failed, tried)."""
    if leave_out:
        test = copy.copy(test)  # DOCSTRING_TESTS' keep all their examples
        test.examples = [example for example in test.examples if _source(example) not in TWIN_TAKES_SECONDS]
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    return runner.failures, runner.tries


@pytest.mark.skipif(not PAGES, reason="no docs/ beside the tests (a wheel's test run)")
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_examples_in_the_docs(page, twin_job_leaves_out):
    failed, tried = _run(_page_test(page), twin_job_leaves_out)
    assert failed == 0, f"{failed} of {tried} examples in {page.name} failed (see the output above)"


def _docstring_tests():
    """The doctests of knight's public names (their methods and properties too), each once."""
    finder, seen = doctest.DocTestFinder(), set()
    globs = {"knight": knight, "Board": knight.Board, "Tour": knight.Tour}
    yield from doctest.DocTestFinder(recurse=False).find(knight, "knight", globs=dict(globs))  # help(knight)
    for name in knight.__all__:
        value = getattr(knight, name)
        if not (inspect.isclass(value) or inspect.isroutine(value)):
            continue  # a constant's docstring is its type's
        for test in finder.find(value, f"knight.{name}", globs=dict(globs)):
            if test.examples and test.name not in seen:
                seen.add(test.name)
                yield test


DOCSTRING_TESTS = list(_docstring_tests())


@pytest.mark.parametrize("test", DOCSTRING_TESTS, ids=[test.name for test in DOCSTRING_TESTS])
def test_examples_in_the_docstrings(test, twin_job_leaves_out):
    failed, tried = _run(test, twin_job_leaves_out)
    assert failed == 0, f"{failed} of {tried} examples in {test.name} failed (see the output above)"


@pytest.mark.once
@pytest.mark.skipif(not PAGES, reason="no docs/ beside the tests (a wheel's test run)")
def test_the_examples_the_twin_job_leaves_out_are_examples():
    """Each of TWIN_TAKES_SECONDS is an example of the docs or a docstring (not one since rewritten)."""
    tests = [*map(_page_test, PAGES), *DOCSTRING_TESTS]
    assert TWIN_TAKES_SECONDS <= {_source(example) for test in tests for example in test.examples}


def _commands(text):
    """(command line, the output shown under it) for each "$ knight ..." line of the console blocks."""
    for block in re.findall(r"^```console\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        for example in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            line, _, shown = example.partition("\n")
            yield line, shown


@pytest.mark.skipif(not README.is_file(), reason="no README.md beside the tests (a wheel's test run)")
def test_the_commands_in_the_readme(capsys):
    commands = list(_commands(README.read_text(encoding="utf-8")))
    assert commands, "no $ knight lines in the README's console blocks"
    checker = doctest.OutputChecker()
    for line, shown in commands:
        words = shlex.split(line)
        assert words[0] == "knight", line
        main(words[1:])
        out = capsys.readouterr().out
        assert checker.check_output(shown, out, FLAGS), f"$ {line}\nshown:\n{shown}\nprinted:\n{out}"
