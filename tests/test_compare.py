"""knight.compare, knight.svg.chart and knight compare: each method's nodes from one start."""

import xml.etree.ElementTree as ET

import pytest

import knight
import knight.svg
from knight.cli import main

from validator import assert_tour

# 6×6 from a1 (square 31): the nodes each method needs, the same on both cores
NODES_6X6_A1 = {"plain": 58_692, "ordered": 47, "warnsdorff": 36, "backtrack": 36}


def test_each_method_runs_on_its_own_and_finds_a_valid_tour():
    comparison = knight.compare(6, start="a1")
    assert [run.method for run in comparison] == list(NODES_6X6_A1)
    assert {run.method: run.nodes for run in comparison} == NODES_6X6_A1
    for run in comparison:
        assert run.result == "found" and run.seconds >= 0
        assert run.tour is not None and run.tour.start == 31
        assert_tour(list(run.tour), 6, 6)
    assert comparison["ordered"] is comparison.runs[1]
    assert (comparison.board, comparison.start, comparison.closed) == (knight.Board(6), 31, False)


def test_a_method_that_gives_up_is_a_row_not_an_error():
    comparison = knight.compare(8, start=45, methods=["warnsdorff", "plain"], max_nodes=2_000)
    stuck, plain = comparison
    assert (stuck.result, stuck.nodes, stuck.tour) == ("stuck", 60, None)  # the one stuck start of 8×8
    assert (plain.result, plain.nodes, plain.tour) == ("out of nodes", 2_000, None)
    assert comparison.max_nodes == 2_000
    timed = knight.compare(8, start="a1", methods=["plain"], max_nodes=10**9, timeout=1e-6)
    assert timed["plain"].result == "out of time" and timed["plain"].nodes < 10**9


def test_closed_tours_and_other_methods():
    comparison = knight.compare(6, methods=("backtrack", "random", "auto"), closed=True, seed=1)
    for run in comparison:
        assert run.result == "found" and run.tour is not None and run.tour.start == 1
        assert_tour(list(run.tour), 6, 6, closed=True)


def test_a_refuted_question_raises_before_any_search():
    with pytest.raises(knight.NoTourError, match="3×3"):
        knight.compare(3)


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"methods": "plain"}, knight.InvalidTypeError, "sequence of method names"),
        ({"methods": ["plain", "bogus"]}, knight.InvalidInputError, "'bogus' is not one of"),
        ({"methods": []}, knight.InvalidInputError, "methods is empty"),
        ({"max_nodes": 0}, knight.InvalidInputError, "max_nodes"),
        ({"timeout": -1}, knight.InvalidInputError, "timeout"),
        ({"seed": 1.5}, knight.InvalidTypeError, "seed must be an integer"),
        ({"leaper": (1, 3)}, knight.InvalidTypeError, "unexpected keyword argument 'leaper'"),
    ],
)
def test_bad_options_name_the_bad_value(options, error, words):
    with pytest.raises(error, match=words):
        knight.compare(6, **options)


def test_a_puzzle_is_refused():
    with pytest.raises(knight.InvalidInputError, match="no puzzle"):
        knight.compare(knight.Board.parse("1 . .\n. . .\n. . ."))


def test_table_and_chart():
    comparison = knight.compare(5, start=1, methods=["ordered", "backtrack"], max_nodes=1_000)
    lines = str(comparison).splitlines()
    assert lines[0] == "5×5, open tours from a5, at most 1,000 nodes a method"
    assert [cell.strip() for cell in lines[2].split("|")[1:-1]] == ["method", "nodes", "ms", "result"]
    assert lines[2].startswith("| method    | nodes |")  # the ms column's width is the timings' own
    assert lines[4].startswith("| ordered   |    25 |") and lines[4].endswith("| found  |")
    assert len({len(line) for line in lines[2:]}) == 1  # every column padded to one width
    svg = knight.svg.chart(comparison)
    assert svg == comparison._repr_svg_()
    root = ET.fromstring(svg)
    texts = [element.text for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "25 · found" in texts and "budget 1,000" in texts
    with pytest.raises(knight.InvalidTypeError, match="knight.compare"):
        knight.svg.chart(knight.tour(5))


def test_the_command_prints_the_table_and_writes_the_chart(tmp_path, capsys):
    picture = tmp_path / "methods.svg"
    assert main(["compare", "6", "--start", "a1", "--methods", "ordered,backtrack", "-o", str(picture)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6×6, open tours from a1, at most 1,000,000 nodes a method\n")
    assert "| ordered   |    47 |" in out and "| backtrack |    36 |" in out
    assert ET.parse(picture).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    assert main(["compare", "6", "-o", str(tmp_path / "methods.png")]) == 2
    assert ".svg" in capsys.readouterr().err
    assert main(["compare", "3"]) == 1
