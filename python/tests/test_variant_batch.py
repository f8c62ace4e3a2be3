"""solve_many on variant puzzles: arrays under one set of rules, and lists
of Variant objects each under its own (killers). Every count below 7x7 is
the referee's (vreferee.py, brute force), every solution is checked
against the rules by the referee or, on 16x16, by the library's own
is_solution and against the per-puzzle nonet.count."""
import numpy as np
import pytest

import nonet
import referee
import vreferee


def ref_count(puzzle, limit):
    rules, cells, _ = vreferee.parse(puzzle.format())
    return vreferee.count(rules, cells, limit)


def ref_ok(puzzle, solution):
    rules, cells, _ = vreferee.parse(puzzle.format())
    return vreferee.is_solution(rules, cells, [int(x) for x in solution])


def less_one(puzzle):
    """The puzzle without its first given (minimal: two solutions or
    more)."""
    cells = list(puzzle.cells)
    cells[next(i for i, x in enumerate(cells) if x)] = 0
    return puzzle.with_cells(cells)


@pytest.fixture(scope="module")
def killers():
    """6x6 killers, cages only: each puzzle its own rules."""
    return [g.puzzle for g in nonet.generate(24, seed=5, size=6, killer=True)]


def test_each_under_its_own_rules(killers):
    # and killers with the givens they need, less one: several solutions
    givens = [g.puzzle for g in nonet.generate(
        16, seed=6, size=6, killer_givens=True, cage_size="2-3") if g.clues]
    puzzles = killers + [less_one(p) for p in givens]
    for threads in (1, 2):
        sol, cnt = nonet.solve_many(puzzles, limit=50, threads=threads)
        assert sol.shape == (len(puzzles), 36) and sol.dtype == np.uint8
        for p, s, c in zip(puzzles, sol, cnt):
            assert c == ref_count(p, 50)  # the referee's count
            assert ref_ok(p, s)  # the first solution keeps every rule
    assert list(cnt[:24]) == [1] * 24
    assert len(cnt) > 28 and all(c >= 2 for c in cnt[24:])


def test_one_set_of_rules(cli):
    text, err, status = cli("generate", "-n", "30", "--seed", "2", "--size",
                            "6", "--constraints", "nonconsecutive")
    assert status == 0, err
    puzzles = [nonet.Variant.parse(line) for line in text.split("\n") if line]
    puzzles += [less_one(p) for p in puzzles[:10]]
    rules = puzzles[0]
    a = np.array([p.cells for p in puzzles], np.int64)
    sol, cnt = nonet.solve_many(a, rules=rules, limit=100)
    assert sol.shape == (40, 36)
    for p, s, c in zip(puzzles, sol, cnt):
        assert c == ref_count(p, 100)
        assert ref_ok(p, s)
    # the shape (n, N, N) comes back as it went in; a list of the Variant
    # objects themselves gives the same
    sol3, cnt3 = nonet.solve_many(a.reshape(40, 6, 6), rules=rules, limit=100)
    assert sol3.shape == (40, 6, 6)
    assert (sol3.reshape(40, 36) == sol).all() and (cnt3 == cnt).all()
    sol4, cnt4 = nonet.solve_many(puzzles, rules=rules, limit=100, threads=1)
    assert (sol4 == sol).all() and (cnt4 == cnt).all()


def test_16x16_as_the_per_puzzle_calls():
    made = list(nonet.generate(12, seed=4, size=16, threads=2))
    rules = made[0].puzzle
    puzzles = [g.puzzle for g in made] + [less_one(g.puzzle) for g in made]
    a = np.array([p.cells for p in puzzles], np.uint8)
    sol, cnt = nonet.solve_many(a, rules=rules, limit=3, threads=2)
    for i, p in enumerate(puzzles):
        assert cnt[i] == nonet.count(p, 3)
        assert p.is_solution(list(sol[i]))
    for i, g in enumerate(made):  # unique: the generator's own grid
        assert cnt[i] == 1 and list(sol[i]) == g.solution.cells


def test_timeout_and_no_solution():
    # an empty 16x16 has more solutions than a second can count: -1, zeros
    empty = nonet.Variant(16)
    broken = list(empty.cells)
    broken[0] = broken[1] = 5  # two 5s in row 1: no solution
    a = np.array([empty.cells, broken], np.uint8)
    sol, cnt = nonet.solve_many(a, rules=empty, limit=10 ** 9, timeout=0.3)
    assert list(cnt) == [-1, 0]
    assert not sol.any()


def test_bad_input(killers):
    rules = killers[0]
    bad = np.zeros((3, 36), np.int64)
    bad[2, 7] = 7
    with pytest.raises(nonet.ParseError,
                       match=r"puzzle 2: cell r2c2 is 7: cells are 0 \(empty\) "
                       "to 6"):
        nonet.solve_many(bad, rules=rules)
    with pytest.raises(ValueError, match=r"shape \(n, 36\) or \(n, 6, 6\)"):
        nonet.solve_many(np.zeros((2, 81), np.uint8), rules=rules)
    with pytest.raises(ValueError, match="puzzle 1: its rules are not"):
        nonet.solve_many(killers[:2], rules=rules)
    with pytest.raises(ValueError, match="puzzle 1: a 4x4 grid among 6x6"):
        nonet.solve_many([rules, nonet.Variant(4)])
    # a timeout on classic puzzles too (it was refused): in time, the
    # answers without one
    sol, n = nonet.solve_many(np.zeros((1, 81), np.uint8), timeout=1)
    assert list(n) == [2] and referee.solved_rows(np.zeros((1, 81)), sol)[0]
    with pytest.raises(TypeError, match="rules must be a nonet.Variant"):
        nonet.solve_many(bad, rules="size=6")
