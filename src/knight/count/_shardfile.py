"""A layer's shard on disk: the file format of the disk tier and of checkpoints (see ``_spill``).

A shard file holds one shard of one layer of one frontier count: the states owned by shard
``index`` of ``shards`` (by ``_packed.owner``) before step ``step`` of the sweep, as the
pieces ``_packed`` defines (codes and little-endian count limbs), after a header that names
the question they belong to. All integers are little-endian; the layout, version 1:

=========  =====================  ===================================================================
bytes      field                  meaning
=========  =====================  ===================================================================
8          magic                  ``b"KNIGHTSH"``
2          version                1
2          width                  codes a state (the frontier's squares before step ``step``)
4          step                   the steps swept: the layer before step ``step`` (0 to ``steps``)
4          steps                  the sweep's steps (the plan's)
4          index                  this shard, 0 to ``shards`` - 1
4          shards                 the layer's shards
4          pieces                 the pieces in the body
8          states                 the states in the body (a state may be in several pieces)
8          body                   the body's bytes
4          body CRC               ``zlib.crc32`` of the body
2          tours bytes            T, the bytes of the next field
4          question bytes         Q, the bytes of the question
T          tours                  the tours completed before step ``step`` (the plan's undirected
                                  count, not yet times its factor), unsigned
Q          question               the count's question, as JSON (``_plan.question_of``'s tuple;
                                  the mask as hexadecimal text)
4          header CRC             ``zlib.crc32`` of every header byte before it
=========  =====================  ===================================================================

The body is ``pieces`` pieces one after another, each a record of its states (8 bytes) and the
bit length of its largest count (4 bytes), then its states' codes (states × width bytes), then
their counts (states × 8 × ``_packed.limbs(bits)`` bytes).

Opening a file (``Header.open``) checks its header against the question before a kernel sees
any of it: the magic, version and header checksum, the question, the step in range, the width
the sweep's, the index below the shards, the sizes adding up to the file's, and each piece's
record (read skipping its states: its states and counts adding up to the body, its counts no
wider than any count at that step can be, ``most_bits``). Its pieces are then read one at a
time as the kernel loads them (``Shard.stream``), so that a shard's round holds one piece of a
file, not the file; the body's checksum is checked after the last piece, so a damaged body
stops the round that reads it. A file not written by this process (a checkpoint being resumed)
is also checked state by state as it is read, before the kernel sees each piece
(``check_states``, by the kernel's ``check_piece``): codes that a state of the sweep can hold,
each path label twice and in order of first appearance, each count within its declared bits.
``Header.read`` reads a file whole, with the same checks. Any failure is an InvalidInputError
naming the file and the field. The checksums catch damage (a truncated file, flipped bits); a
deliberately forged file that passes every check is a layer the kernels can sweep (it can
neither run code nor crash one), whose count is that layer's.

Writes cannot lose or clobber: a file is written to ``NAME.part`` in the same directory,
created with ``O_EXCL`` (so a link planted at that name is refused, never followed), flushed
and fsynced, then renamed over ``NAME``, and the directory fsynced. One writer at a time holds
the directory's ``lock`` file (``fcntl.flock``); a second is refused.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import struct
import zlib
from typing import TYPE_CHECKING, Iterator, Optional

from ..model._errors import InvalidInputError
from . import _kernels
from ._packed import Piece, Stream, limbs, size, width
from ._plan import AnyQuestion, Plan
from ._states import FIRST_LABEL

if TYPE_CHECKING:
    import io

MAGIC = b"KNIGHTSH"
VERSION = 1
#: magic, version, width, step, steps, index, shards, pieces, states, body, body CRC, tours bytes, question bytes
_HEAD = struct.Struct("<8sHHIIIIIQQIHI")
_PIECE = struct.Struct("<QI")
_CRC = struct.Struct("<I")

#: The most shards a layer is cut into (a step holds one open file a shard).
MAX_SHARDS = 512

#: A shard file's name: layer-STEP-INDEX-of-SHARDS.kshard.
_NAME = re.compile(r"layer-(\d+)-(\d+)-of-(\d+)\.kshard")
SUFFIX = ".part"
LOCK = "lock"

#: Bytes read or written at a time.
BLOCK = 1 << 24


def name(step: int, index: int, shards: int) -> str:
    return f"layer-{step}-{index}-of-{shards}.kshard"


def parse_name(file: str) -> Optional[tuple[int, int, int]]:
    """(step, index, shards) of a shard file's name, or None for another file."""
    found = _NAME.fullmatch(file)
    return None if found is None else (int(found[1]), int(found[2]), int(found[3]))


def question_text(question: AnyQuestion) -> bytes:
    """The question as the header's JSON (plain data: numbers, booleans, lists; the mask as hex)."""
    plain: list[object] = list(question)
    plain[2] = None if question[2] is None else question[2].hex()
    return json.dumps(plain, separators=(",", ":")).encode()


def width_at(sweep: Plan, step: int) -> int:
    """Codes a state before step (0 after the last: the finished layer holds no state)."""
    return width(sweep, step) if step < len(sweep.steps) else 0


def most_bits(sweep: Plan) -> list[int]:
    """For each step, a bound on the bits of any count before it: a partial tour picks one of a step's
    choices (or none) a step, and merging mirror images at most doubles a count."""
    bound, bits = [0], 0
    for step in sweep.steps:
        bits += (len(step.choices) + 1).bit_length() + 1
        bound.append(bits)
    return bound


def _refuse(path: str, field: str, why: str) -> InvalidInputError:
    return InvalidInputError(f"shard file {path!r}: {field}: {why}")


def disk_error(path: str, error: OSError) -> InvalidInputError:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return InvalidInputError(
            f"the disk holding {os.path.dirname(path)!r} is full: {error.strerror} writing {path!r}"
        )
    return InvalidInputError(f"shard file {path!r} cannot be written: {error}")


class Writer:
    """One shard file being written: pieces appended as they come (big writes of their buffers), the
    header written last, then renamed into place (see the module's docstring)."""

    def __init__(self, directory: str, step: int, index: int, shards: int, head: "Header", durable: bool) -> None:
        self.path = os.path.join(directory, name(step, index, shards))
        self.part = self.path + SUFFIX
        self.step, self.index, self.shards, self.head, self.durable = step, index, shards, head, durable
        self.pieces = self.states = self.body = self.crc = 0
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        try:
            self.fd = os.open(self.part, flags, 0o644)
        except FileExistsError:
            raise InvalidInputError(
                f"{self.part!r} is in the way (another writer's file, or a link planted there): remove it"
            ) from None
        except OSError as error:
            raise disk_error(self.part, error) from None
        self._write(bytes(head.size()))  # the header's room, filled by close()

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.fd, view[:BLOCK]) :]
        except OSError as error:
            self.abandon()
            raise disk_error(self.part, error) from None

    def add(self, piece: Piece) -> None:
        keys, counts, bits = piece
        states = size(piece)
        if not states:
            return
        record = _PIECE.pack(states, bits)
        for data in (record, keys, counts):
            self.crc = zlib.crc32(data, self.crc)
            self._write(data)
        self.pieces += 1
        self.states += states
        self.body += len(record) + len(keys) + len(counts)

    def close(self, tours: int) -> str:
        """Write the header (tours: completed before this step), make the file durable, rename it into place."""
        header = self.head.pack(
            self.step, self.index, self.shards, self.pieces, self.states, self.body, self.crc, tours
        )
        try:
            os.lseek(self.fd, 0, os.SEEK_SET)
            self._write(header)
            if self.durable:
                os.fsync(self.fd)
            os.close(self.fd)
            self.fd = -1
            os.replace(self.part, self.path)
        except OSError as error:
            self.abandon()
            raise disk_error(self.path, error) from None
        return self.path

    def abandon(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        try:
            os.unlink(self.part)
        except OSError:
            pass


class Header:
    """The header fields that belong to the count (the question, its sweep) rather than to one file."""

    def __init__(self, question: AnyQuestion, sweep: Plan) -> None:
        self.question, self.sweep = question, sweep
        self.text = question_text(question)
        self.bits = most_bits(sweep)
        self.steps = len(sweep.steps)
        self.tours_bytes = (self.bits[-1] + 7) // 8 + 1  # room for any count of the sweep

    def size(self) -> int:
        return _HEAD.size + self.tours_bytes + len(self.text) + _CRC.size

    def pack(
        self, step: int, index: int, shards: int, pieces: int, states: int, body: int, crc: int, tours: int
    ) -> bytes:
        head = _HEAD.pack(
            MAGIC,
            VERSION,
            width_at(self.sweep, step),
            step,
            self.steps,
            index,
            shards,
            pieces,
            states,
            body,
            crc,
            self.tours_bytes,
            len(self.text),
        )
        head += tours.to_bytes(self.tours_bytes, "little") + self.text
        return head + _CRC.pack(zlib.crc32(head))

    def read(self, path: str, trusted: bool = False) -> "Shard":
        """The shard in the file at path, every field checked (see the module's docstring), its pieces read
        at once (shard.pieces); trusted: written by this process, so its states are not checked one by one
        (its checksums are)."""
        shard = self.open(path, trusted)
        shard.pieces = list(shard.stream().pieces)
        return shard

    def open(self, path: str, trusted: bool = False) -> "Shard":
        """The shard in the file at path, its header and the pieces' layout checked (see the module's
        docstring), its pieces to be read one at a time (shard.stream()), each checked as it is read and the
        body's checksum at the end; trusted as for read."""
        with _open(path) as file:
            total = os.fstat(file.fileno()).st_size
            fixed = file.read(_HEAD.size)
            if len(fixed) < _HEAD.size:
                raise _refuse(path, "header", f"the file is {total} bytes, shorter than a header")
            magic, version, width, step, steps, index, shards, pieces, states, body, crc, tours_bytes, text_bytes = (
                _HEAD.unpack(fixed)
            )
            if magic != MAGIC:
                raise _refuse(path, "magic", "not a knight shard file")
            if version != VERSION:
                raise _refuse(path, "version", f"{version}, where this knight reads version {VERSION}")
            rest = file.read(min(tours_bytes + text_bytes + _CRC.size, max(0, total - _HEAD.size)))
            if len(rest) < tours_bytes + text_bytes + _CRC.size:
                raise _refuse(path, "header", "the file ends inside its header (truncated)")
            (header_crc,) = _CRC.unpack_from(rest, tours_bytes + text_bytes)
            if zlib.crc32(rest[: tours_bytes + text_bytes], zlib.crc32(fixed)) != header_crc:
                raise _refuse(path, "header CRC", "the header is damaged or was edited")
            if rest[tours_bytes : tours_bytes + text_bytes] != self.text:
                raise _refuse(path, "question", f"it is for another count: {rest[tours_bytes:][:text_bytes][:80]!r}")
            if steps != self.steps:
                raise _refuse(path, "steps", f"{steps}, where the sweep has {self.steps}")
            if step > steps:
                raise _refuse(path, "step", f"{step}, past the sweep's {steps} steps")
            name_fields = parse_name(os.path.basename(path))
            if name_fields is not None and name_fields != (step, index, shards):
                raise _refuse(path, "step, index, shards", f"{(step, index, shards)} do not match the file's name")
            if not 1 <= shards <= MAX_SHARDS or index >= shards:
                raise _refuse(path, "index", f"shard {index} of {shards}")
            if width != width_at(self.sweep, step):
                raise _refuse(
                    path, "width", f"{width} codes a state, where step {step} has {width_at(self.sweep, step)}"
                )
            if tours_bytes != self.tours_bytes:
                raise _refuse(path, "tours bytes", f"{tours_bytes}, where this count's take {self.tours_bytes}")
            tours = int.from_bytes(rest[:tours_bytes], "little")
            if tours.bit_length() > self.bits[step] + 1:
                raise _refuse(path, "tours", f"{tours}, more than {step} steps can complete")
            start = _HEAD.size + len(rest)
            if total - start != body:
                raise _refuse(
                    path, "body", f"{total - start} bytes, where the header says {body} (truncated or extended)"
                )
            if step == steps and (pieces or states):
                raise _refuse(path, "states", "the finished layer holds no state")
            layout = self._layout(path, file, start, body, pieces, states, width, step)
        return Shard(path, step, index, shards, tours, states, _Body(path, start, crc, width, layout, trusted))

    def _layout(
        self, path: str, file: io.FileIO, start: int, body: int, pieces: int, states: int, width: int, step: int
    ) -> tuple[list[tuple[int, int]], Optional[str]]:
        """(states, bits) of each piece, from their records (read skipping their states), checked; and why
        they do not add up to the header's states and body (None if they do)."""
        found: list[tuple[int, int]] = []
        at, seen = 0, 0
        for _ in range(pieces):
            file.seek(start + at)
            record = file.read(_PIECE.size)
            if len(record) < _PIECE.size:
                raise _refuse(path, "pieces", "the body ends inside a piece")
            held, bits = _PIECE.unpack(record)
            if bits > self.bits[step] or not held:
                raise _refuse(path, "bits", f"a piece of {held} states with counts of {bits} bits at step {step}")
            at += _PIECE.size + held * (width + 8 * limbs(bits))
            if at > body:
                raise _refuse(path, "pieces", f"a piece of {held} states runs past the body")
            found.append((held, bits))
            seen += held
        wrong = None
        if at != body or seen != states:  # refused after the pieces' own checks (_Body.pieces)
            wrong = f"the pieces hold {seen} states in {at} bytes, the header says {states} in {body}"
        return found, wrong


class _Body:
    """A shard file's pieces, read one at a time (see Header.open)."""

    def __init__(
        self,
        path: str,
        start: int,
        crc: int,
        width: int,
        layout: tuple[list[tuple[int, int]], Optional[str]],
        trusted: bool,
    ) -> None:
        self.path, self.start, self.crc, self.width, self.trusted = path, start, crc, width, trusted
        self.layout, self.wrong = layout  # (states, bits) a piece; the sizes' disagreement, if any

    def pieces(self) -> Iterator[Piece]:
        """Each piece as it is read (checked state by state unless trusted), the body's checksum checked after the last."""
        path, crc = self.path, 0
        with _open(path) as file:
            file.seek(self.start)
            for held, bits in self.layout:
                record = _read_all(file, _PIECE.size, path)
                if _PIECE.unpack(record) != (held, bits):
                    raise _refuse(path, "pieces", "the file changed while it was read")
                keys = _read_all(file, held * self.width, path)
                counts = _read_all(file, held * 8 * limbs(bits), path)
                for data in (record, keys, counts):
                    crc = zlib.crc32(data, crc)
                piece = (keys, counts, bits)
                if not self.trusted:
                    check_states(path, piece, self.width)
                yield piece
                del piece, keys, counts  # let go while the kernel loads it, not after the next is read
        if self.wrong is not None:
            raise _refuse(path, "states", self.wrong)
        if crc != self.crc:
            raise _refuse(path, "body CRC", "the body is damaged or was edited")


class Shard:
    """A shard file opened: its place in the count, its states, and its pieces: read one at a time
    (stream()), or all at once by Header.read (pieces)."""

    def __init__(self, path: str, step: int, index: int, shards: int, tours: int, states: int, body: _Body) -> None:
        self.path, self.step, self.index, self.shards, self.tours, self.states = (
            path,
            step,
            index,
            shards,
            tours,
            states,
        )
        self.body = body
        self.pieces: list[Piece] = []

    def stream(self) -> Stream:
        """The pieces as the kernel takes them one at a time (_packed.Stream): the file read as they are loaded."""
        return Stream(list(self.body.layout), self.body.pieces())


def check_states(path: str, piece: Piece, width: int) -> None:
    """Each state of piece a state the sweep can hold, each count within the piece's bits (the kernel's
    check_piece finds the first that is not)."""
    keys, counts, bits = piece
    found, at = _kernels.frontier.check_piece(keys, counts, bits, width)
    if found == 1:
        raise _refuse(
            path,
            "codes",
            f"a code {max(keys)} where a state of {width} squares has codes below {FIRST_LABEL + width // 2}",
        )
    if found == 2:
        raise _refuse(
            path, "codes", f"state {bytes(keys[at * width : (at + 1) * width]).hex()} is not a frontier state"
        )
    if found:
        raise _refuse(path, "counts", f"a count wider than the piece's {bits} bits")


def _read_all(file: io.FileIO, length: int, path: str) -> bytes:
    """length bytes from file (one read, but at the end of a file too short, or past 2 GiB on Linux)."""
    data = file.read(length) or b""
    while len(data) < length:
        more = file.read(length - len(data))
        if not more:
            raise _refuse(path, "body", "the file ends early (truncated)")
        data += more
    return data


def _open(path: str) -> io.FileIO:
    """path opened for reading, refused unless a regular file (a FIFO would hang, a link is not followed)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise InvalidInputError(f"shard file {path!r} cannot be read: {error.strerror or error}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InvalidInputError(f"shard file {path!r} is not a regular file")
    return os.fdopen(fd, "rb", buffering=0)


def shard_files(directory: str) -> Iterator[tuple[tuple[int, int, int], str]]:
    """((step, index, shards), name) of the shard files in directory."""
    for entry in sorted(os.listdir(directory)):
        fields = parse_name(entry)
        if fields is not None:
            yield fields, entry


class Lock:
    """The one writer of a directory: an exclusive lock on its lock file, or a clear error for a second."""

    def __init__(self, directory: str) -> None:
        self.path = os.path.join(directory, LOCK)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            self.fd = os.open(self.path, flags, 0o644)
        except OSError as error:
            raise InvalidInputError(
                f"cannot lock {directory!r} for writing: {error.strerror or error} ({self.path!r})"
            ) from None
        if not stat.S_ISREG(os.fstat(self.fd).st_mode):
            os.close(self.fd)
            raise InvalidInputError(f"cannot lock {directory!r} for writing: {self.path!r} is not a regular file")
        try:
            _lock(self.fd)
        except OSError:
            os.close(self.fd)
            raise InvalidInputError(f"{directory!r} is in use by another count (its {LOCK} file is held)") from None

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # closing releases the lock
            self.fd = -1


def _lock(fd: int) -> None:
    """An exclusive lock on fd, held until it is closed; OSError if another holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def sync_directory(directory: str) -> None:
    """Make the names in directory durable (renames, removals); nothing where directories cannot be opened."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
