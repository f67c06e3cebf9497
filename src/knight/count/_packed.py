"""A layer's states packed for shipping: the sharded sweep's format (see ``_spread``), made and
taken by both frontier kernels, so that shards may run on either.

A piece is a plain tuple ``(keys, counts, bits)``: ``keys`` the states one after another, each
its codes one byte a square (a state's ``bytes``, as ``layer`` gives them); ``counts`` their
counts in the same order, each as ``limbs(bits)`` 64-bit words, least significant first, each
word little-endian; ``bits`` the bit length of the piece's largest count. Two buffers a piece
rather than a tuple a state: a Python tuple, bytes and int cost about 150 bytes a state, the
packed state about 20 (see benchmarks/bench_frontier.py --dask).

A state's owner among ``shards`` is its CRC-32 (``zlib.crc32`` of its codes) modulo
``shards``: the same in every process and in both kernels. Mirror images are merged before a
state is dealt (``_plan``), so equal states always meet in one shard.
"""

from __future__ import annotations

import zlib
from itertools import islice
from typing import TYPE_CHECKING, Iterable, Iterator, List, Tuple, Union

if TYPE_CHECKING:
    from ._plan import Plan

#: (keys, counts, bits): see the module's docstring.
Piece = Tuple[bytes, bytes, int]

#: A piece with no state.
NOTHING: Piece = (b"", b"", 0)

#: The most states in a piece that a shard's round gives its sink (a file's writer): a shard's states
#: go in as many pieces as they fill, made one at a time, so that a round holds one such piece of what
#: it deals (about 30 MB), not a shard's share of the layer.
DEALT = 1 << 21


def owner(state: bytes, shards: int) -> int:
    """The shard that keeps state."""
    return zlib.crc32(state) % shards


def limbs(bits: int) -> int:
    """The 64-bit words a count of bits bits is packed in (at least one)."""
    return max(1, -(-bits // 64))


def limbs_for(pieces: Iterable[Piece]) -> int:
    """The words a state's count needs once the pieces' counts of it are added (each piece holds a
    state once, so the sum is below the sum of 2**bits)."""
    return limbs_for_bits(bits for _, _, bits in pieces)


def limbs_for_bits(bits: Iterable[int]) -> int:
    """limbs_for of pieces whose largest counts have these bit lengths."""
    return limbs((sum(1 << each for each in bits) - 1).bit_length())


class Stream:
    """Pieces that come one at a time (a shard's files, read piece by piece as the kernel loads them),
    with what a kernel must know before the first: each piece's states and the bit length of its largest
    count (its layout); the states they hold (a state in several pieces counted in each)."""

    def __init__(self, layout: List[Tuple[int, int]], pieces: Iterator[Piece]) -> None:
        self.layout, self.pieces = layout, pieces
        self.states = sum(held for held, _ in layout)


#: A shard's round's pieces: a list (emptied as they are loaded), or a Stream.
Inbox = Union[List[Piece], Stream]


def opened(inbox: Inbox) -> tuple[int, int, Iterator[Piece]]:
    """(states, limbs_for, the pieces one at a time) of a round's inbox; a list is emptied as its pieces
    are taken, so that each goes once loaded (a caller that keeps a layer passes a copy)."""
    if isinstance(inbox, Stream):
        return inbox.states, limbs_for_bits(bits for _, bits in inbox.layout), inbox.pieces
    return sum(map(size, inbox)), limbs_for(inbox), _popped(inbox)


def joined(inboxes: Iterable[Union[Piece, Stream]]) -> Stream:
    """Pieces and streams (a round's inbox of files and pieces) as one stream, taken in turn."""
    parts = [Stream([(size(part), part[2])], iter([part])) if isinstance(part, tuple) else part for part in inboxes]
    return Stream([each for part in parts for each in part.layout], _chained(parts))


def batched(inbox: Inbox, most: int) -> Iterator[Stream]:
    """inbox's pieces as streams of at most most states each (a piece of more dealt out state by state
    into as many parts as it needs: a piece is in its sender's table's order, so that a run of it would
    crowd one corner of the table it is loaded into), each to be taken whole before the next is asked
    for: a shard too large for memory swept a part at a time (a state in several parts is swept in each,
    its counts added in the next layer, as for a state in several pieces)."""
    if isinstance(inbox, Stream):
        layout, whole = inbox.layout, inbox.pieces
    else:
        layout, whole = [(size(piece), piece[2]) for piece in inbox], _popped(inbox)
    parts = [(held, bits) for states, bits in layout for held in _dealt_sizes(states, most)]
    pieces = (part for piece in whole for part in _dealt(piece, most))
    batch: list[tuple[int, int]] = []
    held = 0
    for part in parts:
        if batch and held + part[0] > most:
            yield Stream(batch, islice(pieces, len(batch)))
            batch, held = [], 0
        batch.append(part)
        held += part[0]
    yield Stream(batch, islice(pieces, len(batch)))


def _dealt_sizes(states: int, most: int) -> list[int]:
    """The states of each part _dealt makes of a piece of states states, parts of at most most."""
    parts = -(-states // most)
    return [len(range(k, states, parts)) for k in range(parts)]


def _dealt(piece: Piece, most: int) -> Iterator[Piece]:
    """piece's states dealt out into pieces of at most most states (_dealt_sizes), state i to piece i % their
    number (none for NOTHING)."""
    states = size(piece)
    sizes = _dealt_sizes(states, most)
    if len(sizes) <= 1:
        if states:
            yield piece
        return
    keys, counts, bits = piece
    parts, words, width = len(sizes), 8 * limbs(bits), len(keys) // states
    for k, held in enumerate(sizes):
        part_keys, part_counts = bytearray(held * width), bytearray(held * words)
        for at in range(width):
            part_keys[at::width] = keys[k * width + at :: parts * width]
        for at in range(words):
            part_counts[at::words] = counts[k * words + at :: parts * words]
        yield bytes(part_keys), bytes(part_counts), bits


def _chained(streams: List[Stream]) -> Iterator[Piece]:
    for stream in streams:
        yield from stream.pieces


def _popped(pieces: List[Piece]) -> Iterator[Piece]:
    pieces.reverse()
    while pieces:
        yield pieces.pop()


def size(piece: Piece) -> int:
    """The states a piece holds."""
    _, counts, bits = piece
    return len(counts) // (8 * limbs(bits))


def split(piece: Piece, most: int) -> Iterator[Piece]:
    """piece's states in order, as pieces of at most most states each (none for NOTHING), with its bits."""
    keys, counts, bits = piece
    states, words = size(piece), 8 * limbs(bits)
    width = len(keys) // states if states else 0
    for at in range(0, states, most):
        yield keys[at * width : (at + most) * width], counts[at * words : (at + most) * words], bits


def start(first: bytes = b"", ways: int = 1) -> Piece:
    """A piece of one state."""
    bits = ways.bit_length()
    return first, ways.to_bytes(8 * limbs(bits), "little"), bits


def unpack(pieces: Iterable[Piece], width: int) -> Iterator[tuple[bytes, int]]:
    """The (state, count) pairs of pieces whose states are width codes long (a state may come twice)."""
    for piece in pieces:
        keys, counts, bits = piece
        words = 8 * limbs(bits)
        for i in range(size(piece)):
            yield (
                bytes(keys[i * width : (i + 1) * width]),
                int.from_bytes(counts[i * words : (i + 1) * words], "little"),
            )


def pack(states: Iterable[tuple[bytes, int]], shards: int) -> list[Piece]:
    """The (state, count) pairs (each state once) dealt to their owners: one piece a shard."""
    shares: list[list[tuple[bytes, int]]] = [[] for _ in range(shards)]
    for state, ways in states:
        shares[owner(state, shards)].append((state, ways))
    pieces: list[Piece] = []
    for share in shares:
        bits = max((ways.bit_length() for _, ways in share), default=0)
        size = 8 * limbs(bits)
        pieces.append(
            (b"".join(state for state, _ in share), b"".join(ways.to_bytes(size, "little") for _, ways in share), bits)
        )
    return pieces


def width(sweep: Plan, at: int) -> int:
    """The frontier's squares (a state's codes) before step at of sweep (a _plan.Plan)."""
    return len(sweep.steps[at].here) - 1


#: Codes a 64-bit word of a compiled table's key holds (4 bits each).
CODES_A_WORD = 16


def widths(sweep: Plan) -> list[int]:
    """The codes of a state before the first step and after each step of sweep."""
    return [width(sweep, 0) if sweep.steps else 0] + [len(step.keep) for step in sweep.steps]


def key_words(widths: list[int]) -> int:
    """The 64-bit words of a state's key in the compiled kernel's tables, for a sweep of these widths: one
    while no layer's states have more than CODES_A_WORD codes (every board up to 7 wide), else two (8×8: 17)."""
    return 1 if max(widths) <= CODES_A_WORD else 2
