"""The judge mode of the seed problem: starts in, one 8×8 tour per line out.

Input is integers, one per line, ending with -1. For each N from 1 to 64 the output is
one line of the 64 squares of an open tour from N, separated by single spaces; any other
integer, and any line that is not an integer, prints -1 and reading goes on. Blank lines
are skipped; end of input without -1 ends quietly.
"""

from __future__ import annotations

import re
from typing import TextIO

from .._errors import KnightError
from ..search._find import tour

_INTEGER = re.compile(r"[+-]?[0-9]+")


def answer(start: int) -> str:
    """The output line for one start: the tour's squares, or -1."""
    if not 1 <= start <= 64:
        return "-1"
    try:
        return tour(8, start).line()
    except KnightError:
        return "-1"


def run(source: TextIO, sink: TextIO) -> None:
    """Answer every line of source on sink, flushing per line when source is interactive."""
    interactive = source.isatty()
    answers: dict[int, str] = {}  # a start's tour never changes: search once per start
    for raw in source:
        text = raw.strip()
        if not text:
            continue
        if not _INTEGER.fullmatch(text):
            sink.write("-1\n")
        else:
            start = int(text)
            if start == -1:
                break
            line = answers.get(start)
            if line is None:
                line = answers[start] = answer(start)
            sink.write(line + "\n")
        if interactive:
            sink.flush()
    sink.flush()
