"""MkDocs hook: tables and bar charts drawn while the site builds, where a page asks for them.

A line ``<!-- chart NAME -->`` in a page becomes a table and its picture (charts/NAME.svg):
- a comparison of methods (NAME in COMPARISONS): knight.compare() run now, on this machine,
  shown with the call that made it;
- a benchmark (NAME a key of docs/data/benchmarks.json): the numbers a benchmark script
  printed in one run, recorded there, and drawn by the same code (knight.draw._chart).
"""

from __future__ import annotations

import json
import os
import pathlib
import re

from mkdocs.structure.files import File, Files

import knight
import knight.draw
from knight.draw._chart import Bar, bars

# NAME -> the call whose result the page shows
COMPARISONS = {
    "compare-8x8-a1": 'knight.compare(8, start="a1")',
    "compare-6x6-a1": 'knight.compare(6, start="a1")',
}

BENCHMARKS = pathlib.Path(__file__).resolve().parent.parent / "data" / "benchmarks.json"
SERIES_COLORS = ("#1d4ed8", "#f59e0b")
MARKER = re.compile(r"^<!-- chart ([\w-]+) -->$", re.MULTILINE)

_shown: dict[str, str] = {}  # NAME -> the Markdown that replaces its marker


def on_files(files: Files, config) -> Files:
    for name, call in COMPARISONS.items():
        comparison = eval(call, {"knight": knight})
        files.append(File.generated(config, f"charts/{name}.svg", content=knight.draw.chart(comparison)))
        _shown[name] = (
            f"```python\n{call}\n```\n\n{comparison.table()}\n"
            f"*Run while this site was built{_load()}: the times are this machine's, the nodes any machine's.*\n\n"
            f"![{comparison.title}](charts/{name}.svg)\n"
        )
    for name, data in json.loads(BENCHMARKS.read_text(encoding="utf-8")).items():
        files.append(File.generated(config, f"charts/{name}.svg", content=_plot(data)))
        _shown[name] = f"{_table(data)}\n![{data['title']}](charts/{name}.svg)\n"
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    depth = page.file.src_uri.count("/")

    def shown(match: re.Match) -> str:
        name = match.group(1)
        if name not in _shown:
            raise ValueError(f"{page.file.src_uri}: no chart named {name!r} (docs/hooks/charts.py)")
        return _shown[name].replace("](charts/", "](" + "../" * depth + "charts/")

    return MARKER.sub(shown, markdown)


def _load() -> str:
    """The load average in words, where the system tells it."""
    try:
        return f" (load average {os.getloadavg()[0]:.1f})"
    except (AttributeError, OSError):
        return ""


def _cell(value: object) -> str:
    return f"{value:,}" if isinstance(value, (int, float)) else str(value)


def _table(data: dict) -> str:
    columns, rows = data["columns"], data["rows"]
    right = ["---:" if any(isinstance(row[i], (int, float)) for row in rows) else "---" for i in range(len(columns))]
    lines = ["| " + " | ".join(columns) + " |", "| " + " | ".join(right) + " |"]
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows]
    load = f", load average {data['load']}" if "load" in data else ""
    return "\n".join(lines) + f"\n\n*Recorded from one run of `{data['command']}`{load}.*\n"


def _plot(data: dict) -> str:
    plot = data["plot"]
    series = plot.get("series", [""])
    rows = []
    for row in data["rows"]:
        for column, color in zip(plot["columns"], SERIES_COLORS):
            value = row[column]
            if isinstance(value, (int, float)):  # a row's first bar carries its label, the next ones none
                label = row[0] if column == plot["columns"][0] else ""
                rows.append(Bar(label, value, f"{value:,} {plot['unit']}", color))
    legend = list(zip(SERIES_COLORS, series)) if len(series) > 1 else []
    return bars(data["title"], rows, axis=f"{plot['unit']}, log scale", legend=legend)
