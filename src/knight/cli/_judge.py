"""The judge mode of the seed problem: starts in, one 8×8 tour per line out.

Input is integers, one per line, ending with -1. For each N from 1 to 64 the output is
one line of the 64 squares of an open tour from N, separated by single spaces. Any other
line is bad: it prints -1 (so answers stay one a line), one message on stderr naming
its line number and text, and reading goes on; the command then exits 1. Blank lines are
skipped; end of input without -1 ends quietly. A line is read MAX_LINE characters at a
time, never whole into memory: a longer one is bad, and one longer than MAX_SKIP characters
stops the reading (knight judge < /dev/zero is one endless line).
"""

from __future__ import annotations

import re
from typing import Iterator, TextIO

from .._find import tour
from ..model._errors import KnightError
from ._common import _shown

_INTEGER = re.compile(r"[+-]?0*[0-9]{1,20}")  # more digits name no start, and int() refuses 4,300

#: The longest line read at once, in characters: a start is a few digits.
MAX_LINE = 1024

#: The longest line skipped to read the next: past it, reading stops.
MAX_SKIP = 1 << 20


def _lines(source: TextIO) -> Iterator[tuple[str, bool, bool]]:
    """The lines of source as (text, whole, last), each at most MAX_LINE characters: a longer
    line is its first MAX_LINE characters with whole False, the rest skipped unread into
    memory; a line longer than MAX_SKIP is the last, and reading stops."""
    while True:
        raw = source.readline(MAX_LINE)
        if not raw:
            return
        if len(raw) < MAX_LINE or raw.endswith("\n"):
            yield raw, True, False
            continue
        skipped = len(raw)
        while skipped <= MAX_SKIP:
            rest = source.readline(MAX_LINE)
            skipped += len(rest)
            if not rest or rest.endswith("\n"):
                break
        yield raw, False, skipped > MAX_SKIP
        if skipped > MAX_SKIP:
            return


def answer(start: int) -> str:
    """The output line for one start: the tour's squares, or -1."""
    if not 1 <= start <= 64:
        return "-1"
    try:
        return tour(8, start).line()
    except KnightError:
        return "-1"


def run(source: TextIO, sink: TextIO, errors: TextIO) -> int:
    """Answer every line of source on sink, flushing per line when source is interactive;
    say on errors what each bad line was. Returns the number of bad lines."""
    interactive = source.isatty()
    answers: dict[int, str] = {}  # a start's tour never changes: search once per start
    bad = 0
    for number, (raw, whole, last) in enumerate(_lines(source), 1):
        text = raw.strip()
        if not text and whole:
            continue
        start = int(text) if whole and _INTEGER.fullmatch(text) else None
        if start == -1:
            break
        if start is None or not 1 <= start <= 64:
            bad += 1
            sink.flush()  # the answers so far come before the message, on a terminal too
            errors.write(f"knight judge: line {number}: {_shown(text)} is not a start from 1 to 64\n")
            if last:
                errors.write(f"knight judge: line {number} is longer than {MAX_SKIP:,} characters: stopped reading\n")
            errors.flush()
            line = "-1"
        else:
            line = answers.get(start) or answers.setdefault(start, answer(start))
        sink.write(line + "\n")
        if interactive:
            sink.flush()
    sink.flush()
    return bad
