"""The frontier sweep's disk tier and checkpoints (count/_spill, count/_shardfile): layers past
memory= kept as shard files, counts killed and resumed, and damaged, forged or misplaced files
refused with a clear error, never a wrong count."""

import os
import signal
import struct
import subprocess
import sys
import time
import zlib

import pytest

import knight
from knight.count import _frontier_py, _kernels, _shardfile, _spill
from knight.count._plan import KNIGHT_STEPS, question_of
from knight.model._errors import InvalidInputError, InvalidTypeError

from test_cli import assert_one_line_error
from test_cli import knight as run_knight

#: Bytes a state, made large so that a small board's layers take several shards of memory="1MB".
BIG = 10_000


@pytest.fixture
def sharded(monkeypatch):
    """Layers past a few dozen states spilled as shards (of memory="1MB")."""
    monkeypatch.setattr(_spill, "BYTES_A_STATE", BIG)


class _Stop:
    """A sweep's check that interrupts it at a step, like Ctrl-C."""

    def __init__(self, at: int) -> None:
        self.at, self.spent = at, 0

    def __call__(self, step, states):
        if step >= self.at:
            raise KeyboardInterrupt


def _question(rows, cols, closed=False):
    return question_of(rows, cols, None, None, None, closed, KNIGHT_STEPS)


def _files(directory):
    return sorted(name for _, name in _shardfile.shard_files(str(directory)))


def test_a_state_of_two_key_words_is_counted_half_as_much_again(tmp_path):
    """8×8's states have 17 codes: a key of two words, table slots of 24 bytes where states of 16 codes or
    fewer take 16 (8×8 open overran memory="6GB" 1.4 times while every slot was counted as 16 bytes)."""
    runs = [_spill._Run(_question(n, n), _kernels.frontier, None, 10**9, str(tmp_path), False, 1) for n in (7, 8)]
    assert [run._bytes(2.0) / _spill.UNSEEN_SCALE for run in runs] == [96.0, 144.0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_peak_is_the_most_the_process_has_held():
    """peak_resident_memory (getrusage's high-water mark, in bytes; Linux updates it lazily, so it may lag what
    is resident by a few pages) rises by a block made resident past it."""
    from knight.model._memory import peak_resident_memory, resident_memory

    before = peak_resident_memory()
    assert before is not None and before > 0.9 * (resident_memory() or 0) > 0
    block = bytearray(before + 64 * 2**20)  # more than the process has ever held, made resident
    block[::4096] = b"x" * len(block[::4096])
    after = peak_resident_memory()
    assert after is not None and after >= before + 64 * 2**20
    del block


def test_a_round_seen_to_take_more_scales_what_a_state_is_counted(tmp_path, monkeypatch):
    """What a state takes is learnt from the rounds that raised the process's peak and were large enough to
    tell (a quarter of the room or more): until one has, _bytes is UNSEEN_SCALE times its constants; then the
    most any round was seen to take over them, never less than them."""
    run = _spill._Run(_question(7, 7), _kernels.frontier, None, 10**9, str(tmp_path), False, 1)
    run.before, run.rest = 10**8, 10**7
    plain = run._bytes(2.0) / _spill.UNSEEN_SCALE
    peaks = iter([])
    monkeypatch.setattr(_spill, "peak_resident_memory", lambda: next(peaks))
    largest = int(0.5 * run._room_left() / run._bytes(2.0))
    for peak, scale in [(4 * 10**8, _spill.UNSEEN_SCALE), (10**8, _spill.UNSEEN_SCALE)]:  # not raised; none
        peaks = iter([peak])
        run._learn(largest, 2.0, 4 * 10**8 if peak > 10**8 else None)
        assert run.scale == scale and not run.seen
    taken = run.before + run.rest + int(largest * plain * 1.25)
    peaks = iter([taken])
    run._learn(largest, 2.0, 2 * 10**8)
    assert run.seen and run.scale == pytest.approx(1.25, rel=1e-6)
    peaks = iter([taken + 1])
    run._learn(largest // 100, 2.0, taken)  # too small to tell
    assert run.scale == pytest.approx(1.25, rel=1e-6)
    peaks = iter([run.before + run.rest + int(largest * plain * 0.5)])
    run._learn(largest, 2.0, 2 * 10**8)  # less than the constants: they stand
    assert run.scale == pytest.approx(1.25, rel=1e-6)


@pytest.mark.parametrize("size, closed, tours", [((3, 8), False, 792), ((5, 6), True, 8), ((4, 6), False, 1488)])
def test_spilled_counts_are_the_counts(frontier, sharded, tmp_path, size, closed, tours):
    assert knight.count(size, closed=closed, method="frontier", memory="1MB", spill=tmp_path) == tours
    assert _files(tmp_path) == []  # the spilled layers were this count's alone
    assert knight.count(size, closed=closed, method="frontier", memory=10**9) == tours  # in memory


def test_a_spill_takes_shards_and_leaves_nothing(frontier, sharded, tmp_path, monkeypatch):
    seen, paths = [], []
    opened = _shardfile.Header.open

    def spy(self, path, trusted=False):
        shard = opened(self, path, trusted)
        seen.append((shard.step, shard.shards, shard.states))
        paths.append(path)
        return shard

    monkeypatch.setattr(_shardfile.Header, "open", spy)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    assert knight.count((4, 6), method="frontier", memory="1MB") == 1488
    assert max(shards for _, shards, _ in seen) >= 3  # the wide layers in several shards
    assert max(states for _, _, states in seen) * BIG <= 3 * 10**6  # each about the memory's worth
    assert len(paths) == len(set(paths))  # each file read once, by the round that sweeps it
    assert os.listdir(tmp_path) == []  # the temporary directory is gone


def test_memory_bounds_the_patterns_too(frontier, sharded, tmp_path, monkeypatch):
    """What the count holds besides the layers (its plan and demand patterns, measured as resident memory
    between rounds) comes out of memory=: the shards get what is left, at least a quarter of it."""
    shards, write = {}, _shardfile.Writer.__init__
    for rest in (0, 9 * 10**6 // 4):
        seen: list = []

        def spy(self, directory, step, index, count, *args, seen=seen):
            seen.append(count)
            write(self, directory, step, index, count, *args)

        monkeypatch.setattr(_shardfile.Writer, "__init__", spy)
        monkeypatch.setattr(_spill, "resident_memory", iter([10**8] + [10**8 + rest] * 1000).__next__)
        assert knight.count((4, 6), method="frontier", memory="3MB", spill=tmp_path) == 1488
        shards[rest] = max(seen)
    assert shards[0] >= 2 and shards[9 * 10**6 // 4] >= 3 * shards[0], shards  # 3/4 of it taken: 4 times the shards


def test_an_interrupted_count_resumes_from_its_checkpoint(frontier, tmp_path, monkeypatch):
    monkeypatch.setattr(_spill, "CHECKPOINT_SHARE", 0)  # a checkpoint every round
    question = _question(4, 5)
    with pytest.raises(KeyboardInterrupt):
        _spill.count(question, _kernels.frontier, _Stop(10), checkpoint=str(tmp_path))
    (name,) = _files(tmp_path)
    assert 0 < _shardfile.parse_name(name)[0] <= 10  # a layer in the middle
    assert _spill.count(question, _kernels.frontier, checkpoint=str(tmp_path)) == 164
    assert _files(tmp_path) == ["layer-20-0-of-1.kshard"]  # the finished layer: the answer
    assert _spill.count(question, None, checkpoint=str(tmp_path)) == 164  # answered from it, no kernel


def test_a_count_resumes_in_the_other_kernel(frontier, sharded, tmp_path, monkeypatch):
    monkeypatch.setattr(_spill, "CHECKPOINT_SHARE", 0)
    question = _question(4, 6)
    with pytest.raises(KeyboardInterrupt):
        _spill.count(question, _frontier_py, _Stop(14), memory=10**6, checkpoint=str(tmp_path))
    assert len(_files(tmp_path)) > 1  # a layer of several shards
    assert knight.count((4, 6), method="frontier", checkpoint=tmp_path) == 1488


_KILLED = """
import sys, knight
from knight.count import _spill
_spill.BYTES_A_STATE = {big}
print(knight.count((4, 6), method="frontier", memory="1MB", checkpoint=sys.argv[1]))
"""


def test_a_count_killed_at_any_moment_resumes(frontier, sharded, tmp_path):
    """SIGKILL while a step's files are being written; then resumed with the same answer."""
    env = {**os.environ, "KNIGHT_NO_EXTENSIONS": "1" if frontier is _frontier_py else ""}
    child = subprocess.Popen([sys.executable, "-c", _KILLED.format(big=4 * BIG), str(tmp_path)], env=env)
    try:
        until = time.monotonic() + 60
        while not any(_shardfile.parse_name(name)[0] >= 12 for name in _files(tmp_path)):
            assert child.poll() is None and time.monotonic() < until, "the count ended before it was killed"
            time.sleep(0.005)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    assert knight.count((4, 6), method="frontier", checkpoint=tmp_path) == 1488
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".part")]


@pytest.fixture
def checkpoint(tmp_path, monkeypatch):
    """A real checkpoint of 3×8 open tours, stopped mid-way: its one file."""
    monkeypatch.setattr(_spill, "CHECKPOINT_SHARE", 0)  # a checkpoint every round,
    monkeypatch.setattr(_spill, "ROUND_SECONDS", 0)  # a round a square
    with pytest.raises(KeyboardInterrupt):
        _spill.count(_question(3, 8), _frontier_py, _Stop(8), checkpoint=str(tmp_path))
    (name,) = _files(tmp_path)
    return tmp_path / name


def _refused(path, words="shard file"):
    with pytest.raises(InvalidInputError, match=words):
        _spill.count(_question(3, 8), _kernels.frontier, checkpoint=str(path.parent))


def test_every_truncation_and_bit_flip_is_refused(frontier, checkpoint):
    whole = checkpoint.read_bytes()
    assert len(whole) > 200, len(whole)
    head = _shardfile.Header(_question(3, 8), _spill.plan(*_question(3, 8)))  # what resuming reads it with
    for length in range(len(whole)):
        checkpoint.write_bytes(whole[:length])
        with pytest.raises(InvalidInputError, match="shard file"):
            head.read(str(checkpoint))
    for at in range(len(whole)):
        damaged = bytearray(whole)
        damaged[at] ^= 1 << (at % 8)
        checkpoint.write_bytes(bytes(damaged))
        with pytest.raises(InvalidInputError, match="shard file"):
            head.read(str(checkpoint))
    _refused(checkpoint)  # the whole count, resumed from the last of them
    checkpoint.write_bytes(whole + b"\0")
    _refused(checkpoint, "body")
    checkpoint.write_bytes(whole)
    assert knight.count((3, 8), method="frontier", checkpoint=checkpoint.parent) == 792


def _forge(path, body=None, tours=None, text=None, **fields):
    """path's file with header fields (by name), the tours, the question text or the body changed, and
    its checksums made right again: a forgery, not damage."""
    data = path.read_bytes()
    head = _shardfile._HEAD
    names = "magic version width step steps index shards pieces states body crc tours_bytes text_bytes".split()
    values = dict(zip(names, head.unpack_from(data)))
    old_tours = data[head.size : head.size + values["tours_bytes"]]
    old_text = data[head.size + values["tours_bytes"] : head.size + values["tours_bytes"] + values["text_bytes"]]
    old_body = data[head.size + values["tours_bytes"] + values["text_bytes"] + 4 :]
    body = old_body if body is None else body
    text = old_text if text is None else text
    tours = old_tours if tours is None else b"\xff" * values["tours_bytes"]  # the most the field holds
    values.update(body=len(body), crc=zlib.crc32(body), text_bytes=len(text), **fields)
    header = head.pack(*(values[name] for name in names)) + tours + text
    path.write_bytes(header + struct.pack("<I", zlib.crc32(header)) + body)


@pytest.mark.parametrize(
    "change, words",
    [
        (dict(step=100), "step"),  # past the end
        (dict(step=2**32 - 1), "step"),  # a negative step, as the unsigned field holds it
        (dict(steps=25), "steps"),
        (dict(width=9), "width|match"),
        (dict(shards=0), "index"),
        (dict(index=3), "index|match"),
        (dict(version=2), "version"),
        (dict(magic=b"NOTKNGHT"), "magic"),
        (dict(states=10**6), "states"),
        (dict(pieces=5), "pieces"),
        (dict(tours_bytes=1), "tours|header CRC"),
        (dict(text=b"[3,9,null,null,null,false,[[1,2]]]"), "another count"),
        (dict(tours="most"), "tours"),
        (dict(body=struct.pack("<QI", 2**40, 1)), "piece"),  # more states than bytes
    ],
)
def test_forged_headers_are_refused(frontier, checkpoint, change, words):
    _forge(checkpoint, **change)
    _refused(checkpoint, words)


def test_forged_states_are_refused(frontier, checkpoint):
    shard = _shardfile.Header(_question(3, 8), _spill.plan(*_question(3, 8))).read(str(checkpoint))
    (keys, counts, bits), width = shard.pieces[0], len(shard.pieces[0][0]) // shard.states
    for state in (bytes([200] * width), bytes([3] + [0] * (width - 1)), bytes([4, 4] + [0] * (width - 2))):
        _forge(checkpoint, body=struct.pack("<QI", 1, bits) + state + counts[: len(counts) // shard.states])
        _refused(checkpoint, "codes")
    state = keys[:width]
    _forge(checkpoint, body=struct.pack("<QI", 1, 600) + state + b"\x01" * 80)  # a count of 600 bits
    _refused(checkpoint, "bits")
    _forge(checkpoint, body=struct.pack("<QI", 1, 2) + state + (5).to_bytes(8, "little"))  # 5 in 2 bits
    _refused(checkpoint, "counts")
    # the second of two states bad (the states are checked by the shapes of their labels): found and named
    bad, count = bytes([4, 4] + [0] * (width - 2)), (1).to_bytes(8, "little")
    _forge(checkpoint, body=struct.pack("<QI", 2, 2) + state + bad + count * 2, states=2)
    _refused(checkpoint, f"state {bad.hex()} is not")
    # two-limb counts (70 bits): the second state's top limb too wide
    _forge(checkpoint, body=struct.pack("<QI", 2, 70) + state * 2 + count * 3 + (64).to_bytes(8, "little"), states=2)
    _refused(checkpoint, "counts")


@pytest.mark.once  # both checks, whichever core the run is on
def test_the_compiled_check_of_states_is_the_twins():
    """check_piece, by which a checkpoint's states are checked as they are read: the compiled kernel's
    answer (what is wrong, and with which state) is the twin's, on good and bad states and counts."""
    compiled = pytest.importorskip("knight.count._frontier")
    width, one, wide = 6, (1).to_bytes(8, "little"), (1 << 40).to_bytes(8, "little")
    good = [bytes([3, 0, 4, 3, 1, 4]), bytes([0, 1, 2, 0, 1, 2]), bytes([3, 3, 2, 0, 0, 1])]
    bad = [bytes([6, 0, 0, 0, 0, 0]), bytes([4, 4, 0, 0, 0, 0]), bytes([3, 0, 0, 0, 0, 0]), bytes([3, 3, 3, 4, 4, 0])]
    cases = [(b"".join(good), one * 3, 2)] + [(b"".join(good) + state, one * 4, 2) for state in bad]
    cases += [(b"".join(good), one * 2 + wide, 40), (b"".join(good), one * 2 + wide, 41), (b"", b"", 0)]
    answers = [_frontier_py.check_piece(keys, counts, bits, width) for keys, counts, bits in cases]
    assert answers == [compiled.check_piece(keys, counts, bits, width) for keys, counts, bits in cases]
    assert answers == [(0, 0), (1, 3), (2, 3), (2, 3), (2, 3), (3, 2), (0, 0), (0, 0)]


def test_misplaced_paths_are_clear_errors(frontier, tmp_path):
    with pytest.raises(InvalidInputError, match="empty"):
        knight.count((3, 8), checkpoint="")
    with pytest.raises(InvalidInputError, match="NUL"):
        knight.count((3, 8), checkpoint="a\0b")
    with pytest.raises(InvalidInputError, match="cannot be made"):
        knight.count((3, 8), checkpoint=tmp_path / "missing" / "deeper")
    with pytest.raises(InvalidTypeError, match="directory path"):
        knight.count((3, 8), spill=3)
    (tmp_path / "file").write_bytes(b"an old checkpoint")
    with pytest.raises(InvalidInputError, match="not a directory"):
        knight.count((3, 8), checkpoint=tmp_path / "file")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(InvalidInputError, match="not a directory"):
        knight.count((3, 8), checkpoint=tmp_path / "fifo")
    with pytest.raises(InvalidInputError, match="two directories"):
        knight.count((3, 8), checkpoint=tmp_path / "a", spill=tmp_path / "b")
    with pytest.raises(InvalidInputError, match="not method 'enumerate'"):
        knight.count((3, 8), checkpoint=tmp_path, method="enumerate")
    with pytest.raises(InvalidInputError, match="frontier sweep, and 30×30 is too wide"):
        knight.count((30, 30), memory="1GB")


def test_fifos_and_planted_links_are_refused(frontier, tmp_path):
    os.mkfifo(tmp_path / "layer-3-0-of-1.kshard")  # a FIFO where a shard file should be: not opened to hang
    with pytest.raises(InvalidInputError, match="not a regular file"):
        knight.count((3, 8), checkpoint=tmp_path)
    os.unlink(tmp_path / "layer-3-0-of-1.kshard")
    target = tmp_path / "precious"
    target.write_bytes(b"keep me")
    os.symlink(target, tmp_path / "layer-1-0-of-1.kshard.part")  # a link planted at a temporary name
    with pytest.raises(InvalidInputError, match="in the way"):
        knight.count((3, 8), checkpoint=tmp_path)
    assert target.read_bytes() == b"keep me"
    os.unlink(tmp_path / "layer-1-0-of-1.kshard.part")
    os.unlink(tmp_path / "lock")
    os.symlink(target, tmp_path / "lock")  # a link planted at the lock
    with pytest.raises(InvalidInputError, match="lock"):
        knight.count((3, 8), checkpoint=tmp_path)
    assert target.read_bytes() == b"keep me"


def test_two_writers_are_refused(frontier, tmp_path):
    held = _shardfile.Lock(str(tmp_path))
    try:
        with pytest.raises(InvalidInputError, match="in use by another count"):
            knight.count((3, 8), checkpoint=tmp_path)
        with pytest.raises(InvalidInputError, match="in use by another count"):
            knight.count((3, 8), memory="1MB", spill=tmp_path)
    finally:
        held.release()
    assert knight.count((3, 8), checkpoint=tmp_path) == 792


def test_a_full_disk_is_a_clear_error(frontier, sharded, tmp_path, monkeypatch):
    from collections import namedtuple

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(_spill.shutil, "disk_usage", lambda path: usage(10**6, 10**6 - 100, 100))
    with pytest.raises(InvalidInputError, match="GiB free"):
        knight.count((4, 6), method="frontier", memory="1MB", spill=tmp_path)
    monkeypatch.undo()
    monkeypatch.setattr(_spill, "BYTES_A_STATE", BIG)

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_shardfile.os, "write", full)
    with pytest.raises(InvalidInputError, match="is full"):
        knight.count((4, 6), method="frontier", memory="1MB", spill=tmp_path)
    monkeypatch.undo()
    assert not os.listdir(tmp_path) or os.listdir(tmp_path) == ["lock"]


@pytest.mark.parametrize(
    "memory, words",
    [("8XB", "not a size"), ("", "not a size"), ("-5GB", "not a size"), (10, "less than"), ("0.5kB", "less than")],
)
def test_bad_memory_values_are_clear_errors(memory, words):
    with pytest.raises(InvalidInputError, match=words):
        knight.count((3, 8), memory=memory)


def test_memory_takes_sizes():
    assert _spill.parse_memory("8GB") == 8 * 10**9
    assert _spill.parse_memory("512 MiB") == 512 * 2**20
    assert _spill.parse_memory("1.5gb") == 1_500_000_000
    assert _spill.parse_memory(10**7) == 10**7
    for wrong in (True, 1.5e9, None, b"8GB"):
        with pytest.raises(InvalidTypeError, match="memory"):
            _spill.parse_memory(wrong)


def test_the_command_spills_and_resumes(tmp_path):
    result = run_knight("count", "3x8", "--memory", "1MB", "--checkpoint", str(tmp_path / "c"))
    assert (result.returncode, result.stdout) == (0, "792\n"), result.stderr
    assert_one_line_error(["count", "3x8", "--memory", "lots"], 2, "not a size")
