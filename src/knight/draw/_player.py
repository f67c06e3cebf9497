"""The player: one self-contained HTML page (inline SVG and a little JavaScript, no server, no
network) that plays a tour or a trace of the search, step by step.

>>> import knight, knight.draw
>>> page = knight.draw.html(knight.tour(5, "a5"))
>>> page.startswith("<div") and "<svg" in page
True

A step is one event: a square placed (its move number appears on it), a square taken back
(it turns red with a cross, and stays so until a move lands there again), a choice (the candidates are
ringed, each with its key in the rule, the chosen one first), or a new round (the board
empties). The controls: play and pause, one step back and forward, a slider over every step,
and the speed in steps a second. The counter says the step, the move and the squares taken
back so far; the page's root element carries the same as data-step and data-move.

A surface is drawn flat, a move across a joined edge as two stubs (as the SVG draws it); a box
as its layers side by side (draw/_boxes.py), a move between layers dashed. A box whose axes
wrap is refused with InvalidInputError.
"""

from __future__ import annotations

import html as _html
import itertools
import json
import os
from pathlib import Path
from typing import Iterable, Union, cast

from .. import (
    Board,
    Choice,
    Finished,
    InvalidInputError,
    InvalidTypeError,
    Placed,
    Restart,
    TakenBack,
    Tour,
    Trace,
    TraceEvent,
)
from ..model import integer, is_sequence
from ..model import shown as _shown
from . import _boxes, _surfaces
from ._svg import COLORS

__all__ = ["MAX_EVENTS", "MAX_SQUARES", "html", "write_html"]

#: Largest board the player draws, in squares (100×100: every frame redraws every square).
MAX_SQUARES = 10_000

#: Most events a page holds (each a few bytes of JSON): a longer trace is refused.
MAX_EVENTS = 1_000_000

#: Steps a second when the page opens: a whole tour or trace plays in about this many seconds.
PLAY_SECONDS = 15

Source = Union[Tour, Trace, Iterable[TraceEvent]]


def html(source: Source, /, *, board: Board | None = None, size: int = 480, title: str | None = None) -> str:
    """The player page of source, as HTML text: a knight.Tour, a knight.trace(...), or the
    events of one (board= then says the board, which a Trace and a Tour carry themselves).

    size is the board's side in pixels; title the line above the board (by default what the
    tour or trace is). Raises InvalidInputError for a board of more than MAX_SQUARES squares,
    a trace of more than MAX_EVENTS events, or a box whose axes wrap.
    """
    board, records, words = _read(source, board)
    caption = _html.escape(words if title is None else _title(title), quote=False)  # element text
    if not isinstance(size, int) or isinstance(size, bool):
        raise InvalidTypeError(f"size must be an integer, not {_shown(size)}")
    if not 120 <= size <= 4000:
        raise InvalidInputError(f"size must be from 120 to 4000 pixels, not {size}")
    if len(board) > MAX_SQUARES or board.rows * board.cols > MAX_SQUARES:
        raise InvalidInputError(f"the player draws boards of at most {MAX_SQUARES:,} squares, not {board.name}")
    data = {
        **_shape(board),
        "rows": board.rows,
        "cols": board.cols,
        "holes": [] if board.mask is None else [k + 1 for k, here in enumerate(board.mask) if not here],
        "names": [board.square_name(k) for k in range(1, board.rows * board.cols + 1)],
        "records": records,
        "speed": max(1, round(_steps(records) / PLAY_SECONDS)),
        "colors": {name: COLORS[name] for name in ("light", "dark", "route", "start", "hole", "layers")},
    }
    uid = f"knight-player-{next(_ids)}-{os.getpid()}"
    text = json.dumps(data, separators=(",", ":"))
    for character, escaped in _SCRIPT_DATA:  # no "</script>" or "<!--" in the script's data, whatever it holds
        text = text.replace(character, escaped)
    return _PAGE.format(uid=uid, size=size, caption=caption, data=text, script=_SCRIPT.replace("UID", uid))


def write_html(
    source: Source,
    path: str | os.PathLike[str],
    /,
    *,
    board: Board | None = None,
    size: int = 480,
    title: str | None = None,
) -> None:
    """Write the player page of source (as html() makes it) to path, a document a browser opens on its own."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidTypeError(f"a page's name must be text or a path, not {_shown(path)}")
    page = html(source, board=board, size=size, title=title)
    document = f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>knight</title></head>\n<body>{page}</body></html>\n'
    data = document.encode("utf-8")  # the whole page, made before the file is opened: nothing written on an error
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        raise InvalidInputError(f"cannot write {_shown(str(path))}: {error.strerror or error}") from None


_ids = itertools.count(1)

#: What JSON text in a <script> element may not hold as it is, and its escape in a JSON string.
_SCRIPT_DATA = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"))


def _title(title: object) -> str:
    """title, checked: a str that UTF-8 can encode (InvalidTypeError, InvalidInputError)."""
    if not isinstance(title, str):
        raise InvalidTypeError(f"title must be a str, not {_shown(title)}")
    try:
        title.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidInputError(
            f"title {_shown(title)} holds {error.object[error.start]!r} at {error.start}, a lone surrogate, "
            "which no page can hold"
        ) from None
    return title


def _shape(board: Board) -> dict[str, object]:
    """Where the page puts squares and how it draws a move, beyond the flat board's rows and
    columns: a box's layers side by side (draw/_boxes.py; "pos" the top-left corner of each cell,
    "layer" its layer, a move between layers dashed), and a surface's moves across a joined
    edge as two stubs ("stubs": "a,b" -> the step out of a, the step out of b), as the SVG draws them."""
    topology = board.topology
    if topology is None:
        return {}
    if topology.axes > 2:
        _boxes.refuse_wrapping(board, "the player")
        spots, width, height = _boxes.positions(board)
        return {
            "pos": [round(v, 2) for spot in spots for v in spot],
            "w": width,
            "h": height,
            "layer": [_boxes.layer_of(board, cell) for cell in range(len(spots))],
            "shade": [topology.colour(cell) for cell in range(len(spots))],
        }
    stubs = {}
    for square in board:
        here = topology.coords(square - 1)
        for step in board.steps:
            there = topology.landing(here, step)
            if there is None:
                continue
            wrapped = _surfaces.stubs(board, here, there)
            if wrapped is not None:
                (out_row, out_col), (back_row, back_col) = wrapped
                stubs[f"{square},{topology.cell(there) + 1}"] = [out_col, out_row, back_col, back_row]
    return {"stubs": stubs}


def _read(source: object, board: Board | None) -> tuple[Board, list[int], str]:
    """(board, the events as flat int records, what they are in words) of a player's source."""
    if board is not None and not isinstance(board, Board):
        raise InvalidTypeError(f"board must be a knight.Board, not {_shown(board)}")
    if isinstance(source, (Tour, Trace)) and board is not None and board != source.board:
        raise InvalidInputError(
            f"board={board.name} is not the board of the {type(source).__name__}, {source.board.name}"
        )
    if isinstance(source, Tour):
        records = [r for move, square in enumerate(source, 1) for r in (1, square, move)]
        return source.board, records, f"a tour of {source.board.name}"
    if isinstance(source, Trace):
        board = source.board
        words = f"the search of method {source.method!r} from {board.square_name(source.start)} on {board.name}"
    elif isinstance(source, (str, bytes)) or not isinstance(source, Iterable):
        raise InvalidTypeError(f"the player plays a knight.Tour or a trace's events, not {type(source).__name__}")
    elif board is None:
        raise InvalidInputError("the player needs board= for events that are not a knight.trace(...)")
    else:
        words = f"a search on {board.name}"
    return board, _records(cast("Iterable[object]", source), board), words  # iterable, checked above


def _records(events: Iterable[object], board: Board) -> list[int]:
    """The events as the flat int records the page decodes (those of search/_core_py.py, and
    a Finished as (5, nodes, found)), each checked against the board and the events before it
    (_Replay): a square off the board or on a hole, a move out of order, a field of the wrong type
    is InvalidInputError (InvalidTypeError) naming the event, before any page is made."""
    records: list[int] = []
    replay = _Replay(board)
    for count, event in enumerate(events, 1):
        if count > MAX_EVENTS:
            raise InvalidInputError(
                f"the player plays at most {MAX_EVENTS:,} events; give the trace a smaller max_steps"
            )
        records += replay.record(event, count)
    return records


class _Replay:
    """The path the events so far have made on board, which the next event must fit."""

    def __init__(self, board: Board) -> None:
        self.board, self.finished = board, False
        self.path: list[int] = []
        self.placed: set[int] = set()  # the path's squares
        self.last = board.rows * board.cols
        self.event: object = None  # the event being checked, and its number
        self.number = 0

    def record(self, event: object, number: int) -> tuple[int, ...]:
        """The flat records of event, the number-th: checked, and the path moved on."""
        kind = type(event)
        if kind not in _KINDS:
            raise InvalidTypeError(f"event {number} is not an event of a trace: {_shown(event)}")
        if self.finished:
            raise InvalidInputError(f"event {number}, {_shown(event)}, comes after Finished, the last event")
        self.event, self.number = event, number
        fields = [self._count(getattr(event, name), name) for name in _FIELDS[kind]]
        if kind is Placed:
            self._square(fields[0])
            self._move(fields[1], len(self.path) + 1)
            if self.path and fields[0] not in self.board.neighbours(self.path[-1]):
                self._refuse(f"square {fields[0]} is not a move from square {self.path[-1]}")
            if fields[0] in self.placed:
                self._refuse(f"square {fields[0]} was placed already")
            self.path.append(fields[0])
            self.placed.add(fields[0])
            return (1, *fields)
        if kind is TakenBack:
            if not self.path or fields[0] != self.path[-1]:
                self._refuse(f"square {fields[0]} is not the last square placed")
            self._move(fields[1], len(self.path))
            self.placed.discard(self.path.pop())
            return (2, *fields)
        if kind is Choice:
            self._move(fields[0], len(self.path) + 1)
            candidates, degrees = (self._counts(event, name) for name in ("candidates", "degrees"))
            if not candidates or len(candidates) != len(degrees):
                self._refuse("its candidates must be one or more, and its degrees one a candidate")
            for square in candidates:
                self._square(square)
            return (3, fields[0], len(candidates), *(v for pair in zip(candidates, degrees) for v in pair))
        if kind is Restart:
            self.path, self.placed = [], set()
            return (4, *fields)
        tour = event.tour  # type: ignore[attr-defined]
        if tour is not None and (not isinstance(tour, Tour) or tour.board != self.board):
            self._refuse(f"its tour must be None or a knight.Tour of {self.board.name}")
        self.finished = True
        return (5, fields[0], tour is not None)

    def _refuse(self, why: str) -> None:
        raise InvalidInputError(
            f"event {self.number}, {_shown(self.event)}, does not fit the board {self.board.name}: {why}"
        )

    def _count(self, value: object, name: str) -> int:
        """The value of the field name: an int of at least 0 (InvalidTypeError for anything but an integer)."""
        value = integer(value, f"event {self.number}'s {name}")  # an exact int: a subclass could say anything
        if value < 0:
            self._refuse(f"its {name} is {value}, less than 0")
        return value

    def _counts(self, event: object, name: str) -> list[int]:
        """The tuple field name of event, each value a _count."""
        values = getattr(event, name)
        if not is_sequence(values):
            raise InvalidTypeError(f"event {self.number}'s {name} must be a tuple of integers, not {_shown(values)}")
        if len(values) > self.last:
            self._refuse(f"it has {len(values):,} {name}, more than the board's {self.last:,} squares")
        return [self._count(value, name) for value in values]

    def _square(self, square: int) -> None:
        if not 1 <= square <= self.last or (self.board.mask is not None and not self.board.mask[square - 1]):
            self._refuse(f"square {square} is not a square of the board")

    def _move(self, move: int, expected: int) -> None:
        if move != expected:
            self._refuse(f"its move is {move}, where the path so far makes it move {expected}")


#: The events the player plays, and the fields of each it puts in the page, in order.
_FIELDS: dict[type, tuple[str, ...]] = {
    Placed: ("square", "move"),
    TakenBack: ("square", "move"),
    Choice: ("move",),
    Restart: ("round",),
    Finished: ("nodes",),
}
_KINDS = frozenset(_FIELDS)


def _steps(records: list[int]) -> int:
    """How many events the records hold."""
    at = steps = 0
    while at < len(records):
        kind = records[at]
        at += 3 + 2 * records[at + 2] if kind == 3 else 2 if kind == 4 else 3
        steps += 1
    return steps


_PAGE = """<div id="{uid}" class="knight-player" data-step="0" data-move="0" style="font:14px sans-serif;max-width:{size}px">
<div class="title" style="margin:4px 0">{caption}</div>
<svg class="board" xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" style="display:block"></svg>
<div class="controls" style="display:flex;gap:4px;align-items:center;margin:6px 0;white-space:nowrap">
<button type="button" class="back" title="one step back">&#9664;&#9646;</button>
<button type="button" class="play" title="play">&#9654; play</button>
<button type="button" class="forward" title="one step forward">&#9646;&#9654;</button>
<input type="range" class="slider" min="0" value="0" style="flex:1" aria-label="step">
<label>speed <input type="number" class="speed" min="1" max="100000" style="width:5em"> steps/s</label>
</div>
<div class="counter">step 0</div>
<div class="choice" style="min-height:1.2em;color:#555"></div>
<script type="application/json" class="knight-data">{data}</script>
<script>{script}</script>
</div>"""

_SCRIPT = r"""
(function () {
  var root = document.getElementById("UID");
  if (!root || root.dataset.ready) { return; }
  root.dataset.ready = "1";
  var data = JSON.parse(root.querySelector(".knight-data").textContent);
  var rows = data.rows, cols = data.cols, r = data.records, colors = data.colors;
  var svg = root.querySelector("svg"), NS = "http://www.w3.org/2000/svg";
  var wide = data.w || cols, high = data.h || rows, pos = data.pos, stubs = data.stubs || {};
  var size = +svg.getAttribute("width"), cell = size / Math.max(wide, high);
  svg.setAttribute("viewBox", "0 0 " + wide * cell + " " + high * cell);
  svg.setAttribute("height", high * cell);
  function corner(s) {
    return pos ? [pos[2 * s - 2], pos[2 * s - 1]] : [(s - 1) % cols, Math.floor((s - 1) / cols)];
  }
  var events = [], at = 0;
  while (at < r.length) {
    var kind = r[at];
    if (kind === 3) {
      var k = r[at + 2];
      events.push([3, r[at + 1], r.slice(at + 3, at + 3 + 2 * k)]);
      at += 3 + 2 * k;
    } else if (kind === 4) { events.push([4, r[at + 1]]); at += 2; }
    else { events.push([kind, r[at + 1], r[at + 2]]); at += 3; }
  }
  var hole = {}, i;
  for (i = 0; i < data.holes.length; i++) { hole[data.holes[i]] = true; }
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var a in attrs) { e.setAttribute(a, attrs[a]); }
    parent.appendChild(e);
    return e;
  }
  var squares = [null], labels = [null], fills = [null];
  for (var s = 1; s <= rows * cols; s++) {
    var xy = corner(s), row = Math.floor((s - 1) / cols), col = (s - 1) % cols;
    var dark = data.shade ? data.shade[s - 1] === 1 : (col + rows - row) % 2 === 1;
    fills.push(hole[s] ? colors.hole : dark ? colors.dark : colors.light);
    squares.push(el("rect", {x: xy[0] * cell, y: xy[1] * cell, width: cell, height: cell, fill: fills[s]}, svg));
  }
  var route = el("path", {fill: "none", stroke: colors.route, "stroke-width": Math.max(1, cell / 14),
    "stroke-linejoin": "round", "stroke-opacity": 0.7}, svg);
  var between = el("path", {fill: "none", stroke: colors.layers, "stroke-width": Math.max(1, cell / 18),
    "stroke-dasharray": Math.max(3, cell / 8) + " " + Math.max(2, cell / 12)}, svg);
  var rings = el("g", {fill: "none", stroke: "#7c3aed", "stroke-width": Math.max(1, cell / 16)}, svg);
  for (s = 1; s <= rows * cols; s++) {
    xy = corner(s);
    labels.push(el("text", {x: (xy[0] + 0.5) * cell, y: (xy[1] + 0.5) * cell + cell * 0.15,
      "text-anchor": "middle", "font-size": cell * 0.4, "font-family": "sans-serif"}, svg));
  }
  var state, position = 0, BACK = "#f87171";
  function reset() {
    state = {path: [], move: {}, back: {}, taken: 0, choice: null, round: 0, done: null};
    position = 0;
  }
  function apply(e) {
    state.choice = null;
    if (e[0] === 1) { state.path.push(e[1]); state.move[e[1]] = e[2]; delete state.back[e[1]]; }
    else if (e[0] === 2) { state.path.pop(); delete state.move[e[1]]; state.back[e[1]] = true; state.taken++; }
    else if (e[0] === 3) { state.choice = e; }
    else if (e[0] === 4) { state.path = []; state.move = {}; state.back = {}; state.round = e[1]; }
    else if (e[0] === 5) { state.done = e; }
  }
  function centre(s, dx, dy) {
    var xy = corner(s);
    return (xy[0] + 0.5 + (dx || 0)) * cell + "," + (xy[1] + 0.5 + (dy || 0)) * cell;
  }
  function drawRoute() {
    // a move in the plane is a line; across a joined edge, two stubs; between layers, dashed
    var p = state.path, d = "", jumps = "";
    for (var i = 0; i < p.length; i++) {
      var here = centre(p[i]), stub = i ? stubs[p[i - 1] + "," + p[i]] : null;
      if (i === 0) { d += "M" + here; }
      else if (stub) { d += "L" + centre(p[i - 1], stub[0], stub[1]) + "M" + centre(p[i], stub[2], stub[3]) + "L" + here; }
      else if (data.layer && data.layer[p[i - 1] - 1] !== data.layer[p[i] - 1]) {
        jumps += "M" + centre(p[i - 1]) + "L" + here; d += "M" + here;
      } else { d += "L" + here; }
    }
    route.setAttribute("d", d);
    between.setAttribute("d", jumps);
  }
  function draw() {
    for (var s = 1; s <= rows * cols; s++) {
      if (hole[s]) { continue; }
      var m = state.move[s], back = state.back[s];
      labels[s].textContent = m ? m : back ? "\u00d7" : "";
      labels[s].setAttribute("fill", back ? "#991b1b" : m === 1 ? colors.start : "#111");
      squares[s].setAttribute("fill", back ? BACK : fills[s]);
    }
    drawRoute();
    while (rings.firstChild) { rings.removeChild(rings.firstChild); }
    var words = "";
    if (state.choice) {
      var c = state.choice[2], names = [];
      for (var j = 0; j < c.length; j += 2) {
        var p = centre(c[j]).split(",");
        el("circle", {cx: p[0], cy: p[1], r: cell * (j ? 0.3 : 0.42), "stroke-opacity": j ? 0.5 : 1}, rings);
        names.push(data.names[c[j] - 1] + " (" + c[j + 1] + ")");
      }
      words = "move " + state.choice[1] + ": " + names.join(", ") + " \u2192 " + data.names[c[0] - 1];
    } else if (state.done) {
      words = state.done[2] ? "found, " + state.done[1] + " nodes" : "no tour from here, " + state.done[1] + " nodes";
    }
    root.querySelector(".choice").textContent = words;
    root.querySelector(".counter").textContent = "step " + position + " / " + events.length +
      " \u00b7 move " + state.path.length + " \u00b7 taken back " + state.taken +
      (state.round ? " \u00b7 round " + state.round : "");
    root.dataset.step = position;
    root.dataset.move = state.path.length;
    slider.value = position;
  }
  function go(target) {
    target = Math.max(0, Math.min(events.length, target));
    if (target < position) { reset(); }
    while (position < target) { apply(events[position]); position++; }
    draw();
  }
  var slider = root.querySelector(".slider"), speed = root.querySelector(".speed");
  var play = root.querySelector(".play"), timer = null, last = 0, owed = 0;
  slider.max = events.length;
  speed.value = data.speed;
  function stop() { timer = null; play.innerHTML = "\u25b6 play"; play.title = "play"; }
  // A timer, not requestAnimationFrame: frames stop in hidden tabs and headless browsers, timers
  // run (a headless browser's virtual time included), and the steps owed catch up either way.
  function tick() {
    if (timer === null) { return; }
    var now = performance.now();
    owed += Math.max(0, now - last) * Math.max(1, +speed.value || 1) / 1000;
    last = now;
    if (owed >= 1) { go(position + Math.floor(owed)); owed -= Math.floor(owed); }
    if (position >= events.length) { stop(); return; }
    timer = setTimeout(tick, 16);
  }
  play.addEventListener("click", function () {
    if (timer !== null) { clearTimeout(timer); stop(); return; }
    if (position >= events.length) { go(0); }
    play.innerHTML = "\u275a\u275a pause"; play.title = "pause";
    last = performance.now(); owed = 1;
    timer = setTimeout(tick, 0);
  });
  root.querySelector(".back").addEventListener("click", function () { go(position - 1); });
  root.querySelector(".forward").addEventListener("click", function () { go(position + 1); });
  slider.addEventListener("input", function () { go(+slider.value); });
  reset();
  draw();
})();
"""
