"""Whole arrays of puzzles on threads, with the GIL released: solve_many,
rate_many, isomorphs."""
from typing import Optional, Tuple

from . import _nonet
from ._puzzle import as_array, numpy


def solve_many(puzzles, *, limit: int = 2,
               threads: Optional[int] = None) -> Tuple["object", "object"]:
    """Solves every puzzle of a uint8 array of shape (n, 81) (or (n, 9, 9),
    or any sequence of puzzles) on `threads` threads (None: every
    processor), the GIL released.

    Returns (solutions, counts): solutions a uint8 array (n, 81) holding
    the first solution found of each puzzle (zeros when it has none),
    counts an int64 array (n,) of solutions found up to `limit` (the
    default 2: 1 means unique, 2 several, 0 none, which includes givens
    that break a rule). Ctrl-C stops it."""
    np = numpy()
    a = as_array(puzzles)
    solutions = np.empty_like(a)
    counts = np.empty(len(a), np.int64)
    _nonet.solve_many(a, solutions, counts, limit, 0 if threads is None
                      else threads)
    return solutions, counts


#: The fields of rate_many's result.
RATING_DTYPE = [("er", "f8"), ("ep", "f8"), ("ed", "f8"), ("level", "i1")]


def rate_many(puzzles, *, threads: Optional[int] = None):
    """Rates every puzzle on Sudoku Explainer's scale (as nonet.rate) on
    `threads` threads, the GIL released. Returns a numpy structured array
    (n,) with fields er, ep, ed (float64) and level (int8, an index into
    nonet.LEVELS); a puzzle without exactly one solution gets NaN and level
    -1 (nonet.check tells why). Ctrl-C stops it."""
    np = numpy()
    a = as_array(puzzles)
    n = len(a)
    er, ep, ed = np.empty(n), np.empty(n), np.empty(n)
    level = np.empty(n, np.int8)
    _nonet.rate_many(a, er, ep, ed, level, 0 if threads is None else threads)
    out = np.empty(n, RATING_DTYPE)
    out["er"], out["ep"], out["ed"], out["level"] = er, ep, ed, level
    return out


def isomorphs(puzzles, seed: int = 0):
    """A random isomorph of each puzzle (digits relabelled, bands, stacks,
    rows in bands and columns in stacks permuted, possibly transposed):
    the same number of solutions and the same difficulty. Row i depends on
    (seed, i) only. Returns a uint8 array (n, 81)."""
    np = numpy()
    a = as_array(puzzles)
    out = np.empty_like(a)
    _nonet.isomorphs(a, out, seed)
    return out
