"""solve, count, check, candidates: every solution checked by the referee,
every count by the referee's own count; puzzles in every kind of object;
the command's answers and messages."""
import numpy as np
import pytest

import nonet
import referee

README = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5"
          "..2.....1.4......")


def test_readme_puzzle():
    s = nonet.solve(README)
    assert isinstance(s, str) and len(s) == 81
    assert referee.is_solution(README, s)
    assert referee.count(README) == 1


def test_known_puzzles(known, cli):
    out, _, _ = cli("solve", *known)
    for p, line in zip(known, out.splitlines()):
        assert referee.count(p) == 1
        s = nonet.solve(p)
        assert referee.is_solution(p, s)
        assert s == line  # the command's answer
        assert nonet.count(p) == 1
        assert str(nonet.check(p)) == "unique"


def grid_text(p):
    rows = [p[r * 9:r * 9 + 9] for r in range(9)]
    return "\n".join(" ".join(r[:3]) + " | " + " ".join(r[3:6]) + " | " +
                     " ".join(r[6:]) for r in rows) + "\n"


@pytest.mark.parametrize("kind", ["line", "zeros", "grid", "json", "jsonflat",
                                  "csv", "bytes", "raw", "bytearray", "list",
                                  "rows", "tuple", "none", "int8", "int64",
                                  "uint8x9", "array_list"])
def test_puzzle_kinds(kind):
    digits = [0 if ch == "." else int(ch) for ch in README]
    sol = nonet.solve(README)
    sol_digits = [int(ch) for ch in sol]
    rows = [digits[r * 9:r * 9 + 9] for r in range(9)]
    puzzle, expect = {
        "line": (README, sol),
        "zeros": (README.replace(".", "0"), sol),
        "grid": (grid_text(README), sol),
        "json": (str(rows), sol),
        "jsonflat": (str(digits), sol),
        "csv": (",".join(map(str, digits)), sol),
        "bytes": (README.encode(), sol),
        "raw": (bytes(digits), sol),
        "bytearray": (bytearray(digits), sol_digits),
        "list": (digits, sol_digits),
        "rows": (rows, [sol_digits[r * 9:r * 9 + 9] for r in range(9)]),
        "tuple": (tuple(digits), sol_digits),
        "none": ([d or None for d in digits], sol_digits),
        "int8": (np.array(digits, np.int8), np.array(sol_digits, np.int8)),
        "int64": (np.array(digits), np.array(sol_digits)),
        "uint8x9": (np.array(rows, np.uint8),
                    np.array(sol_digits, np.uint8).reshape(9, 9)),
        "array_list": (list(np.array(digits)), sol_digits),
    }[kind]
    assert referee.solution(README) == sol  # the unique solution
    got = nonet.solve(puzzle)
    if isinstance(expect, np.ndarray):
        assert isinstance(got, np.ndarray)
        assert got.dtype == expect.dtype and got.shape == expect.shape
        assert (got == expect).all()
    else:
        assert got == expect
    assert referee.is_solution(README, got if not isinstance(got, list) or
                               len(got) == 81 else sum(got, []))
    assert nonet.count(puzzle) == 1


BAD = [
    ("12345", "too few cells: 5 of 81"),
    (README[:80], "too few cells: 80 of 81"),
    ("", "no puzzle found"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_parse_errors(text, message):
    with pytest.raises(nonet.ParseError) as e:
        nonet.solve(text)
    assert str(e.value) == message
    assert isinstance(e.value, ValueError) and isinstance(e.value, nonet.Error)


def test_parse_errors_are_the_commands(cli):
    """The message of each malformed text is the one the command gives
    (after FILE:LINE)."""
    for text in ["12345", README[:80], "x" + README[1:], "[[1,2,3]]",
                 '{"puzzle": [1, 2]}']:
        _, err, status = cli("solve", input=text + "\n")
        assert status == 1
        msg = err.strip().split(": ", 1)[1]
        with pytest.raises(nonet.ParseError) as e:
            nonet.solve(text)
        assert str(e.value) == msg


def test_bad_cells():
    with pytest.raises(nonet.ParseError, match="cell r1c2 is 10"):
        nonet.solve([0, 10] + [0] * 79)
    with pytest.raises(nonet.ParseError, match="cell r9c9 is -1"):
        nonet.solve(np.array([0] * 80 + [-1]))
    # a number past 64 bits is named as written, not cut to fit
    with pytest.raises(nonet.ParseError, match="cell r1c3 is 2361183241434822606848:"):
        nonet.solve([0, 0, 2**71] + [0] * 78)
    with pytest.raises(nonet.ParseError, match="cell r1c1 is -36893488147419103232:"):
        nonet.solve([-2**65] + [0] * 80)
    with pytest.raises(nonet.ParseError, match="not 80 items"):
        nonet.solve([0] * 80)
    with pytest.raises(nonet.ParseError, match="row 3"):
        nonet.solve([[0] * 9, [0] * 9, [0] * 8] + [[0] * 9] * 6)
    with pytest.raises(TypeError):
        nonet.solve(3.5)
    with pytest.raises(TypeError):
        nonet.solve([0.5] * 81)


def test_no_solution_multiple_conflict(cli):
    conflict = "55" + README[2:]
    with pytest.raises(nonet.ConflictError) as e:
        nonet.solve(conflict)
    _, err, _ = cli("solve", input=conflict + "\n")
    expect = "; ".join(ln.split(": ", 1)[1] for ln in err.splitlines())
    assert str(e.value) == expect
    assert referee.breaks_rule(conflict)
    assert nonet.count(conflict) == 0 == referee.count(conflict)
    assert str(nonet.check(conflict)) == "invalid: " + expect

    empty = "." * 81
    with pytest.raises(nonet.MultipleSolutionsError, match="^multiple "):
        nonet.solve(empty)
    first = nonet.solve(empty, first=True)
    assert referee.is_solution(empty, first)
    assert nonet.count(empty, limit=7) == 7 == referee.count(empty, 7)

    # no rule broken, yet no solution: r1c1 can hold no digit
    p = list("." * 81)
    p[1:9] = "23456789"
    p[9] = "1"
    p = "".join(p)
    assert not referee.breaks_rule(p) and referee.count(p) == 0
    with pytest.raises(nonet.NoSolutionError, match="^no solution$"):
        nonet.solve(p)
    assert nonet.check(p).status == "no solution"
    with pytest.raises(ValueError):
        nonet.count(p, limit=0)


def test_check_minimal(known, cli):
    out, _, _ = cli("check", "--minimal", *known[:4])
    for p, line in zip(known, out.splitlines()):
        v = nonet.check(p, minimal=True)
        assert str(v) == line
        # the referee's view of each given
        for i, ch in enumerate(p):
            if ch not in ".0":
                fewer = p[:i] + "." + p[i + 1:]
                assert (i in v.removable) == (referee.count(fewer) == 1)
    # a redundant given: add one from the solution
    p = known[0]
    s = nonet.solve(p)
    i = p.index(".")
    more = p[:i] + s[i] + p[i + 1:]
    assert referee.is_solution(p, s) and referee.count(more) == 1
    v = nonet.check(more, minimal=True)
    assert v.status == "unique" and v.minimal is False and i in v.removable
    out, _, _ = cli("check", "--minimal", more)
    assert str(v) == out.strip()


def test_candidates():
    marks = nonet.candidates(README)
    for i, ch in enumerate(README):
        r, c = divmod(i, 9)
        if ch != ".":
            assert marks[i] == set()
            continue
        seen = {README[j] for j in range(81) if j != i and README[j] != "."
                and (j // 9 == r or j % 9 == c or
                     (j // 27 == i // 27 and j % 9 // 3 == c // 3))}
        assert marks[i] == set(range(1, 10)) - {int(d) for d in seen}
        assert nonet.candidates(README, r, c) == marks[i]
    # a filled cell: the digits that may go there, its own included
    assert 4 in nonet.candidates(README, 0, 0)
    with pytest.raises(ValueError):
        nonet.candidates(README, 0)
    with pytest.raises(ValueError):
        nonet.candidates(README, 9, 0)


def test_odd_objects_are_refused_as_solve_many_refuses_them():
    """Objects that are not a puzzle get a clear error, as in solve_many,
    never a guess: arrays of other shapes, booleans, sets; large unsigned
    values are named as they are."""
    digits = [0 if ch == "." else int(ch) for ch in README]
    sol = nonet.solve(README)
    for shape in ((3, 27), (1, 81), (81, 1), (9, 3, 3)):
        a = np.array(digits, np.uint8).reshape(shape)
        with pytest.raises(ValueError, match=r"shape \(81,\) or \(9, 9\)"):
            nonet.solve(a)
        with pytest.raises(ValueError, match="shape"):
            nonet.solve_many(a.reshape(1, *shape))
    b = np.array(digits, bool)
    with pytest.raises(TypeError, match="integers 0..9, not bool"):
        nonet.solve(b)
    with pytest.raises(TypeError, match="integers 0..9, not bool"):
        nonet.solve_many(b.reshape(1, 81))
    big = np.array([2 ** 63] + [0] * 80, np.uint64)
    with pytest.raises(nonet.ParseError,
                       match="^cell r1c1 is 9223372036854775808: "):
        nonet.solve(big)
    for unordered in (set(range(81)), frozenset(range(81))):
        with pytest.raises(TypeError, match="not a (set|frozenset)$"):
            nonet.solve(unordered)
    with pytest.raises(TypeError, match="not an int$"):
        nonet.solve(5)
    # a bytearray of text is read as text, as bytes are
    got = nonet.solve(bytearray(README.encode()))
    assert "".join(map(str, got)) == sol
    # views of an array: their cells, whatever their strides
    grid = np.array(digits).reshape(9, 9)
    assert "".join(map(str, nonet.solve(grid.T).T.ravel())) == sol
    assert "".join(map(str, nonet.solve(
        np.asfortranarray(grid)).ravel())) == sol
    assert referee.is_solution(README, sol)


def test_bad_arguments_name_the_argument():
    with pytest.raises(TypeError, match="row and col must be integers"):
        nonet.candidates(README, "0", "1")
    with pytest.raises(ValueError, match="limit must be at most"):
        nonet.count(README, limit=2 ** 70)
    with pytest.raises(TypeError, match="limit must be an int"):
        nonet.count(README, limit=2.5)
    with pytest.raises(ValueError, match="limit must be at most"):
        nonet.solve_many([README], limit=2 ** 70)
    assert nonet.count(README, limit=2 ** 63 - 1) == 1 == referee.count(README)
    with pytest.raises(TypeError, match="count must be an int, not str"):
        nonet.generate("3", seed=1)
    with pytest.raises(TypeError, match="count must be an int, not str"):
        nonet.generate_many("3", seed=1)
    with pytest.raises(TypeError, match="seed takes a value, not True"):
        nonet.generate(1, seed=True)
    with pytest.raises(TypeError, match="size takes a value, not True"):
        nonet.generate(1, size=True)


def ends_by(call, seconds):
    """call() raises SearchTimeout with the command's words within 2 s,
    and its search ends with it: no thread goes on using the processor."""
    import time
    start = time.perf_counter()
    with pytest.raises(nonet.SearchTimeout,
                       match=r"^no answer within %g s \(timeout\)$" % seconds):
        call()
    assert time.perf_counter() - start < 2.0
    time.sleep(0.2)  # the search looks at the clock within milliseconds
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.1


def test_classic_count_timeout(cli):
    """timeout= bounds a classic count, as `nonet count --timeout` and as
    a variant's count: an empty grid counted to a billion (minutes without)
    raises SearchTimeout soon after the timeout, and the count stops (it
    was not timed: the timeout did nothing). Plain 9x9 rules as a Variant
    take the same path."""
    empty = "." * 81
    ends_by(lambda: nonet.count(empty, limit=10**9, timeout=0.2), 0.2)
    ends_by(lambda: nonet.count(nonet.Variant(9), limit=10**9, timeout=0.2),
            0.2)
    out, err, status = cli("count", "--limit", "1000000000", "--timeout",
                           "0.2", empty)
    assert status == 1 and "no answer within 0.2 s (--timeout)" in err
    # in time: the answers without a timeout, checked by the referee
    assert nonet.count(empty, limit=20000, timeout=60) == 20000
    assert nonet.count(README, timeout=60) == 1 == referee.count(README)
    assert nonet.count(nonet.Variant(9), limit=20000, timeout=60) == 20000
    assert nonet.solve(README, timeout=60) == nonet.solve(README)
    assert nonet.solve(empty, first=True, timeout=60) == nonet.solve(
        empty, first=True)
    with pytest.raises(nonet.MultipleSolutionsError):
        nonet.solve(empty, timeout=60)
    assert str(nonet.check(README, minimal=True, timeout=60)) == str(
        nonet.check(README, minimal=True))
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="timeout must be above 0"):
            nonet.count(README, timeout=bad)


@pytest.mark.parametrize("threads", [1, 2])
def test_classic_solve_many_timeout(threads):
    """solve_many(timeout=) on classic puzzles (it was refused): a count
    that runs out gets -1 and zeros, soon after the timeout, the others
    their answers, checked by the referee."""
    import time
    a = np.zeros((3, 81), np.uint8)
    a[1] = np.frombuffer(nonet._puzzle.cells(README), np.uint8)
    start = time.perf_counter()
    sols, counts = nonet.solve_many(a, limit=10**9, timeout=0.2,
                                    threads=threads)
    assert time.perf_counter() - start < 2.0
    assert list(counts) == [-1, 1, -1]
    assert not sols[0].any() and not sols[2].any()
    assert referee.solved_rows(a[1:2], sols[1:2])[0]
    # plain 9x9 rules among variants: the same
    start = time.perf_counter()
    sols, counts = nonet.solve_many([nonet.Variant(9), nonet.Variant(9)],
                                    limit=10**9, timeout=0.2, threads=threads)
    assert time.perf_counter() - start < 2.0
    assert list(counts) == [-1, -1] and not sols.any()
