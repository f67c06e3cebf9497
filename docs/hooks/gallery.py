"""MkDocs hook: draw the gallery while the site builds, so every picture is knight's own output.

Each entry of PICTURES is the Python that makes a tour and the options it is drawn with; the
hook runs it, adds the picture to the site as gallery/<name>.svg (or .png for the overview of
a board too large to draw square by square) and writes the gallery page from the same list.
"""

from __future__ import annotations

import base64
import re

from mkdocs.structure.files import File, Files

import knight
import knight.draw

# (file name, caption, code evaluating to a Tour, render() options)
PICTURES = [
    ("closed-8x8", "A closed tour of the chessboard from e4", 'knight.tour(8, start="e4", closed=True)', {}),
    ("open-8x8", "An open tour from a8 (square 1)", "knight.tour(8, start=1)", {}),
    (
        "warnsdorff-8x8",
        "Warnsdorff's rule alone, as seed 002 asks",
        'knight.tour(8, start=1, method="warnsdorff")',
        {},
    ),
    ("closed-6x6", "The smallest square board with a closed tour", "knight.tour(6, closed=True)", {}),
    ("strip-3x16", "A board three wide, built from stored strips", 'knight.tour((3, 16), start="a1")', {}),
    ("zebra-10x10", "A zebra, the (2, 3)-leaper, on 10×10", "knight.tour(10, moves=(2, 3))", {}),
    (
        "holes-6x6",
        "A board with holes, from a picture",
        'knight.tour(knight.Board.parse(". . . . . .\\n. . # . . .\\n. . . . . .\\n'
        '. . . # . .\\n. . . . . .\\n. . . . # ."))',
        {},
    ),
    (
        "ring-10x10",
        "A ring: 10×10 with its centre cut out, closed",
        "knight.tour(\n"
        "    knight.Board.from_mask([[not (3 <= r <= 6 and 3 <= c <= 6) for c in range(10)] for r in range(10)]),\n"
        "    closed=True,\n"
        ")",
        {},
    ),
    (
        "cross-10x10",
        "A cross, four squares wide",
        "knight.tour(\n"
        "    knight.Board.from_mask([[3 <= r <= 6 or 3 <= c <= 6 for c in range(10)] for r in range(10)])\n"
        ")",
        {},
    ),
    (
        "puzzle-8x8",
        "A puzzle solved: every ninth move given, drawn in bold",
        'knight.solve("""\n'
        " .  .  .  .  .  .  .  .\n"
        " .  .  .  .  . 19 64  .\n"
        " .  .  .  .  .  .  .  .\n"
        " .  .  .  1  .  .  .  .\n"
        " .  .  .  . 55  .  .  .\n"
        " .  .  .  .  .  .  . 37\n"
        " . 46  . 10  .  .  .  .\n"
        " .  . 28  .  .  .  .  .\n"
        '""")',
        {},
    ),
    ("closed-50x50", "A closed tour of 50×50, constructed", "knight.tour(50, closed=True)", {"size": 500}),
    (
        "animated-8x8",
        "The route drawing itself (SMIL animation)",
        'knight.tour(8, start="e4", closed=True)',
        {"animate": True, "duration": 12, "loop": True},
    ),
]

# A board past knight.draw.MAX_SQUARES: shown as notebooks show it, a raster of move numbers.
OVERVIEW = ("overview-1000x1000", "A million squares: an open tour of 1000×1000", "knight.tour(1000)")


def on_files(files: Files, config) -> Files:
    for name, _, code, options in PICTURES:
        tour = eval(code, {"knight": knight})
        files.append(File.generated(config, f"gallery/{name}.svg", content=knight.draw.render(tour, **options)))
    name, _, code = OVERVIEW
    tour = eval(code, {"knight": knight})
    files.append(File.generated(config, f"gallery/{name}.png", content=_notebook_png(tour)))
    files.append(File.generated(config, "gallery.md", content=_gallery_page()))
    return files


def _notebook_png(tour: knight.Tour) -> bytes:
    """The PNG a notebook shows for a tour too large to draw: the one inside tour._repr_html_()."""
    found = re.search(r'src="data:image/png;base64,([^"]+)"', tour._repr_html_())
    if found is None:
        raise ValueError(f"no PNG in the notebook picture of {tour.board.name}")
    return base64.b64decode(found.group(1))


def _gallery_page() -> str:
    parts = [
        "# Gallery\n",
        "Every picture here was drawn by knight while this site was built "
        "(`docs/hooks/gallery.py`), from the code beside it.\n",
    ]
    for name, caption, code, options in PICTURES:
        call = ", ".join(["tour", *(f"{key}={value!r}" for key, value in options.items())])
        picture = f'![{caption}](gallery/{name}.svg){{ width="420" }}'
        parts.append(_entry(caption, picture, f"tour = {code}\nsvg = knight.draw.render({call})"))
    name, caption, code = OVERVIEW
    picture = f'![{caption}](gallery/{name}.png){{ width="420" style="image-rendering: pixelated" }}'
    note = (
        f"Past {knight.draw.MAX_SQUARES:,} squares an SVG would be megabytes, so a notebook "
        "(`tour._repr_html_()`) shows a raster instead: one pixel a block of squares, coloured "
        "by move number, dark at the start and light at the end.\n\n"
    )
    parts.append(_entry(caption, picture, f"tour = {code}\nhtml = tour._repr_html_()  # what Jupyter shows", note))
    return "\n".join(parts)


def _entry(caption: str, picture: str, code: str, note: str = "") -> str:
    """One section: the picture and its code side by side (a Material grid; stacked when narrow)."""
    return f'## {caption}\n\n{note}<div class="grid" markdown>\n\n{picture}\n\n```python\n{code}\n```\n\n</div>\n'
