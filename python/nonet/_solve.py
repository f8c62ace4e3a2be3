"""One puzzle at a time: solve, count, check, candidates."""
from typing import List, Optional, Set, Union, cast

from . import _nonet
from ._puzzle import like
from ._results import Verdict


def solve(puzzle, *, first: bool = False):
    """The unique solution of `puzzle`, as the same kind of object (a
    string gives an 81-digit string, a list a list, a numpy array an array
    of its shape).

    Raises ParseError for text that is not a puzzle, ConflictError when the
    givens break a rule ("row 1 has two 5s (r1c1, r1c5)"),
    NoSolutionError ("no solution") and MultipleSolutionsError ("multiple
    solutions"), as `nonet solve` reports them. With first=True: the first
    solution found, not proven to be the only one (`nonet solve
    --first`)."""
    return like(puzzle, _nonet.solve(puzzle, first))


def count(puzzle, limit: int = 1000) -> int:
    """The number of solutions of `puzzle`, counting up to `limit` (a count
    equal to the limit means at least that many), as `nonet count`. Givens
    that break a rule have 0 solutions."""
    return _nonet.count(puzzle, limit)


def check(puzzle, *, minimal: bool = False) -> Verdict:
    """What `nonet check` says of `puzzle`: Verdict(status, conflicts,
    removable), whose str() is the command's line ("unique, minimal",
    "invalid: row 3 has two 5s (r3c1, r3c7)"). With minimal=True a unique
    puzzle's `removable` lists the givens (cells 0..80) that can each be
    removed keeping one solution."""
    status, conflicts, removable = _nonet.check(puzzle, minimal)
    return Verdict(status, conflicts, removable)


def _digits(mask: int) -> Set[int]:
    return {d for d in range(1, 10) if mask >> (d - 1) & 1}


def candidates(puzzle, row: Optional[int] = None,
               col: Optional[int] = None) -> Union[List[Set[int]], Set[int]]:
    """Pencil marks: for each of the 81 cells (row-major) the digits not in
    its row, column or box, and an empty set for a filled cell. With `row`
    and `col` (0..8): the digits that may go in that cell, ignoring its own
    content."""
    if row is None and col is None:
        return [_digits(m) for m in cast(List[int], _nonet.candidates(puzzle))]
    if row is None or col is None:
        raise ValueError("give both row and col, each 0..8 (0-based)")
    if not (0 <= row <= 8 and 0 <= col <= 8):
        raise ValueError("give both row and col, each 0..8 (0-based)")
    return _digits(cast(int, _nonet.candidates(puzzle, row, col)))
