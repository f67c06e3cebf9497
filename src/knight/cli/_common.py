"""What the knight command's subcommands share: argument parsing and writing tours."""

from __future__ import annotations

import argparse
import re
import sys

from .. import _text
from .._board import square_name
from .._errors import InvalidInputError

FORMATS = ("grid", "boxed", "line", "coords", "algebraic", "matrix", "svg")


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InvalidInputError(message)


def parse_size_text(text: str) -> int | tuple[int, int]:
    """"8" -> 8, "5x6" (or "5×6") -> (5, 6)."""
    match = re.fullmatch(r"\s*([0-9]+)\s*(?:[x×X,]\s*([0-9]+))?\s*", text)
    if match is None:
        raise InvalidInputError(f"size {text!r} must be N or RxC, such as 8 or 5x6")
    rows = int(match.group(1))
    return rows if match.group(2) is None else (rows, int(match.group(2)))


def parse_start_text(text: str) -> int | str | tuple[int, int]:
    """"12" -> square 12, "3,4" -> (row 3, col 4), anything else an algebraic name."""
    text = text.strip()
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    match = re.fullmatch(r"\(?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)?", text)
    if match:
        return int(match.group(1)), int(match.group(2))
    return text


def parse_moves_text(text: str) -> tuple[int, int]:
    """"1,2" -> (1, 2): the leaper's two step lengths."""
    match = re.fullmatch(r"\s*([0-9]+)\s*[,x×]\s*([0-9]+)\s*", text)
    if match is None:
        raise InvalidInputError(f"moves {text!r} must be A,B, such as 1,2 for the knight")
    return int(match.group(1)), int(match.group(2))


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """The --size and --closed options every subcommand shares."""
    parser.add_argument("--size", default="8", help="board size: N for N×N or RxC (default 8)")
    parser.add_argument("--closed", action="store_true", help="the last square must be a knight's move from the first")


def write_tour(found, fmt: str, *, flush: bool = False) -> None:
    """Print one tour in the named format, a piece at a time (bounded memory for huge tours)."""
    write = sys.stdout.write
    for piece in _pieces(found, fmt):
        write(piece)
    write("\n")
    if flush:
        sys.stdout.flush()


def _pieces(found, fmt: str):
    """The text of a tour in the named format, in pieces, without the final newline."""
    squares, rows, cols = found._squares, found.rows, found.cols
    if fmt == "line":
        yield from _text.iter_line(squares)
    elif fmt in ("grid", "boxed"):
        for index, text in enumerate(_text.iter_grid(squares, rows, cols, boxed=fmt == "boxed")):
            yield text if index == 0 else "\n" + text
    elif fmt == "matrix":
        for row, text in enumerate(_text.iter_matrix_lines(squares, rows, cols)):
            yield text if row == 0 else "\n" + text
    elif fmt == "svg":
        from ..svg import render

        yield render(found).rstrip("\n")
    else:
        for begin in range(0, len(squares), _text.CHUNK):
            chunk = squares[begin : begin + _text.CHUNK]
            if fmt == "coords":
                text = "\n".join(f"{(square - 1) // cols} {(square - 1) % cols}" for square in chunk)
            else:
                text = " ".join(square_name(square, rows, cols) for square in chunk)
            yield text if begin == 0 else ("\n" if fmt == "coords" else " ") + text
