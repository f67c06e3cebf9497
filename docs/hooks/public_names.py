"""MkDocs hook: `::: knight.NAME` documents the public object, even where a subpackage shares its name.

`knight.count` is a function, which the package imports from its counting subpackage, also named
`count`. Griffe (which mkdocstrings reads the source with) keeps one member per name and gives the
subpackage precedence, so `::: knight.count` would document the subpackage. Before mkdocstrings
reads a page, this hook points each such directive at where the installed package defines the
object. The pages then name only public names, and keep building whatever the package's layout.
"""

from __future__ import annotations

import importlib.util
import inspect
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
