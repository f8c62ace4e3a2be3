"""Whole arrays of puzzles on threads, with the GIL released: solve_many,
rate_many, isomorphs."""
from typing import Optional, Tuple

from . import _nonet
from ._puzzle import as_array, cell_array, numpy
from ._solve import _seconds
from ._variant import Variant


def solve_many(puzzles, *, limit: int = 2, threads: Optional[int] = None,
               rules: Optional[Variant] = None,
               timeout: Optional[float] = None) -> Tuple["object", "object"]:
    """Solves every puzzle of a uint8 array of shape (n, 81) (or (n, 9, 9),
    or any sequence of puzzles) on `threads` threads (None: every
    processor), the GIL released.

    Returns (solutions, counts): solutions a uint8 array (n, 81) holding
    the first solution found of each puzzle (zeros when it has none),
    counts an int64 array (n,) of solutions found up to `limit` (the
    default 2: 1 means unique, 2 several, 0 none, which includes givens
    that break a rule). Ctrl-C stops it.

    Variant puzzles, all N x N: a list or tuple of nonet.Variant objects,
    each with its own rules (killers: their own cages), gives solutions
    of shape (n, N*N); or, when every puzzle keeps the same rules, `rules`
    (a nonet.Variant: size, boxes or jigsaw regions, extra regions,
    relations, cages; its own cells are not used) and the puzzles as an
    integer array of shape (n, N*N) or (n, N, N), cells 0 (empty) to N,
    or a sequence of N*N cells each: the solutions then come in the
    puzzles' shape. `timeout` (seconds, variants only) bounds each
    puzzle's search: one that runs out gets count -1 and zeros."""
    np = numpy()
    seconds = 0.0 if timeout is None else _seconds(timeout)
    if rules is None and isinstance(puzzles, (list, tuple)) and puzzles \
            and isinstance(puzzles[0], Variant):
        return _each_own_rules(puzzles, limit, threads, seconds)
    if rules is None:
        if timeout is not None:
            raise ValueError("timeout works on variant puzzles (a classic "
                             "9x9 takes milliseconds at most)")
        a = as_array(puzzles)
        solutions = np.empty_like(a)
        counts = np.empty(len(a), np.int64)
        _nonet.solve_many(a, solutions, counts, limit, 0 if threads is None
                          else threads)
        return solutions, counts
    if not isinstance(rules, Variant):
        raise TypeError("rules must be a nonet.Variant, not %s"
                        % type(rules).__name__)
    a, shape = as_variant_array(puzzles, rules)
    solutions = np.empty_like(a)
    counts = np.empty(len(a), np.int64)
    _nonet.vsolve_many(rules._rules, a, solutions, counts, limit,
                       0 if threads is None else threads, seconds)
    return solutions.reshape(shape), counts


def _each_own_rules(puzzles, limit, threads, seconds):
    """solve_many of Variant objects, each under its own rules."""
    np = numpy()
    n = puzzles[0].size
    for i, p in enumerate(puzzles):
        if not isinstance(p, Variant):
            raise TypeError("puzzle %d: a %s among Variant objects"
                            % (i, type(p).__name__))
        if p.size != n:
            raise ValueError("puzzle %d: a %dx%d grid among %dx%d (one size "
                             "a call)" % (i, p.size, p.size, n, n))
    a = np.frombuffer(b"".join(p._cells for p in puzzles),
                      np.uint8).reshape(len(puzzles), n * n)
    solutions = np.empty_like(a)
    counts = np.empty(len(a), np.int64)
    _nonet.vsolve_many([p._rules for p in puzzles], a, solutions, counts,
                       limit, 0 if threads is None else threads, seconds, n)
    return solutions, counts


def as_variant_array(puzzles, rules: Variant):
    """Puzzles under `rules` (N x N) as a C-contiguous uint8 array (n, N*N)
    and the shape to give the solutions: from an integer array (n, N*N)
    or (n, N, N), or a sequence of puzzles of N*N cells (Variant objects,
    which must have these rules, or what Variant.with_cells takes)."""
    np = numpy()
    n = rules.size
    if isinstance(puzzles, np.ndarray):
        return cell_array(puzzles, n), puzzles.shape
    raw = []
    for i, p in enumerate(puzzles):
        try:
            v = rules.with_cells(p._cells if isinstance(p, Variant) else p)
        except _nonet.ParseError as e:
            raise _nonet.ParseError("puzzle %d: %s" % (i, e)) from None
        if isinstance(p, Variant) and v != p.with_cells(p._cells):
            raise ValueError("puzzle %d: its rules are not those of rules= "
                             "(a list of Variant objects alone solves each "
                             "under its own)" % i)
        raw.append(v._cells)
    a = np.frombuffer(b"".join(raw), np.uint8).reshape(len(raw), n * n)
    return a, a.shape


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
