"""An independent referee for the tests: the rules of Sudoku and a
solution counter written here, sharing nothing with libnonet (an exact
cover search, Knuth's Algorithm X on sets, with the fewest-choices
rule)."""


def cells(puzzle):
    """81 ints from an 81-character string ('.' or '0' empty), or from 81
    numbers in any sequence or array."""
    if isinstance(puzzle, str):
        assert len(puzzle) == 81, puzzle
        return [0 if ch in ".0" else int(ch) for ch in puzzle]
    out = [int(v) for v in (puzzle.ravel() if hasattr(puzzle, "ravel")
                            else puzzle)]
    assert len(out) == 81
    return out


UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)] +
         [[r * 9 + c for r in range(9)] for c in range(9)] +
         [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
          for b in range(9)])


def is_solution(puzzle, solution):
    """True when `solution` is a full grid breaking no rule and agreeing
    with every given of `puzzle`."""
    p, s = cells(puzzle), cells(solution)
    if any(set(s[i] for i in u) != set(range(1, 10)) for u in UNITS):
        return False
    return all(g == 0 or g == v for g, v in zip(p, s))


def breaks_rule(puzzle):
    """True when two givens of one unit hold the same digit."""
    p = cells(puzzle)
    for u in UNITS:
        seen = [p[i] for i in u if p[i]]
        if len(seen) != len(set(seen)):
            return True
    return False


def _constraints(i, d):
    r, c = divmod(i, 9)
    b = r // 3 * 3 + c // 3
    return (("cell", i), ("row", r, d), ("col", c, d), ("box", b, d))


def solution(puzzle):
    """The solution of `puzzle` when it has exactly one, else None."""
    found = []
    return found[0] if count(puzzle, 2, found) == 1 else None


def count(puzzle, limit=2, found_list=None):
    """The number of solutions of `puzzle`, up to `limit`; the first one
    found is appended to `found_list` (a list) when given."""
    p = cells(puzzle)
    rows = {(i, d): _constraints(i, d) for i in range(81)
            for d in range(1, 10)}
    cols = {}
    for key, cs in rows.items():
        for c in cs:
            cols.setdefault(c, set()).add(key)

    def select(key):
        removed = []
        for c in rows[key]:
            for other in cols[c]:
                for c2 in rows[other]:
                    if c2 != c:
                        cols[c2].discard(other)
            removed.append(cols.pop(c))
        return removed

    def deselect(key, removed):
        for c in reversed(rows[key]):
            cols[c] = removed.pop()
            for other in cols[c]:
                for c2 in rows[other]:
                    if c2 != c:
                        cols[c2].add(other)

    for i, d in enumerate(p):
        if d:
            if any(c not in cols or (i, d) not in cols[c]
                   for c in rows[(i, d)]):
                return 0  # the givens break a rule
            select((i, d))

    found = 0
    solutions = found_list
    chosen = [(i, d) for i, d in enumerate(p) if d]

    def search():
        nonlocal found
        if not cols:
            found += 1
            if solutions is not None and not solutions:
                grid = [0] * 81
                for i, d in chosen:
                    grid[i] = d
                solutions.append("".join(map(str, grid)))
            return
        c = min(cols, key=lambda k: len(cols[k]))
        for key in list(cols[c]):
            removed = select(key)
            chosen.append(key)
            search()
            chosen.pop()
            deselect(key, removed)
            if found >= limit:
                return

    search()
    return found


def solved_rows(puzzles, solutions):
    """For arrays (n, 81) of puzzles and grids: a boolean array, True where
    the grid is a full solution breaking no rule and keeping the givens
    (numpy, vectorized, for large batches)."""
    import numpy as np
    s = np.asarray(solutions, np.int64).reshape(-1, 81)
    p = np.asarray(puzzles, np.int64).reshape(-1, 81)
    ok = ((p == 0) | (p == s)).all(axis=1)
    want = np.arange(1, 10)
    for u in UNITS:
        ok &= (np.sort(s[:, u], axis=1) == want).all(axis=1)
    return ok
