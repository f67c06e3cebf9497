"""The judge mode of the seed problem: starts in, one 8×8 tour per line out.

Input is integers, one per line, ending with -1. For each N from 1 to 64 the output is
one line of the 64 squares of an open tour from N, separated by single spaces. Any other
line is bad: it prints -1 (so answers stay one a line), one message on stderr naming
its line number and text, and reading goes on; the command then exits 1. Blank lines are
skipped; end of input without -1 ends quietly.

The input is read in blocks of up to BLOCK bytes, as they come (a terminal's line at once),
and the compiled kernel (cli._kernels.scan) answers the plain lines of a block into an
output block, written whole; what it leaves (-1, a bad line, an unusual one) is read here.
A line is at most MAX_LINE bytes, never held whole in memory: a longer one is bad, and one
longer than MAX_SKIP bytes stops the reading (knight judge < /dev/zero is one endless line).
"""

from __future__ import annotations

import re
from typing import Callable, TextIO

from .. import KnightError, tour
from ._common import _shown
from ._kernels import scan

_INTEGER = re.compile(r"[+-]?0*[0-9]{1,20}")  # more digits name no start, and int() refuses 4,300

#: The longest line read, in bytes: a start is a few digits.
MAX_LINE = 1024

#: The longest line skipped to read the next: past it, reading stops.
MAX_SKIP = 1 << 20

#: Bytes read at once, and the size of the output block.
BLOCK = 1 << 16
OUT_BLOCK = 1 << 20

_BAD = b"-1\n"


def answer(start: int) -> str:
    """The output line for one start: the tour's squares, or -1."""
    if not 1 <= start <= 64:
        return "-1"
    try:
        return tour(8, start).line()
    except KnightError:
        return "-1"


def _reader(source: TextIO) -> Callable[[], bytes]:
    """A function reading the next bytes of source as they come (b"" at its end)."""
    raw = getattr(source, "buffer", None)
    if raw is not None and hasattr(raw, "read1"):
        return lambda: raw.read1(BLOCK)
    return lambda: source.read(BLOCK).encode()


def _writer(sink: TextIO) -> Callable[[bytes], object]:
    """A function writing bytes to sink (its binary buffer when it has one)."""
    raw = getattr(sink, "buffer", None)
    if raw is not None:
        sink.flush()
        write: Callable[[bytes], object] = raw.write
        return write
    return lambda data: sink.write(data.decode())


class _Judge:
    """One run's output block, line count and bad lines."""

    def __init__(self, sink: TextIO, errors: TextIO) -> None:
        self.sink, self.write, self.errors = sink, _writer(sink), errors
        self.answers = tuple(answer(start).encode() + b"\n" for start in range(1, 65))
        self.out = bytearray(OUT_BLOCK)
        self.filled = self.number = self.bad = 0

    def flush(self) -> None:
        """Write the output block and flush it through."""
        if self.filled:
            self.write(bytes(memoryview(self.out)[: self.filled]))
            self.filled = 0
        self.sink.flush()
        raw = getattr(self.sink, "buffer", None)
        if raw is not None:
            raw.flush()

    def put(self, line: bytes) -> None:
        if self.filled + len(line) > len(self.out):
            self.flush()
        self.out[self.filled : self.filled + len(line)] = line
        self.filled += len(line)

    def line(self, raw: bytes, whole: bool) -> bool:
        """Answer one line the kernel left (raw: at most MAX_LINE bytes of it); False at -1, the end."""
        self.number += 1
        text = raw.decode(errors="replace").strip()
        if not text and whole:
            return True
        start = int(text) if whole and _INTEGER.fullmatch(text) else None
        if start == -1:
            return False
        if start is not None and 1 <= start <= 64:
            self.put(self.answers[start - 1])
            return True
        self.bad += 1
        self.say(f": {_shown(text)} is not a start from 1 to 64")
        self.put(_BAD)
        return True

    def say(self, message: str) -> None:
        """A message on errors about the current line, after the answers so far (on a terminal too)."""
        self.flush()
        self.errors.write(f"knight judge: line {self.number}{message}\n")
        self.errors.flush()


def _skip(read: Callable[[], bytes], skipped: int) -> tuple[bytes, bool, bool]:
    """Read past the rest of a long line (skipped bytes of it seen): (what follows it, whether
    the input ended, whether it was longer than MAX_SKIP, so that reading stops)."""
    while skipped <= MAX_SKIP:
        chunk = read()
        if not chunk:
            return b"", True, False
        newline = chunk.find(b"\n")
        if newline >= 0:
            return chunk[newline + 1 :], False, False
        skipped += len(chunk)
    return b"", False, True


def run(source: TextIO, sink: TextIO, errors: TextIO) -> int:
    """Answer every line of source on sink, a block at a time (written before more input is
    awaited, so a terminal sees each answer at once); say on errors what each bad line was.
    Returns the number of bad lines."""
    read, judge = _reader(source), _Judge(sink, errors)
    data, pos, ended = b"", 0, False
    while True:
        pos, judge.filled, lines, why = scan.scan(data, pos, judge.answers, judge.out, judge.filled, MAX_LINE)
        judge.number += lines
        if why == scan.OUT_FULL:
            judge.flush()
        elif why == scan.ASK:
            newline = data.index(b"\n", pos)
            whole = newline - pos < MAX_LINE
            if not judge.line(data[pos : min(newline, pos + MAX_LINE)], whole):
                break
            pos = newline + 1
        elif len(data) - pos >= MAX_LINE:  # a long line not ended yet: the rest is skipped unread
            judge.line(data[pos : pos + MAX_LINE], False)
            data, ended, stop = _skip(read, len(data) - pos)
            pos = 0
            if stop:
                judge.say(f" is longer than {MAX_SKIP:,} bytes: stopped reading")
                break
        elif not ended:
            judge.flush()
            chunk = read()
            data, pos, ended = data[pos:] + chunk, 0, not chunk
        elif pos < len(data):  # the last line, with no newline
            data, pos = data[pos:] + b"\n", 0
        else:
            break
    judge.flush()
    return judge.bad
