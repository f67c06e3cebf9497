"""One tour drawn uniformly from the frontier sweep: the pure-Python twin of ``_draw.pyx``.

The sweep (``_plan``'s steps, ``_states``' rules, without merging mirror images) is run
once with every transition kept: for each step, each state reached with the (count,
state before, edges) leading to it. A draw walks them backwards from the completed tour,
each step choosing among the (state, edges) that lead to the state chosen after it with
odds in proportion to the state's count, then follows the chosen edges (``walk_edges``).
The compiled kernel keeps layers and walks forward instead: each implementation's draws
are uniform, and a seed gives the same tour every time, though not the same in both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from ..model._remembered import remembered
from ._plan import KNIGHT_STEPS as KNIGHT_STEPS
from ._plan import Check, Moves, Plan, Question, TooManyArrows, plan, question_of, walk_edges
from ._states import CHUNK, demanded, demands_first, successors

if TYPE_CHECKING:
    import random

#: One step's transitions: for each state reached (None: a complete tour), the (count, state before,
#: edges) leading to it.
_Arrows = Dict[Optional[bytes], List[Tuple[int, bytes, Tuple[int, ...]]]]

_ARROWS: dict[tuple[Question, int], tuple[Plan, list[_Arrows]]] = {}  # the last few questions' kept sweeps


def _arrows(question: Question, most: int, check: Optional[Check] = None) -> tuple[Plan, list[_Arrows]]:
    """The sweep, and for each step every state reached with the (count, state, edges) leading to it.

    TooManyArrows past most transitions kept; check(step, transitions) every CHUNK states.
    """
    return remembered(_ARROWS, (question, most), lambda: _keep_arrows(question, most, check), 4)


def _keep_arrows(question: Question, most: int, check: Optional[Check]) -> tuple[Plan, list[_Arrows]]:
    """_arrows, uncached (no transitions when the plan says there is no tour)."""
    sweep = plan(*question, check=check)
    if not sweep.factor:
        return sweep, []
    demands_first(sweep, 0, check)  # the demand patterns first (not kept, but counted as work)
    layer: dict[bytes, int] = {b"": 1}
    arrows: list[_Arrows] = []
    kept = 0
    for index, step in enumerate(sweep.steps):
        into: _Arrows = {}
        for done, (state, ways) in enumerate(layer.items(), 1):
            for choice, key in successors(state, step, sweep, demanded(sweep, index), merge=False):
                into.setdefault(key, []).append((ways, state, choice))
                kept += 1
            if kept > most:
                raise TooManyArrows(f"sampling keeps every transition of the sweep: more than {most:,}")
            if check is not None and done % CHUNK == 0:
                check(index, kept)
        arrows.append(into)
        layer = {key: sum(ways for ways, _, _ in options) for key, options in into.items() if key is not None}
    return sweep, arrows


def sample(
    rows: int,
    cols: int,
    mask: Optional[bytes],
    start: Optional[int],
    end: Optional[int],
    closed: bool,
    moves: Moves = KNIGHT_STEPS,
    rng: Optional[random.Random] = None,
    most: int = 5_000_000,
    check: Optional[Check] = None,
) -> list[int]:
    """One tour, uniform among those _frontier_py.count(...) counts: its squares in visiting order.

    The sweep's transitions are kept (for the last 4 questions asked), then walked
    backwards from the completed tour, each step choosing among the (state, edges) that
    lead to the state chosen after it with probability proportional to the state's count.
    Memory grows with every layer's states: meant for small boards (up to about 6×6);
    past most transitions, TooManyArrows (a MemoryError). ValueError when there is no tour.
    check(step, transitions), if given, is called every so often while the plan is laid
    out and the sweep kept; it stops the draw by raising.
    """
    if rng is None:
        import random  # here: importing knight stays quick

        rng = random.Random()
    sweep, arrows = _arrows(question_of(rows, cols, mask, start, end, closed, moves), most, check)
    if not sweep.factor or not arrows or None not in arrows[-1]:
        raise ValueError("no tour to sample: the count is 0")
    target: Optional[bytes] = None
    chosen: list[tuple[int, ...]] = []
    for into in reversed(arrows):
        options = into[target]
        pick = rng.randrange(sum(ways for ways, _, _ in options))
        option = options[-1]  # (the loop breaks by the last at the latest: pick < the sum of the ways)
        for option in options:  # each option with odds in proportion to its ways
            pick -= option[0]
            if pick < 0:
                break
        _, target, choice = option
        chosen.append(choice)
    return walk_edges(sweep, chosen[::-1], start, end, closed, rng)
