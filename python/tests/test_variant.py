"""Variant puzzles (sizes 4x4 to 25x25, jigsaw, extra regions, relations,
killer cages) through solve, count, check, candidates, hint, explain,
rate, parse, read and nonet.Variant: every solution checked against the
rules by the referee of this folder (vreferee.py: the text format and the
rules read from the docs, and a brute-force count, sharing nothing with
libnonet), every uniqueness claim on 4x4..6x6 counted by it, and the
command's answers and messages."""
import json
import pickle

import numpy as np

import pytest

import nonet
import vreferee

# Puzzles nonet made (nonet generate --seed 11 with these options), taken
# as data here: the tests establish their solutions and uniqueness with the
# referee, never from nonet.
KINDS = {
    "4x4": ["--size", "4"],
    "6x6": ["--size", "6"],
    "6x6 3x2 boxes": ["--size", "6", "--box", "3x2"],
    "diagonals": ["--size", "6", "--constraints", "diagonals"],
    "windoku": ["--size", "6", "--constraints", "windoku"],
    "disjoint": ["--size", "6", "--constraints", "disjoint"],
    "anti-knight": ["--size", "6", "--constraints", "anti-knight"],
    "anti-king": ["--size", "6", "--constraints", "anti-king"],
    "nonconsecutive": ["--size", "6", "--constraints", "nonconsecutive"],
    "jigsaw 5x5": ["--size", "5", "--jigsaw"],
    "jigsaw 6x6": ["--size", "6", "--jigsaw"],
    "killer": ["--size", "6", "--killer"],
    "killer givens": ["--size", "6", "--killer-givens", "--cage-size", "2-3"],
}


@pytest.fixture(scope="module")
def puzzles(cli):
    """{kind: one-line text} of the puzzles above, made by the command."""
    out = {}
    for kind, args in KINDS.items():
        text, err, status = cli("generate", "--seed", "11", *args)
        assert status == 0, err
        out[kind] = text.strip()
    return out


def ref(text):
    return vreferee.parse(text)


def referee_solution(text):
    rules, cells, _ = ref(text)
    found = vreferee.solutions(rules, cells, 2)
    assert len(found) == 1, text  # unique, by brute force
    return found[0]


@pytest.mark.parametrize("kind", list(KINDS))
def test_solve_is_right_and_unique(puzzles, cli, kind):
    text = puzzles[kind]
    rules, cells, _ = ref(text)
    want = referee_solution(text)
    got = nonet.solve(text)
    assert isinstance(got, str) and len(got) == rules.n ** 2
    assert vreferee.grid(got, rules.n) == want
    assert vreferee.is_solution(rules, cells, want)
    assert nonet.count(text) == 1
    assert str(nonet.check(text)) == "unique"
    # a Variant gives a Variant, a dict the JSON object
    v = nonet.Variant.parse(text)
    s = nonet.solve(v)
    assert isinstance(s, nonet.Variant) and s.cells == want
    assert s.cages == v.cages and s.regions == v.regions
    d = nonet.solve(json.loads(v.to_json()))
    assert d["cells"] == want and d["size"] == rules.n
    # the command's answer: the puzzle with every cell filled
    out, _, status = cli("solve", input=text + "\n")
    assert status == 0 and out.strip() == str(s)


def with_givens(text, k):
    """The puzzle with k cells more filled from its solution (every fifth
    empty cell, from the first)."""
    rules, cells, _ = ref(text)
    sol = referee_solution(text)
    empty = [i for i, x in enumerate(cells) if not x][::5][:k]
    return str(nonet.Variant.parse(text).with_cells(
        [sol[i] if i in empty else x for i, x in enumerate(cells)]))


@pytest.mark.parametrize("kind", ["6x6", "anti-knight", "nonconsecutive",
                                  "jigsaw 6x6", "windoku"])
def test_count_and_check_minimal(puzzles, cli, kind):
    text = puzzles[kind]
    rules, cells, _ = ref(text)
    v = nonet.Variant.parse(text)
    givens = [i for i, x in enumerate(cells) if x]
    # fewer givens: several solutions, counted alike
    fewer = list(cells)
    for i in givens[:3]:
        fewer[i] = 0
    w = v.with_cells(fewer)
    n = vreferee.count(rules, fewer, 60)
    assert n > 1
    assert nonet.count(w, limit=60) == n
    assert nonet.count(str(w), limit=60) == n
    assert str(nonet.check(w)) == "multiple solutions"
    with pytest.raises(nonet.MultipleSolutionsError):
        nonet.solve(w)
    first = nonet.solve(w, first=True)
    assert vreferee.is_solution(rules, fewer, first.cells)
    # one given more than needed: check(minimal) names it, as the referee
    sol = referee_solution(text)
    i = cells.index(0)
    more = list(cells)
    more[i] = sol[i]
    verdict = nonet.check(v.with_cells(more), minimal=True)
    removable = [j for j, x in enumerate(more) if x and vreferee.count(
        rules, more[:j] + [0] + more[j + 1:], 2) == 1]
    assert verdict.removable == removable and i in removable
    assert verdict.minimal is False
    out, _, _ = cli("check", "--minimal", input=str(v.with_cells(more)) +
                    "\n")
    assert str(verdict) == out.strip()
    assert isinstance(verdict, nonet.VariantVerdict) and verdict.size == 6
    assert pickle.loads(pickle.dumps(verdict)) == verdict
    assert str(pickle.loads(pickle.dumps(verdict))) == str(verdict)


CONFLICTS = [
    # r1c1 and r6c6 on the main diagonal only
    ("size=6 constraints=diagonals cells=1" + "." * 34 + "1"),
    # a knight's move apart: r1c1 and r3c2 (different boxes)
    ("size=6 constraints=anti-knight cells=1............1" + "." * 22),
    # a king's move apart: r1c3 and r2c4 (different boxes)
    ("size=6 constraints=anti-king cells=..2......2" + "." * 26),
    # neighbours 3 and 4
    ("size=6 constraints=nonconsecutive cells=34" + "." * 34),
    # a cage's givens above its sum
    ("size=6 cages=5:0,1 cells=42" + "." * 34),
    # the same digit twice in a jigsaw region, not in a row or column
    ("size=6 regions=aaabbbaaabbbcccdddcccdddeeefffeeefff cells=1......1" +
     "." * 28),
]


@pytest.mark.parametrize("text", CONFLICTS)
def test_conflicts(cli, text):
    rules, cells, _ = ref(text)
    assert vreferee.breaks_rule(rules, cells)
    assert vreferee.count(rules, cells) == 0
    _, err, status = cli("solve", input=text + "\n")
    assert status == 1
    msg = err.strip().split(": ", 1)[1]
    with pytest.raises(nonet.ConflictError) as e:
        nonet.solve(text)
    assert str(e.value) == msg
    assert nonet.count(text) == 0
    v = nonet.check(text)
    assert v.status == "invalid" and str(v) == "invalid: " + msg
    out, _, _ = cli("check", input=text + "\n")
    assert out.strip() == str(v)
    with pytest.raises(nonet.ConflictError):
        nonet.hint(text)
    with pytest.raises(nonet.ConflictError):
        nonet.candidates(text, true=True)


def test_no_solution_without_conflict():
    # r1c1 sees 2..6 in its row and 1 in its column: no digit is left
    text = "size=6 cells=.23456" + "1....." + "." * 24
    rules, cells, _ = ref(text)
    assert not vreferee.breaks_rule(rules, cells)
    assert vreferee.count(rules, cells) == 0
    with pytest.raises(nonet.NoSolutionError, match="^no solution$"):
        nonet.solve(text)
    assert nonet.check(text).status == "no solution"
    with pytest.raises(nonet.NoSolutionError, match="some digit is wrong"):
        nonet.hint(text)
    with pytest.raises(nonet.NoSolutionError):
        nonet.candidates(text, true=True)


@pytest.mark.parametrize("kind", ["6x6", "anti-knight", "anti-king",
                                  "nonconsecutive", "killer", "disjoint",
                                  "jigsaw 5x5", "windoku", "diagonals"])
def test_pencil_marks(puzzles, kind):
    text = puzzles[kind]
    if kind == "killer":  # givens in cages
        text = with_givens(text, 6)
    rules, cells, _ = ref(text)
    n = rules.n
    want = vreferee.pencil(rules, cells)
    assert nonet.candidates(text) == want
    i = cells.index(0)
    assert nonet.candidates(text, i // n, i % n) == want[i]
    j = next(k for k, x in enumerate(cells) if x)  # a given: ignored
    blank = list(cells)
    blank[j] = 0
    assert nonet.candidates(text, j // n, j % n) == \
        vreferee.pencil(rules, blank)[j]
    with pytest.raises(ValueError):
        nonet.candidates(text, n, 0)


@pytest.mark.parametrize("kind", ["4x4", "anti-king", "nonconsecutive",
                                  "jigsaw 6x6"])
def test_true_candidates(puzzles, kind):
    """The digits of every solution, of a puzzle with givens taken away."""
    v = nonet.Variant.parse(puzzles[kind])
    cells = v.cells
    for i in [j for j, x in enumerate(cells) if x][:3]:
        cells[i] = 0
    text = str(v.with_cells(cells))
    rules, cells, _ = ref(text)
    every = vreferee.solutions(rules, cells, 100000)
    assert len(every) > 1
    want = [{s[i] for s in every} for i in range(rules.n ** 2)]
    assert nonet.candidates(text, true=True) == want


def test_bigger_sizes(cli):
    """8x8 to 25x25: solutions checked against the rules."""
    for args in (["--size", "8"], ["--size", "12"],
                 ["--size", "9", "--jigsaw"],
                 ["--size", "9", "--killer", "--cage-size", "2-4"],
                 ["--size", "9", "--constraints", "diagonals,anti-knight"]):
        out, err, status = cli("generate", "--seed", "3", *args)
        assert status == 0, err
        text = out.strip()
        rules, cells, _ = ref(text)
        s = nonet.solve(text)
        assert vreferee.is_solution(rules, cells, vreferee.grid(s, rules.n))
    # 16x16 and 25x25 from a pattern grid with cells removed
    for n, r in ((16, 4), (25, 5)):
        full = [(row * r + row // r + col) % n + 1 for row in range(n)
                for col in range(n)]
        rules = vreferee.Rules(n)
        assert vreferee.is_solution(rules, [0] * n * n, full)
        cells = [0 if (i * 7) % 5 < 2 else x for i, x in enumerate(full)]
        v = nonet.Variant(n, cells=cells)
        s = nonet.solve(v, first=True)
        assert vreferee.is_solution(rules, cells, s.cells)
        text = nonet.solve(str(v), first=True)
        assert len(text) == n * n and vreferee.SYMBOLS[n] in text
        assert vreferee.is_solution(rules, cells, vreferee.grid(text, n))


# ---- hints, explanations, levels ------------------------------------------

def check_path(text, steps):
    """Each placement is the solution's digit; no elimination removes it."""
    rules, cells, _ = ref(text)
    n = rules.n
    sol = referee_solution(text)
    grid = list(cells)
    for step in steps:
        for r, c, d in step["placements"]:
            assert sol[(r - 1) * n + c - 1] == d, step["text"]
            grid[(r - 1) * n + c - 1] = d
        for r, c, d in step["eliminations"]:
            assert sol[(r - 1) * n + c - 1] != d, step["text"]
    return grid


@pytest.mark.parametrize("kind", ["6x6", "killer", "nonconsecutive",
                                  "jigsaw 6x6", "diagonals"])
def test_explain_hint_rate(puzzles, cli, kind):
    text = puzzles[kind]
    rules, cells, _ = ref(text)
    path = nonet.explain(text)
    assert path.solved is True
    assert vreferee.is_solution(rules, cells, check_path(text, path))
    out, _, _ = cli("explain", "--format", "jsonl", "--stats",
                    input=text + "\n")
    want = json.loads(out)
    assert list(path) == want["steps"]
    assert path.puzzle == want["puzzle"] == text
    assert path.stats == want["stats"]
    # hint: the first step, in every level of detail, as the command
    h = nonet.hint(text)
    assert {k: h[k] for k in path[0]} == path[0]
    assert {"key", "level", "nudge", "pattern", "words"} <= set(h)
    for level in ("nudge", "pattern", "step", "full"):
        out, _, _ = cli("hint", "--level", level, "-", input=text + "\n")
        assert nonet.hint(text, level) == out.rstrip("\n")
    # rate: by technique, whatever `by` says
    r = nonet.rate(text)
    assert r == nonet.rate(nonet.Variant.parse(text), by="technique")
    assert isinstance(r, nonet.TechniqueRating) and r.level in nonet.LEVELS
    out, _, _ = cli("rate", "--stats", input=text + "\n")
    line, level, technique, stats = out.rstrip("\n").split("\t")
    assert (line, level, technique) == (text, r.level, r.technique)
    assert stats == ",".join("%s=%d" % kv for kv in r.stats.items())
    # a full grid: no hint
    assert nonet.hint(nonet.solve(nonet.Variant.parse(text))) is None


def test_technique_options(puzzles, cli):
    text = puzzles["killer"]
    keys = [t.key for t in nonet.techniques(variant=True)]
    assert keys[0] == "full-house" and keys[-1] == "trial"
    assert "cage-combination" in keys
    assert not any(t.uniqueness for t in nonet.techniques(variant=True))
    # only singles: stuck, as the command says
    path = nonet.explain(text, techniques="naked-single,hidden-single")
    out, _, _ = cli("explain", "--format", "jsonl", "--techniques",
                    "naked-single,hidden-single", input=text + "\n")
    want = json.loads(out)
    assert path.solved is want["solved"] is False
    assert list(path) == want["steps"]
    check_path(text, path)
    # a classic-only technique is ignored, an unknown one refused
    assert list(nonet.explain(text, exclude=["w-wing", "trial"])) == \
        list(nonet.explain(text, exclude="trial"))
    with pytest.raises(nonet.OptionError, match="unknown technique 'x-wnig'"):
        nonet.hint(text, techniques="x-wnig")
    with pytest.raises(nonet.Error, match="not solved with the chosen"):
        nonet.rate(text, by="technique", techniques="naked-single")


# ---- Variant, parse, read, format ---------------------------------------

def test_variant_objects(puzzles):
    text = puzzles["killer givens"]
    v = nonet.Variant.parse(text)
    rules, cells, _ = ref(text)
    assert v.size == 6 and v.box == (2, 3) and not v.jigsaw
    assert v.cells == cells and v.clues == sum(1 for x in cells if x)
    assert [(c.sum, list(c.cells)) for c in v.cages] == rules.cages
    assert v.regions == rules.regions and v.constraints == ()
    assert str(v) == text and nonet.parse(text) == v
    assert nonet.Variant.parse(v.to_json()) == v
    assert nonet.Variant.parse(json.loads(v.to_json())) == v
    assert pickle.loads(pickle.dumps(v)) == v
    assert hash(pickle.loads(pickle.dumps(v))) == hash(v)
    assert eval(repr(v), {"nonet": nonet}) == v
    # built from keywords: the same puzzle
    w = nonet.Variant(6, box=(2, 3), cages=v.cages, cells=v.cells)
    assert w == v and str(w) == text
    sol = referee_solution(text)
    assert v.is_solution(sol) and not v.is_solution(sol[::-1])
    s = v.format("line", solution=sol)
    assert s == text + " solution=" + "".join(map(str, sol))
    assert nonet.Variant.parse(s).solution == sol
    assert nonet.format_grid(text, "json") == v.to_json()
    grid = v.format("grid")
    assert nonet.Variant.parse(grid) == v
    assert grid.splitlines()[0].endswith("grid")
    # jigsaw, constraints, symbols above 9
    j = nonet.Variant.parse(puzzles["jigsaw 6x6"])
    assert j.jigsaw and j.box is None
    assert nonet.Variant(6, regions=j.regions, cells=j.cells) == j
    assert nonet.Variant(9, constraints="anti-knight, diagonals").constraints \
        == ("diagonals", "anti-knight")
    big = nonet.Variant(16, cells="G" + "." * 255)
    assert big.cells[0] == 16 and str(big).startswith("size=16 box=4x4 ")
    # a classic puzzle read as a Variant keeps the classic engine's answers
    c = nonet.Variant.parse("4.....8.5.3..........7......2.....6.....8.4......"
                            "1.......6.3.7.5..2.....1.4......")
    assert c.is_classic and nonet.rate(c).er == 2.6
    assert isinstance(nonet.solve(c), nonet.Variant)


def test_read_mixed(tmp_path, puzzles):
    classic = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7"
               ".5..2.....1.4......")
    lines = [classic, puzzles["diagonals"], "size=6 regions=aaaaaabbbbbb",
             nonet.Variant.parse(puzzles["killer"]).to_json()]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    recs = list(nonet.read(path))
    assert [r.record for r in recs] == [0, 1, 2, 3]
    assert recs[0].puzzle == classic
    assert isinstance(recs[1].puzzle, nonet.Variant)
    assert str(recs[1]) == puzzles["diagonals"]
    assert recs[2].puzzle is None and recs[2].line == 3
    assert str(recs[2]).endswith(":3: regions: 12 cells, expected 36 (6x6)")
    assert recs[3].format == "json" and recs[3].puzzle == \
        nonet.Variant.parse(puzzles["killer"])
    loaded = nonet.load(path)  # arrays: classic only
    assert len(loaded.puzzles) == 1
    assert [e.line for e in loaded.errors] == [2, 3, 4]


# ---- errors ---------------------------------------------------------------

BAD = [
    "size=6 regions=aaaaaaabbbbbccccccddddddeeeeeeffffff",
    "size=4 regions=ababababcdcdcddc",
    "size=6 cages=18:0,1",
    "size=6 cages=5:0,1;10:1,2",
    "size=6 cages=5:0,2",
    "size=6 constraints=thermo",
    "size=7",
    "size=26",
    "size=6 box=3x3",
    "size=8 box=2x4 constraints=windoku",
    "size=6 cells=1......",
    "size=4 cells=5...............",
    '{"size": 6, "regions": [0, 1]}',
    "https://f-puzzles.com/?load=abc",
]


@pytest.mark.parametrize("text", BAD)
def test_bad_records_are_the_commands(cli, text):
    _, err, status = cli("solve", input=text + "\n")
    assert status == 1
    msg = err.strip().split(": ", 1)[1]
    for call in (nonet.solve, nonet.count, nonet.check, nonet.parse,
                 nonet.Variant.parse, nonet.hint):
        with pytest.raises(nonet.ParseError) as e:
            call(text)
        assert str(e.value) == msg
        assert isinstance(e.value, ValueError)


def test_bad_keywords():
    with pytest.raises(nonet.ParseError,
                       match=r"^cage of sum 50 at r1c1 is impossible"):
        nonet.Variant(6, cages=[(50, [0, 1])])
    with pytest.raises(nonet.ParseError, match=r"overlaps the cage of sum 3"):
        nonet.Variant(6, cages=[(3, [0, 1]), (5, [1, 2])])
    with pytest.raises(nonet.ParseError, match=r"outside the grid \(0 to 35"):
        nonet.Variant(6, cages=[(3, [35, 36])])
    with pytest.raises(nonet.ParseError,
                       match=r"cell 18446744073709551616 is outside the grid"):
        nonet.Variant(6, cages=[(3, [0, 2**64])])
    with pytest.raises(nonet.ParseError, match="^size 7 has no boxes"):
        nonet.Variant(7)
    with pytest.raises(nonet.ParseError, match="^unknown constraint 'thermo'"):
        nonet.Variant(6, constraints=["thermo"])
    with pytest.raises(nonet.ParseError, match="^disjoint groups need boxes"):
        nonet.Variant(6, regions="aaabbbaaabbbcccdddcccdddeeefffeeefff",
                      constraints="disjoint")
    with pytest.raises(nonet.ParseError, match="not connected"):
        nonet.Variant(4, regions=[0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3,
                                  3, 2])
    with pytest.raises(nonet.ParseError, match="regions, not boxes"):
        nonet.Variant(4, box="2x2", regions="aabbaabbccddccdd")
    with pytest.raises(nonet.ParseError, match=r"^cell r1c2 is 5: cells are"):
        nonet.Variant(4, cells=[0, 5] + [0] * 14)
    with pytest.raises(nonet.ParseError, match=r"^cells: 15 cells, expected"):
        nonet.Variant(4, cells="." * 15)
    with pytest.raises(nonet.ParseError, match=r"'5' in r1c1 is not a"):
        nonet.Variant(4, cells="5" + "." * 15)
    with pytest.raises(TypeError):
        nonet.Variant(4, cells=[0.5] * 16)
    with pytest.raises(TypeError):
        nonet.Variant.parse(42)


def test_timeout():
    """timeout= gives up on a variant search that runs longer, as `nonet
    solve --timeout` does: SearchTimeout (a TimeoutError) with the
    command's words, soon after the timeout; a search that ends in time
    answers as without one."""
    import time
    windoku25 = "size=25 box=5x5 constraints=windoku cells=" + "." * 625
    start = time.perf_counter()
    with pytest.raises(nonet.SearchTimeout,
                       match=r"^no answer within 0.3 s \(timeout\)$"):
        nonet.solve(windoku25, first=True, timeout=0.3)  # over 10 s without
    assert time.perf_counter() - start < 2.0
    assert issubclass(nonet.SearchTimeout, TimeoutError)
    empty6 = "size=6 box=2x3"  # 28,200,960 grids: seconds to count them
    with pytest.raises(nonet.SearchTimeout):
        nonet.count(empty6, limit=10**8, timeout=0.2)
    with pytest.raises(nonet.SearchTimeout):
        nonet.check(windoku25, timeout=0.2)
    # the minimality checks after the count share the timeout
    full4 = "size=4 box=2x2 cells=1234341221434321"
    with pytest.raises(nonet.SearchTimeout, match=r"^unique, but whether"):
        nonet.check(full4, minimal=True, timeout=1e-6)
    # in time: the answers without a timeout, checked by the referee
    four = "size=4 box=2x2 cells=1..............4"
    rules, cells, _ = ref(four)
    assert nonet.count(four, timeout=60) == len(
        vreferee.solutions(rules, cells, 1000))
    sol = nonet.solve(four, first=True, timeout=60)
    assert vreferee.is_solution(rules, cells, vreferee.grid(sol, 4))
    assert str(nonet.check(full4, minimal=True, timeout=60)).startswith(
        "unique, not minimal")
    # true candidates: the same
    with pytest.raises(nonet.SearchTimeout, match=r"^no answer within 0.3 s"):
        nonet.candidates(windoku25, true=True, timeout=0.3)
    every = vreferee.solutions(rules, cells, 1000)
    assert nonet.candidates(four, true=True, timeout=60) == [
        {s[i] for s in every} for i in range(16)]
    # hint, explain and rate: the search for the one solution they need
    for call in (nonet.hint, nonet.explain, nonet.rate):
        start = time.perf_counter()
        with pytest.raises(nonet.SearchTimeout,
                           match=r"^no answer within 0.3 s \(timeout\)$"):
            call(windoku25, timeout=0.3)
        assert time.perf_counter() - start < 2.0
    # ... and in time, what they give without one: the hint's step sound
    # (the referee's solution has its placements), the path solved
    six = "size=6 box=2x3 cells=..5...13......23...5..6.3.64........"
    step = nonet.hint(six, timeout=60)
    assert step == nonet.hint(six)
    check_path(six, [step])
    path = nonet.explain(six, timeout=60)
    assert path.solved and list(path) == list(nonet.explain(six))
    check_path(six, list(path))
    assert nonet.rate(six, timeout=60) == nonet.rate(six)
    # the path is timed too, from the call's start: a 6x6 killer nonet made
    # (its path needs trial and error) whose search is too short to ask
    # the clock, with 1 us, times out before the path's first step
    killer = ("size=6 box=2x3 cages=12:0,1,6;9:2,7,8;14:26,31,32;10:3,4,5;"
              "15:17,23,29;11:9,10,11;11:28,34,35;7:24,25,30;12:12,13,18;"
              "7:21,27,33;9:14,19,20;9:15,16,22 cells=" + "." * 36)
    for call in (nonet.explain, nonet.rate):
        with pytest.raises(nonet.SearchTimeout,
                           match=r"^no answer within 1e-06 s \(timeout\)$"):
            call(killer, timeout=1e-6)
    path = nonet.explain(killer, timeout=60)
    assert path.solved and list(path) == list(nonet.explain(killer))
    check_path(killer, list(path))
    assert nonet.rate(killer, timeout=60) == nonet.rate(killer)
    # several solutions: the same errors as without a timeout
    with pytest.raises(nonet.MultipleSolutionsError):
        nonet.rate(four, timeout=60)
    # bad values
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="timeout must be above 0"):
            nonet.solve(four, timeout=bad)
        with pytest.raises(ValueError, match="timeout must be above 0"):
            nonet.hint(six, timeout=bad)
    with pytest.raises(TypeError, match="timeout must be a number"):
        nonet.count(four, timeout="1")


def test_parts_that_are_not_integers_are_refused(cli):
    """A cage sum, a box side or a region number that is not an integer is
    refused, as the command refuses such JSON and as cells=[1.0, ...] is
    refused, never cut to an integer (6.5 is not 6)."""
    for total in (6.5, 3.9):
        text = json.dumps({"size": 4, "cages": [{"sum": total,
                                                  "cells": [0, 1]}]})
        _, err, status = cli("count", input=text + "\n")
        assert status == 1 and "cage sum: expected a whole number" in err
        with pytest.raises(nonet.ParseError, match="expected a whole number"):
            nonet.Variant.parse(text)
        with pytest.raises(TypeError, match="sum must be an integer"):
            nonet.Variant(4, cages=[(total, [0, 1])])
        with pytest.raises(TypeError, match="sum must be an integer"):
            nonet.Variant(4, cages=[{"sum": total, "cells": [0, 1]}])
    with pytest.raises(TypeError):  # as cells=[1.0, ...]
        nonet.Variant(4, cells=[1.0] + [0] * 15)
    with pytest.raises(TypeError, match="must be an integer, not 3.0"):
        nonet.Variant(4, cages=[(3.0, [0, 1])])
    with pytest.raises(TypeError, match="cell must be an integer, not 1.5"):
        nonet.Variant(4, cages=[(3, [0, 1.5])])
    for box in ((2.5, 3.9), (2.0, 3)):
        with pytest.raises(TypeError, match="box: its rows must be an int"):
            nonet.Variant(6, box=box)
    with pytest.raises(TypeError, match="must be an integer, not 0.0"):
        nonet.Variant(4, regions=[0.0, 0, 1, 1] * 2 + [2, 2, 3, 3] * 2)
    # integers of every kind are taken: the killer the command reads
    k = nonet.Variant(4, cages=[(np.int64(3), [np.int8(0), 1])],
                      box=(np.int32(2), 2))
    assert k == nonet.Variant.parse(
        '{"size": 4, "cages": [{"sum": 3, "cells": [0, 1]}]}')
    rules, cells, _ = vreferee.parse(str(k))
    assert nonet.count(k, limit=100) == vreferee.count(rules, cells, 100)
