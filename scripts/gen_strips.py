"""Find and check the base paths with repeatable sections that knight.construct._strips builds on.

Run from the repository root with the package importable (PYTHONPATH=src); writes
src/knight/construct/_strips_data.py in about 15 seconds (tests/test_strips.py runs it and compares).

A section is a periodic pattern: a set of knight's-move edges on the infinite strip h
squares wide, invariant under a shift of four columns, in which every square has two
edges and which has no finite cycle (a 2-factor of the strip folded onto four columns,
every cycle of which winds round). Sections are enumerated by the number of edges
crossing a cut, fewest first.

For each kind of start (the strip's height, the start's row, its distance a to the left
side either exactly or as a class mod 4 with room for a section, the same for b on the
right) the script lays out a base board: fixed columns, four columns of a section where
a class asks for one, the start's columns. On boards four wide only the start's half
of the squares is used (see covered() and _strips). The section's squares keep only the
pattern's edges; each run of them between two fixed squares becomes one new vertex of
degree two (so any Hamiltonian path must pass it), and the twin search core's
depth-first search finds a Hamiltonian path from the start. check() then proves the
result repeatable for all counts (see _strips), trying further paths, sections and
layouts until one passes.
"""

from __future__ import annotations

import collections
import itertools
import random
import sys

from knight.construct import _strips
from knight.search._core_py import FOUND, depth_first

PERIOD = 4
MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))


# --- sections ---------------------------------------------------------------------


def sections(h: int):
    """Periodic patterns of height h as lists of edges ((r, c), (r2, c2)) with 0 <= c < 4
    and c < c2 (c2 may pass 3: the edge reaches into the next period), fewest crossings first."""
    vertices = [(r, c) for r in range(h) for c in range(PERIOD)]
    classes = []  # edges with their left end in columns 0..3
    for r, c in vertices:
        for dr, dc in MOVES:
            if dc > 0 and 0 <= r + dr < h:
                classes.append(((r, c), (r + dr, c + dc)))

    def folded(cell):
        return cell[0], cell[1] % PERIOD

    incident = {v: [i for i, (a, b) in enumerate(classes) if v in (a, folded(b))] for v in vertices}
    found = []

    def extend(position, chosen, degree, decided):
        if position == len(vertices):
            found.append(list(chosen))
            return
        v = vertices[position]
        need = 2 - degree[v]
        options = [i for i in incident[v] if i not in decided]
        for pick in itertools.combinations(options, need):
            ends = [folded(classes[i][1]) if classes[i][0] == v else classes[i][0] for i in pick]
            if any(degree[e] + ends.count(e) > 2 for e in ends):
                continue
            for e in ends:
                degree[e] += 1
            degree[v] = 2
            extend(position + 1, chosen + list(pick), degree, decided | set(options))
            for e in ends:
                degree[e] -= 1
            degree[v] = 2 - need

    extend(0, [], {v: 0 for v in vertices}, frozenset())
    patterns = []
    for chosen in found:
        edges = [classes[i] for i in chosen]
        if _winds(edges):
            patterns.append(edges)
    patterns.sort(key=lambda edges: sum(b[1] >= PERIOD for _, b in edges))
    return patterns


def _winds(edges) -> bool:
    """Whether every cycle of the folded pattern winds round the strip (no finite cycle)."""
    ends: dict = {}
    for i, (a, b) in enumerate(edges):
        ends.setdefault(a, []).append((i, (b[0], b[1] % PERIOD), b[1] // PERIOD))
        ends.setdefault((b[0], b[1] % PERIOD), []).append((i, a, -(b[1] // PERIOD)))
    used = set()
    for i in range(len(edges)):
        if i in used:
            continue
        here, winding, edge = edges[i][0], 0, i
        while edge not in used:
            used.add(edge)
            _, here, shift = next(s for s in ends[here] if s[0] == edge)
            winding += shift
            edge = next((s[0] for s in ends[here] if s[0] not in used), edge)
        if winding == 0:
            return False
    return True


def pattern_edges(pattern, x: int, width: int):
    """The pattern's edges touching the section [x, x + 4) of a board width wide."""
    out = set()
    for a, b in pattern:
        for m in (-1, 0, 1):
            e = ((a[0], a[1] + x + PERIOD * m), (b[0], b[1] + x + PERIOD * m))
            cols = (e[0][1], e[1][1])
            if any(x <= col < x + PERIOD for col in cols) and all(0 <= col < width for col in cols):
                out.add(e)
    return out


# --- searching a base ----------------------------------------------------------------


def covered(h: int, start):
    """Whether a square is one the path from start covers: every square when three wide; on
    a board four wide the start's half (see _strips): outer squares of one colour, inner
    squares of the other."""
    if h == 3:
        return lambda r, c: True
    r0, c0 = start
    return lambda r, c: ((r in (0, 3)) == (r0 in (0, 3))) == ((r + c) % 2 == (r0 + c0) % 2)


def search_base(h, w, start, cuts, patterns, rng, tried, end=None, attempts=3, budget=20_000):
    """A Hamiltonian path of the squares covered() on h×w from start (row, col), using exactly
    the patterns' edges on the sections (and ending on end, when given: a pendant vertex
    hung on it must end the path)."""
    inside = covered(h, start)
    forced = set()
    section_cells = set()
    for x, pattern in zip(cuts, patterns):
        forced |= {e for e in pattern_edges(pattern, x, w) if inside(*e[0])}
        section_cells |= {(r, c) for r in range(h) for c in range(x, x + PERIOD) if inside(r, c)}
    if frozenset(forced) in tried:  # the same edges on the start's half as a pattern tried before
        return
    tried.add(frozenset(forced))
    fixed = [(r, c) for r in range(h) for c in range(w) if (r, c) not in section_cells and inside(r, c)]
    adjacency: dict = {}
    for a, b in forced:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    if any(len(adjacency.get(cell, ())) != 2 for cell in section_cells):
        return
    if any(len(adjacency.get(cell, ())) > 2 for cell in fixed):
        return
    # Runs of section squares between two fixed squares.
    runs = []
    done = set()
    for cell in fixed:
        for first in adjacency.get(cell, ()):
            if first not in section_cells or (cell, first) in done:
                continue
            run, previous, here = [], cell, first
            while here in section_cells:
                run.append(here)
                nxt = [c for c in adjacency[here] if c != previous]
                previous, here = here, nxt[0] if len(nxt) == 1 else adjacency[here][0]
            done.add((here, previous))
            runs.append((cell, run, here))
    if any(a == b for a, _, b in runs) or sum(len(run) for _, run, _ in runs) != len(section_cells):
        return
    number = {cell: i for i, cell in enumerate(fixed)}
    graph = [[] for _ in range(len(fixed) + len(runs))]
    for r, c in fixed:
        for dr, dc in MOVES:
            other = (r + dr, c + dc)
            if other in number:
                graph[number[r, c]].append(number[other])
    for i, (a, _, b) in enumerate(runs):
        v = len(fixed) + i
        graph[v] = [number[a], number[b]]
        graph[number[a]].append(v)
        graph[number[b]].append(v)
    if end is not None:
        graph.append([number[end]])
        graph[number[end]].append(len(graph) - 1)
    for _ in range(attempts):
        ties = [rng.random() for _ in graph]
        status, _, path = depth_first(graph, number[start], False, budget, ties)
        if status != FOUND:
            if status != 2:  # exhausted: a proof, no use trying again
                return
            continue
        if end is not None:
            path = path[:-1]  # the pendant
        if path[-1] >= len(fixed):
            continue
        cells = []
        for i, v in enumerate(path):
            if v < len(fixed):
                cells.append(fixed[v])
            else:
                a, run, b = runs[v - len(fixed)]
                cells.extend(run if fixed[path[i - 1]] == a else run[::-1])
        yield [r * w + c for r, c in cells]


# --- checking a base -----------------------------------------------------------------


def board_edges(base: _strips.Base, counts):
    """The edge set of the base with its sections repeated counts times, built square by square."""
    layout = _strips._Layout(base, counts)
    cells = [divmod(c, base.width) for c in base.cells]
    index = {cell: j for j, cell in enumerate(cells)}
    edges = set()
    for col in range(layout.length):
        _, _, shift = layout.locate(col)
        for row in range(base.height):
            j = index.get((row, col - shift))
            if j is None:
                continue
            for k in (j - 1, j + 1):
                if 0 <= k < len(cells):
                    r, c = cells[k]
                    edges.add(frozenset(((row, col), (r, c + shift))))
    return edges, layout.length


def is_path(edges, h, n, start) -> bool:
    """Whether edges are a Hamiltonian path from start of the squares covered() on h×n."""
    inside = covered(h, start)
    cells = {(r, c) for r in range(h) for c in range(n) if inside(r, c)}
    degree = dict.fromkeys(cells, 0)
    for e in edges:
        a, b = tuple(e)
        if a not in cells or b not in cells or {abs(a[0] - b[0]), abs(a[1] - b[1])} != {1, 2}:
            return False
        degree[a] += 1
        degree[b] += 1
    if len(edges) != len(cells) - 1 or degree[start] != 1 or any(d not in (1, 2) for d in degree.values()):
        return False
    find, _ = components(edges)
    return len({find(c) for c in cells}) == 1


def components(edges):
    """Union-find over the edges' squares: (find, parent), find(c) naming c's component."""
    parent: dict = {}

    def find(c):
        parent.setdefault(c, c)
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for e in edges:
        a, b = tuple(e)
        parent[find(a)] = find(b)
    return find, parent


def left_state(edges, cut):
    """What the board right of cut sees of the edges left of it (or crossing it)."""
    left = [tuple(e) for e in edges if min(c for _, c in e) < cut]
    find, parent = components(left)
    ports = sorted({cell for e in left for cell in e if cell[1] >= cut})
    roots = [find(p) for p in ports]
    detached = any(find(c) not in roots for c in list(parent))
    return detached, tuple((r, c - cut) for r, c in ports), tuple(roots.index(x) for x in roots)


def mirrored(edges, n):
    return {frozenset((r, n - 1 - c) for r, c in e) for e in edges}


def check(base: _strips.Base, limit: int = 12) -> bool:
    """Whether base gives one Hamiltonian path for every count of each section, and the
    runtime's run-by-run writer gives that path."""
    start_col = base.start[1]
    ones = tuple(1 for _ in base.cuts)
    bounds = []
    for i, x in enumerate(base.cuts):
        seen = []
        for k in range(limit):
            counts = ones[:i] + (k,) + ones[i + 1 :]
            edges, n = board_edges(base, counts)
            layout = _strips._Layout(base, counts)
            if x < start_col:
                state = left_state(edges, layout.starts[2 * i + 2])
            else:
                state = left_state(mirrored(edges, n), n - layout.starts[2 * i + 1])
            if state in seen:
                break
            seen.append(state)
        else:
            return False
        bounds.append(len(seen))
    for counts in itertools.product(*(range(k + 1) for k in bounds)):
        edges, n = board_edges(base, counts)
        layout = _strips._Layout(base, counts)
        start = base.start[0], start_col + layout.fixed_shift(start_col)
        if not is_path(edges, base.height, n, start):
            return False
        squares = _strips.build(_strips.Plan(base, counts, 1, n, 1))
        walked = {frozenset(divmod(s - 1, n) for s in pair) for pair in zip(squares, squares[1:])}
        if squares[0] != start[0] * n + start[1] + 1 or walked != edges:
            return False
    return True


# --- which bases -------------------------------------------------------------------


def layouts(spec_a, spec_b):
    """Board layouts for a start with spec_a columns to its left (("exact", a), or ("mod", a % 4)
    for a section there) and spec_b to its right: (width, start column, cuts), smallest first.
    A side with a section has at least 2 fixed columns beyond it and 2 between it and the start."""

    def sides(spec):
        kind, value = spec
        if kind == "exact":
            return [(value, None)]
        return [(fixed, gap) for fixed in range(value, 13, PERIOD) if fixed >= 4 for gap in range(2, fixed - 1)]

    options = []
    for fixed_a, gap_a in sides(spec_a):
        for fixed_b, gap_b in sides(spec_b):
            left = fixed_a + (PERIOD if gap_a is not None else 0)
            width = left + 1 + fixed_b + (PERIOD if gap_b is not None else 0)
            cuts = []
            if gap_a is not None:
                cuts.append(fixed_a - gap_a)
            if gap_b is not None:
                cuts.append(left + 1 + gap_b)
            options.append(((max(fixed_a, fixed_b), fixed_a + fixed_b), (width, left, tuple(cuts))))
    options.sort()
    return [option for _, option in options]


def find(h, row, spec_a, spec_b, patterns, rng, wins, end=None, tries=60):
    """A checked base for the kind of start given (ending on end, when given). wins counts,
    for each side ("a" left of the start, "b" right), the sections that served there
    before: they are tried first, pairs by the sum of their ranks."""
    ranked = {side: sorted(range(len(patterns)), key=lambda i: -wins[side][i]) for side in "ab"}
    for width, start_col, cuts in layouts(spec_a, spec_b):
        sides = ["a" if x < start_col else "b" for x in cuts]
        tried: set = set()
        for choice in sorted(itertools.product(range(len(patterns)), repeat=len(cuts)), key=lambda c: (sum(c), c)):
            picked = [ranked[side][i] for side, i in zip(sides, choice)]
            before = len(tried)
            chosen = [patterns[i] for i in picked]
            for cells in search_base(h, width, (row, start_col), cuts, chosen, rng, tried, end):
                base = _strips.Base(h, width, tuple(cells), cuts)
                if check(base):
                    for side, i in zip(sides, picked):
                        wins[side][i] += 1
                    return base
            if len(tried) > before and len(tried) >= tries:
                break
    raise AssertionError(f"no base for {h} wide, row {row}, {spec_a}, {spec_b}")


def kinds():
    """(height, row, a spec, b spec) for every kind of start the bases must cover: on 3×n, n
    odd, rows 0 and 1 with row + column even; on 4×n, rows 0 (a tour's start) and 1 (the
    start of its second half), any column."""
    for h in (3, 4):
        for row in (0, 1):
            residues = range(row % 2, PERIOD, 2) if h == 3 else range(PERIOD)
            for ra in residues:
                for rb in residues if h == 3 else range(PERIOD):
                    yield h, row, ("mod", ra), ("mod", rb)


def main(out="src/knight/construct/_strips_data.py"):
    rng = random.Random(1)
    patterns = {3: sections(3)[:60], 4: sections(4)[:400]}
    wins = {h: {"a": collections.Counter(), "b": collections.Counter()} for h in (3, 4)}
    for h, row in ((3, 0), (3, 1), (4, 0), (4, 1)):  # warm up: learn which sections serve each side
        for other in range(row % 2, PERIOD, 2 if h == 3 else 1):
            find(h, row, ("exact", row), ("mod", other), patterns[h], rng, wins[h])
            find(h, row, ("mod", other), ("exact", row), patterns[h], rng, wins[h])
    bases = []
    for h, row, spec_a, spec_b in kinds():
        base = find(h, row, spec_a, spec_b, patterns[h], rng, wins[h])
        bases.append(base)
        print(h, row, spec_a, spec_b, base.width, base.cuts, file=sys.stderr, flush=True)
        # Starts nearer the left side than this base reaches get a base each.
        for a in range(spec_a[1], base.start[1] - PERIOD, PERIOD):
            bases.append(find(h, row, ("exact", a), spec_b, patterns[h], rng, wins[h]))
            print(h, row, ("exact", a), spec_b, bases[-1].width, bases[-1].cuts, file=sys.stderr, flush=True)
    # Closed tours of 3×n, n even: a path from the corner to (2, 1), which every closed tour
    # links to the corner (the corner has no other moves), fixed left of the section.
    closed = []
    for n_mod_4 in (2, 0):
        spec_b = ("mod", (n_mod_4 - 1) % PERIOD)
        closed.append(find(3, 0, ("exact", 0), spec_b, sections(3), rng, wins[3], (2, 1), tries=800))
        print("closed", closed[-1].width, closed[-1].cuts, file=sys.stderr, flush=True)
    lines = ['"""Base paths for _strips: generated by scripts/gen_strips.py, do not edit."""']
    for name, found, what in (
        ("OPEN", bases, "from its start"),
        ("CLOSED", closed, "from the corner to (2, 1), a move from it"),
    ):
        lines += ["", f"#: (height, width, path as row * width + col {what}, cuts of the repeatable sections)"]
        lines.append(f"{name} = [")
        for base in found:
            lines.append(f"    ({base.height}, {base.width}, {list(base.cells)!r}, {base.cuts!r}),")
        lines.append("]")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
