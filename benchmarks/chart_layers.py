"""Chart a long count's layers from its log: the states swept at each square, on a log scale.

    python benchmarks/chart_layers.py /work/runs/8x8/log.txt docs/8x8-closed-layers.svg

Reads the log that ``benchmarks/count_far.py`` writes (a line a square, over every run of a
count resumed after a kill) and draws one bar a square with states, its length the states swept
at that square. A line "square k reached: n states swept since the last line" adds n to square
k - 1's layer when the line before it, in the same run, said square k - 1 was reached; the
first such line of a resumed run adds its n to square k's (the states of the resumed square
swept before the run's first report). Prints the layers as a table too.
"""

from __future__ import annotations

import re
import sys

from knight.draw._chart import Bar, bars

LINE = re.compile(r"square (\d+) reached: ([\d,]+) states swept since the last line")


def layers(log: str) -> dict[int, int]:
    """Square -> the states swept at it, from the log's text."""
    found: dict[int, int] = {}
    previous = None
    for line in log.splitlines():
        match = LINE.search(line)
        if match is None:
            previous = None  # a start (a new run) or the end: the next line begins afresh
            continue
        square, states = int(match[1]), int(match[2].replace(",", ""))
        layer = square - 1 if previous == square - 1 else square
        found[layer] = found.get(layer, 0) + states
        previous = square
    return found


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    log, out = sys.argv[1:]
    with open(log, encoding="utf-8") as file:  # the log is UTF-8 ("8×8"), whatever the locale
        found = {square: states for square, states in sorted(layers(file.read()).items()) if states}
    if not found:
        sys.exit(f"no layers in {log}")
    total = sum(found.values())
    widest = max(found, key=found.__getitem__)
    for square, states in found.items():
        print(f"square {square:3}: {states:15,}")
    print(f"swept in all: {total:,} states; the widest layer: {found[widest]:,} at square {widest}")
    rows = [Bar(f"square {square}", states, f"{states:,}", "#2563eb") for square, states in found.items()]
    picture = bars(
        f"The sweep's layers: states at each square ({total:,} in all)",
        rows,
        axis="states in the layer, log scale",
        width=720,
        low=1,
        row_height=14,
    )
    with open(out, "w", encoding="utf-8") as file:
        file.write(picture + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
