"""The player page (knight.draw.html, write_html, Tour._repr_html_) and the knight trace command.

The page is checked here as text (its data and controls); tests/test_player_browser.py plays it in Chromium.
"""

import json
import re

import pytest

import knight
import knight.draw
from knight.cli import main

from validator import assert_tour


def page_data(page):
    """The data the page's script reads."""
    return json.loads(re.search(r'<script type="application/json" class="knight-data">(.*?)</script>', page).group(1))


def test_a_tour_is_its_moves_placed_one_by_one():
    tour = knight.tour(5, "a5")
    assert_tour(tour, 5, 5)
    page = knight.draw.html(tour)
    assert page.startswith('<div id="knight-player-') and "<svg" in page
    for control in ("play", "back", "forward", "slider", "speed", "counter"):
        assert f'class="{control}"' in page
    data = page_data(page)
    assert (data["rows"], data["cols"], data["holes"]) == (5, 5, [])
    assert data["records"] == [r for move, square in enumerate(tour, 1) for r in (1, square, move)]
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")  # nothing fetched from a network


def test_a_trace_carries_its_events_and_its_board():
    board = knight.Board(5, holes=[13])
    events = list(knight.trace(board, 3))
    page = knight.draw.html(knight.trace(board, 3), size=300)
    data = page_data(page)
    assert data["holes"] == [13] and "method 'backtrack' from c5" in page
    assert data["records"][-3:] == [5, events[-1].nodes, 0]  # Finished: nodes, no tour
    assert page_data(knight.draw.html(events, board=board))["records"] == data["records"]


def test_notebooks_show_the_player_for_boards_it_draws():
    assert knight.tour((100, 100))._repr_html_().startswith('<div id="knight-player-')
    assert knight.tour((100, 101))._repr_html_().startswith("<svg")  # past the player's 10,000 squares


def test_write_html_writes_a_whole_document(tmp_path):
    target = tmp_path / "tour.html"
    knight.draw.write_html(knight.tour(6, "a1", closed=True), target)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: knight.draw.html("a1"), knight.InvalidTypeError, "not str"),
        (lambda: knight.draw.html([knight.Placed(1, 1)]), knight.InvalidInputError, "board="),
        (lambda: knight.draw.html([1, 2], board=knight.Board(5)), knight.InvalidTypeError, "not an event"),
        (lambda: knight.draw.html(knight.tour(5, "a5"), size=10), knight.InvalidInputError, "size must be"),
        (lambda: knight.draw.html(knight.tour((100, 101))), knight.InvalidInputError, "at most 10,000"),
        (lambda: knight.draw.write_html(knight.tour(5, "a5"), 3), knight.InvalidTypeError, "name"),
    ],
)
def test_bad_sources_and_options_are_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_knight_trace_prints_one_event_a_line(capsys):
    assert main(["trace", "5x6", "--start", "d4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["placed d4 1", "choice 2 f5:1 b5:2 f3:3 e2:3 b3:5 c2:5", "placed f5 2"]
    assert "restart 2" in lines and lines[-1] == "finished 750 found"
    assert sum(line.startswith("placed") for line in lines) == 750


def test_knight_trace_writes_the_player(tmp_path, capsys):
    target = tmp_path / "search.html"
    assert main(["trace", "6", "--method", "ordered", "--html", str(target)]) == 0
    assert capsys.readouterr().out == ""
    assert "method 'ordered'" in target.read_text(encoding="utf-8")


def test_knight_trace_draws_the_board_in_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["trace", "5", "--start", "c1", "--method", "warnsdorff", "--delay", "0"]) == 0
    frames = capsys.readouterr().out.split("\x1b[H\x1b[2J")[1:]
    assert len(frames) == 18  # 17 squares placed, then stuck
    assert frames[-1].splitlines()[-1] == "finished 17 none"


@pytest.mark.parametrize(
    ("argv", "code", "words"),
    [
        (["trace", "8", "--max-steps", "5"], 1, "max_steps=5"),
        (["trace", "8", "--method", "random"], 2, "invalid choice"),
        (["trace", "8", "--delay", "-1"], 2, "--delay"),
        (["trace", "5", "--start", "b5"], 1, "colour"),
    ],
)
def test_knight_trace_errors(argv, code, words, capsys):
    assert main(argv) == code
    assert words in capsys.readouterr().err
