"""One puzzle at a time: solve, count, check, candidates, for classic and
variant puzzles alike."""
from typing import List, Optional, Set, Union, cast

from . import _nonet
from ._puzzle import like, like_variant, resolve
from ._results import Verdict, VariantVerdict
from ._variant import classic_rules


def _seconds(timeout: Optional[float]) -> float:
    """A timeout argument for the engine: None is 0.0 (no limit)."""
    if timeout is None:
        return 0.0
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError("timeout must be a number of seconds or None")
    if not 0 < timeout <= 1e6:
        raise ValueError(
            "timeout must be above 0 and at most 1000000 seconds")
    return float(timeout)


#: The most threads a call runs on, as the command's --threads.
MAX_THREADS = 256
#: The largest count the engine keeps (a C long).
MAX_LIMIT = 2 ** 63 - 1


def _integer(value, what: str) -> int:
    """An int argument (not a bool, a float or text): TypeError naming
    `what` otherwise."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError("%s must be an int, not %s"
                        % (what, type(value).__name__))
    return value.__index__()


def _threads(threads: Optional[int]) -> int:
    """A threads argument for the engine, checked as the command checks
    --threads (0 to 256): None (every processor) is 0."""
    if threads is None:
        return 0
    n = _integer(threads, "threads")
    if not 0 <= n <= MAX_THREADS:
        raise _nonet.OptionError(
            "threads needs a whole number from 0 to %d (0 or None: every "
            "processor), not %d" % (MAX_THREADS, n))
    return n


def _limit(limit: int) -> int:
    """A limit argument: a count of solutions from 1 to MAX_LIMIT."""
    n = _integer(limit, "limit")
    if not 1 <= n <= MAX_LIMIT:
        raise ValueError("limit must be 1 or more, not %d" % n if n < 1 else
                         "limit must be at most %d, not %d" % (MAX_LIMIT, n))
    return n


def solve(puzzle, *, first: bool = False, timeout: Optional[float] = None):
    """The unique solution of `puzzle`, as the same kind of object (a
    string gives an 81-digit string, a list a list, a numpy array an array
    of its shape). A variant puzzle (a nonet.Variant, variant text such as
    "size=6 box=2x3 cells=...", a dict holding its JSON object) gives a
    Variant with every cell filled for a Variant, the JSON object for a
    dict, and for text a string of its N*N cells (1-9, then A-P for 10-25).

    Raises ParseError for text that is not a puzzle, ConflictError when the
    givens break a rule ("row 1 has two 5s (r1c1, r1c5)"),
    NoSolutionError ("no solution") and MultipleSolutionsError ("multiple
    solutions"), as `nonet solve` reports them. With first=True: the first
    solution found, not proven to be the only one (`nonet solve
    --first`). With a timeout (seconds), a search that runs longer raises
    SearchTimeout (a TimeoutError), as `nonet solve --timeout`: a variant
    puzzle's (a hard 25x25: seconds to minutes); a classic 9x9 takes
    milliseconds at most (the timeout matters to count())."""
    seconds = _seconds(timeout)
    v, classic = resolve(puzzle)
    if classic is not None:
        return like(puzzle, _nonet.solve(classic, first, seconds))
    assert v is not None
    return like_variant(puzzle, v,
                        _nonet.vsolve(v._rules, v._cells, first, seconds))


def count(puzzle, limit: int = 1000, *,
          timeout: Optional[float] = None) -> int:
    """The number of solutions of `puzzle` (classic or variant), counting up
    to `limit` (a count equal to the limit means at least that many), as
    `nonet count`. Givens that break a rule have 0 solutions. `timeout`
    as for solve(), for classic puzzles too: a count to a large limit on a
    nearly empty grid runs for minutes (SearchTimeout, as `nonet count
    --timeout`)."""
    seconds = _seconds(timeout)
    limit = _limit(limit)
    v, classic = resolve(puzzle)
    if classic is not None:
        return _nonet.count(classic, limit, seconds)
    assert v is not None
    return _nonet.vcount(v._rules, v._cells, limit, seconds)


def check(puzzle, *, minimal: bool = False,
          timeout: Optional[float] = None) -> Verdict:
    """What `nonet check` says of `puzzle`: Verdict(status, conflicts,
    removable), whose str() is the command's line ("unique, minimal",
    "invalid: row 3 has two 5s (r3c1, r3c7)"). With minimal=True a unique
    puzzle's `removable` lists the givens (cells 0..80; for a variant
    0..N*N-1, row-major) that can each be removed keeping one
    solution. A variant's broken rules are named as the command names them
    (regions, diagonals, cages, a knight's move, ...). `timeout` as for
    solve(), for the count and the minimality checks together."""
    seconds = _seconds(timeout)
    v, classic = resolve(puzzle)
    if classic is not None:
        status, conflicts, removable = _nonet.check(classic, minimal,
                                                    seconds)
        return Verdict(status, conflicts, removable)
    assert v is not None
    status, conflicts, removable = _nonet.vcheck(v._rules, v._cells, minimal,
                                                 seconds)
    return VariantVerdict(status, conflicts, removable, v.size)


def _digits(mask: int, n: int = 9) -> Set[int]:
    return {d for d in range(1, n + 1) if mask >> (d - 1) & 1}


def candidates(puzzle, row: Optional[int] = None,
               col: Optional[int] = None, *,
               true: bool = False, timeout: Optional[float] = None
               ) -> Union[List[Set[int]], Set[int]]:
    """Pencil marks: for each of the 81 cells (row-major) the digits not in
    its row, column or box, and an empty set for a filled cell. With `row`
    and `col` (0..8): the digits that may go in that cell, ignoring its own
    content. For a variant puzzle the N*N cells' marks (rows and columns
    0..N-1) are those the variant engine starts from: the digits no house
    (row, column, box or region, diagonal, window, disjoint group), cage
    or relation (knight's or king's move, nonconsecutive neighbours) of a
    placed digit rules out.

    true=True: the true candidates instead, as `nonet candidates` prints
    them: the digits some solution puts in each cell (a given: itself).
    Raises ConflictError or NoSolutionError when there is no solution;
    with a timeout (seconds), SearchTimeout when the searches take longer
    (as `nonet candidates --timeout`)."""
    seconds = _seconds(timeout)
    v, classic = resolve(puzzle)
    n = 9 if v is None else v.size
    if row is not None or col is not None:
        if true:
            raise ValueError("true candidates are given for every cell")
        for x in (row, col):
            if x is not None and (isinstance(x, bool) or
                                  not hasattr(x, "__index__")):
                raise TypeError("row and col must be integers 0..%d, not %s"
                                % (n - 1, type(x).__name__))
        if row is None or col is None or not (0 <= row < n and 0 <= col < n):
            raise ValueError("give both row and col, each 0..%d (0-based)"
                             % (n - 1))
    if true:
        if v is None:
            rules, raw = classic_rules(), _nonet.cells(classic)
        else:
            rules, raw = v._rules, v._cells
        masks = cast(List[int], _nonet.vcandidates(rules, raw, true=True,
                                                   timeout=seconds))
        return [_digits(m, n) for m in masks]
    if classic is not None:
        if row is None:
            return [_digits(m)
                    for m in cast(List[int], _nonet.candidates(classic))]
        assert col is not None
        return _digits(cast(int, _nonet.candidates(classic, row, col)))
    assert v is not None
    if row is None:
        masks = cast(List[int], _nonet.vcandidates(v._rules, v._cells))
        return [_digits(m, n) for m in masks]
    assert col is not None and row is not None
    return _digits(cast(int, _nonet.vcandidates(v._rules, v._cells,
                                                row * n + col)), n)
