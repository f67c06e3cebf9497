"""The documentation's examples (README.md and docs/*.md: the ``>>>`` lines, and the README's
``$ knight ...`` lines, and the Examples of the public names' docstrings) run and print what
they say."""

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


@pytest.mark.skipif(not PAGES, reason="no docs/ beside the tests (a wheel's test run)")
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_examples_in_the_docs(page):
    failed, tried = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS, encoding="utf-8")
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
def test_examples_in_the_docstrings(test):
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.failures == 0, (
        f"{runner.failures} of {runner.tries} examples in {test.name} failed (see the output above)"
    )


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
