"""The join of two sides' layers on a cut (see ``_join``): the pure-Python twin of ``_joiner.pyx``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ._join import TO_END, degrees, links, partners
from ._states import CHUNK, END

if TYPE_CHECKING:
    from ._plan import Check, States


def _one_cycle(left: tuple[int, ...], right: tuple[int, ...]) -> bool:
    """Whether the pieces of both sides (ends on the same squares) close into one cycle."""
    start = next((p for p, q in enumerate(left) if q >= 0), None)
    if start is None:
        return False
    ends, here = 0, start
    while True:
        here = right[left[here]]
        ends += 2
        if here == start:
            return ends == sum(1 for q in left if q >= 0)


def _one_path(left: tuple[int, ...], right: tuple[int, ...], left_degrees: bytes, right_degrees: bytes) -> bool:
    """Whether the pieces of both sides make one path (their path ends known to be two): walked from
    one end, every piece's end is met."""
    sides, degrees = (left, right), (left_degrees, right_degrees)
    here, side, seen = -1, 0, 0
    for p in range(len(left)):
        if left_degrees[p] + right_degrees[p] == 1:  # a path end on the cut
            here, side = p, 0 if left_degrees[p] == 1 else 1
        elif left[p] == TO_END or right[p] == TO_END:  # a piece from a path end, going on across
            here, side, seen = p, 1 if left[p] == TO_END else 0, 1
        if here >= 0:
            break
    if here < 0:
        return False
    while True:
        seen += 1
        there = sides[side][here]
        if there == TO_END:
            break
        seen += 1
        side = 1 - side
        if degrees[side][there] != 1:
            break
        here = there
    return seen == sum(1 for q in left if q != -1) + sum(1 for q in right if q != -1)


def join(
    left: States,
    right: dict[bytes, int],
    closed: bool,
    fixed: tuple[int, ...] = (),
    check: Optional[Check] = None,
) -> int:
    """The tours (undirected) made by a state of the left layer and one of right, over every pair that fits
    (see _join): the right states grouped by their degrees and path ends made, each left state compared
    with the groups that complete it; check(0, states) every CHUNK left states."""
    groups: dict[tuple[bytes, int], list[tuple[tuple[int, ...], bytes, int]]] = {}
    for state, ways in right.items():
        groups.setdefault((degrees(state), state.count(END)), []).append((links(state), degrees(state), ways))
    total = 0
    for done, (state, ways) in enumerate(left, 1):
        mine, ends, made = links(state), degrees(state), state.count(END)
        for partner in partners(ends, closed, fixed, made):
            on_cut = sum(1 for a, b in zip(ends, partner) if a + b == 1)
            for other, theirs, count in groups.get((partner, 2 - made - on_cut if not closed else 0), ()):
                if _one_cycle(mine, other) if closed else _one_path(mine, other, ends, theirs):
                    total += ways * count
        if check is not None and done % CHUNK == 0:
            check(0, done)
    return total
