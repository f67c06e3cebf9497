"""Issue #35: hostile input, round 3 (all but the checkpoint files and the sharded sweep): the
player's input, executors and signals, deadlines on boxes, deep nesting and the open items.
Each case gives the library's error (or the right answer) on both cores, never a bare
exception, a hang or a page that runs someone else's script."""

import pytest

import knight
import knight.draw
from knight import Board, Tour
from knight._trace import Choice, Finished, Placed, Restart, TakenBack

from validator import assert_tour

# -- the player validates (item 5) ------------------------------------------------------------------


def _elements(page):
    """The tags of every element of the document page is the body of, parsed as a browser does (html5lib)."""
    import html5lib

    document = html5lib.parse(f"<!DOCTYPE html><html><body>{page}</body></html>", namespaceHTMLElements=False)
    return [element.tag for element in document.iter()]


#: What a hostile title or event text tries: to end the element it is in and run a script.
INJECTIONS = [
    "<script>alert(1)</script>",
    "<!--<script>",
    "</script><script>alert(1)</script>",
    "</div><img src=x onerror=alert(1)>",
    "]]><svg onload=alert(1)>",
    "&lt;b&gt; & <b>bold</b>",
]


def test_a_clean_page_s_elements():
    tags = _elements(knight.draw.html(knight.tour(5)))
    assert tags.count("script") == 2 and "img" not in tags and "b" not in tags


@pytest.mark.parametrize("text", INJECTIONS)
def test_a_title_injects_no_element(text):
    clean = _elements(knight.draw.html(knight.tour(5)))
    page = knight.draw.html(knight.tour(5), title=text)
    assert _elements(page) == clean
    assert page.count("</script>") == 2 and "<!--" not in page


@pytest.mark.parametrize("text", INJECTIONS)
def test_an_event_holding_text_is_refused(text):
    board = Board(5)
    for events in ([Placed(text, 1)], [Placed(1, text)], [Choice(1, (text,), (1,))], [Restart(text)]):
        with pytest.raises(knight.InvalidTypeError, match="must be an integer"):
            knight.draw.html(events, board=board)


def test_the_script_data_holds_no_markup(monkeypatch):
    """Should text ever reach the page's data (a square's name), it is escaped for script data."""
    from knight.draw import _player

    monkeypatch.setattr(_player, "square_name", lambda *args: "<!--<script></script>&")
    page = knight.draw.html(knight.tour(5))
    assert _elements(page) == _elements(knight.draw.html(knight.tour(6)))
    assert page.count("<script") == 2 and "<!--" not in page


def _trace_events(board, start):
    return list(knight.trace(board, start))


@pytest.mark.parametrize(
    "events, words",
    [
        ([Placed(26, 1)], "square 26 is not a square of the board"),
        ([Placed(0, 1)], "square 0 is not a square of the board"),
        ([Placed(1, 2)], "where the path so far makes it move 1"),
        ([Placed(1, 1), Placed(2, 2)], "square 2 is not a move from square 1"),
        ([Placed(1, 1), Placed(8, 2), Placed(1, 3)], "is not a move from square 8|was placed already"),
        ([TakenBack(1, 1)], "is not the last square placed"),
        ([Placed(1, 1), TakenBack(8, 1)], "is not the last square placed"),
        ([Placed(1, 1), TakenBack(1, 2)], "where the path so far makes it move 1"),
        ([Choice(1, (), ())], "one or more"),
        ([Choice(1, (1, 2), (3,))], "one a candidate"),
        ([Choice(1, (99,), (3,))], "square 99 is not a square"),
        ([Choice(2, (1,), (3,))], "makes it move 1"),
        ([Choice(1, (1,), (-3,))], "less than 0"),
        ([Finished(5, None), Placed(1, 1)], "after Finished"),
        ([Finished(-1, None)], "less than 0"),
        ([Finished(5, "a tour")], "must be None or a knight.Tour of 5×5"),
        ([Finished(5, knight.tour(6))], "must be None or a knight.Tour of 5×5"),
    ],
)
def test_events_that_do_not_fit_the_board_are_refused(events, words):
    with pytest.raises(knight.InvalidInputError, match=words):
        knight.draw.html(events, board=Board(5))


def test_events_of_another_board_are_refused():
    with pytest.raises(knight.InvalidInputError, match="not a square of the board|not a move from"):
        knight.draw.html(_trace_events(Board(8), 1), board=Board(5))
    with pytest.raises(knight.InvalidInputError, match="is not the board of the Trace, 8×8"):
        knight.draw.html(knight.trace(8, 1), board=Board(5))
    with pytest.raises(knight.InvalidTypeError, match="board must be a knight.Board"):
        knight.draw.html(_trace_events(Board(5), 1), board=5)


@pytest.mark.parametrize("method", ["backtrack", "plain", "ordered", "warnsdorff"])
def test_real_traces_fit_their_board(core, method):
    board = Board(5, holes=[13]) if method == "backtrack" else Board((3, 4))
    events = list(knight.trace(board, 1, method=method))
    assert knight.draw.html(events, board=board).count("<script") == 2
    found = events[-1].tour
    if found is not None:
        assert_tour(found, board.rows, board.cols, holes=board.holes)


@pytest.mark.parametrize("title", [5, b"bytes", ["a"], None.__class__])
def test_a_title_must_be_a_str(title):
    with pytest.raises(knight.InvalidTypeError, match="title must be a str"):
        knight.draw.html(knight.tour(5), title=title)


def test_nothing_is_written_when_anything_fails(tmp_path):
    path = tmp_path / "page.html"
    for title in ("a \ud800 lone surrogate", 5):
        with pytest.raises((knight.InvalidInputError, knight.InvalidTypeError), match="surrogate|must be a str"):
            knight.draw.write_html(knight.tour(5), path, title=title)
        assert not path.exists()
    with pytest.raises(knight.InvalidInputError):
        knight.draw.write_html([Placed(99, 1)], path, board=Board(5))
    assert not path.exists()
    knight.draw.write_html(knight.tour(5), path, title="<b>fine</b>")
    assert "&lt;b&gt;fine&lt;/b&gt;" in path.read_text(encoding="utf-8")


# -- deep nesting (item 6) ------------------------------------------------------------------------------


def _nested(depth=100_000):
    value = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "call",
    [
        lambda deep: knight.tour(deep),
        lambda deep: knight.count(deep),
        lambda deep: knight.exists(8, deep),
        lambda deep: knight.tour(8, start=deep),
        lambda deep: knight.tour(8, end=deep),
        lambda deep: knight.tour(8, moves=deep),
        lambda deep: Board(8, holes=deep),
        lambda deep: Board(8, holes=[deep]),
        lambda deep: knight.tour(8, timeout=deep),
        lambda deep: knight.tour(8, max_nodes=deep),
        lambda deep: knight.tour(8, method=deep),
        lambda deep: knight.count(5, method=deep),
        lambda deep: knight.solve(deep),
        lambda deep: Tour(deep, 5),
        lambda deep: knight.draw.html(knight.tour(5), title=deep),
        lambda deep: knight.draw.html(deep, board=Board(5)),
    ],
)
def test_a_value_nested_100000_deep_is_the_library_s_error(call):
    with pytest.raises((knight.InvalidInputError, knight.InvalidTypeError)) as caught:
        call(_nested())
    assert len(str(caught.value)) < 400
