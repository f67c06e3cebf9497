"""The judge's block scanner, on both implementations: every line answered as the seed says,
across block boundaries and a full output block; each answer checked by the validator."""

import io

import pytest

from knight.cli import _judge

from validator import assert_tour

TRICKY = ["7", " 12 ", "+3", "0005", "\t64\r", "", "  ", "\x0c", "65", "0", "-0", "+", "-", "1e1", "٣", "x", "63"]


def judge(text: str) -> tuple[list[str], list[str], int]:
    sink, errors = io.StringIO(), io.StringIO()
    bad = _judge.run(io.StringIO(text), sink, errors)
    return sink.getvalue().splitlines(), errors.getvalue().splitlines(), bad


def expected(lines: list[str]) -> tuple[list[str], list[str], int]:
    """What the judge must print for lines (none of them -1), by the seed's rules, line by line."""
    out, messages = [], []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        if text.lstrip("+").isascii() and text.lstrip("+").isdigit() and 1 <= int(text) <= 64:
            out.append(_judge.answer(int(text)))
        else:
            out.append("-1")
            messages.append(f"knight judge: line {number}: {text!r} is not a start from 1 to 64")
    return out, messages, len(messages)


@pytest.mark.parametrize("block, out_block", [(1 << 16, 1 << 20), (5, 200)])
def test_every_kind_of_line_across_blocks(judge_scan, monkeypatch, block, out_block):
    monkeypatch.setattr(_judge, "BLOCK", block)
    monkeypatch.setattr(_judge, "OUT_BLOCK", out_block)  # smaller than one answer: written as they come
    lines = TRICKY * 3 + [str(start) for start in range(1, 65)]
    got = judge("".join(line + "\n" for line in lines) + "-1\n5\n")
    assert got == expected(lines)
    for line in got[0]:
        if line != "-1":
            assert_tour([int(word) for word in line.split(" ")], 8, 8)


def test_last_line_without_newline_and_long_lines(judge_scan, monkeypatch):
    monkeypatch.setattr(_judge, "BLOCK", 100)
    long = "1" + " " * (_judge.MAX_LINE - 1)  # MAX_LINE bytes: too long, though a start
    out, messages, bad = judge(f"2\n{long}\n{'9' * 3000}\n3")
    assert out == [_judge.answer(2), "-1", "-1", _judge.answer(3)] and bad == 2
    assert messages[0] == "knight judge: line 2: '1' is not a start from 1 to 64" and messages[1].startswith(
        "knight judge: line 3: '999"
    )


def test_a_line_past_max_skip_stops_the_reading(judge_scan, monkeypatch):
    monkeypatch.setattr(_judge, "BLOCK", 100)  # the long line is read a block at a time, never whole
    monkeypatch.setattr(_judge, "MAX_SKIP", 5000)
    out, messages, bad = judge("4\n" + "x" * 6000 + "\n5\n")
    assert out == [_judge.answer(4), "-1"] and bad == 1
    assert messages[-1] == "knight judge: line 2 is longer than 5,000 bytes: stopped reading"
