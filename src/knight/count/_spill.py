"""A frontier count whose layers need not fit in memory, and that keeps its place: the disk tier and
checkpoints (``knight.count(..., memory=, spill=, checkpoint=)``).

The sweep runs a round at a time with the kernel's ``shard_round``, a layer being one or more
shards of packed states (``_packed``), dealt by ``_packed.owner``. ``memory`` bounds what the count
adds to the process: the plan, the demand patterns and the kernel's idle engines (measured
between rounds, as resident memory) and a shard's sweep (BYTES_A_STATE a state, BYTES_A_SUCCESSOR
a successor). While a layer is expected to fit, it is one shard held here, and a round advances it
as many squares as are expected to take ROUND_SECONDS. Past the bound the next layer is dealt into
as many shards as keep one shard's sweep within what is left (the layer assumed to grow as fast as
in the fastest of its last GROWTH_WINDOW squares, a state's bytes scaled by what rounds were seen
to take: _learn), each shard a file (``_shardfile``) under the spill directory, and a shard that
still turns out too large is swept in parts (``_parts``); a step then reads
one shard at a time, sweeps it a square, and appends the successors each shard owns to that
shard's file for the next step. The kernel adds up a state's counts from several pieces as it
loads them, so the files need no merging pass. Memory follows one shard, not the layer.

With a checkpoint directory, the shard files of the last finished step are the checkpoint:
the layer on disk is written there every step (durably: fsync, rename, fsync of the
directory); a layer in memory is written there as one shard file after a round once the time
since the last write is at least CHECKPOINT_SHARE times what that write cost (so writing
costs at most about 1/CHECKPOINT_SHARE of the count). A new step's files replace the last
step's only once all are in place, so a count killed at any moment leaves the last finished
step whole; given the same directory again, the count resumes from it, and after the last
step the directory holds the answer (the finished layer: no state, the tours). Files are
checked as ``_shardfile`` says; those this process did not write, state by state.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import stat
import tempfile
import time
from typing import TYPE_CHECKING, Iterable, List, Optional, Union, cast

from ..model._errors import InvalidInputError, InvalidTypeError
from ..model._memory import peak_resident_memory, resident_memory
from . import _shardfile
from ._packed import Inbox, Piece, batched, key_words, size, start, widths
from ._plan import AnyQuestion, plan, wrap_of
from ._shardfile import MAX_SHARDS, SUFFIX, Header, Lock, Writer, shard_files, sync_directory

if TYPE_CHECKING:
    from ._plan import Frontier
    from ._sweep import _Watch

#: The memory a state of a shard takes while it is swept a square, where its key is one word (states of
#: 16 codes or fewer; with two, as on 8×8, half as much again: _Run._bytes): its packed slot (16 bytes; while
#: it is loaded, a slot of a table three quarters full, 21 bytes, gone before the next table is made);
#: and each of its successors: a slot in the next table (made for as many states as were loaded, three
#: quarters full, grown by half in place as it fills: 21-32 bytes), and while they are dealt, its packed
#: slot and owner (17 bytes; the layer swept from is gone by then) and one piece of at most
#: _packed.DEALT states at a time (on disk). The rest of the process (the interpreter, the plan, the
#: demand patterns) is measured, and memory= bounds the whole.
BYTES_A_STATE = 16
BYTES_A_SUCCESSOR = 40
#: A round of a layer in memory takes as many squares as are expected to take about this (seconds).
ROUND_SECONDS = 5.0
#: Seconds a state expanded, assumed after a round of fewer than MEASURED states (whose time is mostly
#: the sweep's set-up: the plan, the demand patterns).
RATE = 1e-6
MEASURED = 100_000
#: The growth a square assumed when a round in memory takes several squares (layers grow up to about
#: 5 times a square on 5×6, 2.5 on 8×8 in its middle, and faster than they did in the squares before).
SURGE = 5.0
#: The squares whose layers' growth a layer about to be dealt into shards is assumed to match at most (the
#: largest of them): a layer's growth a square follows the board's rows.
GROWTH_WINDOW = 16
#: The share of what memory= leaves a shard's sweep that a round's largest shard is expected to take, at the
#: least, for its peak to tell what a state takes (smaller rounds' peaks are mostly the tables' least sizes).
LEARNED_FROM = 0.25
#: What _bytes is scaled by until a round shows what a state takes (_learn): a table grown by half just
#: before a layer is dealt takes half as much again as its typical fill.
UNSEEN_SCALE = 1.5
#: The most squares a round takes.
MAX_SQUARES = 64
#: A layer in memory is checkpointed once the time since the last write is this many times its cost.
CHECKPOINT_SHARE = 20
#: The least share of memory= a shard's sweep is given, whatever the rest of the count takes.
LEAST_ROOM = 0.25
#: Bytes a state takes on disk besides its codes: its count (one or two 8-byte limbs).
DISK_COUNT_BYTES = 16

_UNITS = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "tb": 10**12}
_UNITS.update({"kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40})
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*", re.IGNORECASE)
#: The least memory= a count takes.
LEAST_MEMORY = 10**6


def parse_memory(memory: object) -> int:
    """memory= as bytes: an int of bytes, or text such as "8GB", "512MB", "1.5GiB" (kB, MB, GB, TB by
    powers of 1000; KiB, MiB, GiB, TiB by powers of 1024)."""
    if isinstance(memory, bool) or not isinstance(memory, (int, str)):
        raise InvalidTypeError(f"memory must be a number of bytes or text such as '8GB', not {type(memory).__name__}")
    if isinstance(memory, str):
        found = _SIZE.fullmatch(memory)
        if found is None or found[2].lower() not in _UNITS:
            raise InvalidInputError(f"memory={memory[:40]!r} is not a size such as '8GB', '512MB' or a number of bytes")
        value = int(float(found[1]) * _UNITS[found[2].lower()])
    else:
        value = memory
    if value < LEAST_MEMORY:
        raise InvalidInputError(f"memory={memory!r} is less than the {LEAST_MEMORY:,} bytes a count takes at least")
    return value


def directory_of(path: object, what: str) -> str:
    """A directory path given as spill= or checkpoint=, checked (made if missing but its parent exists)."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidTypeError(f"{what} must be a directory path, not {type(path).__name__}")
    text = os.fsdecode(os.fspath(path))
    if not text:
        raise InvalidInputError(f"{what} must be a directory path, not an empty one")
    if "\0" in text:
        raise InvalidInputError(f"{what}={text!r} holds a NUL character")
    try:
        os.mkdir(text)
    except FileExistsError:
        pass
    except OSError as error:
        raise InvalidInputError(f"{what}={text!r} cannot be made: {error.strerror or error}") from None
    try:
        mode = os.lstat(text).st_mode
    except OSError as error:
        raise InvalidInputError(f"{what}={text!r}: {error.strerror or error}") from None
    if not stat.S_ISDIR(mode) and not (stat.S_ISLNK(mode) and os.path.isdir(text)):
        raise InvalidInputError(f"{what}={text!r} is not a directory")
    return text


#: A shard of a layer: its pieces here, or its file's path.
Entry = Union[List[Piece], str]


class _Run:
    """One count's rounds (see the module's docstring)."""

    def __init__(
        self,
        question: AnyQuestion,
        kernel: Frontier,
        check: Optional[_Watch],
        memory: Optional[int],
        directory: str,
        keep: bool,
        threads: int,
    ) -> None:
        self.kernel, self.check, self.memory, self.directory, self.keep = kernel, check, memory, directory, keep
        self.threads = threads
        self.sweep = plan(*question[:7], wrap_of(question), check=check)
        self.head = Header(question, self.sweep)
        self.slot_words = key_words(widths(self.sweep)) + 1  # a table slot: the state's key and one limb of count
        self.mine: set[str] = set()  # the files this process wrote: their states need no second look
        self.held: dict[str, int] = {}  # the states in each shard file read or written here (no second read)
        self.spent = 0
        self.last_write, self.write_cost = time.monotonic(), 0.0
        self.written = -1  # the step of the last layer in memory written
        self.before = resident_memory() or 0  # the process before the count
        self.rest = 0  # what the count holds besides a shard's sweep (see _measure)
        self.scale = UNSEEN_SCALE  # what a state of a shard's sweep was seen to take, over what _bytes counts
        self.seen = False  # whether a round has shown it (_learn)

    def count(self) -> int:
        if not self.sweep.factor:
            return 0
        steps = len(self.sweep.steps)
        step, tours, layer = self._resume()
        states = sum(self._states(entry) for entry in layer)
        growth, rate = 2.0, None  # the layer's growth a square; seconds a state expanded
        recent: list[float] = []  # the growths of the last GROWTH_WINDOW squares of layers of MEASURED states or more
        while step < steps:
            cautious = max([growth, *recent])
            shards = self._shards(states * max(1.0, cautious), cautious)
            on_disk = shards > 1 or any(type(entry) is str for entry in layer)
            stop = min(steps, step + (1 if on_disk else self._squares(states, growth, rate)))
            began, spent = time.monotonic(), self.spent
            largest, peak = max(map(self._states, layer)), peak_resident_memory()
            layer, done, after = self._round(layer, step, stop, shards, tours, cautious)
            self._measure(layer)
            tours += done
            work = self.spent - spent
            rate = (time.monotonic() - began) / work if work >= MEASURED else RATE  # small: the set-up's time
            growth = (max(1, after) / max(1, states)) ** (1 / (stop - step))
            if stop == step + 1:
                self._learn(largest, growth, peak)
            if states >= MEASURED:
                recent = (recent + [growth] * (stop - step))[-GROWTH_WINDOW:]
            states, step = after, stop
            if type(layer[0]) is str:
                self._commit(cast(List[str], layer))  # a layer on disk: every entry a path
            elif on_disk and not self.keep:
                self._commit([])  # a layer back in memory: the files of the last go
            elif self.keep and time.monotonic() - self.last_write >= CHECKPOINT_SHARE * self.write_cost:
                self._write(step, cast(List[Piece], layer[0]), tours)
        if self.keep and self.written != steps:
            self._write(steps, [], tours)
        return self.sweep.factor * tours

    def _squares(self, states: int, growth: float, rate: Optional[float]) -> int:
        """The squares of the next round of a layer in memory of states states: as many as are expected
        to take about ROUND_SECONDS (the layer growing by growth a square, rate seconds a state expanded),
        and, with memory=, to keep the layer within it even growing SURGE times a square. One when nothing
        is known yet."""
        if rate is None:
            return 1
        ahead, surge = growth, max(growth, SURGE)
        squares, work, layer, worst = 1, float(states), states * ahead, states * surge
        while squares < MAX_SQUARES:
            work += layer
            if work * rate > ROUND_SECONDS:
                break
            if self.memory is not None and worst * surge * self._bytes(growth) > self._room_left():
                break
            squares, layer, worst = squares + 1, layer * ahead, worst * surge
        return squares

    def _measure(self, layer: list[Entry]) -> None:
        """What the count holds besides a shard's sweep (the plan, the demand patterns, the kernel's idle
        engines), measured between rounds, when the kernel's tables are small again: the process's
        resident memory, less the layer held here and the process's before the count; the most seen (the
        demand patterns are laid out in the first round)."""
        resident = resident_memory()
        if resident is not None:
            held = sum(
                len(keys) + len(counts) for entry in layer if isinstance(entry, list) for keys, counts, _ in entry
            )
            self.rest = max(self.rest, resident - held - self.before)

    def _learn(self, largest: int, growth: float, peak_before: Optional[int]) -> None:
        """The bytes a state is counted (_bytes) scaled up to what a round of one square was seen to take,
        its largest shard of largest states, its layer grown by growth: the process's peak resident memory,
        where the round raised it, less the process's before the count and the rest (BYTES_A_STATE and
        BYTES_A_SUCCESSOR are the tables' typical fill; a table grown by half just before it is dealt takes
        more). Rounds too small to tell (LEARNED_FROM) are not looked at."""
        peak = peak_resident_memory()
        expected = largest * self._bytes(growth) / self.scale
        small = self.memory is None or expected < LEARNED_FROM * self._room_left()
        if peak is None or peak_before is None or peak <= peak_before or small:
            return
        seen = (peak - self.before - self.rest) / expected
        self.scale, self.seen = max(seen, self.scale if self.seen else 1.0), True

    def _room_left(self) -> int:
        """memory= less what the count holds besides a shard's sweep: what that sweep may take; at least
        LEAST_ROOM of memory= (where the rest takes more, the bound is not held, and the count goes on)."""
        assert self.memory is not None
        return max(self.memory - self.rest, int(self.memory * LEAST_ROOM))

    def _states(self, entry: Entry) -> int:
        if isinstance(entry, list):
            return sum(map(size, entry))
        if entry not in self.held:
            self._open(entry)
        return self.held[entry]

    def _bytes(self, growth: float) -> float:
        """The memory a state takes while it is swept, with the successors of a layer growing by growth: a
        table's slot is its key's words and a count's (one 8-byte limb here; wider counts are not counted)."""
        return (BYTES_A_STATE + BYTES_A_SUCCESSOR * max(1.0, growth)) * self.slot_words / 2 * self.scale

    def _shards(self, expected: float, growth: float) -> int:
        """The shards of the next layer, of about expected states, growing by growth a step after it."""
        if self.memory is None:
            return 1
        shards = math.ceil(expected * self._bytes(growth) / self._room_left())
        if shards > MAX_SHARDS:
            raise InvalidInputError(
                f"memory={self.memory:,} bytes is too little for this count: a layer of about {int(expected):,} "
                f"states would take more than {MAX_SHARDS} shards of it"
            )
        return max(1, shards)

    def _round(
        self, layer: list[Entry], step: int, stop: int, shards: int, tours: int, growth: float
    ) -> tuple[list[Entry], int, int]:
        """The layer after steps step to stop - 1, the tours completed in them and its states (a state
        reached from several shards counted in each); layer's shards in memory are emptied as they are swept."""
        to_disk = shards > 1
        writers: list[Writer] = []
        if to_disk:
            self._room(step, stop, sum(self._states(entry) for entry in layer) * growth)
            writers = [Writer(self.directory, stop, k, shards, self.head, self.keep) for k in range(shards)]
        found: list[list[Piece]] = [[] for _ in range(shards)]
        done = after = 0

        def write(k: int, part: Piece) -> None:  # each piece as the kernel makes it, one at a time
            if size(part):
                writers[k].add(part)

        try:
            for entry in layer:
                # the kernel empties a layer in memory's list as it loads its pieces (each goes once loaded:
                # the layer is not needed after the round), and reads a file's pieces one at a time
                pieces = entry if isinstance(entry, list) else self._open(entry).stream()
                for inbox in self._parts(pieces, self._states(entry), growth):
                    if self.check is not None:
                        self.check.spent = self.spent
                    parts, completed, held, work = self.kernel.shard_round(
                        self.sweep, step, stop, inbox, shards, self.check, self.threads, write if to_disk else None
                    )
                    done, after, self.spent = done + completed, after + held, self.spent + work
                    for k, part in enumerate(parts):
                        if size(part):
                            found[k].append(part)
            if self.check is not None:
                self.check.spent = self.spent
                self.check(stop, 0)  # the budget, the deadline, stop requests and the bar, between rounds
            if not to_disk:
                return [*found], done, after
            paths = [writer.close(tours + done) for writer in writers]
            self.held.update((path, writer.states) for path, writer in zip(paths, writers))
            return list[Entry](paths), done, after
        except BaseException:
            if to_disk:
                for writer in writers:
                    writer.abandon()
            raise

    def _parts(self, inbox: Inbox, states: int, growth: float) -> Iterable[Inbox]:
        """A shard's pieces (states states) whole, or, where its sweep (its layer growing by growth) would take
        more than memory= leaves it, in parts that fit (_packed.batched): a layer grown more than expected
        when it was dealt is swept a part at a time, not past the bound."""
        if self.memory is None:
            return [inbox]
        most = max(1, int(self._room_left() / self._bytes(growth)))
        return [inbox] if states <= most else batched(inbox, most)

    def _room(self, step: int, stop: int, expected: float) -> None:
        """Refuse a step whose files will not fit on the disk (about expected states)."""
        width = _shardfile.width_at(self.sweep, stop)
        needed = int(expected * (width + DISK_COUNT_BYTES))
        free = shutil.disk_usage(self.directory).free
        if needed > free:
            raise InvalidInputError(
                f"the disk holding {self.directory!r} has {free / 2**30:.2f} GiB free, and the layer after square "
                f"{stop} needs about {needed / 2**30:.2f} GiB: give spill= (or checkpoint=) a directory with more room"
            )

    def _open(self, path: str) -> _shardfile.Shard:
        """The shard file at path, its header and layout checked; its states are checked as they are read,
        unless this process wrote it (or read it whole once: a checkpoint resumed)."""
        shard = self.head.open(path, trusted=path in self.mine)
        self.held[path] = shard.states
        return shard

    def _write(self, step: int, pieces: list[Piece], tours: int) -> None:
        """A layer in memory (one shard) written as the shard file of step: a checkpoint."""
        began = time.monotonic()
        writer = Writer(self.directory, step, 0, 1, self.head, True)
        for piece in pieces:
            writer.add(piece)
        self._commit([writer.close(tours)])
        self.last_write = time.monotonic()
        self.write_cost = self.last_write - began
        self.written = step

    def _commit(self, paths: list[str]) -> None:
        """paths, a finished step's files, in place: every other shard file goes."""
        self.mine.update(paths)
        if self.keep:
            sync_directory(self.directory)
        # a checkpoint's stale files go too (we hold the lock); a spill directory's other files are not ours
        gone = (
            {os.path.join(self.directory, file) for _, file in shard_files(self.directory)} if self.keep else self.mine
        )
        for path in gone - set(paths):
            _remove(path)
        self.mine.intersection_update(paths)
        self.held = {path: self.held[path] for path in paths if path in self.held}

    def _resume(self) -> tuple[int, int, list[Entry]]:
        """(step, tours before it, its shards) of the last finished step in the directory, or the start."""
        self._clear_parts()
        if not self.keep:
            return 0, 0, [[start()]]
        steps: dict[tuple[int, int], set[int]] = {}
        for (step, index, shards), _ in shard_files(self.directory):
            steps.setdefault((step, shards), set()).add(index)
        whole = [key for key, indices in steps.items() if len(indices) == key[1] and max(indices) < key[1]]
        if not whole:
            return 0, 0, [[start()]]
        step, shards = max(whole)
        paths = [os.path.join(self.directory, _shardfile.name(step, k, shards)) for k in range(shards)]
        # every file's header checked here; its states, state by state, as the first round reads them
        tours = {self._open(path).tours for path in paths}
        if len(tours) != 1:
            raise InvalidInputError(
                f"checkpoint {self.directory!r}: the shard files of step {step} disagree on the tours"
            )
        return step, tours.pop(), list[Entry](paths)

    def _clear_parts(self) -> None:
        """Files a writer killed mid-write left (we hold the lock: no writer is alive); a link planted at
        such a name is refused."""
        for entry in os.listdir(self.directory):
            if entry.endswith(SUFFIX) and _shardfile.parse_name(entry[: -len(SUFFIX)]) is not None:
                path = os.path.join(self.directory, entry)
                if not stat.S_ISREG(os.lstat(path).st_mode):
                    raise InvalidInputError(
                        f"{path!r} is in the way and is not a file (a link planted there?): remove it"
                    )
                _remove(path)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def count(
    question: AnyQuestion,
    kernel: Frontier,
    check: Optional[_Watch] = None,
    *,
    memory: Optional[int] = None,
    spill: Optional[str] = None,
    checkpoint: Optional[str] = None,
    threads: int = 1,
) -> int:
    """The tours of question (as kernel.count counts them), its layers past memory bytes on disk under
    spill (default: a temporary directory, removed afterwards), or kept and resumed under checkpoint
    (which then holds the layers on disk too); check: the sweep's _Watch (or None); threads: the
    threads each shard's wide layers are swept by (the kernel's shard_round)."""
    if spill is not None and checkpoint is not None and os.path.realpath(spill) != os.path.realpath(checkpoint):
        raise InvalidInputError("spill= and checkpoint= name two directories: a checkpoint's layers are spilled to it")
    directory = checkpoint if checkpoint is not None else spill
    owned = directory is None
    if directory is None:
        directory = tempfile.mkdtemp(prefix="knight-spill-")
    try:
        lock = Lock(directory)
        try:
            run = _Run(question, kernel, check, memory, directory, checkpoint is not None, threads)
            try:
                return run.count()
            finally:
                if checkpoint is None:  # the spilled layers are this count's alone
                    for file in run.mine:
                        _remove(file)
        finally:
            lock.release()
    finally:
        if owned:
            shutil.rmtree(directory, ignore_errors=True)
