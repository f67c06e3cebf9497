"""timeout=: the clock long work checks, and the error it raises when the time is up.

Every call that can run long (tour, exists, tours, count, solve) takes ``timeout=`` in
seconds. It is turned once into a deadline, a ``time.monotonic()`` reading, which loops
compare with the clock every few thousand steps; a compiled loop does the same with the
GIL taken back for a moment, and checks for Ctrl-C at the same time.
"""

from __future__ import annotations

import math
import time
from typing import Iterator, SupportsFloat, cast

from ._errors import InvalidInputError, InvalidTypeError, SearchLimitError
from ._shown import _shown

#: No deadline: the work is bounded by its node budget alone.
NEVER = math.inf

#: Cells (or other small steps) of Python set-up work between two looks at the clock.
CELLS_PER_LOOK = 4096

#: The longest timeout taken: about 31 years, far past any real run, small enough for any clock.
MAX_TIMEOUT = 1e9


def deadline(timeout: object) -> float:
    """The time.monotonic() reading by which work must stop: NEVER for None, else now + timeout."""
    if timeout is None:
        return NEVER
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        scalar = getattr(timeout, "ndim", 0) == 0  # an array's float() is an error, or numpy's warning
        if type(timeout).__module__ != "numpy" or not hasattr(timeout, "__float__") or not scalar:
            raise InvalidTypeError(f"timeout must be a number of seconds, not {_shown(timeout)}")
    try:
        seconds = float(cast("SupportsFloat", timeout))  # a number, or numpy's scalar: checked above
    except OverflowError:  # an int past any float
        seconds = math.inf if timeout > 0 else -math.inf  # type: ignore[operator]
    if not seconds > 0:  # also refuses nan
        raise InvalidInputError(f"timeout must be a positive number of seconds, not {_shown(timeout)}")
    if seconds > MAX_TIMEOUT:
        raise InvalidInputError(f"timeout {_shown(timeout)} is too long: at most {MAX_TIMEOUT:.0e} seconds")
    return time.monotonic() + seconds


class OutOfTime(Exception):
    """Set-up work (neighbour lists, windows) stopped by the deadline; the caller, which knows
    what the work was for, turns it into its SearchLimitError (see timed_out)."""


def chunks(count: int, when: float, size: int = CELLS_PER_LOOK) -> Iterator[range]:
    """range(count) in ranges of size, the clock looked at before each: OutOfTime once the
    deadline when has passed (set-up loops over millions of cells stop within one chunk)."""
    for first in range(0, count, size):
        if expired(when):
            raise OutOfTime
        yield range(first, min(first + size, count))


def expired(when: float) -> bool:
    """Whether the deadline when has passed."""
    return when != NEVER and time.monotonic() >= when


def timed_out(started: float, done: str) -> SearchLimitError:
    """The error for work stopped by its timeout; done says what was done so far ("1,234 nodes")."""
    seconds = time.monotonic() - started
    return SearchLimitError(f"timed out after {seconds:.2f} s, having done {done}")
