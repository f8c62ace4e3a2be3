"""hint, explain, rate, techniques: the same answers and messages as the
command; every path's placements agree with the referee's solution and
every elimination removes a digit that is not the solution's."""
import json

import pytest

import nonet
import referee


def check_path(puzzle, steps):
    """The steps' placements and eliminations against the solution the
    referee finds (the only one); the path fills the grid when solved."""
    sol = referee.solution(puzzle)
    assert sol is not None
    grid = list(puzzle)
    for step in steps:
        for r, c, d in step["placements"]:
            assert sol[(r - 1) * 9 + c - 1] == str(d), step["text"]
            grid[(r - 1) * 9 + c - 1] = str(d)
        for r, c, d in step["eliminations"]:
            assert sol[(r - 1) * 9 + c - 1] != str(d), step["text"]
    return "".join(grid)


def test_explain_is_the_commands(known, cli):
    out, _, status = cli("explain", "--format", "jsonl", "--stats", *known)
    assert status == 0
    for p, line in zip(known, out.splitlines()):
        want = json.loads(line)
        path = nonet.explain(p)
        assert list(path) == want["steps"]
        assert path.solved is want["solved"] is True
        assert path.stats == want["stats"]
        assert path.puzzle == want["puzzle"]
        assert referee.is_solution(p, check_path(p, path))


def test_explain_details_and_options(known, cli):
    p = known[0]
    detailed = nonet.explain(p, details=True)
    plain = nonet.explain(p)
    assert len(detailed) == len(plain)
    for d, s in zip(detailed, plain):
        assert {k: d[k] for k in s} == s
        assert {"key", "level", "nudge", "pattern", "words"} <= set(d)
    # only singles: stuck on a hard puzzle, as the command says
    opts = ["--techniques", "naked-single,hidden-single"]
    out, _, _ = cli("explain", "--format", "jsonl", *opts, p)
    want = json.loads(out)
    path = nonet.explain(p, techniques=["naked-single", "hidden-single"])
    assert path.solved is want["solved"] is False
    assert list(path) == want["steps"]
    check_path(p, path)
    assert list(nonet.explain(p, techniques="naked-single,hidden-single")) \
        == list(path)
    out, _, _ = cli("explain", "--format", "jsonl", "--exclude", "trial",
                    "--no-uniqueness", p)
    path = nonet.explain(p, exclude="trial", uniqueness=False)
    assert list(path) == json.loads(out)["steps"]


def test_option_errors_are_the_commands(cli):
    p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5" \
        "..2.....1.4......"
    _, err, status = cli("explain", "--techniques", "x-wnig", p)
    assert status == 2
    with pytest.raises(nonet.OptionError) as e:
        nonet.explain(p, techniques="x-wnig")
    assert "nonet explain: %s\n" % e.value == err
    with pytest.raises(nonet.OptionError):
        nonet.hint(p, exclude=["no-such"])
    _, err, _ = cli("hint", "--level", "loud", p)
    with pytest.raises(nonet.OptionError) as e:
        nonet.hint(p, "loud")
    assert "nonet hint: %s\n" % e.value == err


@pytest.mark.parametrize("level", ["nudge", "pattern", "step", "full"])
def test_hint_levels(known, cli, level):
    out, _, _ = cli("hint", "--level", level, *known)
    want = out.split("\n")
    got = []
    for p in known:
        got.extend(nonet.hint(p, level).split("\n"))
    assert got == want[:-1]


def test_hint_step(known, cli):
    for p in known:
        step = nonet.hint(p)
        first = nonet.explain(p, details=True)[0]
        assert step == first
        check_path(p, [step])
    solved = nonet.solve(known[0])
    assert solved == referee.solution(known[0])
    assert nonet.hint(solved) is None
    out, _, _ = cli("hint", solved)
    assert out == "solved\n"


def test_hint_errors(cli):
    readme = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5"
              "..2.....1.4......")
    wrong = list(nonet.solve(readme))
    assert "".join(wrong) == referee.solution(readme)
    wrong[0], wrong[1] = ".", "."  # then a wrong digit in r1c1's place
    wrong[0] = "5" if wrong[1] != "5" else "6"
    p = "".join(wrong)
    if referee.breaks_rule(p):
        with pytest.raises(nonet.ConflictError):
            nonet.hint(p)
    else:
        assert referee.count(p) == 0
        out, _, _ = cli("hint", p)
        with pytest.raises(nonet.NoSolutionError) as e:
            nonet.hint(p)
        assert str(e.value) + "\n" == out
    with pytest.raises(nonet.ConflictError):
        nonet.hint("55" + "." * 79)
    empty = "." * 81
    out, _, _ = cli("hint", "--techniques", "naked-single", empty)
    with pytest.raises(nonet.Error) as e:
        nonet.hint(empty, techniques="naked-single")
    assert str(e.value) + "\n" == out
    with pytest.raises(nonet.MultipleSolutionsError):
        nonet.explain(empty)


#: puzzles of tests/cli/logic_known.txt that rate in well under a second
#: (the first of HardestDatabase110626, top1465 #1, Royle's first 17-clue
#: puzzles, an easy one) and generated ones of two levels
RATED = [
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1....."
    "2.4.5.....3",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4"
    ".9........",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8..."
    "962...7...",
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419.."
    "5....8..79",
]


@pytest.fixture(scope="module")
def rated():
    return RATED + [g.puzzle for level in ("hard", "extreme")
                    for g in nonet.generate(3, seed=5, level=level)]


def test_rate_is_the_commands(rated, cli):
    known = rated
    out, _, _ = cli("rate", "--technique", *known)
    for p, line in zip(known, out.splitlines()):
        assert referee.count(p) == 1
        r = nonet.rate(p)
        fields = line.split("\t")
        assert fields[0] == nonet.parse(p)
        assert ["%.1f" % r.er, "%.1f" % r.ep, "%.1f" % r.ed, r.level,
                r.technique] == fields[1:]
        assert r.steps > 0
        assert r.level == nonet.LEVELS[min(4, sum(
            r.er >= b for b in (2.0, 3.0, 5.0, 7.0)))]
    out, _, _ = cli("rate", "--by", "technique", "--stats", *known)
    for p, line in zip(known, out.splitlines()):
        t = nonet.rate(p, by="technique")
        stats = ",".join("%s=%d" % kv for kv in t.stats.items())
        assert "\t".join([p, t.level, t.technique, stats]) == line
    levels = {nonet.rate(p).level for p in known}
    assert {"Easy", "Hard", "Extreme"} <= levels  # the list spans levels


def test_rate_errors(cli):
    for p, kind in [("55" + "." * 79, nonet.ConflictError),
                    ("." * 81, nonet.MultipleSolutionsError)]:
        _, err, status = cli("rate", p)
        assert status == 1
        with pytest.raises(kind) as e:
            nonet.rate(p)
        assert err.strip().endswith(": " + str(e.value).split("; ")[0])
    with pytest.raises(nonet.MultipleSolutionsError):
        nonet.rate("." * 81, by="technique")
    with pytest.raises(nonet.OptionError):
        nonet.rate("." * 81, by="feel")
    p = "8..........36......7..9.2...5...7.......457.....1...3...1....68." \
        ".85...1..9....4.."
    with pytest.raises(nonet.Error, match="not solved with the chosen"):
        nonet.rate(p, by="technique", techniques="naked-single")


def test_techniques(cli):
    out, _, _ = cli("hint", "--list-techniques")
    # the classic engine's table; the variant engine's follows a blank line
    rows = out.split("\n\n")[0].splitlines()[1:]
    ts = nonet.techniques()
    assert len(ts) == len(rows)
    for t, row in zip(ts, rows):
        key, name = row.split(None, 1)
        assert t.key == key
        assert name == t.name + (" (uniqueness)" if t.uniqueness else "")
        assert t.level in nonet.LEVELS


def test_hint_on_several_solutions_is_multiple_solutions_error():
    """hint() on a puzzle with several solutions raises what solve(),
    rate() and explain() raise for it (a subclass of nonet.Error)."""
    with pytest.raises(nonet.MultipleSolutionsError,
                       match=r"several solutions"):
        nonet.hint("." * 81)
    with pytest.raises(nonet.MultipleSolutionsError):
        nonet.solve("." * 81)
    assert issubclass(nonet.MultipleSolutionsError, nonet.Error)


@pytest.mark.parametrize("fn", [nonet.solve, nonet.count, nonet.check,
                                nonet.candidates, nonet.rate, nonet.hint,
                                nonet.explain])
def test_none_is_not_a_puzzle(fn):
    with pytest.raises(TypeError, match="not None"):
        fn(None)


@pytest.mark.parametrize("kw,args", [
    (dict(exclude="x-wing"), ["--exclude", "x-wing"]),
    (dict(techniques="full-house,hidden-single,naked-single,pointing"),
     ["--techniques", "full-house,hidden-single,naked-single,pointing"]),
    (dict(uniqueness=False), ["--no-uniqueness"]),
])
def test_rate_technique_options_imply_by_technique(rated, cli, kw, args):
    """As `nonet rate --exclude ...` (each technique option implies --by
    technique); by='se' with them is refused in Python's words."""
    out, err, status = cli("rate", "--stats", *args, *rated[:6])
    for p, line in zip(rated[:6], out.splitlines()):
        fields = line.split("\t")
        if fields[1:] == ["not solved"]:
            with pytest.raises(nonet.Error, match="not solved"):
                nonet.rate(p, **kw)
            continue
        t = nonet.rate(p, **kw)
        assert t == nonet.rate(p, by="technique", **kw)
        stats = ",".join("%s=%d" % kv for kv in t.stats.items())
        assert "\t".join([p, t.level, t.technique, stats]) == line
    with pytest.raises(nonet.OptionError) as e:
        nonet.rate(rated[0], by="se", **kw)
    assert "--" not in str(e.value) and "by='technique'" in str(e.value)


def test_variant_rate_takes_technique_options_whatever_by_says(cli):
    """Variants are rated by technique whatever `by` says, technique
    options included, as `nonet rate --exclude ...`."""
    v = ("size=6 box=2x3 constraints=diagonals "
         "cells=........3......6..2....5........1...")
    logic_only = "trial,x-chain,xy-chain,aic,forcing-net"  # stops there
    out, _, status = cli("rate", "--exclude", logic_only, v)
    assert out.split("\t")[-1].strip() == "not solved"
    for by in (None, "se", "technique"):
        with pytest.raises(nonet.Error, match="not solved with the chosen"):
            nonet.rate(v, by=by, exclude=logic_only)
    out, _, status = cli("rate", "--exclude", "trial", v)  # chains solve it
    assert out.split("\t")[1:] == ["Expert", "X-Chain\n"]
    assert nonet.rate(v, exclude="trial").level == "Expert"
    out, _, status = cli("rate", "--exclude", "x-wing", "--stats", v)
    assert status == 0
    for by in (None, "se", "technique"):
        t = nonet.rate(v, by=by, exclude="x-wing")
        stats = ",".join("%s=%d" % kv for kv in t.stats.items())
        assert out == "\t".join([v, t.level, t.technique, stats]) + "\n"
