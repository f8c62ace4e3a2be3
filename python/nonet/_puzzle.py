"""Puzzles in and out: the objects a puzzle may be, and results given back
as the same kind of object the puzzle came in as."""
import json
import sys
from typing import Any, Optional, Tuple

from . import _nonet
from ._variant import Variant, classic_rules, symbols

_TEXT = bytes.maketrans(bytes(range(10)), b".123456789")


def cells(puzzle):
    """The 81 raw cells (bytes, 0 for empty) of any puzzle object."""
    return _nonet.cells(puzzle)


def to_str(raw):
    """81 raw cells as an 81-character string, '.' for empty."""
    return raw.translate(_TEXT).decode("ascii")


def resolve(puzzle) -> Tuple[Optional[Variant], Any]:
    """Which engine takes `puzzle`: (variant, classic). `variant` is the
    Variant of a Variant object, of variant text (a `size=...` record, a
    JSON object with "size") or of a dict, else None; `classic` is what the
    classic functions take (81 raw cells, or the object itself: lists and
    arrays) when the rules are the plain 9x9 ones, else None."""
    if puzzle is None:
        raise TypeError("a puzzle is text, 81 cells or 9 rows of 9, not None")
    if isinstance(puzzle, dict):
        puzzle = json.dumps(puzzle)
    if isinstance(puzzle, Variant):
        v = puzzle
    elif isinstance(puzzle, (str, bytes)):
        got = _nonet.resolve(puzzle)
        if isinstance(got, bytes):
            return None, got
        v = Variant._of(*got)
    else:
        return None, puzzle
    return v, (v._cells if v.is_classic else None)


def like_variant(template, v: Variant, raw):
    """N*N raw cells of a variant puzzle `v` as the kind of object
    `template` is: a Variant gives a Variant (the same rules), a dict the
    JSON object (as a dict), text a string of N*N symbols (1-9, A-P)."""
    if isinstance(template, Variant):
        return Variant._of(v._rules, raw)
    if isinstance(template, dict):
        return json.loads(Variant._of(v._rules, raw).to_json())
    return symbols(raw)


def like(template, raw):
    """81 raw cells as the kind of object `template` is: text gives an
    81-character string, a numpy array an array of its shape and dtype, 9
    rows of 9 give 9 lists of 9, other sequences a list of 81 ints; a
    Variant or a dict (with the plain 9x9 rules) as like_variant."""
    if isinstance(template, (str, bytes)):
        return to_str(raw)
    if isinstance(template, (Variant, dict)):
        rules = (template if isinstance(template, Variant)
                 else Variant._of(classic_rules(), raw))
        return like_variant(template, rules, raw)
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


def cell_array(a, n: int):
    """An integer array of N x N puzzles, shape (k, N*N) or (k, N, N), cells
    0..N, as a C-contiguous uint8 array (k, N*N)."""
    np = numpy()
    if a.ndim == 3 and a.shape[1:] == (n, n):
        a = a.reshape(a.shape[0], n * n)
    if a.ndim != 2 or a.shape[1] != n * n:
        raise ValueError("puzzles must be an array of shape (n, %d) or "
                         "(n, %d, %d), not %s" % (n * n, n, n, a.shape))
    if a.dtype != np.uint8:
        if a.dtype.kind not in "iu":
            raise TypeError("puzzle cells must be integers 0..%d, not %s"
                            % (n, a.dtype))
        bad = (a < 0) | (a > n)
        if bad.any():
            row, cell = np.argwhere(bad)[0]
            raise _nonet.ParseError(
                "puzzle %d: cell r%dc%d is %d: cells are 0 (empty) to %d"
                % (row, cell // n + 1, cell % n + 1, a[row, cell], n))
        a = a.astype(np.uint8)
    return np.ascontiguousarray(a)


def _not_one(puzzles):
    """TypeError for a batch call given one puzzle (text, a Variant, a
    dict) or an unordered set instead of a sequence of puzzles."""
    if isinstance(puzzles, (str, bytes, bytearray, dict, Variant, set,
                            frozenset)):
        raise TypeError(
            "puzzles must be an array or a sequence of puzzles, not a %s "
            "(one puzzle: a list of one, [p])" % type(puzzles).__name__)


def batch_item(p, i: int, call: str) -> bytes:
    """The 81 raw cells of puzzle `i` of a batch of classic puzzles, from
    any puzzle object (text, a dict, a Variant: plain 9x9 rules written as
    a variant are a classic puzzle, as in the command); ParseError
    ("puzzle 3: ...") for one that is not, naming `call` for a variant."""
    try:
        if isinstance(p, (Variant, dict, str, bytes)):
            v, classic = resolve(p)
            if classic is None:
                assert v is not None
                raise _nonet.ParseError(
                    "a %dx%d variant puzzle: %s takes classic 9x9 puzzles "
                    "(loop over Variant objects instead)"
                    % (v.size, v.size, call))
            p = classic
        return _nonet.cells(p)
    except _nonet.ParseError as e:
        raise _nonet.ParseError("puzzle %d: %s" % (i, e)) from None


def as_array(puzzles, call: str = "this call"):
    """Puzzles as a C-contiguous uint8 array of shape (n, 81): from an
    integer array of shape (n, 81) or (n, 9, 9), or from a sequence of
    puzzle objects (strings in any input format, dicts, lists, arrays,
    Variant objects with the plain 9x9 rules)."""
    np = numpy()
    if isinstance(puzzles, np.ndarray):
        return cell_array(puzzles, 9)
    _not_one(puzzles)
    raw = [batch_item(p, i, call) for i, p in enumerate(puzzles)]
    return np.frombuffer(b"".join(raw), np.uint8).reshape(len(raw), 81)
