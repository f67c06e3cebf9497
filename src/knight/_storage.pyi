from array import array

class SquareBuffer:
    _squares: array
    def __buffer__(self, flags: int) -> memoryview: ...
