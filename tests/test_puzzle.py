"""Fixed ends and puzzles (knight.solve): every tour checked by the independent validator, with
its ends and its givens; the compiled puzzle kernels and their twins agree; bad puzzles are refused."""

import random

import pytest

import knight
import knight.svg
from knight import Board
from knight.search import _solve

from test_cli import knight_run
from validator import assert_board_tour, assert_puzzle_tour, assert_tour


def puzzle_picture(board, share, seed):
    """A puzzle keeping share of the moves of a tour of board (found from a random start)."""
    rng = random.Random(seed)
    while True:  # a start the colours allow
        try:
            found = knight.tour(board, start=rng.choice(list(board)))
            break
        except knight.NoTourError:
            continue
    kept = rng.sample(range(len(found)), max(2, round(share * len(found))))
    cells = ["." if square in board else "#" for square in range(1, board.rows * board.cols + 1)]
    for move in kept:
        cells[found[move] - 1] = str(move + 1)
    cols = board.cols
    return "\n".join(" ".join(cells[row * cols : (row + 1) * cols]) for row in range(board.rows))


SHAPES = [
    Board(5),
    Board(6),
    Board(5, holes=["c3"]),
    Board(7, holes=["a1", "g7"]),
    Board(8, holes=["d4", "d5"]),
    Board((6, 7), holes=["a1"]),
    Board.parse(". . . . # #\n. . . . . .\n. . . . . .\n. . . . . .\n# # . . . ."),
]


@pytest.mark.parametrize("board", SHAPES, ids=[board.name for board in SHAPES])
def test_solved_puzzles_keep_their_givens(puzzle_cores, board):
    for seed, share in ((1, 0.3), (2, 0.15), (3, 0.5)):
        picture = puzzle_picture(board, share, seed)
        solved = knight.solve(picture)
        assert_puzzle_tour(solved, picture)
        assert solved.board.givens == Board.parse(picture).givens


def test_fixed_ends_on_rectangles(puzzle_cores):
    found = knight.tour(8, start="a1", end="h1")
    assert_tour(found, 8, 8)
    assert found.algebraic()[0] == "a1" and found.algebraic()[-1] == "h1"
    found = knight.tour(5, end="a1")
    assert_tour(found, 5, 5) and found.algebraic()[-1] == "a1"
    found = knight.tour((3, 10), start="a1", end="j3")
    assert_tour(found, 3, 10)
    assert (found.algebraic()[0], found.algebraic()[-1]) == ("a1", "j3")
    assert knight.exists(6, start="a1", end="f5") is True
    assert knight.exists(6, start="a1", end="f6") is False  # both dark


def test_fixed_ends_on_shapes(puzzle_cores):
    board = Board(8, holes=["d4", "d5"])
    found = knight.tour(board, start="a1", end="h1")
    assert_board_tour(found, board.picture())
    assert (found.algebraic()[0], found.algebraic()[-1]) == ("a1", "h1")


@pytest.mark.parametrize(
    "question, words",
    [
        ({"size": 8, "start": "a1", "end": "h8"}, "same colour"),
        ({"size": 5, "start": "a1", "end": "b1"}, "corner-coloured"),
        ({"size": (4, 6), "start": "a1", "end": "b2"}, "middle lines"),
        ({"size": (4, 6), "start": "a1", "end": "f1"}, "."),  # the side of four allows this one
    ],
)
def test_theory_settles_ends_on_rectangles(puzzle_cores, question, words):
    if words == ".":
        found = knight.tour(**question)
        assert_tour(found, 4, 6)
        return
    with pytest.raises(knight.NoTourError, match=words):
        knight.tour(**question)
    assert knight.exists(**question) is False


def test_fixed_ends_are_refused_with_closed_and_other_methods():
    with pytest.raises(knight.InvalidInputError, match="closed=True with an end"):
        knight.tour(8, start="a1", end="b3", closed=True)
    with pytest.raises(knight.InvalidInputError, match="method 'warnsdorff' does not take an end"):
        knight.tour(8, start="a1", end="h1", method="warnsdorff")
    with pytest.raises(knight.NoTourError, match="from a1 to a1 on 8×8: a tour visits each square once"):
        knight.tour(8, start="a1", end="a1")
    with pytest.raises(knight.InvalidInputError, match="hole"):
        knight.tour(Board(5, holes=["c3"]), end="c3")


@pytest.mark.parametrize(
    "picture, words",
    [
        ("1 2 .\n. . .\n. . .", "3×3, 3×5 and 3×6 have none"),  # the theorem comes before the rules
        ("1 2 .\n. . .\n. . .\n. . .", "not a knight's move apart"),
        (". . . . .\n. . . . .\n. . . . .\n. . . . .\n1 . 2 . .", "stand on the same colour"),
        ("1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . 3", "cannot be reached from move 1"),
    ],
)
def test_impossible_puzzles_say_why(puzzle_cores, picture, words):
    with pytest.raises(knight.NoTourError, match=words):
        knight.solve(picture)


def test_solve_checks_its_arguments():
    with pytest.raises(knight.InvalidTypeError, match="picture"):
        knight.solve(42)
    with pytest.raises(knight.InvalidInputError, match="max_nodes"):
        knight.solve(". 1\n. .", max_nodes=0)
    with pytest.raises(knight.InvalidInputError, match="timeout"):
        knight.solve(". 1\n. .", timeout=-1)
    with pytest.raises(knight.SearchLimitError, match="max_nodes=1 search nodes .a domain-search node counted as"):
        knight.solve(puzzle_picture(Board(8), 0.05, 4), max_nodes=1)


@pytest.mark.parametrize(
    "picture, words",
    [
        (". 0 .\n. . .", "row 0, col 1) '0': a given move number is at least 1"),
        (". -3 .\n. . .", "row 0, col 1) '-3' is not"),
        ("1 . 1\n. . .", "row 0, col 2) '1': move 1 is given twice"),
        (". . 7\n. . .", "row 0, col 2 '7': move 7 is past the board's 6 squares"),
        ("# 5# .\n. . .", "row 0, col 1) '5#' is not"),
        (". . .\n. .", "line 2 has 2 cells"),
    ],
)
def test_bad_puzzles_name_the_cell(picture, words):
    with pytest.raises(knight.InvalidInputError) as error:
        knight.solve(picture)
    assert words in str(error.value)


def test_start_and_end_must_agree_with_the_givens():
    board = Board.parse("1 . .\n. . .\n. . .\n. . .")
    with pytest.raises(knight.InvalidInputError, match="contradicts the puzzle: move 1 is given on a4"):
        knight.tour(board, start="b4")
    assert_puzzle_tour(knight.tour(board, start="a4"), board.picture())


def use_puzzle_kernels(monkeypatch, kernels):
    """Make knight's puzzle search use kernels, a (forward core, domain search) pair."""
    monkeypatch.setattr(knight.search._kernels, "forward", kernels[0])
    monkeypatch.setattr(knight.search._kernels, "fill", kernels[1])


def test_the_cores_agree_on_shaped_boards(both_puzzle_cores, monkeypatch):
    compiled, twin = both_puzzle_cores
    for index, board in enumerate(SHAPES):
        for share in (0.1, 0.3):
            picture = puzzle_picture(board, share, index)
            answers = []
            for kernels in (compiled, twin):
                use_puzzle_kernels(monkeypatch, kernels)
                answers.append(list(knight.solve(picture)))
            assert answers[0] == answers[1]
        answers = []
        for kernels in (compiled, twin):
            use_puzzle_kernels(monkeypatch, kernels)
            first, last = list(board)[0], list(board)[-1]
            try:
                answers.append(list(knight.tour(board, start=first, end=last)))
            except knight.NoTourError as error:
                answers.append(str(error))
        assert answers[0] == answers[1]


def test_propagation_forces_squares():
    board = Board.parse("1 . 3\n. . .\n. . .\n. . .")  # move 2 can only stand on b2
    windows = _solve.propagate(board, {1: 0, 3: 2})
    assert windows.fixed[2] == board.square("b2") - 1


def test_every_move_knows_the_next_fixed_move():
    """The core's windows prune every segment, not only the one before the first given."""
    board = Board.parse(puzzle_picture(Board(6), 0.25, 5))
    windows = _solve.propagate(board, {move: square - 1 for square, move in board.givens.items()})
    (_, _, _, _, _, slot_after, move_of_slot, _), _ = _solve._arguments(windows)
    for move in range(len(board) + 1):
        later = [slot for slot, fixed in enumerate(move_of_slot) if fixed > move]
        assert slot_after[move] == (later[0] if later else -1)


def test_grid_marks_the_givens_and_parses_back(puzzle_cores):
    picture = puzzle_picture(Board(6), 0.25, 5)
    solved = knight.solve(picture)
    text = solved.grid()
    assert text.count("*") == len(Board.parse(picture).givens)
    assert_puzzle_tour(solved, text)
    assert Board.parse(text).givens == {square: move for move, square in enumerate(solved, 1)}
    boxed = solved.grid(boxed=True)
    assert boxed.count("*") == text.count("*") and len({len(line) for line in boxed.splitlines()}) == 1
    svg = knight.svg.render(solved)
    assert svg.count('font-weight="bold"') == text.count("*")


def run_cli(*args, stdin=None, cwd=None):
    return knight_run(*args, stdin=stdin, cwd=cwd)


def test_cli_solve_prints_the_completed_grid(tmp_path):
    picture = puzzle_picture(Board(5, holes=["c3"]), 0.3, 7)
    (tmp_path / "puzzle.txt").write_text(picture)
    for result in (run_cli("solve", "puzzle.txt", cwd=tmp_path), run_cli("solve", "-", stdin=picture)):
        assert result.returncode == 0, result.stderr
        assert_puzzle_tour(_line(result.stdout), picture)
        assert "*" in result.stdout


def _line(grid):
    """The tour a solved grid shows, read here from its numbers."""
    cells = [cell.rstrip("*") for line in grid.splitlines() for cell in line.split()]
    numbered = {int(cell): square for square, cell in enumerate(cells, 1) if cell != "#"}
    return [numbered[move] for move in range(1, len(numbered) + 1)]


@pytest.mark.parametrize(
    "args, stdin, code, words",
    [
        (["solve", "-"], "1 2 .\n. . .\n. . .\n", 1, "3×3, 3×5 and 3×6 have none"),
        (["solve", "-"], ". 0 .\n. . .\n", 2, "row 0, col 1"),
        (["solve", "-"], "1 . 1\n", 2, "given twice"),
        (["solve", "nothing.txt"], None, 2, "does not exist"),
        (["8", "--start", "a1", "--end", "h8"], None, 1, "same colour"),
        (["exists", "8", "--start", "a1", "--end", "h8"], None, 1, "same colour"),
    ],
)
def test_cli_puzzle_errors_are_one_line(tmp_path, args, stdin, code, words):
    result = run_cli(*args, stdin=stdin, cwd=tmp_path)
    assert result.returncode == code
    output = result.stderr if code == 2 or args[0] != "exists" else result.stdout
    assert len(output.splitlines()) == 1 and words in output, output


def test_cli_end_option(tmp_path):
    result = run_cli("6", "--start", "a1", "--end", "f5", "--format", "algebraic")
    assert result.returncode == 0, result.stderr
    names = result.stdout.split()
    assert names[0] == "a1" and names[-1] == "f5" and len(set(names)) == 36


def test_the_cores_share_their_constants():
    forward = pytest.importorskip("knight.search._forward")
    fill = pytest.importorskip("knight.search._fill")
    from knight.search import _fill_py, _forward_py

    assert (forward.NEAR, forward.MAX_MOVES) == (_forward_py.NEAR, _forward_py.MAX_MOVES)
    assert fill.RESTART_NODES == _fill_py.RESTART_NODES


# The domain search (_fill.fill): its rules, each where it fires, and the two cores agreeing.

#: An open tour of the 3×4 board (1-based squares in move order), the answer the rule states keep.
TOUR_3X4 = [1, 7, 9, 2, 8, 10, 3, 12, 6, 4, 11, 5]
BOARD_3X4 = Board((3, 4))


def fill_question(board, cycle=1):
    """The domain search's (layout, arguments but the weights, budget and deadline) for a board's
    givens, windows and tie breaks as knight.solve makes them in that cycle."""
    from knight.search._order import tie_breaks

    windows = _solve.propagate(board, {move: square - 1 for square, move in board.givens.items()})
    layout = _solve._Layout(board)
    rank = layout.spread(tie_breaks(board.rows, board.cols, cycle))
    return layout, (*_solve._fill_arguments(windows, layout), rank)


def open_domains(layout, board, fixed):
    """(rules, domains): every square for every move but the fixed ones (move -> 1-based square)."""
    from knight.search import _fill_py

    every = sum(1 << layout.bit(square - 1) for square in board)
    domains = [every] * len(board)
    for move, square in fixed.items():
        domains[move - 1] = 1 << layout.bit(square - 1)
    return _fill_py._Rules(list(layout.deltas), every, unit_weights(len(board))), domains


def unit_weights(n):
    """The domain search's move weights before any failure (fresh for each run compared)."""
    from array import array

    return array("q", [1]) * n


def words(layout, domains):
    from array import array

    packed = array("Q")
    for bits in domains:
        packed.extend(layout.words_of(bits))
    return packed


def filled(fill_core, layout, board, domains, max_nodes=10_000):
    """Run the core's fill on domains; validate and return the squares when it finds a tour."""
    every = layout.words_of(sum(1 << layout.bit(square - 1) for square in board))
    rank = layout.spread([0] * len(TOUR_3X4))
    status, nodes, cells = fill_core.fill(
        layout.deltas, every, words(layout, domains), rank, unit_weights(len(domains)), max_nodes, float("inf")
    )
    if status == fill_core.FOUND:
        squares = [layout.cell(bit) + 1 for bit in cells]
        assert_board_tour(squares, board.picture())
        return status, squares
    return status, None


def bit_set(layout, squares):
    return sum(1 << layout.bit(square - 1) for square in squares)


def test_fill_rule_leaps_from_the_moves_around(fill_core):
    layout = _solve._Layout(BOARD_3X4)
    rules, domains = open_domains(layout, BOARD_3X4, {1: 1})
    assert rules.settle(domains, list(range(12)))
    assert domains[1] & ~bit_set(layout, [7, 10]) == 0  # a1 = square 1 leaps to 7 and 10 only
    status, squares = filled(fill_core, layout, BOARD_3X4, open_domains(layout, BOARD_3X4, {1: 1})[1])
    assert status == fill_core.FOUND and squares[0] == 1


def test_fill_rule_two_distinct_neighbours():
    from knight.search import _fill_py

    layout = _solve._Layout(BOARD_3X4)
    rules = _fill_py._Rules(list(layout.deltas), bit_set(layout, list(BOARD_3X4)), unit_weights(3))
    one, other = bit_set(layout, [1]), bit_set(layout, [9])
    # moves 1 and 3 both on square 1: no square has two such neighbours, though 7 and 10 are a leap from it
    assert rules.reach(one) == bit_set(layout, [7, 10]) and rules.support([one, 0, one], 1) == 0
    assert rules.support([one, 0, other], 1) == bit_set(layout, [7])  # 7 is a leap from both 1 and 9


def test_fill_rule_support_fires_in_a_puzzle(fill_core):
    picture = "1 . . .\n. . . .\n3 . . ."  # move 2 must be a leap from a3 and from a1: c2 alone
    board = Board.parse(picture)
    layout = _solve._Layout(board)
    rules, domains = open_domains(layout, board, {1: board.square("a3"), 3: board.square("a1")})
    assert rules.settle(domains, list(range(12)))
    assert domains[1] == bit_set(layout, [board.square("c2")])
    solved = knight.solve(picture)
    assert_puzzle_tour(solved, picture)
    status, squares = filled(fill_core, layout, board, open_domains(layout, board, {1: 1, 3: 9})[1])
    assert status == fill_core.FOUND
    assert_puzzle_tour(squares, picture)


def test_fill_rule_a_settled_square_leaves_the_other_moves(fill_core):
    layout = _solve._Layout(BOARD_3X4)
    rules, domains = open_domains(layout, BOARD_3X4, {5: 8})
    assert rules.settle(domains, list(range(12)))
    square = bit_set(layout, [8])
    assert all(not bits & square for move, bits in enumerate(domains) if move != 4)
    status, squares = filled(fill_core, layout, BOARD_3X4, open_domains(layout, BOARD_3X4, {5: 8})[1])
    assert status == fill_core.FOUND and squares[4] == 8


def test_fill_rule_a_square_in_one_domain_is_that_moves(fill_core):
    layout = _solve._Layout(BOARD_3X4)
    rules, domains = open_domains(layout, BOARD_3X4, {})
    square = bit_set(layout, [TOUR_3X4[6]])
    for move in range(12):
        if move != 6:
            domains[move] &= ~square  # the tour's move 7 square can now be move 7's only
    start = list(domains)
    assert rules.settle(domains, list(range(12)))
    assert domains[6] == square
    status, squares = filled(fill_core, layout, BOARD_3X4, start)
    assert status == fill_core.FOUND and squares[6] == TOUR_3X4[6]


def test_fill_rule_every_square_and_move_covered(fill_core):
    layout = _solve._Layout(BOARD_3X4)
    rules, domains = open_domains(layout, BOARD_3X4, {})
    square = bit_set(layout, [6])
    uncovered = [bits & ~square for bits in domains]
    assert not rules.settle(list(uncovered), list(range(12)))
    assert filled(fill_core, layout, BOARD_3X4, uncovered) == (fill_core.EXHAUSTED, None)
    empty = list(domains)
    empty[3] = 0
    assert not rules.settle(list(empty), list(range(12)))
    assert filled(fill_core, layout, BOARD_3X4, empty) == (fill_core.EXHAUSTED, None)


def test_fill_stops_at_its_budget_and_deadline(fill_core):
    board = Board.parse(puzzle_picture(Board(8), 0.05, 4))
    layout, arguments = fill_question(board)
    status, nodes, cells = fill_core.fill(*arguments, unit_weights(len(board)), 3, float("inf"))
    assert (status, nodes, cells) == (fill_core.LIMIT, 3, None)
    status, nodes, cells = fill_core.fill(*arguments, unit_weights(len(board)), 10_000, 0.0)
    assert (status, nodes, cells) == (fill_core.LIMIT, 0, None)


FILL_CORPUS = [*SHAPES, Board(5, moves=(0, 1)), Board((4, 6), moves=(0, 1), holes=["a1"])]


@pytest.mark.parametrize("board", FILL_CORPUS, ids=[f"{board.name} {board.moves}" for board in FILL_CORPUS])
def test_the_fill_cores_agree(both_fill_cores, board):
    """The same status, node count and tour from the compiled domain search and its twin,
    on puzzles with few and many givens (some found, some stopped by the budget)."""
    compiled, twin = both_fill_cores
    for seed, share in ((11, 0.1), (12, 0.25), (13, 0.5)):
        picture = puzzle_picture(board, share, seed)
        puzzle = Board.parse(picture, moves=board.moves)
        layout, arguments = fill_question(puzzle, seed % 3)
        answers = [core.fill(*arguments, unit_weights(len(puzzle)), 400, float("inf")) for core in (compiled, twin)]
        assert answers[0][:2] == answers[1][:2]
        if answers[0][0] == compiled.FOUND:
            assert list(answers[0][2]) == list(answers[1][2])
            assert_puzzle_tour([layout.cell(bit) + 1 for bit in answers[0][2]], picture, leaper=board.moves)


#: benchmarks/bench_puzzle.puzzle(10, 0.15, 50): moves 1-10 free and gaps of 9-14 moves, where
#: the domain search without weights and restarts thrashed past 20M nodes.
THRASHED = """
 . 35  .  .  .  .  .  .  .  .
 .  .  .  . 41  .  .  . 43  .
 . 29  .  .  . 69  .  .  .  .
 .  .  .  .  .  .  .  .  .  .
 .  . 32 47  .  .  .  .  .  .
 .  .  .  .  . 82  . 72 89  .
 .  .  .  .  .  .  . 87  .  .
99 20  .  .  .  .  .  . 11  .
 . 61  .  .  .  .  .  .  .  .
 .  .  .  .  .  .  .  .  .  .
"""


def test_fill_restarts_learn_which_moves_fail(both_fill_cores):
    """A puzzle that needs several runs (restarts, with the weights of the failed moves)
    solved within a small budget, the same way by both cores, which leave the same weights."""
    compiled, twin = both_fill_cores
    layout, arguments = fill_question(Board.parse(THRASHED), 0)
    weights = [unit_weights(100), unit_weights(100)]
    answers = [core.fill(*arguments, weight, 5_000, float("inf")) for core, weight in zip((compiled, twin), weights)]
    assert answers[0][0] == compiled.FOUND and answers[0][1] > 2 * compiled.RESTART_NODES
    assert answers[0][:2] == answers[1][:2] and list(answers[0][2]) == list(answers[1][2])
    assert weights[0] == weights[1] and max(weights[0]) > 1
    assert_puzzle_tour([layout.cell(bit) + 1 for bit in answers[0][2]], THRASHED)


def test_solve_counts_domain_search_nodes_at_their_cost(puzzle_cores):
    """max_nodes bounds the domain search's nodes times FILL_NODE_COST: the thrashed puzzle
    is solved within a budget of forward nodes, and not within one fill node's cost."""
    assert_puzzle_tour(list(knight.solve(THRASHED, max_nodes=100_000)), THRASHED)
    with pytest.raises(knight.SearchLimitError, match="counted as"):
        knight.solve(THRASHED, max_nodes=_solve.FILL_NODE_COST * 200)
