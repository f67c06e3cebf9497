"""The documentation's examples (docs/*.md, the ``>>>`` lines) run and print what they say."""

import doctest
import pathlib

import pytest

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(DOCS.glob("*.md")) if DOCS.is_dir() else []


@pytest.mark.skipif(not PAGES, reason="no docs/ beside the tests (a wheel's test run)")
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_examples_in_the_docs(page):
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, tried = doctest.testfile(str(page), module_relative=False, optionflags=flags, encoding="utf-8")
    assert failed == 0, f"{failed} of {tried} examples in docs/{page.name} failed (see the output above)"
