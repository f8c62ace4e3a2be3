"""Whole arrays of puzzles on threads, with the GIL released: solve_many,
rate_many, isomorphs."""
from typing import Optional, Tuple

from . import _nonet
from ._puzzle import _not_one, as_array, cell_array, numpy, resolve
from ._solve import _integer, _limit, _seconds, _threads
from ._variant import Variant, classic_rules

#: The largest seed, as the command's --seed.
MAX_SEED = 2 ** 64 - 1


def solve_many(puzzles, *, limit: int = 2, threads: Optional[int] = None,
               rules: Optional[Variant] = None,
               timeout: Optional[float] = None) -> Tuple["object", "object"]:
    """Solves every puzzle of a uint8 array of shape (n, 81) (or (n, 9, 9),
    or any sequence of puzzles) on `threads` threads (None or 0: every
    processor; at most 256), the GIL released.

    Returns (solutions, counts): solutions a uint8 array (n, 81) holding
    the first solution found of each puzzle (zeros when it has none),
    counts an int64 array (n,) of solutions found up to `limit` (the
    default 2: 1 means unique, 2 several, 0 none, which includes givens
    that break a rule). Ctrl-C stops it.

    Variant puzzles, all N x N: a sequence of nonet.Variant objects,
    variant text or dicts (their JSON objects), each with its own rules
    (killers: their own cages), gives solutions of shape (n, N*N); or,
    when every puzzle keeps the same rules, `rules` (a nonet.Variant:
    size, boxes or jigsaw regions, extra regions, relations, cages; its
    own cells are not used) and the puzzles as an
    integer array of shape (n, N*N) or (n, N, N), cells 0 (empty) to N,
    or a sequence of N*N cells each: the solutions then come in the
    puzzles' shape. `timeout` (seconds) bounds each puzzle's search: one
    that runs out gets count -1 and zeros (a classic count to a large
    `limit` on a nearly empty grid, a hard 25x25)."""
    np = numpy()
    seconds = 0.0 if timeout is None else _seconds(timeout)
    limit = _limit(limit)
    threads = _threads(threads)
    if rules is None and not isinstance(puzzles, np.ndarray):
        _not_one(puzzles)
        variants, puzzles = _as_variants(list(puzzles))
        if variants is not None:
            return _each_own_rules(variants, limit, threads, seconds)
    if rules is None:
        a = as_array(puzzles, "solve_many")
        solutions = np.empty_like(a)
        counts = np.empty(len(a), np.int64)
        _nonet.solve_many(a, solutions, counts, limit, threads, seconds)
        return solutions, counts
    if not isinstance(rules, Variant):
        raise TypeError("rules must be a nonet.Variant, not %s"
                        % type(rules).__name__)
    a, shape = as_variant_array(puzzles, rules)
    solutions = np.empty_like(a)
    counts = np.empty(len(a), np.int64)
    _nonet.vsolve_many(rules._rules, a, solutions, counts, limit, threads,
                       seconds)
    return solutions.reshape(shape), counts


def _as_variants(puzzles):
    """The puzzles as Variant objects when some are variants (Variant
    objects, or variant text or dicts that are not the plain 9x9 rules),
    classic text among them getting the plain 9x9 rules: (variants, None).
    When all are classic puzzles (for the classic engine): (None, the
    puzzles with text and dicts read)."""
    found = []
    variant = False
    for i, p in enumerate(puzzles):
        v = classic = None
        if isinstance(p, (Variant, dict, str, bytes)):
            try:
                v, classic = resolve(p)
            except _nonet.ParseError as e:
                raise _nonet.ParseError("puzzle %d: %s" % (i, e)) from None
            variant = variant or v is not None and (
                isinstance(p, Variant) or not v.is_classic)
        found.append((p, v, classic))
    if not variant:
        return None, [p if c is None else c for p, _, c in found]
    out = []
    for i, (p, v, classic) in enumerate(found):
        if v is None and classic is not None:
            v = Variant._of(classic_rules(), classic)
        if v is None:
            raise TypeError("puzzle %d: a %s among variant puzzles (give "
                            "Variant objects, variant text or dicts)"
                            % (i, type(p).__name__))
        out.append(v)
    return out, None


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
                       limit, threads, seconds, n)
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
    """Rates every classic puzzle on Sudoku Explainer's scale (as
    nonet.rate) on `threads` threads, the GIL released; plain 9x9 rules
    written as a variant are a classic puzzle, other variants a
    ParseError. Returns a numpy structured array
    (n,) with fields er, ep, ed (float64) and level (int8, an index into
    nonet.LEVELS); a puzzle without exactly one solution gets NaN and level
    -1 (nonet.check tells why). Ctrl-C stops it."""
    np = numpy()
    threads = _threads(threads)
    a = as_array(puzzles, "rate_many")
    n = len(a)
    er, ep, ed = np.empty(n), np.empty(n), np.empty(n)
    level = np.empty(n, np.int8)
    _nonet.rate_many(a, er, ep, ed, level, threads)
    out = np.empty(n, RATING_DTYPE)
    out["er"], out["ep"], out["ed"], out["level"] = er, ep, ed, level
    return out


def isomorphs(puzzles, seed: int = 0):
    """A random isomorph of each puzzle (digits relabelled, bands, stacks,
    rows in bands and columns in stacks permuted, possibly transposed):
    the same number of solutions and the same difficulty. Row i depends on
    (seed, i) only (seed: 0 to 2**64 - 1, as generate's). Returns a uint8
    array (n, 81)."""
    np = numpy()
    seed = _integer(seed, "seed")
    if not 0 <= seed <= MAX_SEED:
        raise _nonet.OptionError("seed needs a whole number from 0 to %d, "
                                 "not %d" % (MAX_SEED, seed))
    a = as_array(puzzles, "isomorphs")
    out = np.empty_like(a)
    _nonet.isomorphs(a, out, seed)
    return out
