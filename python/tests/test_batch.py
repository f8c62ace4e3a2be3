"""solve_many, rate_many, isomorphs: arrays on threads. Every solution is
checked against the rules, every count by the referee; the results do not
depend on the threads; the GIL is released and Ctrl-C stops a batch."""
import json
import signal
import threading
import time

import numpy as np
import pytest

import nonet
import referee
import vreferee
from conftest import data_lines


@pytest.fixture(scope="module")
def batch(known):
    """Puzzles with one, several and no solutions, and broken rules."""
    gen = nonet.generate_many(150, seed=21, threads=2).puzzles
    rows = [nonet._puzzle.cells(p) for p in known]
    empty = bytes(81)
    conflict = bytes([5, 5] + [0] * 79)
    nosol = bytes([0, 2, 3, 4, 5, 6, 7, 8, 9, 1] + [0] * 71)
    some = bytearray(nonet._puzzle.cells(known[0]))
    some[[i for i, v in enumerate(some) if v][0]] = 0  # maybe several
    extra = np.frombuffer(b"".join(rows + [empty, conflict, nosol,
                                           bytes(some)]), np.uint8)
    a = np.concatenate([gen, extra.reshape(-1, 81)])
    return np.concatenate([a, nonet.isomorphs(a, seed=3)])


def referee_check(puzzles, solutions, counts, limit=2):
    ok = referee.solved_rows(puzzles, solutions)
    for p, s, n, good in zip(puzzles, solutions, counts, ok):
        assert n == referee.count(p, limit)  # every count, independently
        if n:
            assert good  # the first solution found obeys the rules
        else:
            assert not s.any()


def test_solve_many(batch):
    sols, counts = nonet.solve_many(batch, threads=2)
    assert sols.shape == batch.shape and sols.dtype == np.uint8
    assert counts.dtype == np.int64
    assert set(counts) == {0, 1, 2}
    referee_check(batch, sols, counts)
    for t in (1, 3, None):
        s, c = nonet.solve_many(batch, threads=t)
        assert (s == sols).all() and (c == counts).all()
    s, c = nonet.solve_many(batch[:20], limit=5, threads=1)
    referee_check(batch[:20], s, c, limit=5)


def test_solve_many_on_data():
    """The first puzzles of the 17-clue list and their isomorphs (the
    engine's own tests take every puzzle of every list)."""
    lines = data_lines("17clue.txt")[:300]
    a = nonet.load(text="\n".join(lines)).puzzles
    a = np.concatenate([a, nonet.isomorphs(a, seed=9)])
    sols, counts = nonet.solve_many(a, threads=2)
    referee_check(a, sols, counts)
    assert (counts == 1).all()


def test_inputs(known):
    strings = known[:3]
    sols, counts = nonet.solve_many(strings, threads=1)
    referee_check(nonet._puzzle.as_array(strings), sols, counts)
    assert (counts == 1).all()
    assert [nonet._puzzle.to_str(s.tobytes()) for s in sols] == \
        [nonet.solve(p) for p in strings]
    a = nonet._puzzle.as_array(strings)
    for form in (a.reshape(-1, 9, 9), a.astype(np.int64), list(a)):
        s, c = nonet.solve_many(form)
        assert (s == sols).all() and (c == counts).all()
    bad = a.astype(np.int32)
    bad[1, 10] = 12
    with pytest.raises(nonet.ParseError, match="puzzle 1: cell r2c2 is 12"):
        nonet.solve_many(bad)
    bad = a.copy()
    bad[2, 80] = 10
    with pytest.raises(nonet.ParseError, match="puzzle 2: cell r9c9 is 10"):
        nonet.solve_many(bad)
    with pytest.raises(nonet.ParseError, match="puzzle 1: too few cells"):
        nonet.solve_many([known[0], "123"])
    with pytest.raises(ValueError, match="shape"):
        nonet.solve_many(np.zeros((3, 80), np.uint8))
    with pytest.raises(TypeError):
        nonet.solve_many(np.zeros((3, 81), np.float64))
    s, c = nonet.solve_many(np.zeros((0, 81), np.uint8))
    assert s.shape == (0, 81) and c.shape == (0,)


def test_rate_many(batch):
    sample = np.concatenate([batch[:40], batch[-8:]])
    r = nonet.rate_many(sample, threads=2)
    assert r.dtype.names == ("er", "ep", "ed", "level")
    for row, got in zip(sample, r):
        n = referee.count(row)
        if n != 1:
            assert np.isnan(got["er"]) and got["level"] == -1
            continue
        want = nonet.rate(row.tobytes())
        assert (got["er"], got["ep"], got["ed"]) == (want.er, want.ep,
                                                     want.ed)
        assert nonet.LEVELS[got["level"]] == want.level
    again = nonet.rate_many(sample, threads=1)
    for field in r.dtype.names:
        assert np.array_equal(again[field], r[field],
                              equal_nan=field != "level")


def test_isomorphs(batch):
    a = batch[:150]
    iso = nonet.isomorphs(a, seed=1)
    assert (iso == nonet.isomorphs(a, seed=1)).all()
    assert not (iso == nonet.isomorphs(a, seed=2)).all()
    assert (iso != a).any(axis=1).all()
    assert ((iso > 0).sum(axis=1) == (a > 0).sum(axis=1)).all()
    # row i depends on (seed, i) only
    assert (nonet.isomorphs(a[:10], seed=1) == iso[:10]).all()
    for p, q in zip(a[:30], iso[:30]):
        assert referee.count(q) == referee.count(p)


def test_gil_released():
    """While solve_many runs, another Python thread keeps running."""
    a = np.repeat(nonet.generate_many(50, seed=4).puzzles, 4000, axis=0)
    ticks = [0]
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks[0] += 1

    t = threading.Thread(target=tick)
    t.start()
    time.sleep(0.05)
    before = ticks[0]
    start = time.perf_counter()
    nonet.solve_many(a, threads=1)
    took = time.perf_counter() - start
    during = ticks[0] - before
    done.set()
    t.join()
    assert took > 0.05  # long enough to tell
    assert during > 1000, (during, took)


def test_ctrl_c_stops_a_batch():
    """SIGINT during rate_many raises KeyboardInterrupt within a fraction
    of a second, not at the end of the batch."""
    a = nonet.generate_many(8, seed=6, level="extreme").puzzles
    a = np.repeat(a, 400, axis=0)  # seconds of work
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(
        threading.main_thread().ident, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        nonet.rate_many(a, threads=2)
    took = time.perf_counter() - start
    timer.join()
    assert took < 2.0, took


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_generate_search(threads):
    """SIGINT during one long generator search (17 clues at most: each
    job searches for seconds) stops it within a fraction of a second on
    one thread too, where the caller itself runs the job."""
    timer = threading.Timer(0.5, lambda: signal.pthread_kill(
        threading.main_thread().ident, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        list(nonet.generate(5, max_clues=17, seed=1, timeout=30,
                            threads=threads))
    took = time.perf_counter() - start
    timer.join()
    assert took < 3.0, took


def interrupted_and_ended(call):
    """SIGINT 0.3 s into call() raises KeyboardInterrupt within 2 s, and the
    work ends with it: no thread goes on using the processor."""
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(
        threading.main_thread().ident, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        call()
    took = time.perf_counter() - start
    timer.join()
    assert took < 2.0, took
    time.sleep(0.2)  # the search sees the request within milliseconds
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.1


WINDOKU25 = "size=25 box=5x5 constraints=windoku cells=" + "." * 625


def test_ctrl_c_ends_a_long_variant_search():
    """A long variant search (an empty 25x25 windoku: over 10 s to a first
    solution) is interrupted and ends."""
    interrupted_and_ended(lambda: nonet.solve(WINDOKU25, first=True))


def test_ctrl_c_ends_a_long_hint_search():
    """The same for the search hint, explain and rate start with (it ran
    unwatched: Ctrl-C waited for its end, minutes here)."""
    interrupted_and_ended(lambda: nonet.hint(WINDOKU25))


def test_ctrl_c_ends_long_true_candidates():
    """The same for true candidates (an empty 25x25 windoku's take
    minutes)."""
    interrupted_and_ended(lambda: nonet.candidates(WINDOKU25, true=True))


# a 25x25 puzzle nonet made (generate --size 25 --seed 1): its solution is
# found in a fraction of a second, but a path with trial and error alone
# takes about a minute (it ends with no technique that applies)
SLOW_PATH25 = ("size=25 box=5x5 cells="
    "...K..M.....B6P.F.G.E4.N.......E.8...31.6......P...J...H6..."
    ".4D.82O5.I.9...5O..7.GBLJ.A.F...E..6.1...N...K1..92.C7.A3.JM"
    "...HB..D.B4.L..CONH6....GJ.E..I.N3.......G8.DL.B...M...L.5.."
    "F86C..E.....PNAI.7...4K.F.5D.....B..29CO.63L.........NE...M."
    ".I4H....B9DC8....A97.M...PG6.B.I.4.H.A.L8.J..1..I.M.D..7G.E."
    "4....LP..ID....F....B..3.P.......6...2.4....3..C.HO.E.M..34C"
    "8.GKHJ....A.65.A..OH........3J........1.....C9...8E...F4...."
    ".PBG78.B.....F..K..2H.....3J6.GK..23.N...B.L.E..5.O.9.8N..J."
    "E.I7.A8PG....M.H..DC.7I.......K..C..B.O...G.4.2..DNBE.FJ.6O."
    "..8..P.L73...PN.3C1.G.H.M.J.A69E8...9M.A5..J.....E.PH.F.O..."
    "KHC.62..O4.LI..9E..7..F..")


@pytest.mark.parametrize("call", [
    nonet.explain, lambda p, **kw: nonet.rate(p, by="technique", **kw)])
def test_ctrl_c_ends_a_long_path(call):
    """The path itself (not only the search it starts with) is interrupted
    and ends: it runs on the calling thread and looks at signals every
    0.1 s (Ctrl-C waited for its end)."""
    interrupted_and_ended(lambda: call(SLOW_PATH25, techniques=["trial"]))


def test_ctrl_c_stops_a_long_count():
    """SIGINT during one long count (an empty grid to 30 million
    solutions: about 6 s) raises KeyboardInterrupt within a fraction of a
    second;
    the answers after it are still right (the abandoned count, on its own
    copies, is told to stop)."""
    empty = "." * 81
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(
        threading.main_thread().ident, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        nonet.count(empty, limit=3 * 10**7)
    took = time.perf_counter() - start
    timer.join()
    assert took < 2.0, took
    # counts that end meet no interruption, and agree with the referees
    assert nonet.count(empty, limit=20000) == 20000
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert nonet.count(hard, limit=20000) == 1 == referee.count(hard)
    four = "size=4 box=2x2 cells=12.............."
    rules, cells, _ = vreferee.parse(four)
    assert nonet.count(four, limit=10**5) == len(
        vreferee.solutions(rules, cells, 10**5))
    # a 16x16 (watched too): its solution keeps every rule
    big = "size=16 box=4x4 cells=" + "." * 256
    got = nonet.solve(big, first=True)
    rules, cells, _ = vreferee.parse(big)
    assert vreferee.is_solution(rules, cells, vreferee.grid(got, 16))


def test_ctrl_c_ends_a_long_classic_count():
    """A classic count to a large limit (an empty grid to a billion:
    minutes) is interrupted and ends: the count is told to stop
    (nonet_solve_until; it went on to its end on its thread). Plain 9x9
    rules as a Variant: the same (nonet_variant_solve_until)."""
    interrupted_and_ended(lambda: nonet.count("." * 81, limit=10**9))
    interrupted_and_ended(lambda: nonet.count(nonet.Variant(9),
                                              limit=10**9))


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_ends_long_counts_of_a_batch(threads):
    """The same in solve_many: each thread's count is told to stop (the
    batch waited for the counts in progress: minutes)."""
    a = np.zeros((4, 81), np.uint8)
    interrupted_and_ended(lambda: nonet.solve_many(a, limit=10**9,
                                                   threads=threads))
    interrupted_and_ended(lambda: nonet.solve_many(
        [nonet.Variant(9)] * 4, limit=10**9, threads=threads))


README = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5"
          "..2.....1.4......")


def plain_rules_records(p):
    """A classic puzzle written as variant records with the plain 9x9
    rules: the line, the nonet JSON object, an f-puzzles JSON object."""
    digits = [0 if ch == "." else int(ch) for ch in p]
    grid = [[{"value": d, "given": True} if d else {}
             for d in digits[r * 9:r * 9 + 9]] for r in range(9)]
    return ["size=9 cells=" + p, "size=9 box=3x3 cells=" + p,
            json.dumps({"size": 9, "cells": digits}),
            json.dumps({"size": 9, "grid": grid})]


def test_plain_rules_as_a_variant_record_are_classic(known, cli, tmp_path):
    """solve_many, rate_many and isomorphs read a variant record with the
    plain 9x9 rules (text, dict, Variant) as the classic puzzle it is, as
    the command's batch commands do."""
    p = known[0]
    records = plain_rules_records(p)
    path = tmp_path / "s9.txt"
    path.write_text("\n".join(records) + "\n")
    out, err, status = cli("rate", path)
    assert status == 0, err
    rated = [ln.split("\t") for ln in out.splitlines()]
    assert [r[0] for r in rated] == [p] * len(records)  # read as classic
    forms = records + [json.loads(records[2]), nonet.Variant.parse(records[0])]
    plain = nonet._puzzle.as_array([p] * len(forms))
    sols, counts = nonet.solve_many(forms, threads=1)
    referee_check(plain, sols, counts)
    assert (counts == 1).all()
    r = nonet.rate_many(forms, threads=1)
    assert [("%.1f" % x["er"], "%.1f" % x["ep"], "%.1f" % x["ed"],
             nonet.LEVELS[x["level"]]) for x in r] == \
        [tuple(rated[0][1:])] * len(forms)
    assert (nonet.isomorphs(forms, 5) == nonet.isomorphs(plain, 5)).all()


def test_variant_text_and_dicts_in_solve_many():
    """Variant text and dicts are taken where Variant objects are; the
    calls that take classic puzzles only say what to do."""
    vs = [g.puzzle for g in nonet.generate(3, seed=4, size=6)]
    sols, counts = nonet.solve_many(vs)
    assert (counts == 1).all()
    for forms in ([str(v) for v in vs], [json.loads(v.to_json()) for v in vs],
                  [str(vs[0]), vs[1], json.loads(vs[2].to_json())]):
        s, c = nonet.solve_many(forms)
        assert (s == sols).all() and (c == counts).all()
    for v, s in zip(vs, sols):
        assert vreferee.is_solution(*vreferee.parse(str(v))[:2], list(s))
    for call in (nonet.rate_many, nonet.isomorphs):
        with pytest.raises(nonet.ParseError, match="puzzle 1: a 6x6 "
                           "variant puzzle: %s takes classic 9x9 puzzles"
                           % call.__name__):
            call([README, str(vs[0])])
    with pytest.raises(TypeError, match="puzzle 1: a list among variant"):
        nonet.solve_many([vs[0], [0] * 36])
    with pytest.raises(TypeError, match="sequence of puzzles, not a str"):
        nonet.solve_many(README)


@pytest.mark.parametrize("threads", [-1, 257, 2 ** 40, 0, 256])
def test_threads_are_checked_as_the_command_checks_them(cli, threads):
    _, err, status = cli("solve", "-t", threads, README)
    calls = [lambda: nonet.solve_many([README], threads=threads),
             lambda: nonet.rate_many([README], threads=threads),
             lambda: nonet.generate_many(2, seed=1, threads=threads),
             lambda: list(nonet.generate(2, seed=1, threads=threads))]
    for call in calls:
        if status == 0:
            call()
        else:
            assert status == 2 and "--threads" in err
            with pytest.raises(nonet.OptionError, match="threads"):
                call()
    for bad in ("2", 1.5, True):
        with pytest.raises(TypeError, match="threads must be an int"):
            nonet.solve_many([README], threads=bad)


def test_isomorphs_seed_range_is_generates(cli):
    a = nonet._puzzle.as_array([README])
    for seed in (-1, 2 ** 64):
        _, err, status = cli("generate", "--seed", seed)
        assert status == 2 and "--seed" in err
        with pytest.raises(nonet.OptionError, match="seed"):
            nonet.isomorphs(a, seed)
    last = nonet.isomorphs(a, 2 ** 64 - 1)
    assert referee.count(last[0]) == 1
    with pytest.raises(TypeError, match="seed must be an int"):
        nonet.isomorphs(a, 1.0)
