"""nonet.dask on a real LocalCluster of 2 worker processes: rating and
generating give exactly the one-process output (and the command's); a
worker killed mid-run loses nothing and duplicates nothing; a run
interrupted, or missing a shard, runs again only what is missing."""
import os
import signal

import numpy as np
import pytest

import nonet
import referee

distributed = pytest.importorskip("distributed",
                                  reason="Debian: python3-distributed")
import nonet.dask  # noqa: E402
from nonet.progress import Progress  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True,
        dashboard_address=None, silence_logs=50)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def input_file(tmp_path_factory):
    """Hard puzzles (a few milliseconds each to rate, so a run takes a
    while), repeated, with malformed records, a puzzle with two solutions
    and one written as a variant record with the plain rules among
    them."""
    hard = [g.puzzle for g in nonet.generate(24, seed=31, level="extreme")]
    lines = hard * 12
    lines[5] = "12345"  # malformed
    lines[77] = "." * 81  # several solutions
    lines[100] = "55" + lines[100][2:]  # a broken rule
    lines[120] = "size=9 cells=" + lines[120]  # a classic puzzle all the same
    path = tmp_path_factory.mktemp("dask") / "in.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


WORDS = {nonet.ConflictError: "invalid", nonet.NoSolutionError:
         "no solution", nonet.MultipleSolutionsError: "multiple solutions"}


@pytest.fixture(scope="module")
def one_process(input_file):
    """What one process gives, record by record (checked against the
    command's output below)."""
    out = []
    for r in nonet.read(input_file):
        rating = error = None
        message = r.error
        if r.puzzle is not None:
            try:
                rating = nonet.rate(r.puzzle)
            except nonet.Error as e:
                error, message = WORDS[type(e)], str(e)
        out.append(nonet.dask.Rated(r.record, r.line, r.source, r.puzzle,
                                    rating, error, message))
    return out


def tsv(results):
    return "".join(r.tsv() + "\n" for r in results)


def test_one_process_is_the_command(input_file, one_process, cli):
    out, _, status = cli("rate", input_file)
    assert status == 1  # some records fail
    assert tsv(one_process) == out
    for r in one_process:
        if r.rating is not None:
            assert referee.count(r.puzzle) == 1
    assert {r.error for r in one_process} == {None, "invalid",
                                              "multiple solutions"}


def test_rate_on_two_workers(client, input_file, one_process):
    reports = []
    got = nonet.dask.rate(input_file, client=client, shards=7,
                          progress=reports.append)
    assert got == one_process
    assert reports[-1].done == reports[-1].total == len(
        [r for r in one_process if r.puzzle is not None])
    assert reports[-1].shards_done == 7 and reports[-1].eta == 0
    assert "puzzles (7/7 shards)" in str(reports[-1])


def worker_pids(client):
    return client.run(os.getpid)


def test_a_killed_worker_loses_nothing(client, input_file, one_process):
    """At the first finished shard, the worker with a task in flight is
    killed (SIGKILL); its task runs again on a worker; every record comes
    back exactly once (merge checks it) and the output is the same."""
    client.wait_for_workers(2)
    killed = {}

    def kill_one(p: Progress):
        if killed:
            return
        busy = {w: keys for w, keys in client.processing().items() if keys}
        if not busy:
            return
        worker, keys = sorted(busy.items())[0]
        killed["pid"] = worker_pids(client)[worker]
        killed["keys"] = list(keys)
        os.kill(killed["pid"], signal.SIGKILL)

    got = nonet.dask.rate(input_file, client=client, shards=12,
                          progress=kill_one)
    assert killed, "no worker was busy: nothing was killed"
    assert got == one_process
    # the killed worker's task was run again, on another worker
    key = killed["keys"][0]
    story = client.run_on_scheduler(
        lambda dask_scheduler: dask_scheduler.story(key))
    assert sum(1 for s in story if s[2] == "processing") >= 2, story
    client.wait_for_workers(2)
    assert killed["pid"] not in worker_pids(client).values()


def test_resumed_run_runs_only_missing_shards(client, input_file,
                                              one_process, tmp_path):
    state = tmp_path / "state"

    class Stop(Exception):
        pass

    def stop_after_two(p: Progress):
        if p.shards_done >= 2:
            raise Stop()

    with pytest.raises(Stop):
        nonet.dask.rate(input_file, client=client, shards=8, state=state,
                        progress=stop_after_two)
    kept = nonet.shards.State.peek(state)
    assert kept["shards"] == 8
    done = sorted(os.listdir(state))
    assert 2 <= len([f for f in done if f.startswith("shard-")]) < 8
    reports = []
    got = nonet.dask.rate(input_file, client=client, state=state,
                          progress=reports.append)
    assert got == one_process
    assert reports[-1].resumed >= 2
    # a shard lost (killed before its result was kept): only it runs
    nonet.shards.State(state, kept).forget(3)
    reports = []
    got = nonet.dask.rate(input_file, client=client, state=state,
                          progress=reports.append)
    assert got == one_process
    assert reports[-1].resumed == 7
    # another input is refused rather than mixed in
    other = tmp_path / "other.txt"
    other.write_text(input_file.read_text().replace("12345\n", ""))
    with pytest.raises(ValueError, match="another run"):
        nonet.dask.rate(other, client=client, state=state)


def test_generate_on_two_workers(client, cli, tmp_path):
    one = list(nonet.generate(120, seed=17, symmetry="rot180"))
    got = nonet.dask.generate(120, seed=17, symmetry="rot180", client=client,
                              shards=7)
    assert got == one
    out, _, _ = cli("generate", "-n", 120, "--seed", 17, "--symmetry",
                    "rot180")
    assert [g.puzzle for g in got] == out.split()
    for g in got:
        assert referee.count(g.puzzle) == 1
        assert referee.is_solution(g.puzzle, g.solution)
    # a search: jobs=J, the first count puzzles kept
    one = list(nonet.generate(12, seed=3, level="hard"))
    got = nonet.dask.generate(12, jobs=40, seed=3, level="hard",
                              client=client, shards=3)
    assert got == one
    for g in got:
        assert referee.solution(g.puzzle) == g.solution
    with pytest.raises(nonet.OptionError, match="needs --jobs J"):
        nonet.dask.generate(12, seed=3, level="hard", client=client)
    # resumable, with the seed kept by the state folder
    state = tmp_path / "gen"
    first = nonet.dask.generate(50, client=client, shards=5, state=state)
    again = nonet.dask.generate(50, client=client, state=state)
    assert again == first
    for g in first:
        assert referee.solution(g.puzzle) == g.solution
    assert first == list(nonet.generate(50, seed=nonet.shards.State.peek(
        state)["seed"]))


def test_bag(client):
    db = pytest.importorskip("dask.bag")
    puzzles = [g.puzzle for g in nonet.generate(30, seed=8)] + ["12345"]
    bag = db.from_sequence(puzzles, npartitions=4)
    got = nonet.dask.rate(bag).compute()
    assert [r.rating for r in got[:-1]] == [nonet.rate(p) for p in
                                            puzzles[:-1]]
    assert all(referee.count(p) == 1 for p in puzzles[:-1])
    assert got[-1].puzzle is None and "too few cells" in got[-1].message
    assert np.all([r.record == -1 for r in got])


def test_merge_finds_lost_and_duplicated():
    merge = nonet.shards.merge
    assert merge({0: [(0, "a"), (2, "c")], 1: [(1, "b")]}, 2,
                 expect=range(3)) == ["a", "b", "c"]
    with pytest.raises(ValueError, match="lost \\[2\\]"):
        merge({0: [(0, "a")], 1: [(1, "b")]}, 2, expect=range(3))
    with pytest.raises(ValueError, match="duplicated \\[1\\]"):
        merge({0: [(0, "a")], 1: [(1, "b"), (1, "b")]}, 2, expect=range(2))
    with pytest.raises(ValueError, match="in shard 0"):
        merge({0: [(1, "b")], 1: []}, 2)
    with pytest.raises(ValueError, match="missing"):
        merge({0: []}, 2)


def test_progress_line(capsys):
    from nonet.progress import Reporter
    r = Reporter("rate", "puzzles", 100, 4, True)
    r.resume(25)
    r.add(25)
    r.add(25)
    r.add(25)
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("nonet.dask rate: 25/100 puzzles (1/4 shards, "
                             "1 resumed)")
    assert err[-1].startswith("nonet.dask rate: 100/100 puzzles (4/4 "
                              "shards, 1 resumed), ")
    assert err[-1].endswith("ETA 0 s")
