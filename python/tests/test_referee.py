"""The referee itself can fail: it tells a solution from a grid that is
not one, and counts 0, 1 and several solutions."""
import referee

EASY = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28"
        "....419..5....8..79")
SOLVED = ("534678912672195348198342567859761423426853791713924856961537284"
          "287419635345286179")


def test_a_solution_and_broken_ones():
    assert referee.is_solution(EASY, SOLVED)
    swapped = SOLVED[1] + SOLVED[0] + SOLVED[2:]  # breaks columns
    assert not referee.is_solution(EASY, swapped)
    other_given = "1" + EASY[1:]  # a given the solution disagrees with
    assert not referee.is_solution(other_given, SOLVED)


def test_counts():
    assert referee.count(EASY) == 1
    assert referee.count("." * 81, limit=5) == 5
    assert referee.count("55" + "." * 79) == 0  # a broken rule
    assert referee.breaks_rule("55" + "." * 79)
    assert not referee.breaks_rule(EASY)
    # removing givens from a unique puzzle until it is not
    p = list(EASY)
    for i, ch in enumerate(EASY):
        if ch != ".":
            p[i] = "."
            if referee.count("".join(p)) > 1:
                break
    assert referee.count("".join(p), limit=3) >= 2


def test_solution():
    assert referee.solution(EASY) == SOLVED
    assert referee.solution("." * 81) is None
