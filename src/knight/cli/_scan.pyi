NEED_INPUT: int
OUT_FULL: int
ASK: int

def scan(
    data: bytes, pos: int, answers: tuple[bytes, ...], out: bytearray, filled: int, max_line: int
) -> tuple[int, int, int, int]: ...
