"""Puzzles in and out: the objects a puzzle may be, and results given back
as the same kind of object the puzzle came in as."""
import sys

from . import _nonet

_TEXT = bytes.maketrans(bytes(range(10)), b".123456789")


def cells(puzzle):
    """The 81 raw cells (bytes, 0 for empty) of any puzzle object."""
    return _nonet.cells(puzzle)


def to_str(raw):
    """81 raw cells as an 81-character string, '.' for empty."""
    return raw.translate(_TEXT).decode("ascii")


def like(template, raw):
    """81 raw cells as the kind of object `template` is: text gives an
    81-character string, a numpy array an array of its shape and dtype, 9
    rows of 9 give 9 lists of 9, other sequences a list of 81 ints."""
    if isinstance(template, (str, bytes)):
        return to_str(raw)
    np = sys.modules.get("numpy")
    if np is not None and isinstance(template, np.ndarray):
        a = np.frombuffer(raw, np.uint8).reshape(template.shape)
        return a.astype(template.dtype)
    if len(template) == 9:
        return [list(raw[r * 9:r * 9 + 9]) for r in range(9)]
    return list(raw)


def numpy():
    """numpy, imported when a batch call first needs it."""
    try:
        import numpy as np
    except ImportError as e:  # pragma: no cover - Debian: python3-numpy
        raise ImportError("nonet's batch calls need numpy (Debian: "
                          "python3-numpy)") from e
    return np


def as_array(puzzles):
    """Puzzles as a C-contiguous uint8 array of shape (n, 81): from an
    integer array of shape (n, 81) or (n, 9, 9), or from a sequence of
    puzzle objects (strings in any input format, lists, arrays)."""
    np = numpy()
    if isinstance(puzzles, np.ndarray):
        a = puzzles
        if a.ndim == 3 and a.shape[1:] == (9, 9):
            a = a.reshape(a.shape[0], 81)
        if a.ndim != 2 or a.shape[1] != 81:
            raise ValueError("puzzles must be an array of shape (n, 81) or "
                             "(n, 9, 9), not %s" % (a.shape,))
        if a.dtype != np.uint8:
            if a.dtype.kind not in "iu":
                raise TypeError("puzzle cells must be integers 0..9, not %s"
                                % a.dtype)
            bad = (a < 0) | (a > 9)
            if bad.any():
                row, cell = np.argwhere(bad)[0]
                raise _nonet.ParseError(
                    "puzzle %d: cell r%dc%d is %d: cells are 0 (empty) to 9"
                    % (row, cell // 9 + 1, cell % 9 + 1, a[row, cell]))
            a = a.astype(np.uint8)
        return np.ascontiguousarray(a)
    raw = []
    for i, p in enumerate(puzzles):
        try:
            raw.append(_nonet.cells(p))
        except _nonet.ParseError as e:
            raise _nonet.ParseError("puzzle %d: %s" % (i, e)) from None
    return np.frombuffer(b"".join(raw), np.uint8).reshape(len(raw), 81)
