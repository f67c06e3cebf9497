"""The fast refutations: each rule has a board that triggers it and a near-identical board that
does not, and every method, request and shape hears of them before any search."""

import pytest

import knight
from knight import Board
from knight._find import no_tour_reason
from knight.model._refute import rules as refutation


def pieces_without(board, square):
    """How many pieces the board falls into without square, counted here by a flood fill."""
    left = set(board) - {square}
    pieces = 0
    while left:
        pieces += 1
        todo = [left.pop()]
        while todo:
            for neighbour in board.neighbours(todo.pop()):
                if neighbour in left:
                    left.remove(neighbour)
                    todo.append(neighbour)
    return pieces


# rule words, the board that triggers it, a near-identical one that does not, closed, their fixed moves
RULES = [
    ("more than one piece", Board(3), Board(3, holes=["b2"]), False, {}, {}),
    ("more than one piece", Board(4, moves=(1, 3)), Board(4, moves=(1, 2)), False, {}, {}),
    ("counts differ by at most one", Board(6, holes=["a1", "f6"]), Board(6, holes=["a1", "a2"]), False, {}, {}),
    ("as many light squares as dark", Board(6, holes=["a1", "f6"]), Board(6, holes=["a1", "a2"]), True, {}, {}),
    ("squares must be dark", Board(5), Board(5), False, {1: 2}, {1: 1}),
    ("stand on the same colour", Board(5), Board(5), False, {1: 1, 2: 3}, {1: 1, 2: 8}),
    (
        "only one move, but a closed tour",
        Board(4, holes=(10, 13, 14, 16)),
        Board(4, holes=(1, 10, 13, 16)),
        True,
        {},
        {},
    ),
    (
        "only the two ends",
        Board((3, 5), holes=(4, 6, 11, 13, 15)),
        Board((3, 5), holes=(6, 10, 11, 13, 15)),
        False,
        {},
        {},
    ),
    ("splits the board", Board(4, holes=(2, 3, 5, 9)), Board(4, holes=(3, 4, 5, 9)), True, {}, {}),
    ("leaves 3 pieces", Board((3, 5), holes=(13,)), Board((3, 5), holes=(1,)), False, {}, {}),
    ("not a knight's move apart", Board(5), Board(5), False, {1: 1, 2: 14}, {1: 1, 2: 12}),
    ("cannot be reached from move 1", Board(8), Board(8), False, {1: 1, 3: 64}, {1: 1, 3: 5}),
]


@pytest.mark.parametrize("words, bad, good, closed, fixed, near", RULES, ids=[rule[0] for rule in RULES])
def test_each_rule_triggers_on_one_board_and_not_on_its_neighbour(words, bad, good, closed, fixed, near):
    assert words in refutation(bad, closed, fixed)
    assert refutation(good, closed, near) is None


def test_cut_squares_really_cut():
    assert pieces_without(Board(4, holes=(2, 3, 5, 9)), Board(4).square("b3")) == 2
    assert pieces_without(Board((3, 5), holes=(13,)), Board((3, 5)).square("c3")) == 3


def test_fixed_ends_count_as_the_ends_of_dead_ends():
    board = Board((3, 5), holes=(6, 10, 11, 13, 15))
    dead = [square for square in board if len(board.neighbours(square)) == 1]
    assert len(dead) == 2
    other = next(square for square in board if square not in dead)
    assert "one move" not in (refutation(board, False, {1: dead[0], len(board): dead[1]}) or "")
    assert "must be an end" in refutation(board, False, {1: other, len(board): dead[1]})
    assert "can only be an end of the tour, not move 2" in refutation(board, False, {2: dead[0]})


@pytest.mark.parametrize("method", list(knight.METHODS))
def test_every_method_hears_the_refutations_first(method, core):
    if method == "construct":
        with pytest.raises((knight.NoTourError, knight.InvalidInputError)):
            knight.tour(8, start="e4", method=method, moves=(2, 3))
        return
    with pytest.raises(knight.NoTourError, match="must be light"):
        knight.tour(Board(6, holes=["a1", "f6"]), 1, method=method, seed=1)
    with pytest.raises(knight.NoTourError, match="differ by at most one"):
        knight.tour(Board(6, holes=["a1", "f6"]), method=method, seed=1)
    with pytest.raises(knight.NoTourError, match="exhaustive search"):
        knight.tour(8, start="e4", method=method, seed=7, moves=(2, 3), max_nodes=10**9)
    with pytest.raises(knight.NoTourError, match="corner-coloured"):
        knight.tour(5, start="b1", method=method, seed=1)


def test_impossible_shapes_are_refused_without_searching(core, monkeypatch):
    def no_search(*args):
        raise AssertionError("searched")

    monkeypatch.setattr(core, "search", no_search)
    for words, bad, _, closed, fixed, _ in RULES:
        if not fixed:
            assert knight.exists(bad, closed=closed) is False
            assert bad.is_rectangle or words in no_tour_reason(bad, closed=closed)
            with pytest.raises(knight.NoTourError):
                knight.tour(bad, closed=closed)


def test_refusals_are_quick_on_a_large_holey_board(core, monkeypatch):
    """Refused by the colour count: no search of the 90,000 squares (none is called)."""

    def no_search(*args):
        raise AssertionError("searched")

    monkeypatch.setattr(core, "search", no_search)
    board = Board(300, holes=["a1", "c1"])  # both dark: 45,000 light squares and 44,998 dark
    assert knight.exists(board) is False
