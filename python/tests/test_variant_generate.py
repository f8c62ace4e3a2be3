"""generate() of variant puzzles: the command's puzzles for the same seed
and options, whatever the threads or shards; every puzzle unique (counted
by brute force on small grids by vreferee.py, which shares nothing with
libnonet), its solution keeping every rule and cage sum, its givens all
needed; the command's messages for refused options."""

import pytest

import nonet
import vreferee
from conftest import shared

# (keywords, the command's options, puzzles)
OPTION_SETS = [
    (dict(size=4), ["--size", "4"], 4),
    (dict(size=6, box="3x2", symmetry="rot180"),
     ["--size", "6", "--box", "3x2", "--symmetry", "rot180"], 3),
    (dict(size=6, constraints=["anti-king", "disjoint"]),
     ["--size", "6", "--constraints", "anti-king,disjoint"], 2),
    (dict(size=6, constraints="nonconsecutive"),
     ["--size", "6", "--constraints", "nonconsecutive"], 2),
    (dict(size=6, constraints="windoku,disjoint"),
     ["--size", "6", "--constraints", "windoku,disjoint"], 2),
    (dict(size=6, jigsaw=True), ["--size", "6", "--jigsaw"], 3),
    (dict(size=6, jigsaw=True, constraints="anti-king"),
     ["--size", "6", "--jigsaw", "--constraints", "anti-king"], 1),
    (dict(size=6, killer=True, cage_size=(2, 4)),
     ["--size", "6", "--killer", "--cage-size", "2-4"], 2),
    (dict(size=6, killer_givens=True, cage_size=2, constraints="anti-knight"),
     ["--size", "6", "--killer-givens", "--cage-size", "2",
      "--constraints", "anti-knight"], 2),
    (dict(jigsaw=True, killer=True),
     ["--jigsaw", "--killer"], 1),  # 9x9: solutions only
    (dict(size=8, constraints="diagonals,anti-knight", box=(4, 2)),
     ["--size", "8", "--constraints", "diagonals,anti-knight", "--box",
      "4x2"], 1),
    # clue bounds: puzzles drawn until the givens are within them
    (dict(size=6, max_clues=9), ["--size", "6", "--max-clues", "9"], 3),
    (dict(size=6, killer_givens=True, cage_size=(3, 5), max_clues=1),
     ["--size", "6", "--killer-givens", "--cage-size", "3-5",
      "--max-clues", "1"], 2),
    # every given proven needed (without it, most stay unproven here)
    (dict(size=12, constraints="nonconsecutive", prove_minimal=True),
     ["--size", "12", "--constraints", "nonconsecutive", "--prove-minimal"],
     1),
]


def symmetric(v, name):
    n = v.size
    maps = {"none": lambda r, c: (r, c),
            "rot180": lambda r, c: (n - 1 - r, n - 1 - c)}
    cells = v.cells
    return all((cells[r * n + c] == 0) ==
               (cells[maps[name](r, c)[0] * n + maps[name](r, c)[1]] == 0)
               for r in range(n) for c in range(n))


def check_generated(g):
    text = str(g.puzzle)
    rules, cells, _ = vreferee.parse(text)
    sol = g.solution.cells
    assert vreferee.is_solution(rules, cells, sol)
    assert g.puzzle.cages == g.solution.cages
    assert g.clues == sum(1 for x in cells if x)
    assert g.cages == len(rules.cages)
    assert symmetric(g.puzzle, g.symmetry)
    assert g.unproven == 0
    if rules.n > 7:
        return
    assert vreferee.solutions(rules, cells, 2) == [sol]  # unique
    if g.symmetry == "none":  # minimal: every given is needed
        for i, x in enumerate(cells):
            if x:
                fewer = cells[:i] + [0] + cells[i + 1:]
                assert vreferee.count(rules, fewer, 2) == 2


@pytest.mark.parametrize("kw,args,n", OPTION_SETS)
def test_same_puzzles_as_the_command(cli, kw, args, n):
    out, err, status = cli("generate", "-n", n, "--solution", "--seed", 21,
                           *args)
    assert status == 0, err
    got = list(nonet.generate(n, seed=21, **kw))
    assert len(got) == n
    assert [g.puzzle.format(solution=g.solution) for g in got] == \
        out.splitlines()
    assert [g.job for g in got] == list(range(n))
    for g in got:
        assert isinstance(g, nonet.GeneratedVariant)
        check_generated(g)
        if kw.get("killer"):
            assert g.clues == 0 and g.cages > 0
        if "cage_size" in kw:
            lo, hi = ((kw["cage_size"],) * 2 if isinstance(kw["cage_size"],
                                                          int)
                      else kw["cage_size"])
            assert all(lo <= len(c.cells) <= hi for c in g.puzzle.cages)
        if "constraints" in kw:
            want = kw["constraints"]
            want = want.split(",") if isinstance(want, str) else want
            assert set(g.puzzle.constraints) == set(want)
        if kw.get("jigsaw"):
            assert g.puzzle.jigsaw
        if "max_clues" in kw:
            assert g.clues <= kw["max_clues"]


def test_reproducible_threads_and_shards():
    kw = dict(size=6, constraints="anti-knight", seed=5)
    one = list(nonet.generate(6, **kw))
    assert one == list(nonet.generate(6, threads=2, **kw))
    assert one == list(nonet.generate(6, **kw))
    parts = [list(nonet.generate(jobs=6, shard=(k, 3), **kw))
             for k in range(3)]
    merged = sorted((g for p in parts for g in p), key=lambda g: g.job)
    assert merged == one
    assert list(nonet.generate(6, **dict(kw, seed=6))) != one
    # without a seed one is drawn and kept
    gen = nonet.generate(2, size=4)
    first = list(gen)
    assert first == list(nonet.generate(2, size=4, seed=gen.seed))


def test_size_9_alone_is_classic(cli):
    g = next(nonet.generate(1, size=9, seed=3, max_clues=25))
    assert isinstance(g, nonet.GeneratedPuzzle) and g.clues <= 25
    out, _, _ = cli("generate", "--size", "9", "--seed", "3",
                    "--max-clues", "25")
    assert g.puzzle == out.strip()


REFUSED = [
    (dict(size=6, clues=40), ["--size", "6", "--clues", "40"]),
    (dict(size=6, killer=True, max_clues=3),
     ["--size", "6", "--killer", "--max-clues", "3"]),
    (dict(size=6, minimal=False), ["--size", "6", "--no-minimal"]),
    (dict(size=3), ["--size", "3"]),
    (dict(size=6, box="4x4"), ["--size", "6", "--box", "4x4"]),
    (dict(size=7), ["--size", "7"]),
    (dict(size=6, killer=True, symmetry="rot180"),
     ["--size", "6", "--killer", "--symmetry", "rot180"]),
    (dict(size=6, cage_size="5-2", killer=True),
     ["--size", "6", "--cage-size", "5-2", "--killer"]),
    (dict(size=6, constraints="thermo"), ["--size", "6", "--constraints",
                                          "thermo"]),
    (dict(size=8, constraints="windoku"), ["--size", "8", "--constraints",
                                           "windoku"]),
    (dict(size=6, constraints="diagonals,anti-king"),
     ["--size", "6", "--constraints", "diagonals,anti-king"]),
]


@pytest.mark.parametrize("kw,args", REFUSED)
def test_refused_options_are_the_commands(cli, kw, args):
    _, err, status = cli("generate", "--seed", "1", *args)
    assert status == 2
    msg = err.strip().split(": ", 1)[1]
    with pytest.raises(nonet.OptionError) as e:
        nonet.generate(2, **kw)
    assert str(e.value) == msg


def test_no_grid_proved_by_the_jobs_is_the_commands(cli):
    """Rules the check leaves unsettled that a job proves no grid keeps
    (12x12 with all six constraints: without nonconsecutive the proof from
    a first row ends at once): OptionError with the command's message."""
    cons = ("diagonals,windoku,disjoint,anti-knight,anti-king,"
            "nonconsecutive")
    _, err, status = cli("generate", "--seed", "1", "--size", "12",
                         "--constraints", cons)
    assert status == 2
    gen = nonet.generate(1, seed=1, size=12, constraints=cons)
    with pytest.raises(nonet.OptionError) as e:
        list(gen)
    msg = str(e.value)
    assert msg.endswith(": no grid keeps these rules")
    assert err.strip().split(": ", 1)[1].startswith(msg + " (proved while ")


def test_generate_many_is_classic():
    with pytest.raises(nonet.OptionError, match="come from generate"):
        nonet.generate_many(2, size=6, seed=1)


def test_timeout_is_the_commands(cli):
    """Random jigsaw regions with constraints: a search with a timeout."""
    args = ["--jigsaw", "--constraints", "diagonals,anti-knight",
            "--timeout", "0.3"]
    _, err, status = cli("generate", "-n", "2", "--seed", "1", *args)
    assert status == 1
    gen = nonet.generate(2, seed=1, jigsaw=True,
                         constraints=["diagonals", "anti-knight"],
                         timeout=0.3)
    assert gen.options.is_search
    with pytest.raises(nonet.GenerateTimeout) as e:
        list(gen)
    assert str(e.value) == err.strip().split(": ", 1)[1]
    assert nonet.generate(1, size=6, jigsaw=True, constraints="anti-king"
                          ).options.timeout == 120  # the default of searches
    # 25x25 killers take minutes: a longer default, as in the command
    k25 = nonet.generate(1, size=25, killer=True).options
    assert k25.is_search and k25.search_timeout == 600
    assert k25.timeout == 600
    assert nonet.generate(1, size=9, killer=True).options.timeout == 0
    # classic searches (clue bounds) take the library's default too
    classic = nonet.generate(1, max_clues=24).options
    assert classic.is_search and classic.search_timeout == 120
    assert classic.timeout == 120
    plain = nonet.generate(1).options
    assert not plain.is_search and plain.search_timeout == 0
    assert plain.timeout == 0


@pytest.mark.parametrize("kind", ["GenOptions", "VariantGenOptions"])
def test_options_setters(kind):
    """The seed and the timeout are set as numbers, with the command's
    bounds: what generate() does for a default timeout and a drawn seed."""
    o = getattr(nonet._nonet, kind)()
    assert not o.has_seed and not o.has_timeout
    o.seed = 2 ** 64 - 1
    o.timeout = 2.5
    assert o.has_seed and o.seed == 2 ** 64 - 1
    assert o.has_timeout and o.timeout == 2.5
    for bad in (-1, 2 ** 64):
        with pytest.raises(nonet.OptionError, match="--seed"):
            o.seed = bad
    for bad in (-0.5, float("nan"), 2e9):
        with pytest.raises(nonet.OptionError, match="--timeout"):
            o.timeout = bad
    for bad in ("7", 1.5, None):
        with pytest.raises(TypeError):
            o.seed = bad
    with pytest.raises(TypeError):
        o.timeout = "1"
    with pytest.raises(TypeError):
        del o.timeout
    assert o.seed == 2 ** 64 - 1 and o.timeout == 2.5  # unchanged


def test_undecided_rules_say_so(cli):
    """Rules the check could not settle (no grid found, none proven
    impossible): the timeout's message says so, in the command's words."""
    rules = "windoku,anti-knight,nonconsecutive"
    _, err, status = cli("generate", "--size", "12", "--constraints", rules,
                         "--seed", "1", "--timeout", "1")
    assert status == 1
    assert err.strip().endswith(
        "nonet could not tell whether any grid keeps these rules")
    gen = nonet.generate(1, size=12, constraints=rules.split(","), seed=1,
                         timeout=1)
    assert gen.options.is_undecided
    with pytest.raises(nonet.GenerateTimeout) as e:
        list(gen)
    assert str(e.value) == err.strip().split(": ", 1)[1]
    settled = nonet.generate(1, size=16, constraints="nonconsecutive", seed=1)
    assert not settled.options.is_undecided


# (keywords, level): each kind at a level it reaches quickly
LEVEL_SETS = [
    (dict(size=6), "easy"),
    (dict(size=6), "medium"),
    (dict(size=6, killer=True), "easy"),
    (dict(size=6, jigsaw=True, symmetry="rot180"), "easy"),
    (dict(jigsaw=True), "hard"),
    (dict(size=6), "expert"),
    (dict(constraints="diagonals"), "expert"),
    (dict(jigsaw=True), "extreme"),
]


@pytest.mark.parametrize("kw,level", LEVEL_SETS)
def test_generate_at_a_level(kw, level, cli):
    made = list(nonet.generate(2, seed=12, level=level, **kw))
    assert len(made) == 2
    for g in made:
        # unique by the brute-force referee on small grids (givens added
        # to come down to the level: not minimal, so not checked so)
        text = str(g.puzzle)
        rules, cells, _ = vreferee.parse(text)
        assert vreferee.is_solution(rules, cells, g.solution.cells)
        if rules.n < 9:
            assert vreferee.solutions(rules, cells, 2) == [g.solution.cells]
        assert nonet.rate(g.puzzle).level.lower() == level
        assert symmetric(g.puzzle, g.symmetry)
        if kw.get("killer"):
            assert g.clues == 0  # cages only, as asked
    # the command's puzzles for the same seed and level
    args = ["generate", "-n", "2", "--seed", "12", "--level", level]
    for k, v in kw.items():
        args += ["--" + k] + ([] if v is True else [str(v)])
    out, _, status = cli(*args)
    assert status == 0
    assert out.splitlines() == [str(g.puzzle) for g in made]


def test_generate_level_refused_or_out_of_reach():
    with pytest.raises(nonet.OptionError,
                       match="unknown level 'impossible' \\(easy, medium, "
                             "hard, expert, extreme\\)"):
        nonet.generate(size=6, level="impossible")
    with pytest.raises(nonet.GenerateTimeout, match="of level Hard found"):
        list(nonet.generate(1, size=4, level="hard", seed=1))


def test_clue_bounds_out_of_reach_are_the_commands(cli):
    """A 4x4 needs 4 givens: a job gives up after VARIANT_CLUE_DRAWS
    puzzles, and says so as the command does (not the timeout's words)."""
    _, err, status = cli("generate", "-n", "2", "--seed", "1", "--size", "4",
                         "--max-clues", "2")
    assert status == 1
    gen = nonet.generate(2, seed=1, size=4, max_clues=2)
    assert gen.options.is_search and gen.options.timeout == 120
    with pytest.raises(nonet.GenerateTimeout) as e:
        list(gen)
    assert str(e.value) == err.strip().split(": ", 1)[1]
    assert "%d puzzles" % nonet._nonet.VARIANT_CLUE_DRAWS in str(e.value)


def test_one_iterator_shared_by_threads(cli):
    """Python threads taking variant puzzles from one generate() iterator
    get each of the command's puzzles once between them."""
    out, err, status = cli("generate", "-n", 20, "--solution", "--seed", 2,
                           "--size", 6)
    assert status == 0, err
    for threads in (2, 0):
        got = shared(nonet.generate(20, seed=2, size=6, threads=threads))
        assert sorted(g.job for g in got) == list(range(20))
        assert sorted(g.puzzle.format(solution=g.solution) for g in got) == \
            sorted(out.splitlines())
        for g in got:
            check_generated(g)
