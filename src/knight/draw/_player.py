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
from typing import Iterable, Union

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
    text = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    caption = _html.escape(words if title is None else title, quote=False)
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
    try:
        Path(path).write_text(document, encoding="utf-8")
    except OSError as error:
        raise InvalidInputError(f"cannot write {_shown(str(path))}: {error.strerror or error}") from None


_ids = itertools.count(1)


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
    assert board is not None
    return board, _records(source, board), words


def _records(events: Iterable[object], board: Board) -> list[int]:
    """The events as the flat int records the page decodes (those of search/_core_py.py, and
    a Finished as (5, nodes, found))."""
    records: list[int] = []
    count = 0
    for event in events:
        count += 1
        if count > MAX_EVENTS:
            raise InvalidInputError(
                f"the player plays at most {MAX_EVENTS:,} events; give the trace a smaller max_steps"
            )
        if type(event) is Placed:
            records += (1, event.square, event.move)
        elif type(event) is TakenBack:
            records += (2, event.square, event.move)
        elif type(event) is Choice:
            records += (3, event.move, len(event.candidates))
            for square, degree in zip(event.candidates, event.degrees):
                records += (square, degree)
        elif type(event) is Restart:
            records += (4, event.round)
        elif type(event) is Finished:
            records += (5, event.nodes, event.tour is not None)
        else:
            raise InvalidTypeError(f"not an event of a trace: {_shown(event)}")
    return records


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
