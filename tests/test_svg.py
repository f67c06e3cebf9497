"""knight.svg without a browser: the document's structure, options, errors, animation, CLI."""

import importlib.util
import os
import pickle
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import knight
import knight.cli
import knight.draw
import knight.svg
from knight import InvalidInputError, InvalidTypeError

from validator import assert_board_tour, assert_tour

# The pictures are the same whichever kernels made the tours they draw (the tours are inputs here, and
# the differential tests hold the twins to the same tours): the compiled job draws them (tests/conftest.py).
pytestmark = pytest.mark.once

NS = "{http://www.w3.org/2000/svg}"
# Every element name SVG 1.1 defines that knight uses; anything else would be a mistake.
SVG11_ELEMENTS = {"svg", "title", "g", "rect", "path", "line", "circle", "text", "animate"}
# ... and the SVG 1.1 attributes it sets on them.
SVG11_ATTRIBUTES = {
    "svg": {"xmlns", "version", "width", "height", "viewBox"},
    "g": {"class", "transform", "font-family", "font-size", "fill", "text-anchor"},
    "rect": {"class", "width", "height", "fill"},
    "path": {"class", "d", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-dasharray"},
    "line": {"class", "x1", "y1", "x2", "y2", "stroke", "stroke-width", "stroke-dasharray"},
    "circle": {"class", "cx", "cy", "r", "fill", "stroke", "stroke-width"},
    "text": {"x", "y"},
    "animate": {"attributeName", "values", "keyTimes", "calcMode", "dur", "begin", "fill", "repeatCount"},
    "title": set(),
}


@pytest.fixture(scope="module")
def open8():
    tour = knight.tour(8, "e4")
    assert_tour(tour, 8, 8)
    return tour


@pytest.fixture(scope="module")
def closed6():
    tour = knight.tour(6, 1, closed=True)
    assert_tour(tour, 6, 6, closed=True)
    return tour


@pytest.fixture(scope="module")
def big():
    tour = knight.tour(100, 1)
    assert_tour(tour, 100, 100)
    return tour


#: A 6×6 board less c3 and d3, and one with holes all round the edge of 7×7.
RING = ". . . . . .\n. . . . . .\n. . . . . .\n. . # # . .\n. . . . . .\n. . . . . .\n"


def made(size, start=None, closed=False):
    """knight.tour(size, start), checked by the independent validator."""
    tour = knight.tour(size, start, closed=closed)
    rows, cols = (size, size) if isinstance(size, int) else size
    assert_tour(tour, rows, cols, closed=closed)
    return tour


@pytest.fixture(scope="module")
def holey():
    tour = knight.tour(knight.Board.parse(RING))
    assert_board_tour(tour, RING)
    return tour


def parse(text):
    return ET.fromstring(text)


def one(root, css_class, tag=None):
    found = [e for e in root.iter() if e.get("class") == css_class and (tag is None or e.tag == NS + tag)]
    assert len(found) == 1, f"{len(found)} elements of class {css_class!r}"
    return found[0]


def classes(root):
    return {e.get("class") for e in root.iter() if e.get("class")}


def route_points(d):
    """Absolute points of "Mx yl dx dy dx dy ..." (the route's form)."""
    match = re.fullmatch(r"M(\S+) (\S+)l(.*)", d)
    assert match, d
    x, y = float(match.group(1)), float(match.group(2))
    numbers = [int(word) for word in match.group(3).split()]
    points = [(x, y)]
    for dx, dy in zip(numbers[::2], numbers[1::2]):
        x, y = x + dx, y + dy
        points.append((x, y))
    return points


def centres(tour):
    return [(col + 0.5, row + 0.5) for row, col in tour.coords()]


def test_valid_svg_11_document(open8):
    text = knight.svg.render(open8)
    root = parse(text)
    assert root.tag == NS + "svg"
    assert root.get("version") == "1.1"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("400", "400", "0 0 400 400")
    assert {e.tag.removeprefix(NS) for e in root.iter()} <= SVG11_ELEMENTS
    assert all(e.tag.startswith(NS) for e in root.iter())
    assert root.find(NS + "title").text == "Open knight's tour of 8×8 from e4 to " + open8.algebraic()[-1]


@pytest.mark.parametrize("options", [{}, {"animate": True, "loop": True}])
def test_only_svg_11_elements_and_attributes(closed6, options):
    root = parse(knight.svg.render(closed6, **options))
    for element in root.iter():
        tag = element.tag.removeprefix(NS)
        assert tag in SVG11_ELEMENTS
        assert set(element.attrib) <= SVG11_ATTRIBUTES[tag], tag


def test_squares_alternate_with_a1_dark():
    tour = made((5, 6), 1)
    root = parse(knight.svg.render(tour))
    light = one(root, "light", "rect")
    assert (light.get("width"), light.get("height")) == ("6", "5")
    dark = re.findall(r"M(\d+) (\d+)h1v1h-1z", one(root, "dark", "path").get("d"))
    assert len(dark) == 15
    for col, row in dark:  # file + rank odd is dark: a1 (file 0, rank 1) is
        assert (int(col) + (5 - int(row))) % 2 == 1


@settings(max_examples=25)
@given(rows=st.integers(5, 12), cols=st.integers(5, 12), start=st.integers(1, 144), closed=st.booleans())
def test_any_board_draws_its_squares_route_and_closing_move(rows, cols, start, closed):
    start = (start - 1) % (rows * cols) + 1
    try:
        tour = made((rows, cols), start, closed=closed)
    except knight.NoTourError:
        return
    root = parse(knight.svg.render(tour))
    dark = sum((col + rows - row) % 2 for row in range(rows) for col in range(cols))  # file + rank odd
    assert len(re.findall("M", one(root, "dark").get("d"))) == dark
    assert route_points(one(root, "route").get("d")) == centres(tour)
    assert ("closing" in classes(root)) == tour.is_closed


def test_route_passes_through_every_centre_in_order(open8, closed6):
    for tour in (open8, closed6):
        route = one(parse(knight.svg.render(tour)), "route", "path")
        assert route_points(route.get("d")) == centres(tour)
        assert route.get("fill") == "none" and route.get("stroke") == knight.svg.COLORS["route"]


def test_closing_move_only_for_closed_tours(open8, closed6):
    assert "closing" not in classes(parse(knight.svg.render(open8)))
    line = one(parse(knight.svg.render(closed6)), "closing", "line")
    (x1, y1), (x2, y2) = centres(closed6)[-1], centres(closed6)[0]
    assert [float(line.get(k)) for k in ("x1", "y1", "x2", "y2")] == [x1, y1, x2, y2]
    assert line.get("stroke-dasharray")


def test_start_and_end_marked_distinctly(open8):
    root = parse(knight.svg.render(open8))
    start, end = one(root, "start", "circle"), one(root, "end", "circle")
    points = centres(open8)
    assert (float(start.get("cx")), float(start.get("cy"))) == points[0]
    assert (float(end.get("cx")), float(end.get("cy"))) == points[-1]
    assert start.get("fill") == knight.svg.COLORS["start"]
    assert end.get("fill") == "none" and end.get("stroke") == knight.svg.COLORS["end"]
    assert not {"start", "end"} & classes(parse(knight.svg.render(open8, markers=False)))


def test_numbers_on_and_off(open8):
    root = parse(knight.svg.render(open8))
    texts = one(root, "numbers", "g").findall(NS + "text")
    assert [t.text for t in texts] == [str(n) for n in range(1, 65)]
    board = one(root, "board", "g")
    margin, cell = map(float, re.fullmatch(r"translate\((\S+) \S+\) scale\((\S+)\)", board.get("transform")).groups())
    for text, (x, _) in zip(texts, centres(open8)):
        assert float(text.get("x")) == pytest.approx(margin + x * cell, abs=0.01)
    assert "numbers" not in classes(parse(knight.svg.render(open8, numbers=False)))


def test_numbers_dropped_where_too_small(big, open8):
    assert "numbers" not in classes(parse(knight.svg.render(big)))
    assert "numbers" not in classes(parse(knight.svg.render(open8, size=100)))
    assert "numbers" in classes(parse(knight.svg.render(open8, size=200)))


def test_coordinates_on_and_off(open8):
    root = parse(knight.svg.render(open8))
    labels = [t.text for t in one(root, "coordinates", "g").findall(NS + "text")]
    assert labels == list("abcdefgh") + [str(n) for n in range(1, 9)]
    off = parse(knight.svg.render(open8, coordinates=False))
    assert "coordinates" not in classes(off) and "border" not in classes(off)
    assert off.get("width") == "400"


def test_coordinates_thinned_on_large_boards(big):
    labels = [t.text for t in one(parse(knight.svg.render(big)), "coordinates", "g").findall(NS + "text")]
    files = [label for label in labels if label.isalpha()]
    ranks = [label for label in labels if label.isdigit()]
    assert files[:3] == ["a", "k", "u"] and ranks[:3] == ["1", "6", "11"]


def test_rectangular_board_keeps_square_cells():
    root = parse(knight.svg.render(made((3, 4), 1), size=400, coordinates=False))
    assert (root.get("width"), root.get("height")) == ("400", "300")


def test_one_square_board():
    root = parse(knight.svg.render(made(1, 1)))
    assert "route" not in classes(root) and {"start", "end"} <= classes(root)


def test_path_off(open8):
    assert "route" not in classes(parse(knight.svg.render(open8, path=False)))


def test_100x100_is_small_enough(big):
    text = knight.svg.render(big)
    assert len(text.encode()) < 2_000_000
    assert route_points(one(parse(text), "route", "path").get("d")) == centres(big)


def test_past_the_limit_is_a_clear_error():
    with pytest.raises(InvalidInputError, match="201×200 board has 40,200 squares"):
        knight.svg.render(made((201, 200), 1))


def test_size_too_small_for_the_board_names_a_size_that_works(big):
    with pytest.raises(InvalidInputError, match=r"size=60 .* use size=(\d+)") as caught:
        knight.svg.render(big, size=60)
    works = int(re.search(r"use size=(\d+)", str(caught.value)).group(1))
    knight.svg.render(big, size=works)
    with pytest.raises(InvalidInputError):
        knight.svg.render(big, size=works - 1)


def test_options_are_keyword_only(open8):
    with pytest.raises(TypeError):
        knight.svg.render(open8, 300)


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"size": 0}, InvalidInputError, "size must be positive, not 0"),
        ({"size": "big"}, InvalidTypeError, "'big'"),
        ({"size": True}, InvalidTypeError, "True"),
        ({"numbers": "yes"}, InvalidTypeError, "numbers must be True or False, not 'yes'"),
        ({"path": 1}, InvalidTypeError, "path"),
        ({"coordinates": None}, InvalidTypeError, "coordinates"),
        ({"colors": {"route": "not a colour!"}}, InvalidInputError, "'not a colour!'"),
        ({"colors": {"sky": "#fff"}}, InvalidInputError, "'sky'"),
        ({"colors": {"route": 7}}, InvalidTypeError, "7"),
        ({"colors": "red"}, InvalidTypeError, "'red'"),
        ({"duration": -1.5}, InvalidInputError, "-1.5"),
        ({"duration": float("nan")}, InvalidInputError, "nan"),
        ({"loop": "no"}, InvalidTypeError, "'no'"),
        ({"animate": "False"}, InvalidTypeError, "animate must be True or False, not 'False'"),
        ({"size": 10**20}, InvalidInputError, "size must be at most 32,767"),
        ({"size": 10**5000}, InvalidInputError, "5,000 digits"),
        ({"duration": 10**20}, InvalidInputError, "duration must be at most 3,600"),
    ],
)
def test_bad_options_name_the_value(open8, options, error, words):
    with pytest.raises(error) as caught:
        knight.svg.render(open8, **options)
    assert words in str(caught.value)


def test_flags_take_numpy_bools(open8):
    numpy = pytest.importorskip("numpy")
    assert knight.svg.render(open8, numbers=numpy.bool_(False)) == knight.svg.render(open8, numbers=False)


_NEEDS_CAIROSVG = pytest.mark.skipif(
    importlib.util.find_spec("cairosvg") is None and not os.environ.get("CI"),
    reason="cairosvg is not installed (knight-tour[png]); under CI the test extra installs it",
)


@pytest.mark.parametrize(
    "text, scale, error, words",
    [
        (None, 1, InvalidTypeError, "not NoneType"),
        (b"<svg/>", 1, InvalidTypeError, "not bytes"),
        ("", 1, InvalidInputError, "text starting '<'"),  # cairosvg would read the current folder
        ("abc", 1, InvalidInputError, "'abc'"),
        ("http://example.invalid/x.svg", 1, InvalidInputError, "text starting '<'"),
        ("<svg", 1, InvalidInputError, "ParseError"),
        ("<a/>", 1, InvalidInputError, "cannot draw"),
        ('<!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', 1, InvalidInputError, "cannot draw"),
        ("GOOD", 10**20, InvalidInputError, "scale must be at most 32,767"),
        ("GOOD", float("nan"), InvalidInputError, "nan"),
        ("GOOD", -1, InvalidInputError, "scale must be positive, not -1"),
        ("GOOD", 0, InvalidInputError, "not 0"),
        ("GOOD", "x", InvalidTypeError, "'x'"),
        ("GOOD", True, InvalidTypeError, "True"),
        ("GOOD", 11, InvalidInputError, "would draw 4,400×4,400 pixels"),  # before Cairo allocates
        ('<svg xmlns="http://www.w3.org/2000/svg" width="9cm" height="1cm"/>', 1000, InvalidInputError, "cannot draw"),
    ],
)
@_NEEDS_CAIROSVG
def test_to_png_refuses_bad_text_and_scales_in_one_error(open8, text, scale, error, words):
    text = knight.svg.render(open8) if text == "GOOD" else text
    with pytest.raises(error) as caught:
        knight.svg.to_png(text, scale=scale)
    assert words in str(caught.value) and len(str(caught.value)) < 300


@_NEEDS_CAIROSVG
def test_to_png_scales(open8):
    data = knight.svg.to_png(knight.svg.render(open8, size=100), scale=2.5)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[16:24] == (250).to_bytes(4, "big") * 2


def test_not_a_tour():
    with pytest.raises(InvalidTypeError, match="list"):
        knight.svg.render([1, 2, 3])


def test_colors_override(open8):
    root = parse(knight.svg.render(open8, colors={"route": "black", "dark": "#123"}))
    assert one(root, "route").get("stroke") == "black" and one(root, "dark").get("fill") == "#123"


def test_static_picture_has_no_animation(open8):
    assert parse(knight.svg.render(open8)).find(f".//{NS}animate") is None


def test_animated_variant_draws_move_by_move(closed6):
    root = parse(knight.svg.render(closed6, animate=True, duration=7))
    route = one(root, "route", "path")
    dash = route.get("stroke-dasharray").split()
    assert float(dash[0]) >= 35 * 5**0.5  # a dash as long as the route, pulled in by the offset
    (draw,) = route.findall(NS + "animate")
    assert draw.get("attributeName") == "stroke-dashoffset" and draw.get("dur") == "7s"
    assert draw.get("values") == f"{dash[0]};0;0" and draw.get("fill") == "freeze"
    # each number appears when the route reaches its square: at (n - 1) / 35 of the drawing
    texts = one(root, "numbers", "g").findall(NS + "text")
    assert texts[0].find(NS + "animate") is None
    times = [float(t.find(NS + "animate").get("keyTimes").split(";")[1]) for t in texts[1:]]
    assert times == pytest.approx([n / 35 for n in range(1, 36)], abs=1e-4)
    for css_class in ("end", "closing"):  # the end ring and closing move at the end
        (appear,) = one(root, css_class).findall(NS + "animate")
        assert appear.get("attributeName") == "visibility" and appear.get("keyTimes") == "0;1.0000"


def test_animated_loop_holds_then_repeats(open8):
    root = parse(knight.svg.render(open8, animate=True, loop=True, duration=10))
    animations = list(root.iter(NS + "animate"))
    assert len(animations) == 1 + 63 + 1
    assert {(a.get("dur"), a.get("repeatCount")) for a in animations} == {("12s", "indefinite")}


def test_repr_svg_is_the_default_picture(open8):
    assert open8._repr_svg_() == knight.svg.render(open8)


def test_repr_svg_imports_the_module_lazily():
    code = (
        "import sys, knight; t = knight.tour(5, 1); assert 'knight.draw._svg' not in sys.modules; "
        "assert t._repr_svg_().startswith('<svg'); assert 'knight.draw._svg' in sys.modules; print(t.line())"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert_tour([int(word) for word in result.stdout.split()], 5, 5)


def test_repr_svg_falls_back_to_text_past_the_limit():
    assert made((201, 200), 1)._repr_svg_() is None


# -- boards with holes ------------------------------------------------------------------------


def cells(d):
    """The unit squares (col, row) of a path of "Mx yh1v1h-1z" pieces."""
    found = re.findall(r"M(\d+) (\d+)h1v1h-1z", d)
    assert "".join(f"M{x} {y}h1v1h-1z" for x, y in found) == d, d
    return [(int(x), int(y)) for x, y in found]


def test_holes_are_drawn_as_hatched_cells(holey):
    text = knight.svg.render(holey)
    root = parse(text)  # well-formed XML
    assert root.tag == NS + "svg"
    holes = one(root, "holes", "path")
    assert sorted(cells(holes.get("d"))) == [(2, 3), (3, 3)]  # c3 and d3: cols 2 and 3 of row 3
    assert holes.get("fill") == knight.svg.COLORS["hole"]
    hatch = one(root, "hatch", "path")
    assert hatch.get("fill") == "none" and hatch.get("stroke") == knight.svg.COLORS["hatch"]
    strokes = [(*start.split(), *step.split()) for start, step in (m.split("l") for m in hatch.get("d").split("M")[1:])]
    assert len(strokes) == 6  # three diagonals a hole, each inside its cell
    for x, y, dx, dy in strokes:
        x0, y0, x1, y1 = float(x), float(y), float(x) + float(dx), float(y) + float(dy)
        assert (int(min(x0, x1)), int(min(y0, y1))) in [(2, 3), (3, 3)]
        assert max(x0, x1) - int(min(x0, x1)) <= 1 and max(y0, y1) - int(min(y0, y1)) <= 1
    dark = cells(one(root, "dark", "path").get("d"))
    assert not {(2, 3), (3, 3)} & set(dark) and len(dark) == 17  # 18 dark squares on 6×6, less d3


def test_holes_bear_no_number_and_the_route_misses_them(holey):
    root = parse(knight.svg.render(holey))
    texts = one(root, "numbers", "g").findall(NS + "text")
    assert [t.text for t in texts] == [str(n) for n in range(1, 35)]
    board = one(root, "board", "g")
    margin, cell = map(float, re.fullmatch(r"translate\((\S+) \S+\) scale\((\S+)\)", board.get("transform")).groups())
    places = {(int((float(t.get("x")) - margin) // cell), int((float(t.get("y")) - margin) // cell)) for t in texts}
    assert len(places) == 34 and not places & {(2, 3), (3, 3)}
    points = route_points(one(root, "route", "path").get("d"))
    assert points == centres(holey)
    assert not {(2.5, 3.5), (3.5, 3.5)} & set(points)
    badges = one(root, "badges", "g").findall(NS + "circle")
    assert len(badges) == 34


def test_holey_title_names_the_board(holey):
    title = parse(knight.svg.render(holey)).find(NS + "title").text
    assert title == f"Open knight's tour of 6×6 less 2 holes from a6 to {holey.algebraic()[-1]}"


def test_leaper_title_names_the_leaper():
    tour = knight.tour(10, moves=(2, 3))
    assert_tour(tour, 10, 10, leaper=(2, 3))
    title = parse(knight.svg.render(tour)).find(NS + "title").text
    assert title.startswith("Open tour of 10×10 for the 2,3-leaper from a10 to ")


@pytest.mark.parametrize("options", [{}, {"animate": True, "loop": True}, {"numbers": False, "coordinates": False}])
def test_holey_picture_uses_only_svg_11(holey, options):
    root = parse(knight.svg.render(holey, **options))
    for element in root.iter():
        tag = element.tag.removeprefix(NS)
        assert tag in SVG11_ELEMENTS
        assert set(element.attrib) <= SVG11_ATTRIBUTES[tag], tag


def test_rectangles_have_no_holes(open8):
    assert not {"holes", "hatch"} & classes(parse(knight.svg.render(open8)))


def test_hole_colours_override(holey):
    root = parse(knight.svg.render(holey, colors={"hole": "black", "hatch": "#fff"}))
    assert one(root, "holes").get("fill") == "black" and one(root, "hatch").get("stroke") == "#fff"


def test_an_irregular_board_with_holes_on_its_edge():
    picture = """
        . # . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . #
        . . . . . . .
        # . . # . . .
    """
    tour = knight.tour(knight.Board.parse(picture))
    assert_board_tour(tour, picture)
    root = parse(knight.svg.render(tour))
    assert sorted(cells(one(root, "holes").get("d"))) == [(0, 6), (1, 0), (3, 6), (6, 4)]  # (col, row)
    assert len(one(root, "numbers", "g").findall(NS + "text")) == 45
    assert route_points(one(root, "route").get("d")) == centres(tour)


def test_cli_svg_of_a_picture_file(tmp_path, holey):
    (tmp_path / "ring.txt").write_text(RING)
    result = knight_command("ring.txt", "--format", "svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == knight.svg.render(holey)
    result = knight_command("ring.txt", "-o", "ring.svg", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout == "", result.stderr
    assert (tmp_path / "ring.svg").read_text() == knight.svg.render(holey)


def knight_command(*args, cwd=None):
    env = dict(os.environ)
    if env.get("PYTHONPATH"):  # PYTHONPATH=src must survive cwd=tmp_path
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep))
    return subprocess.run(
        [sys.executable, "-m", "knight", *args], capture_output=True, text=True, timeout=60, cwd=cwd, env=env
    )


def test_cli_format_svg(open8):
    result = knight_command("8", "--start", "e4", "--format", "svg")
    assert result.returncode == 0, result.stderr
    assert result.stdout == knight.svg.render(open8)


def test_cli_output_svg(tmp_path, closed6):
    result = knight_command("6", "--start", "1", "--closed", "-o", str(tmp_path / "tour.svg"))
    assert result.returncode == 0 and result.stdout == "", result.stderr
    assert (tmp_path / "tour.svg").read_text() == knight.svg.render(closed6)


@_NEEDS_CAIROSVG
def test_cli_output_png(tmp_path):
    result = knight_command("8", "--start", "e4", "--output", str(tmp_path / "tour.PNG"))
    assert result.returncode == 0, result.stderr
    data = (tmp_path / "tour.PNG").read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data[16:24] == (400).to_bytes(4, "big") * 2


def test_cli_png_without_cairosvg_says_what_to_install(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now raises ImportError
    assert knight.cli.main(["8", "--start", "e4", "-o", str(tmp_path / "tour.png")]) == 1
    err = capsys.readouterr().err
    assert err == f'knight: error: -o {tmp_path / "tour.png"} needs cairosvg: pip install "knight-tour[png]"\n'
    assert not (tmp_path / "tour.png").exists()


def test_png_without_cairosvg_is_the_librarys_own_error(open8, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(knight.MissingExtraError) as caught:
        knight.draw.write(open8, tmp_path / "tour.png")
    error = caught.value
    assert isinstance(error, ModuleNotFoundError) and isinstance(error, knight.KnightError)
    assert str(error) == 'PNG output needs cairosvg: pip install "knight-tour[png]"'
    assert (error.extra, error.name, error.install) == ("png", "cairosvg", 'pip install "knight-tour[png]"')
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.extra, again.name) == (type(error), str(error), "png", "cairosvg")


@pytest.mark.parametrize(
    "args, words",
    [
        (["-o", "tour.txt"], "must end in .svg or .png"),
        (["-o", "tour"], "'tour'"),
        (["--format", "line", "-o", "tour.svg"], "--format line"),
        (["-o", "no/such/dir/tour.svg"], "cannot write"),
    ],
)
def test_cli_output_errors(tmp_path, args, words):
    result = knight_command(*args, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr
    assert list(tmp_path.iterdir()) == []
