"""knight.trace: the search's events, from the code that searches, on both cores.

Every trace is replayed here, independently of knight: a stack of squares that each Placed
pushes, each TakenBack pops and each Restart empties; the stack at the end must be the tour
found, which the validator checks, and the nodes must be those knight.tour counts.
"""

import os

import pytest

import knight
from knight import Choice, Finished, Placed, Restart, TakenBack

from validator import assert_tour


def replay(events):
    """The path the events leave, checking each event against the path before it; (path, finished, counts)."""
    path, placed, taken, choices, restarts = [], 0, 0, 0, 0
    events = list(events)
    *steps, last = events
    assert type(last) is Finished
    chosen = None
    for event in steps:
        assert type(event) is not Finished
        if type(event) is Placed:
            assert event.move == len(path) + 1 and event.square not in path
            assert chosen is None or (chosen.square, chosen.move) == (event.square, event.move)
            path.append(event.square)
            placed += 1
            chosen = None
        elif type(event) is TakenBack:
            assert path and (event.square, event.move) == (path[-1], len(path))
            path.pop()
            taken += 1
        elif type(event) is Choice:
            assert event.move == len(path) + 1 and len(event.candidates) == len(event.degrees) >= 1
            assert not set(event.candidates) & set(path)
            chosen = event
            choices += 1
        else:
            assert type(event) is Restart and event.round == restarts + 1
            path, restarts = [], restarts + 1
    return path, last, {"placed": placed, "taken": taken, "choices": choices, "restarts": restarts}


def check(size, start, method="backtrack", closed=False, **options):
    """Replay a trace; check its tour and nodes against knight.tour's; return the counts."""
    path, last, counts = replay(knight.trace(size, start, method=method, closed=closed, **options))
    board = knight.Board(size) if not isinstance(size, knight.Board) else size
    assert last.nodes == counts["placed"]
    if last.tour is not None:
        assert_tour(path, board.rows, board.cols, closed=closed)
        found = knight.tour(size, start, method=method, closed=closed, max_nodes=last.nodes)
        assert list(found) == list(last.tour)
        if closed:  # searched from the first square, as tour does, and turned to begin at start
            turn = path.index(list(found)[0])
            assert path[turn:] + path[:turn] == list(found)
        else:
            assert path == list(found)
        if last.nodes > 1:
            with pytest.raises(knight.SearchLimitError, match="max_nodes"):
                knight.tour(size, start, method=method, closed=closed, max_nodes=last.nodes - 1)
    return counts


@pytest.mark.parametrize(
    ("size", "start", "closed"),
    [(8, "a8", False), (8, "e4", False), ((5, 6), 16, False), ((5, 6), 10, False), (6, "c3", True), ((3, 7), 7, False)],
)
def test_backtrack_replays_to_the_tour_with_tours_nodes(core, size, start, closed):
    counts = check(size, start, closed=closed)
    assert counts["choices"] == counts["placed"] - 1 - counts["restarts"]  # every square but the starts is chosen


def test_the_search_backtracks_and_restarts_where_the_core_does(core):
    counts = check((5, 6), 10)  # 5×6 from j... square 10: two rounds fail, the third finds it
    assert counts["taken"] > 600 and counts["restarts"] == 2
    status, nodes, squares = core.search(5, 6, None, 9, False, 10**6, knight.Board(5).steps)
    assert status == core.FOUND and nodes == counts["placed"]


def test_a_choice_ranks_by_warnsdorffs_degrees(core):
    events = list(knight.trace(8, "a8"))
    choices = [event for event in events if type(event) is Choice]
    assert choices and all(list(c.degrees) == sorted(c.degrees) for c in choices[:20])
    assert choices[0] == Choice(2, (11, 18), (5, 5)) and choices[0].square == 11


def test_both_cores_record_the_same_events_whatever_the_chunk(both_cores):
    compiled, twin = both_cores
    steps = knight.Board(5).steps
    seen = []
    for core in (compiled, twin):
        for chunk in (1, 5, 1 << 20):
            tracer = core.Tracer(5, 6, None, 9, False, 10**6, steps, chunk)
            records = []
            while True:
                status, chunk_records = tracer.run()
                records += list(chunk_records)
                if status != core.PAUSED:
                    break
            assert status == core.FOUND and tracer.nodes == core.search(5, 6, None, 9, False, 10**6, steps)[1]
            seen.append((records, list(tracer.squares)))
    assert all(s == seen[0] for s in seen)


@pytest.mark.parametrize("method", ["plain", "ordered"])
def test_the_seeds_backtracking_replays_to_the_tour(method):
    counts = check(6, "a1", method=method, max_steps=10**5)
    assert counts["taken"] > 0
    assert (counts["choices"] > 0) == (method == "ordered")  # plain has no rule to rank by


def test_warnsdorffs_walk_replays_to_the_tour(walk):
    counts = check(8, "e4", method="warnsdorff")
    assert counts["taken"] == 0 and counts["choices"] == 63


def test_a_stuck_walk_ends_without_a_tour(walk):
    events = list(knight.trace(5, "c1", method="warnsdorff"))
    with pytest.raises(knight.WarnsdorffStuckError):
        knight.tour(5, "c1", method="warnsdorff")
    assert events[-1] == Finished(sum(type(e) is Placed for e in events), None)


def test_an_exhausted_search_ends_without_a_tour(core):
    board = knight.Board(5, holes=[13])  # from square 3 no tour, which no rule proves: the search does
    path, last, counts = replay(knight.trace(board, 3))
    assert last.tour is None and counts["taken"] == counts["placed"] - 1 == 54 and path == [3]
    with pytest.raises(knight.NoTourError, match="exhaustive search"):
        knight.tour(board, 3)


@pytest.mark.parametrize("method", ["backtrack", "plain", "ordered", "warnsdorff"])
def test_max_steps_bounds_a_trace(core, method):
    with pytest.raises(knight.SearchLimitError, match=r"max_steps=20 "):
        list(knight.trace(8, "a1", method=method, max_steps=20))


def test_timeout_bounds_a_trace():
    events = knight.trace(7, "a1", method="plain", timeout=1e-6, max_steps=10**6)
    with pytest.raises(knight.SearchLimitError, match="timed out"):
        list(events)


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"method": "random"}, knight.InvalidInputError, "random"),
        ({"method": "construct"}, knight.InvalidInputError, "no search to trace"),
        ({"max_steps": 0}, knight.InvalidInputError, "max_steps must be at least 1"),
        ({"max_steps": "many"}, knight.InvalidTypeError, "max_steps must be an integer"),
        ({"colour": "red"}, knight.InvalidTypeError, "colour"),
        ({"start": "b5", "size": 5}, knight.NoTourError, "colour"),
    ],
)
def test_bad_questions_raise_when_trace_is_called(options, error, words):
    size = options.pop("size", 8)
    start = options.pop("start", "a1")
    with pytest.raises(error, match=words):
        knight.trace(size, start, **options)  # not iterated: the error comes at the call


def test_events_are_immutable_values():
    event = Placed(3, 1)
    assert event == Placed(3, 1) != TakenBack(3, 1) and hash(event) == hash(Placed(3, 1))
    assert repr(event) == "Placed(square=3, move=1)"
    with pytest.raises(AttributeError):
        event.square = 4


@pytest.mark.parametrize("size", [(5, 6), 8, 5, 6, (6, 7), 7])
def test_every_start_replays_with_the_cores_nodes(core, size):
    """Every start no rule refutes, open and closed: the trace replays to the tour, with tour's nodes."""
    if size not in ((5, 6), 8) and not os.environ.get("KNIGHT_SLOW"):
        pytest.skip("slow: set KNIGHT_SLOW=1")
    board = knight.Board(size)
    for closed in (False, True):
        for start in board:
            try:
                check(size, start, closed=closed, max_steps=10**6)
            except knight.NoTourError:
                assert not knight.exists(size, start, closed=closed)
