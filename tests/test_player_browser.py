"""The player (knight.draw.html) in a real browser: headless Chromium presses play, and the board advances.

Needs Debian's chromium as tests/test_svg_browser.py does (same fixture: skipped without a browser, failed
under CI). The page is the player as knight writes it, with one line added at its end that clicks the play
button, as a user would; Chromium runs it for a few seconds of virtual time, then gives its DOM and a
screenshot.
"""

import re
import subprocess

import pytest

import knight
import knight.draw

from test_svg_browser import browser, near, read_png  # noqa: F401  (browser: the fixture)

PRESS_PLAY = '<script>document.querySelector(".knight-player .play").click();</script></body>'


def run(browser, tmp_path, page, *flags):  # noqa: F811  (browser is the fixture's value)
    """Chromium on the page with the play button pressed; its stdout."""
    path = tmp_path / "player.html"
    path.write_text(page.replace("</body>", PRESS_PLAY), encoding="utf-8")
    command = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--virtual-time-budget=3000",
        "--window-size=440,560",
        *flags,
        path.as_uri(),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=90)
    assert result.returncode == 0, f"{browser} failed (exit {result.returncode}): {result.stderr[-2000:]}"
    return result.stdout


@pytest.mark.once  # the page is the same on both cores (tests/test_trace.py compares their events)
def test_pressing_play_advances_the_board(browser, tmp_path):  # noqa: F811
    events = knight.trace((5, 6), "d4")  # backtracks, restarts twice: 2,184 steps
    target = tmp_path / "page.html"
    knight.draw.write_html(events, target, size=400)
    shot = tmp_path / "shot.png"
    dom = run(browser, tmp_path, target.read_text(encoding="utf-8"), "--dump-dom", f"--screenshot={shot}")
    root = re.search(r'class="knight-player" data-step="(\d+)" data-move="(\d+)"', dom)
    counter = re.search(r'class="counter">step (\d+) / 2184 · move (\d+)', dom)
    assert root and counter, dom[:2000]
    step, move = int(root.group(1)), int(root.group(2))
    assert step > 0 and move > 0 and (step, move) == (int(counter.group(1)), int(counter.group(2)))
    assert "pause" in dom  # still playing

    width, height, rows = read_png(shot.read_bytes())
    assert (width, height) == (440, 560)
    colours = {pixel for row in rows[::7] for pixel in row[::7]}
    assert len(colours) > 20, "a blank screenshot"
    board = [row[8:408] for row in rows[40:440]]  # below the title line: both square colours show
    assert any(near(p, knight.svg.COLORS["dark"]) for row in board for p in row)
    assert any(near(p, knight.svg.COLORS["light"]) for row in board for p in row)
