"""Pure-Python twin of the compiled domain search of the puzzle search (``_fill.pyx``):
same algorithm, same answers.

``fill`` completes a path through fixed moves (a start, an end, a puzzle's givens) as a
constraint problem: it narrows every move's squares at once, which is stronger than the
forward core (``_forward`` / ``_forward_py``) where many moves are given. Its docstring
explains the arguments, the rules and the branching.
"""

from __future__ import annotations

import time
from array import array
from typing import Iterator

from ..model._status import EXHAUSTED, FOUND, LIMIT

__all__ = ["DEADLINE_EVERY", "EXHAUSTED", "FOUND", "LIMIT", "RESTART_NODES", "fill"]

#: Nodes between two looks at the clock (fewer than the compiled search's 1024: a Python
#: node is slower).
DEADLINE_EVERY = 64

#: A node copies and narrows every domain: past CLOCK_WORDS // DEADLINE_EVERY words of them
#: the clock is read every CLOCK_WORDS // words nodes instead.
CLOCK_WORDS = 1 << 16

#: Nodes of the first run; each run after it gets half as many again.
RESTART_NODES = 100


def fill(
    deltas: array[int],
    board: array[int],
    domains: array[int],
    rank: array[int],
    weight: array[int],
    max_nodes: int,
    deadline: float,
) -> tuple[int, int, array[int] | None]:
    """Complete the path by narrowing each move's domain; return (status, nodes, cells).

    The squares are bits of a padded layout (see search/_solve._Layout): a leap is a
    shift by one of ``deltas``, and ``board`` (WORDS uint64 words) marks the squares.
    ``domains`` holds, per move 1..n, WORDS words: the squares that may hold it (one
    square for a fixed move). The search keeps every domain at the fixpoint of four rules:

    * a move's square is a leap from a square of the move before and of the move after,
      and (a middle move) has two such neighbours, not one holding both;
    * a move with one square left takes that square from every other move;
    * a square left in one move's domain only is that move's square;
    * every domain keeps a square and every square lies in some domain, else the node fails.

    Then it branches on the move with the fewest squares per weight (the first such
    move), ``weight`` holding per move an int64, 1 at first, raised by one each time the
    move's domain empties or keeps two squares no other move has: the moves that keep
    failing go first (dom/wdeg). weight is updated in place, so that the next call on the
    same puzzle (_solve._rounds) begins with what this one learnt. It tries the move's squares in
    the fewest other domains first, then by ``rank`` (one int64 a bit), then by position;
    unless some square lies in fewer domains than that move's squares (the first by rank
    and position of the fewest), when it branches on that square's moves instead.

    The search restarts from the top, keeping the weights, after RESTART_NODES
    nodes, and after each run half as many again as the run before: an early wrong
    choice costs one run, and the weights learnt from it order the next (10×10 puzzles
    with 15% given that thrashed for millions of nodes finish in a few thousand). A run
    that ends with the tree exhausted proves there is no completion. cells are the bit
    positions of the moves' squares when status is FOUND, else None.
    """
    words = len(board)
    n = len(domains) // words
    rules = _Rules(list(deltas), _number(board, 0, words), weight)
    top = [_number(domains, move * words, words) for move in range(n)]
    nodes = 0
    every = max(1, min(DEADLINE_EVERY, CLOCK_WORDS // max(n * words, 1)))
    if not rules.settle(top, list(range(n))):
        return EXHAUSTED, nodes, None
    run = restart = RESTART_NODES
    domain = top
    stack: list[tuple[list[int], list[tuple[int, int]]]] = []
    cursor: list[int] = []
    while True:
        options = rules.branches(domain, rank)
        if not options:
            return FOUND, nodes, array("i", [bits.bit_length() - 1 for bits in domain])
        stack.append((domain, options))
        cursor.append(0)
        while True:
            if not stack:
                return EXHAUSTED, nodes, None
            saved, options = stack[-1]
            if cursor[-1] == len(options):
                stack.pop()
                cursor.pop()
                continue
            if nodes >= max_nodes or (nodes % every == 0 and time.monotonic() >= deadline):
                return LIMIT, nodes, None
            if nodes == restart:
                run += run // 2
                restart = nodes + run
                del stack[1:], cursor[1:]
                stack[0] = (top, rules.branches(top, rank))
                cursor[0] = 0
                saved, options = stack[0]
            nodes += 1
            move, cell = options[cursor[-1]]
            cursor[-1] += 1
            domain = list(saved)
            domain[move] = 1 << cell
            if rules.settle(domain, [move]):
                break


def _number(words: array[int], start: int, count: int) -> int:
    """WORDS uint64 words as one Python int (a bitset)."""
    return int.from_bytes(words[start : start + count].tobytes(), "little")


def _bits(bits: int) -> list[int]:
    """The positions of the set bits, lowest first."""
    found: list[int] = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


class _Rules:
    """The domain rules on one board (see fill), on Python ints as bitsets."""

    def __init__(self, deltas: list[int], board: int, weight: array[int]) -> None:
        self.deltas, self.board, self.n = deltas, board, len(weight)
        self.weight = weight  # per move: its failures (see fill), updated in place

    def shifts(self, bits: int) -> Iterator[int]:
        for delta in self.deltas:
            yield bits << delta if delta > 0 else bits >> -delta

    def reach(self, bits: int) -> int:
        """The squares a leap from some square of bits."""
        out = 0
        for shifted in self.shifts(bits):
            out |= shifted
        return out & self.board

    def support(self, domain: list[int], move: int) -> int:
        """The squares move may hold given the domains of its neighbouring moves."""
        first, last = move == 0, move + 1 == self.n
        if first or last:
            return self.board if first and last else self.reach(domain[move + 1 if first else move - 1])
        before, after = domain[move - 1], domain[move + 1]
        ones = twos = 0
        for shifted in self.shifts(before | after):
            twos |= ones & shifted
            ones |= shifted
        return self.reach(before) & self.reach(after) & twos

    def settle(self, domain: list[int], queue: list[int]) -> bool:
        """Narrow domain (per move, in place) to the rules' fixpoint, starting from the
        moves in queue; False when a move or a square is left without."""
        n = self.n
        waiting = set(queue)

        def narrow(other: int, bits: int) -> bool:
            """domain[other] = bits, queued when it changed; False (a failure of other) when empty."""
            if bits != domain[other]:
                if not bits:
                    self.weight[other] += 1
                    return False
                domain[other] = bits
                if other not in waiting:
                    waiting.add(other)
                    queue.append(other)
            return True

        while True:
            while queue:
                move = queue.pop()
                waiting.discard(move)
                for other in (move - 1, move + 1):
                    if 0 <= other < n and not narrow(other, domain[other] & self.support(domain, other)):
                        return False
                own = domain[move]
                if own & (own - 1) == 0:
                    for other in range(n):
                        if other != move and not narrow(other, domain[other] & ~own):
                            return False
            ones = twos = 0
            for bits in domain:
                twos |= ones & bits
                ones |= bits
            if ones != self.board:
                return False
            lonely = ones & ~twos
            for move in range(n):
                mine = domain[move] & lonely
                if mine and mine != domain[move]:
                    if mine & (mine - 1):
                        self.weight[move] += 1
                        return False
                    domain[move] = mine
                    waiting.add(move)
                    queue.append(move)
            if not queue:
                return True

    def branches(self, domain: list[int], rank: array[int]) -> list[tuple[int, int]]:
        """The (move, square) choices to try at a settled node, in order; none when every
        move has its square."""
        held: dict[int, int] = {}
        best, size = -1, 0
        weight = self.weight
        for move, bits in enumerate(domain):
            if bits & (bits - 1):
                cells = _bits(bits)
                for cell in cells:
                    held[cell] = held.get(cell, 0) + 1
                if best < 0 or len(cells) * weight[best] < size * weight[move]:
                    best, size = move, len(cells)
        if best < 0:
            return []
        count, _, cell = min((count, rank[cell], cell) for cell, count in held.items())
        if count < size:
            return [(move, cell) for move, bits in enumerate(domain) if bits >> cell & 1]
        return [(best, cell) for cell in sorted(_bits(domain[best]), key=lambda cell: (held[cell], rank[cell], cell))]
