"""MkDocs hook: `::: knight.NAME` documents the public object, even where a subpackage shares its name.

`knight.count` is a function (from `knight._counting`), beside the counting subpackage, also named
`count`. Griffe (which mkdocstrings reads the source with) keeps one member per name and gives the
subpackage precedence, so `::: knight.count` would document the subpackage. Before mkdocstrings
reads a page, this hook points each such directive at where the installed package defines the
object. The pages then name only public names, and keep building whatever the package's layout;
the finished pages get public paths in place of private ones (on_post_page).
"""

from __future__ import annotations

import importlib.util
import inspect
import pathlib
import re

import knight

# a directive for a name at the top of the package: "::: knight.count"
DIRECTIVE = re.compile(r"^(:::[ \t]+)knight\.(\w+)[ \t]*$", re.MULTILINE)


def _definition(name: str) -> str | None:
    """Where knight.<name> is defined, when a submodule of the same name hides it; else None."""
    obj = getattr(knight, name, None)
    if not (inspect.isroutine(obj) or inspect.isclass(obj)):
        return None
    if importlib.util.find_spec(f"knight.{name}") is None:
        return None
    return f"{obj.__module__}.{obj.__qualname__}"


def on_page_markdown(markdown: str, page, config, files) -> str:
    def point(match: re.Match) -> str:
        return match.group(1) + (_definition(match.group(2)) or f"knight.{match.group(2)}")

    return DIRECTIVE.sub(point, markdown)


# a dotted path through a private module ("knight.model._errors.KnightError"), the last name kept
PRIVATE_PATH = re.compile(r"\bknight(?:\.\w+)*?\._\w+(?:\.\w+)*\.(\w+)\b")


def on_post_page(output: str, page, config) -> str:
    """The finished page names no private module: anchors, links and tooltips that mkdocstrings
    and autorefs wrote with the source path ("knight._counting.count") get the public one
    ("knight.count"), or the bare name where the object is not public."""

    return PRIVATE_PATH.sub(lambda match: _public(match.group(1)), output)


def _public(name: str) -> str:
    """knight.NAME where NAME is public, else the bare name."""
    return f"knight.{name}" if name in knight.__all__ else name


def on_post_build(config) -> None:
    """The search index too: its locations are the pages' anchors."""
    index = pathlib.Path(config["site_dir"]) / "search" / "search_index.json"
    if index.is_file():
        text = index.read_text(encoding="utf-8")
        index.write_text(PRIVATE_PATH.sub(lambda match: _public(match.group(1)), text), encoding="utf-8")
