"""Pure-Python twin of _scan.pyx: the same steps, for interpreters without the compiled core."""

from __future__ import annotations

NEED_INPUT, OUT_FULL, ASK = 0, 1, 2

_STARTS = 64
_SPACE = b" \t\n\v\f\r"


def scan(
    data: bytes, pos: int, answers: tuple[bytes, ...], out: bytearray, filled: int, max_line: int
) -> tuple[int, int, int, int]:
    """Answer the complete lines of data from pos that are blank or a start (see _scan.pyx)."""
    if len(answers) != _STARTS:
        raise ValueError(f"answers must hold {_STARTS} lines, not {len(answers)}")
    lines = 0
    while pos < len(data):
        newline = data.find(b"\n", pos)
        if newline < 0:
            return pos, filled, lines, NEED_INPUT
        if newline - pos >= max_line:
            return pos, filled, lines, ASK
        text = data[pos:newline].strip(_SPACE)
        if text:
            digits = text[1:] if text[:1] == b"+" else text
            if not digits.isdigit() or not 1 <= int(digits) <= _STARTS:
                return pos, filled, lines, ASK
            answer = answers[int(digits) - 1]
            if filled + len(answer) > len(out):
                return pos, filled, lines, OUT_FULL
            out[filled : filled + len(answer)] = answer
            filled += len(answer)
        lines += 1
        pos = newline + 1
    return pos, filled, lines, NEED_INPUT
