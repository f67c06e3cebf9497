"""The frontier counter (compiled and twin) against brute force, knight.count and OEIS."""

import importlib
import os
import random
from functools import lru_cache

import pytest

import knight
from knight.count import _plan

SLOW = pytest.mark.skipif(not os.environ.get("KNIGHT_SLOW"), reason="slow: set KNIGHT_SLOW=1")
KNIGHT = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


def compiled():
    """The compiled module, imported directly so that a broken build fails loudly."""
    if os.environ.get("KNIGHT_NO_EXTENSIONS"):
        pytest.skip("KNIGHT_NO_EXTENSIONS is set")
    return importlib.import_module("knight.count._frontier")


@pytest.fixture(params=["cython", "python"], scope="module")
def engine(request):
    """Each implementation in turn."""
    return compiled() if request.param == "cython" else importlib.import_module("knight.count._frontier_py")


@lru_cache(maxsize=None)
def brute(rows, cols, mask=None, start=None, end=None, closed=False, moves=KNIGHT):
    """Tours by memoised depth-first search over (squares seen, last square): shares no code."""
    # kept for the questions that follow about the same board, where its table is small
    completions = _completions if rows * cols <= 24 else _completions.__wrapped__
    squares, paths = completions(rows, cols, mask, None if closed else end, closed, moves)
    if closed:
        if len(squares) < 3:
            return 0
        first = squares[0] if start is None else start
        directed = paths(1 << first, first, first)
        return directed if start is not None else directed // 2
    # an open path's ending does not depend on where it began: one home for all, so that paths
    # from different starts share what they have in common
    return sum(paths(1 << s, s, None) for s in ([start] if start is not None else squares))


@lru_cache(maxsize=4)  # the questions about one board come together (four ends, open)
def _completions(rows, cols, mask, end, closed, moves):
    """The board's squares, and paths(seen, last, home): the ways to finish a tour from there
    (memoised, so brute's questions with the same board and end share it)."""
    on = [mask is None or bool(mask[i]) for i in range(rows * cols)]
    squares = [i for i in range(rows * cols) if on[i]]
    links = {
        i: [
            (i // cols + dr) * cols + i % cols + dc
            for dr, dc in moves
            if 0 <= i // cols + dr < rows and 0 <= i % cols + dc < cols and on[(i // cols + dr) * cols + i % cols + dc]
        ]
        for i in squares
    }
    full = sum(1 << i for i in squares)

    @lru_cache(maxsize=None)
    def paths(seen, last, home):
        if seen == full:
            return int(last in links[home]) if closed else int(end is None or last == end)
        return sum(paths(seen | 1 << nxt, nxt, home) for nxt in links[last] if not seen >> nxt & 1)

    return squares, paths


RECTANGLES = [(r, c) for r in range(1, 31) for c in range(1, 31) if r * c <= 30]


@pytest.mark.parametrize("rows,cols", [rc for rc in RECTANGLES if rc[0] * rc[1] <= 20])
def test_small_rectangles_every_question_against_brute_force(engine, rows, cols):
    n = rows * cols
    if n > 18 and engine.__name__.endswith("_py"):  # brute force's 4×5 takes seconds, the twin's enumerator test has it
        pytest.skip("the twin against brute force up to 18 squares; against the enumerator up to 24")
    starts = [None] + sorted({0, n - 1, n // 2})
    for closed in (False, True):
        for start in starts:
            for end in [None] if closed else starts:
                expected = brute(rows, cols, None, start, end, closed)
                assert engine.count(rows, cols, None, start, end, closed) == expected, (start, end, closed)


@SLOW
@pytest.mark.parametrize("rows,cols", [rc for rc in RECTANGLES if rc[0] * rc[1] > 20])
def test_rectangles_up_to_30_squares_against_brute_force(engine, rows, cols):
    n = rows * cols
    assert engine.count(rows, cols, None, None, None, True) == brute(rows, cols, closed=True)
    assert engine.count(rows, cols, None, 0, None, False) == brute(rows, cols, start=0)
    assert engine.count(rows, cols, None, 0, n - 1, False) == brute(rows, cols, start=0, end=n - 1)


@lru_cache(maxsize=None)
def walked(rows, cols, start=None, end=None, closed=False):
    """The enumerator's count (knight.count(method="enumerate"); with an end, its tours that end there)."""
    if end is None:
        return knight.count((rows, cols), start, closed=closed, method="enumerate")
    return sum(1 for tour in knight.tours((rows, cols), start) if tour[-1] == end)


@pytest.mark.parametrize("rows,cols", RECTANGLES)
def test_rectangles_up_to_30_squares_match_the_enumerator(engine, rows, cols):
    """The engine's meaning of a count is the enumerator's: directed open, undirected closed."""
    if engine.__name__.endswith("_py") and not os.environ.get("KNIGHT_SLOW") and rows * cols > 20:
        pytest.skip("the twin takes seconds past 20 squares (4×6: 1.7 s): set KNIGHT_SLOW=1")
    n = rows * cols
    assert engine.count(rows, cols, None, None, None, False) == walked(rows, cols)
    assert engine.count(rows, cols, None, None, None, True) == walked(rows, cols, closed=True)
    for start in sorted({1, (rows // 2) * cols + cols // 2 + 1}):
        for closed in (False, True):
            assert engine.count(rows, cols, None, start - 1, None, closed) == walked(rows, cols, start, None, closed)
        for end in sorted({2, n, n // 2 + 1} - {start} if n > 1 else ()):
            assert engine.count(rows, cols, None, start - 1, end - 1, False) == walked(rows, cols, start, end)


@pytest.mark.parametrize("seed", range(12))
def test_random_boards_with_holes_against_brute_force(engine, seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 4), (4, 4), (3, 6), (4, 5), (5, 5), (3, 7), (4, 6)])
    mask = bytes(int(rng.random() > 0.15) for _ in range(rows * cols))
    squares = [i for i in range(rows * cols) if mask[i]]
    start, end = rng.choice(squares), rng.choice(squares)
    for question in [
        (None, None, False),
        (start, None, False),
        (None, end, False),
        (start, end, False),
        (None, None, True),
        (start, None, True),
    ]:
        assert engine.count(rows, cols, mask, *question) == brute(rows, cols, mask, *question), question


@pytest.mark.parametrize("seed", range(6))
def test_mirror_symmetric_boards_merge_mirror_states_and_count_right(engine, seed):
    """Boards that are their own mirror image across the sweep (holes mirrored, fixed ends on the
    middle row): the sweep merges each state with its mirror image; counts and peaks stay right."""
    twin = importlib.import_module("knight.count._frontier_py")
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 5), (4, 5), (3, 7), (3, 6), (4, 4)])
    quarter = [int(rng.random() > 0.15) for _ in range(rows * cols)]  # mirrored both ways: any sweep
    mask = bytes(quarter[min(r, rows - 1 - r) * cols + min(c, cols - 1 - c)] for r in range(rows) for c in range(cols))
    middle = [(rows // 2) * cols + c for c in range(cols) if rows % 2 and mask[(rows // 2) * cols + c]]
    sweep = _plan.plan(rows, cols, mask, None, None, False, KNIGHT)
    assert any(step.mirror for step in sweep.steps)
    questions = [(None, None, False), (None, None, True)]
    if middle:
        questions += [(middle[0], None, False), (middle[0], middle[-1], False), (middle[-1], None, True)]
    for question in questions:
        assert engine.count(rows, cols, mask, *question) == brute(rows, cols, mask, *question), question
        assert engine.count_stats(rows, cols, mask, *question)[:2] == twin.count_stats(rows, cols, mask, *question)[:2]


def test_mirror_images_are_merged_only_where_the_question_is_symmetric():
    assert any(step.mirror for step in _plan.plan(5, 6, None, 12, None, False, KNIGHT).steps)  # a middle-row start
    assert not any(step.mirror for step in _plan.plan(5, 6, None, 0, None, False, KNIGHT).steps)
    assert any(step.mirror for step in _plan.plan(5, 6, None, 0, None, True, KNIGHT).steps)  # closed: no fixed end
    assert not any(step.mirror for step in _plan.plan(4, 4, b"\x00" + b"\x01" * 15, None, None, True, KNIGHT).steps)


def test_other_leapers_against_brute_force(engine):
    giraffe = tuple((a * s, b * t) for a, b in ((1, 4), (4, 1)) for s in (1, -1) for t in (1, -1))
    zebra_plus_wazir = tuple(
        (a * s, b * t) for a, b in ((2, 3), (3, 2), (0, 1), (1, 0)) for s in (1, -1) for t in (1, -1)
    )
    for rows, cols, moves in ((4, 5, giraffe), (3, 4, tuple(sorted(set(zebra_plus_wazir))))):
        for closed in (False, True):
            expected = brute(rows, cols, closed=closed, moves=moves)
            assert engine.count(rows, cols, None, None, None, closed, moves) == expected


def test_a165134_directed_open_tours_of_n_by_n(engine):
    for n, tours in [(1, 1), (2, 0), (3, 0), (4, 0), (5, 1728)]:
        assert engine.count(n, n, None, None, None, False) == tours


def test_a165134_six_by_six_compiled():
    assert compiled().count(6, 6, None, None, None, False) == 6637920


def test_a001230_closed_tours_of_2n_by_2n(engine):
    for n, tours in [(2, 0), (4, 0)]:
        assert engine.count(n, n, None, None, None, True) == tours
    assert engine.count(1, 1, None, None, None, True) == 0  # one square is not a cycle here


def test_a001230_six_by_six_compiled():
    assert compiled().count(6, 6, None, None, None, True) == 9862


@SLOW
def test_a001230_eight_by_eight_compiled(tmp_path):
    """8×8's closed tours, as counted here on the disk tier: 37 minutes on 2 threads, 7.05 GiB
    resident and 12.5 GiB of shard files at most (docs/counting.md); in memory, tens of GB."""
    compiled()
    assert knight.count(8, closed=True, method="frontier", memory="7GB", spill=tmp_path, threads=2) == 13267364410532


# A175881: closed tours on 6×n, n = 1..9.
A175881 = [0, 0, 0, 0, 8, 9862, 1067638, 55488142, 3374967940]


def test_a175881_closed_tours_of_6_by_n_compiled():
    frontier = compiled()
    for n, tours in enumerate(A175881[:7], start=1):
        assert frontier.count(6, n, None, None, None, True) == tours


@SLOW
def test_a175881_closed_tours_of_6_by_8_and_9_compiled():
    frontier = compiled()
    assert [frontier.count(6, n, None, None, None, True) for n in (8, 9)] == A175881[7:9]


# A169770 + A169771 + A169772: undirected open tours ("diagrams") of 3×n, types X, F, B; n = 4..30.
A169770 = [
    4,
    0,
    0,
    0,
    80,
    40,
    368,
    352,
    5296,
    3744,
    48656,
    40208,
    523808,
    415488,
    5270976,
    4333504,
    54215264,
    44497728,
    551297184,
    458337984,
    5613555008,
    4691821600,
    56981627840,
    47988689152,
    577641089664,
    489273948160,
    5845628996352,
]
A169771 = [
    2,
    0,
    0,
    52,
    224,
    520,
    1616,
    10320,
    37024,
    125120,
    441200,
    1798576,
    6327472,
    22985504,
    81178008,
    301420176,
    1057619944,
    3818476576,
    13412523392,
    48285742208,
    168992600680,
    602349395456,
    2106360581920,
    7471875943776,
    26073917403304,
    92017860990176,
    320713651212384,
]
A169772 = [
    2,
    0,
    0,
    0,
    92,
    0,
    1064,
    0,
    14928,
    0,
    156416,
    0,
    1785600,
    0,
    19416704,
    0,
    211014544,
    0,
    2261999424,
    0,
    24067157192,
    0,
    254242274472,
    0,
    2669251156032,
    0,
    27880294589248,
]


def test_a169770_a169771_a169772_open_tours_of_3_by_n(engine):
    last = 30 if engine.__name__.endswith("_frontier") else 12
    for n, diagrams in enumerate(map(sum, zip(A169770, A169771, A169772)), start=4):
        if n <= last:
            assert engine.count(3, n, None, None, None, False) == 2 * diagrams, n


# A383660 / A383661 (Knuth 2025): closed tours of the first 2n cells, column by column, of a
# 3 × ceil(2n/3) (offset 11) or 5 × ceil(2n/5) (offset 9) board; the full 3×2k boards are A070030.
A383660 = [4, 0, 4, 24, 16, 56, 306, 176, 456, 2632, 1536, 4828, 26788, 15424, 44952, 254288, 147728]
A383661 = [
    1,
    0,
    1,
    30,
    0,
    148,
    8,
    78,
    9309,
    612,
    62749,
    44202,
    42049,
    2916485,
    147192,
    18284136,
    13311268,
    13008389,
    973107552,
    51147756,
    6190192748,
    4557702762,
    4311375354,
    316985255470,
    16552301184,
    2015267424300,
    1495135512514,
]


def first_cells(rows, cells):
    """(cols, mask) of a rows-high board holding its first cells squares, column by column."""
    cols = -(-cells // rows)
    return cols, bytes(int(c * rows + r < cells) for r in range(rows) for c in range(cols))


# A079137: undirected open tours of 4×n, n = 1..24 (Howroyd's table goes to n = 500).
A079137 = [
    0,
    0,
    8,
    0,
    82,
    744,
    6378,
    31088,
    189688,
    1213112,
    6683852,
    36486328,
    201282470,
    1083585304,
    5706117458,
    29819231288,
    154430502724,
    790787799376,
    4014945695196,
    20241304810488,
    101336136490228,
    504096313001272,
    2493533648002492,
    12270473056485396,
]


def test_a079137_open_tours_of_4_by_n(engine):
    last = 24 if os.environ.get("KNIGHT_SLOW") else 16 if engine.__name__.endswith("_frontier") else 7
    for n, paths in enumerate(A079137[:last], start=1):
        assert engine.count(4, n, None, None, None, False) == 2 * paths, n


# A389759 / A389755 (Knuth 2025): undirected open tours of the first n cells, column by column,
# of a 3 × ceil(n/3) or 5 × ceil(n/5) board.
A389759 = [
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    2,
    2,
    8,
    8,
    4,
    0,
    8,
    0,
    0,
    20,
    44,
    52,
    465,
    276,
    396,
    988,
    824,
    560,
    3888,
    1384,
    3048,
    10348,
    12796,
    10672,
    69831,
    36962,
    57248,
    171104,
    155756,
    128864,
    815520,
]
A389755 = [
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    4,
    0,
    0,
    4,
    95,
    144,
    82,
    16,
    125,
    1188,
    4292,
    864,
    416,
    1030,
    28229,
    40770,
    18784,
    3858,
    38255,
    490809,
    2422436,
    622868,
    274910,
    781472,
]


@pytest.mark.parametrize("rows,values", [(3, A389759), (5, A389755)])
def test_a389759_a389755_open_tours_of_partial_boards(engine, rows, values):
    last = len(values) if os.environ.get("KNIGHT_SLOW") else 32 if engine.__name__.endswith("_frontier") else 21
    for n, paths in enumerate(values[:last], start=1):
        cols, mask = first_cells(rows, n)
        assert engine.count(rows, cols, mask, None, None, False) == (2 * paths if n > 1 else 1), n


@pytest.mark.parametrize("rows,offset,values", [(3, 11, A383660), (5, 9, A383661)])
def test_a383660_a383661_closed_tours_of_partial_boards(engine, rows, offset, values):
    compiled = engine.__name__.endswith("_frontier")
    # the compiled engine's last terms (5 rows, 52 to 70 squares) take seconds: KNIGHT_SLOW=1
    most = (10**9 if os.environ.get("KNIGHT_SLOW") else 50) if compiled else 30
    for n, tours in enumerate(values, start=offset):
        if 2 * n <= most:
            cols, mask = first_cells(rows, 2 * n)
            assert engine.count(rows, cols, mask, None, None, True) == tours, n


def test_a070030_closed_tours_of_3_by_2n(engine):
    compiled = engine.__name__.endswith("_frontier")
    for k, tours in [(4, 0), (5, 16), (6, 176), (7, 1536), (8, 15424), (9, 147728), (10, 1448416)]:
        if compiled or k <= 6:
            assert engine.count(3, 2 * k, None, None, None, True) == tours


@lru_cache(maxsize=None)
def test_compiled_and_twin_agree_with_the_same_peak(both_frontiers):
    """(The twin's case would hold the twin against itself: the compiled job alone runs this.)"""
    compiled_engine, twin = both_frontiers
    rng = random.Random(7)
    for _ in range(6):
        mask = bytes(int(rng.random() > 0.1) for _ in range(25))
        start = next(i for i in range(25) if mask[i])
        for question in [(None, None, False), (start, None, True)]:
            assert compiled_engine.count_stats(5, 5, mask, *question)[:2] == twin.count_stats(5, 5, mask, *question)[:2]


def test_counts_beyond_64_bits_are_exact(engine):
    """3×60 has about 10^31 open tours: the compiled counts rerun with wider limbs."""
    if not engine.__name__.endswith("_frontier"):
        pytest.skip("the twin counts in Python ints")
    assert engine.count(3, 60, None, None, None, False) == 10423762627835716287359897835728
    assert engine.count(4, 30, None, None, None, False) == 318738002895113637864


def _crew_stats(frontier, question, threads):
    """frontier.count_stats(*question, threads=threads)'s (count, peak), and whether a layer was swept by
    several threads (the check, which the calling thread alone calls, sees them during a layer's sweep)."""
    import threading

    alone = threading.active_count()
    crewed = []

    def check(step, states):
        crewed.append(step >= 1 and threading.active_count() > alone)

    return frontier.count_stats(*question, check=check, threads=threads)[:2], any(crewed)


@pytest.mark.parametrize(
    "question",
    [
        (6, 7, None, None, None, True),  # A175881: 1,067,638
        (5, 8, None, None, None, False),
        (5, 5, None, None, None, False),  # every layer below a crew's
        (6, 5, None, 0, None, False),  # a fixed start
        (6, 7, bytes(1 - (square in (17, 30)) for square in range(42)), None, None, False),  # two holes
        (5, 10, None, 0, 49, False),  # both ends fixed
    ],
)
def test_threads_sweep_the_same_states_as_one(question):
    """Two, four and sixteen threads (the crew: a share of each wide layer a thread, and the demand
    patterns' two ends at once) give the same count and the same peak states as one."""
    frontier = compiled()
    alone, _ = _crew_stats(frontier, question, 1)
    for threads in (2, 4, 16):  # 16: more threads than CPUs, each giving its CPU away while it waits
        together, crewed = _crew_stats(frontier, question, threads)
        assert together == alone
        assert crewed == (alone[1] >= 4000)  # the crew takes layers of 2,048 states and more


def test_threads_widen_counts_past_64_bits():
    """5×30's closed tours (about 2·10^32): counts outgrow 64 bits in layers the crew sweeps."""
    frontier = compiled()
    question = (5, 30, None, None, None, True)
    alone = frontier.count_stats(*question, threads=1)[:2]
    assert alone[0] > 2**100
    assert _crew_stats(frontier, question, 2) == (alone, True)


def test_a_threaded_sweep_stopped_or_out_of_memory_leaves_no_thread_behind():
    """A check raising between the crew's rounds or in the pattern pass, or a layer outgrowing the memory
    given, ends the sweep with that error, and every helper thread has ended when it is raised."""
    import threading

    from knight.model._errors import SearchLimitError

    frontier = compiled()
    alone = threading.active_count()

    def stop_in_the_sweep(step, states):
        if step >= 20:
            raise SearchLimitError("stopped")

    def stop_in_the_patterns(step, patterns):
        if step == 0 and patterns > 100_000:  # the demand patterns' two ends, on two threads by then
            raise SearchLimitError("stopped")

    for stop, question in (
        (stop_in_the_sweep, (6, 8, None, None, None, True)),
        (stop_in_the_patterns, (6, 6) + (None,) * 3 + (False,)),
    ):
        with pytest.raises(SearchLimitError, match="stopped"):
            frontier.count(*question, check=stop, threads=2)
        assert threading.active_count() == alone
    sweep = _plan.plan(6, 8, None, None, None, True, KNIGHT)
    engines = importlib.import_module("knight.count._engine")
    engine = engines._Engine(sweep, 1, False, 1 << 21, None, 2)  # 2 MB: room for 65,536 slots a layer
    engine.load(0, [(b"", 1)])
    with pytest.raises(MemoryError, match="outgrew the memory available"):
        engine.run(len(sweep.steps))
    assert threading.active_count() == alone


@pytest.mark.parametrize("allowed", [0, 1, 2, 3])
def test_a_sweep_denied_threads_goes_on_alone(monkeypatch, allowed):
    """Where threads cannot be started past the first few (a limit on threads), the sweep ends those it
    started and goes on in the calling thread, with the same count and states."""
    import threading

    frontier = compiled()
    question = (6, 7, None, None, None, True)
    alone = frontier.count_stats(*question, threads=1)[:2]
    start, started = threading.Thread.start, []

    def limited(thread):
        if len(started) >= allowed:
            raise RuntimeError("can't start new thread")
        started.append(thread)
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", limited)
    running = threading.active_count()
    assert frontier.count_stats(*question, threads=4)[:2] == alone
    assert threading.active_count() == running


def test_the_twin_takes_threads_and_sweeps_alone():
    twin = importlib.import_module("knight.count._frontier_py")
    assert twin.count(3, 4, None, None, None, False, threads=4) == twin.count(3, 4, None, None, None, False) == 16


@lru_cache(maxsize=None)
def whole_count(engine, *question):
    """engine.count_stats(*question)'s (count, peak states), once for all the numbers of shards."""
    return engine.count_stats(*question)[:2]


def sharded(engines, question, shards, squares=1, threads=1, check=None, log=None):
    """The count of question by rounds of shard_round, shard k's round by engines[k % len(engines)], the
    pieces pickled between rounds and taken in a shuffled order; and the most states one shard held.
    threads and check go to each round; log, if given, gets each round's shards' (states dealt to each
    shard, in order; tours; states; states expanded)."""
    import pickle

    from knight.count import _packed

    sweep = _plan.plan(*question)
    inboxes = [[_packed.start()]] + [[] for _ in range(shards - 1)]
    first, tours, most, rng = 0, 0, 0, random.Random(shards)
    while first < len(sweep.steps):
        stop = min(len(sweep.steps), first + squares)
        rounds = [
            engines[k % len(engines)].shard_round(sweep, first, stop, inbox, shards, check, threads)
            for k, inbox in enumerate(inboxes)
        ]
        if log is not None:
            width = _packed.width(sweep, stop) if stop < len(sweep.steps) else 0
            log.append([([sorted(_packed.unpack([part], width)) for part in parts], *rest) for parts, *rest in rounds])
        tours += sum(found for _, found, _, _ in rounds)
        most = max(most, *(held for _, _, held, _ in rounds))
        inboxes = [pickle.loads(pickle.dumps([parts[k] for parts, _, _, _ in rounds])) for k in range(shards)]
        for inbox in inboxes:
            rng.shuffle(inbox)
        first = stop
    return sweep.factor * tours, most


@pytest.mark.parametrize("shards", [1, 2, 5])
def test_shards_add_up_in_any_order_and_implementation(engine, shards):
    """A sweep sharded over 1, 2, 5 shards counts as the plain sweep; each shard holds a share of the
    widest layer; the twin's pieces and the compiled engine's are interchangeable (shards alternate)."""
    twin = importlib.import_module("knight.count._frontier_py")
    for question in [(5, 5, None, None, None, False), (4, 6, None, 3, None, False), (5, 6, None, None, None, True)]:
        tours, peak = whole_count(engine, *question, KNIGHT)
        found, most = sharded([engine], (*question, KNIGHT), shards)
        assert found == tours
        assert most <= 2 * peak // shards + 20
        assert sharded([engine], (*question, KNIGHT), shards, squares=4)[0] == tours
        if engine is not twin:
            assert sharded([engine, twin], (*question, KNIGHT), shards)[0] == tours


def test_shards_carry_counts_beyond_64_bits(engine):
    """3×40's counts outgrow one 64-bit word: the pieces carry them in more, and the sum is exact."""
    question = (3, 40, None, None, None, False, KNIGHT)
    assert sharded([engine], question, 3, squares=8)[0] == whole_count(engine, *question)[0]


def test_a_shard_round_lets_each_piece_go_once_loaded(engine):
    """shard_round empties the list of pieces it is given as it loads them, so that their memory goes while the
    shard is swept (a caller that keeps a layer passes a copy); the rounds count as the plain sweep."""
    from knight.count import _packed

    sweep = _plan.plan(5, 5, None, None, None, False, KNIGHT)
    pieces = [_packed.start()]
    parts, tours, _, _ = engine.shard_round(sweep, 0, 10, pieces, 3)
    assert pieces == [] and len(parts) == 3
    found = [part for part in parts if _packed.size(part)]
    assert len(found) > 1
    parts, more, _, _ = engine.shard_round(sweep, 10, len(sweep.steps), found, 1)
    assert found == []
    assert sweep.factor * (tours + more) == 1728 and parts == [_packed.NOTHING]


def test_a_shard_round_deals_to_a_sink_and_takes_a_stream(engine, monkeypatch):
    """With a sink, shard_round gives each shard's piece to it as it is made (the same pieces it returns
    without one, which it then returns as NOTHING), split in pieces of at most _packed.DEALT states (here
    2), and it takes its pieces as a _packed.Stream, one at a time, as it takes them in a list."""
    from knight.count import _packed

    sweep = _plan.plan(5, 5, None, None, None, False, KNIGHT)
    parts, tours, states, work = engine.shard_round(sweep, 0, 10, [_packed.start()], 3)
    given = []
    sunk = engine.shard_round(sweep, 0, 10, [_packed.start()], 3, None, 1, lambda k, piece: given.append((k, piece)))
    assert given == list(enumerate(parts)) and sunk == ([_packed.NOTHING] * 3, tours, states, work)
    monkeypatch.setattr(_packed, "DEALT", 2)
    given.clear()
    sunk = engine.shard_round(sweep, 0, 10, [_packed.start()], 3, None, 1, lambda k, piece: given.append((k, piece)))
    assert sunk == ([_packed.NOTHING] * 3, tours, states, work) and max(_packed.size(piece) for _, piece in given) == 2
    for k, (keys, counts, bits) in enumerate(parts):
        mine = [piece for shard, piece in given if shard == k]
        assert len(mine) == -(-_packed.size(parts[k]) // 2) and {piece[2] for piece in mine} == {bits}
        assert b"".join(piece[0] for piece in mine) == keys and b"".join(piece[1] for piece in mine) == counts
    taken = []
    stream = _packed.Stream(
        [(_packed.size(part), part[2]) for part in parts], (taken.append(part) or part for part in parts)
    )
    streamed = engine.shard_round(sweep, 10, len(sweep.steps), stream, 1)
    assert taken == parts
    assert streamed[:2] == engine.shard_round(sweep, 10, len(sweep.steps), list(parts), 1)[:2]
    assert sweep.factor * (tours + streamed[1]) == 1728


def test_a_shard_swept_in_batches_is_the_shard_swept_whole(engine):
    """_packed.batched cuts a shard's pieces (a list, emptied as they are taken, or a stream) into streams
    of at most so many states, a piece of more dealt out into parts; a shard too large for memory= is swept
    batch by batch, a state in two batches swept in each, and the tours and the next layer's counts add
    up to the shard's swept whole."""
    from knight.count import _packed

    sweep = _plan.plan(5, 5, None, None, None, False, KNIGHT)
    parts, tours, _, _ = engine.shard_round(sweep, 0, 8, [_packed.start()], 2)
    whole = engine.shard_round(sweep, 8, 12, list(parts), 1)
    for source in ([*parts, *parts], _packed.Stream([(_packed.size(p), p[2]) for p in parts * 2], iter(parts * 2))):
        taken = list(source) if isinstance(source, list) else parts * 2
        batches = [(batch.layout, list(batch.pieces)) for batch in _packed.batched(source, 7)]
        assert len(batches) > 2 and all(sum(held for held, _ in layout) <= 7 for layout, _ in batches)
        pieces = [piece for _, got in batches for piece in got]
        assert [(_packed.size(piece), piece[2]) for piece in pieces] == [
            each for layout, _ in batches for each in layout
        ]
        width = _packed.width(sweep, 8)
        assert sorted(_packed.unpack(pieces, width)) == sorted(_packed.unpack(taken, width))
        if isinstance(source, list):
            assert source == []  # each piece let go as it was taken
    doubled = list(parts) * 2  # every state twice: swept twice, its counts added
    swept = [engine.shard_round(sweep, 8, 12, batch, 1) for batch in _packed.batched(doubled, 5)]
    assert sum(found[1] for found in swept) == 2 * whole[1]
    counts: dict = {}
    for state, ways in _packed.unpack([found[0][0] for found in swept], _packed.width(sweep, 12)):
        counts[state] = counts.get(state, 0) + ways
    assert counts == {state: 2 * ways for state, ways in _packed.unpack(whole[0], _packed.width(sweep, 12))}


def test_shard_rounds_on_threads_deal_as_one_thread(engine):
    """shard_round's threads (a crew sweeping a shard's wide layers; the twin takes them and sweeps alone):
    on 1, 2 and 4 threads, every round deals the same states and counts to each shard (the order within a
    piece follows the table's layout), with the same tours, states and states expanded."""
    import threading

    twin = engine.__name__.endswith("_py")
    question = (4, 6, None, 3, None, False, KNIGHT) if twin else (6, 6, None, None, None, True, KNIGHT)
    alone, crewed = threading.active_count(), []

    def check(step, states):
        crewed.append(threading.active_count() > alone)

    logs = []
    for threads in (1, 2, 4):
        logs.append([])
        crewed.clear()
        found = sharded([engine], question, 2, squares=6, threads=threads, check=check, log=logs[-1])[0]
        assert found == whole_count(engine, *question)[0]
        assert any(crewed) == (threads > 1 and not twin)  # a shard's widest layers hold over 2,048 states
        assert logs[-1] == logs[0]
    assert threading.active_count() == alone


def test_bad_questions_raise(engine):
    with pytest.raises(ValueError, match="closed"):
        engine.count(6, 6, None, None, 3, True)
    with pytest.raises(ValueError, match="leaper"):
        engine.count(5, 5, None, None, None, False, ((1, 2),))
    with pytest.raises(ValueError, match="start"):
        engine.count(5, 5, b"\x00" + b"\x01" * 24, 0, None, False)
    with pytest.raises(ValueError, match="mask"):
        engine.count(5, 5, b"\x01", None, None, False)


def test_degenerate_boards(engine):
    assert engine.count(1, 1, None, 0, 0, False) == 1
    assert engine.count(2, 3, None, 0, 0, False) == 0
    assert engine.count(3, 3, bytes(9), None, None, False) == 0
    assert engine.count(1, 2, None, None, None, True) == 0


LEAPERS = [KNIGHT] + [
    tuple(sorted({(a * s, b * t) for a, b in ((x, y), (y, x)) for s in (1, -1) for t in (1, -1)}))
    for x, y in ((0, 1), (1, 1), (1, 3), (2, 3), (0, 2))
]


@pytest.mark.parametrize("moves", LEAPERS)
def test_frontier_width_of_a_whole_rectangle_is_measured_on_a_few_lines(moves):
    """The width measured on a few lines of a whole rectangle is the width found square by square."""
    for rows in range(1, 15):
        for cols in range(1, 15):
            exact = min(_plan._width(rows, cols, b"\x01" * (rows * cols), moves, by_rows) for by_rows in (False, True))
            assert _plan.frontier_width(rows, cols, None, moves) == exact, (rows, cols)
    for rows, cols in [(3, 40), (40, 3), (2, 70), (5, 33), (1, 50)]:
        exact = min(_plan._width(rows, cols, b"\x01" * (rows * cols), moves, by_rows) for by_rows in (False, True))
        assert _plan.frontier_width(rows, cols, None, moves) == exact, (rows, cols)


def test_frontier_width_of_a_long_board_is_found_at_once():
    """A board of millions of squares is measured on a few of its lines (laid out, it would take a minute)."""
    assert _plan.frontier_width(3, 10**7, None, KNIGHT) == _plan.frontier_width(3, 40, None, KNIGHT)
    assert _plan.frontier_width(10**7, 1, None, KNIGHT) == _plan.frontier_width(40, 1, None, KNIGHT)
    assert _plan.frontier_width(14, 10**6, None, KNIGHT) == _plan.frontier_width(14, 60, None, KNIGHT) > 26


def test_holes_never_widen_the_frontier():
    rng = random.Random(1)
    for _ in range(40):
        rows, cols = rng.randint(1, 9), rng.randint(1, 9)
        mask = bytes(int(rng.random() > 0.3) for _ in range(rows * cols))
        if any(mask):
            assert _plan.frontier_width(rows, cols, mask, KNIGHT) <= _plan.frontier_width(rows, cols, None, KNIGHT)


def test_the_plan_calls_its_check_and_stops_when_it_raises():
    calls = []

    def check(step, squares):
        calls.append((step, squares))
        if squares >= 3 * _plan.CHUNK:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _plan.plan(3, 10**6, None, None, None, False, KNIGHT, check=check)
    assert calls == [(0, k * _plan.CHUNK) for k in (1, 2, 3)]


def test_shard_round_and_count_call_the_check_before_any_layer(engine):
    """A shard's round does work (the demand patterns, the layers): the check stops it like a count,
    from its first call."""
    from knight.count import _packed

    calls = []

    def stop(step, states):
        calls.append((step, states))
        raise KeyboardInterrupt

    for work in (
        lambda: engine.shard_round(_plan.plan(6, 6, None, 0, None, False, KNIGHT), 0, 1, [_packed.start()], 2, stop),
        lambda: engine.count(6, 6, None, 0, None, False, KNIGHT, stop),
        lambda: engine.shard_round(_plan.plan(5, 5, None, 0, None, False, KNIGHT), 0, 25, [_packed.start()], 3, stop),
    ):
        with pytest.raises(KeyboardInterrupt):
            work()
    assert len(calls) == 3
