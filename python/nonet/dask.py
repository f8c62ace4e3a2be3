"""nonet over Dask: rate and generate on a distributed.Client, with the
results identical to one process.

The work is split into shards by the command's arithmetic (record or job
i goes to shard i % N, see nonet.shards); each shard is one task; the
results are put back in record (job) order and checked: every record
(every job of plain generation) comes back exactly once. A worker that
dies takes its task with it and the scheduler runs it again elsewhere.
With `state=FOLDER` each finished shard is kept there, and the same call
made again (after a crash, a Ctrl-C, a killed driver) runs only the
shards that are missing. `progress=True` prints the count, rate and ETA
on stderr; a callable gets nonet.progress.Progress reports.

    from distributed import Client
    import nonet.dask
    client = Client("scheduler:8786")          # or LocalCluster()
    rated = nonet.dask.rate("big.txt", client=client, state="run1",
                            progress=True)
    with open("rated.txt", "w") as f:           # = `nonet rate big.txt`
        nonet.dask.write_tsv(rated, f)
    puzzles = nonet.dask.generate(100000, seed=7, client=client)
"""
import os
import sys
import uuid
from typing import (Any, Dict, List, NamedTuple, Optional, Sequence, Tuple,
                    Union)

import nonet

from ._puzzle import to_str
from .progress import Callback, Reporter
from .shards import State, fingerprint, merge

PathLike = Union[str, "os.PathLike[str]"]


class Rated(NamedTuple):
    """One record of a rated input, as `nonet rate` reports it."""

    record: int  #: its number in the input (from 0, malformed ones too)
    line: int  #: its line
    source: str  #: its file
    puzzle: Optional[str]  #: None for a malformed record
    rating: Optional[nonet.Rating]  #: None when it could not be rated
    error: Optional[str]  #: invalid, no solution, multiple solutions
    message: Optional[str]  #: what is wrong, as the command's stderr says

    def tsv(self) -> str:
        """The line `nonet rate` prints for the record."""
        if self.puzzle is None:
            return "invalid"
        r = self.rating
        if r is None:
            return "%s\t%s" % (self.puzzle, self.error)
        return "%s\t%.1f\t%.1f\t%.1f\t%s" % (self.puzzle, r.er, r.ep, r.ed,
                                            r.level)


def write_tsv(results: Sequence[Rated], file) -> None:
    """Writes the results as `nonet rate` writes its output."""
    for r in results:
        file.write(r.tsv() + "\n")


_WORDS = {nonet.ConflictError: "invalid", nonet.NoSolutionError:
          "no solution", nonet.MultipleSolutionsError: "multiple solutions"}


def rate_one(puzzle) -> tuple:
    """(rating, error word, message) of one puzzle."""
    try:
        return nonet.rate(puzzle), None, None
    except nonet.Error as e:
        return None, _WORDS.get(type(e), "invalid"), str(e)


def rate_shard(records, puzzles) -> List[tuple]:
    """A task: rates the rows of `puzzles` (uint8 (m, 81)), giving
    [(record, rating, error, message)]."""
    return [(int(i), *rate_one(p.tobytes()))
            for i, p in zip(records, puzzles)]


def _client(client):
    if client is None:
        from distributed import get_client
        client = get_client()
    return client


def _shards(client, shards, state, units):
    """The number of shards: given, kept by the state folder, or four a
    worker thread, at most one a unit."""
    if shards is None and state is not None:
        old = State.peek(state)
        shards = old["shards"] if old else None
    if shards is None:
        shards = 4 * max(1, sum(_client(client).nthreads().values()))
    return max(1, min(int(shards), max(1, units)))


def _run(client, kind, tasks, state, reporter):
    """Runs tasks {shard: (function, args, units)} not kept by `state`,
    keeping each result as it comes; returns {shard: result}."""
    parts: Dict[int, Any] = {}
    if state is not None:
        for k in state.done():
            if k in tasks:
                parts[k] = state.load(k)
                reporter.resume(tasks[k][2])
    todo = [k for k in sorted(tasks) if k not in parts]
    if not todo:
        return parts
    from distributed import as_completed
    client = _client(client)
    run = uuid.uuid4().hex[:8]
    futures = {}
    for k in todo:
        fn, args, _ = tasks[k]
        key = "nonet-%s-%d-of-%d-%s" % (kind, k, reporter.shards, run)
        futures[client.submit(fn, *args, key=key)] = k
    try:
        for fut in as_completed(futures):
            k = futures[fut]
            parts[k] = fut.result()
            if state is not None:
                state.save(k, parts[k])
            reporter.add(tasks[k][2])
    finally:
        client.cancel([f for f in futures if not f.done()])
    return parts


def _load(source):
    """The records of one or more files: the puzzles (uint8 (n, 81)), their
    record numbers, and for every record its (line, source, puzzle or
    None, error)."""
    np = nonet._puzzle.numpy()
    paths = [source] if isinstance(source, (str, os.PathLike)) else source
    arrays, numbers, first = [], [], 0
    info: Dict[int, Tuple[int, str, Optional[str], Optional[str]]] = {}
    for path in paths:
        loaded = nonet.load(path)
        src = os.fspath(path)
        for rec, line, p in zip(loaded.records, loaded.lines,
                                loaded.puzzles):
            info[first + int(rec)] = (int(line), src, to_str(p.tobytes()),
                                      None)
        for e in loaded.errors:
            info[first + e.record] = (e.line, src, None, e.error)
        arrays.append(loaded.puzzles)
        numbers.append(loaded.records + first)
        first += len(loaded.puzzles) + len(loaded.errors)
    puzzles = np.concatenate(arrays) if arrays else np.zeros((0, 81),
                                                             np.uint8)
    records = np.concatenate(numbers) if numbers else np.zeros(0, np.int64)
    return puzzles, records, info, first


def rate(source, *, client=None, shards: Optional[int] = None,
         state: Optional[PathLike] = None,
         progress: Union[bool, Callback, None] = None):
    """Rates every record of a file (or a list of files, read as one input)
    on Sudoku Explainer's scale over a Dask cluster. Returns a list of
    Rated in input order, the same as one process gives (write_tsv writes
    exactly `nonet rate`'s output); a malformed record is a Rated with
    puzzle None and the reader's message.

    A dask.bag of puzzles gives a bag of Rated instead (record -1).

    client: a distributed.Client (default: the current one). shards: how
    many tasks (default: four a worker thread, or what `state` holds).
    state: a folder keeping finished shards, so that the same call made
    again runs only the missing ones. progress: True for a line on stderr
    (count, rate, ETA), or a callable given nonet.progress.Progress."""
    if hasattr(source, "map_partitions"):  # a dask bag
        return source.map(_rate_element)
    puzzles, records, info, total = _load(source)
    n = _shards(client, shards, state, total)
    shard_of = records % n
    tasks = {}
    for k in range(n):
        rows = shard_of == k
        tasks[k] = (rate_shard, (records[rows], puzzles[rows]),
                    int(rows.sum()))
    st = None
    if state is not None:
        st = State(state, {"kind": "rate", "shards": n, "fingerprint":
                           fingerprint(puzzles.tobytes(), records.tobytes())})
    reporter = Reporter("rate", "puzzles", len(puzzles), n, progress)
    parts = _run(client, "rate", tasks, st, reporter)
    numbered = {k: [(i, (r, e, m)) for i, r, e, m in parts[k]]
                for k in parts}
    for i, (line, src, p, err) in info.items():
        if p is None:  # malformed: rated by no one, kept in its place
            numbered[i % n].append((i, (None, None, err)))
    out = []
    for i, (rating, error, message) in enumerate(
            merge(numbered, n, expect=range(total))):
        line, src, p, _ = info[i]
        out.append(Rated(i, line, src, p, rating, error, message))
    return out


def _rate_element(text) -> Rated:
    try:
        p = nonet.parse(text)
        if not isinstance(p, str):  # rated by SE's scale: classic only
            raise nonet.ParseError(
                "a variant puzzle: only classic 9x9 puzzles are read here")
    except nonet.ParseError as e:
        return Rated(-1, 0, "<bag>", None, None, None, str(e))
    return Rated(-1, 0, "<bag>", p, *rate_one(p))


def generate_shard(k, n, count, jobs, options) -> List[tuple]:
    """A task: the puzzles of shard k of n, [(job, GeneratedPuzzle)]."""
    gen = nonet.generate(count, jobs=jobs, shard=(k, n), **options)
    return [(g.job, g) for g in gen]


def generate(count: Optional[int] = None, *, client=None,
             jobs: Optional[int] = None, shards: Optional[int] = None,
             state: Optional[PathLike] = None,
             progress: Union[bool, Callback, None] = None,
             **options) -> List[nonet.GeneratedPuzzle]:
    """nonet.generate over a Dask cluster: the same puzzles, in the same
    order, as list(nonet.generate(count, seed=..., **options)) in one
    process. Plain generation runs jobs 0 .. count-1 (one puzzle each)
    split into shards; searches (clue bounds, a pattern, a rating band)
    need jobs=J, as `nonet generate --shard` does: the shards run jobs
    0 .. J-1 and, with count, the first count puzzles in job order are
    kept. Without a seed one is drawn and printed on stderr (and kept by
    `state`). client, shards, state and progress as in rate()."""
    if options.get("seed") is None and state is not None:
        old = State.peek(state)
        if old:
            options["seed"] = old["seed"]
    probe = nonet.generate(count if jobs is None else None, jobs=jobs,
                           **options)  # the command's checks and messages
    if options.get("seed") is None:
        options["seed"] = probe.seed
        sys.stderr.write("nonet.dask generate: seed %d (repeat with seed=%d)"
                         "\n" % (probe.seed, probe.seed))
    if isinstance(options.get("pattern"), os.PathLike):  # workers get text
        with open(options["pattern"]) as f:
            options["pattern"] = f.read()
    search = probe.options.is_search
    if search and jobs is None:
        nonet.generate(count, shard=(0, 2), **options)  # raises the message
    units = jobs if jobs is not None else probe.count
    n = _shards(client, shards, state, units)
    tasks = {k: (generate_shard, (k, n, None if jobs else units, jobs,
                                  options), len(range(k, units, n)))
             for k in range(n)}
    st = None
    if state is not None:
        st = State(state, {"kind": "generate", "shards": n, "seed":
                           options["seed"], "fingerprint": fingerprint(
                               sorted(options.items()), count, jobs)})
    reporter = Reporter("generate", "jobs", units, n, progress)
    parts = _run(client, "generate", tasks, st, reporter)
    puzzles = merge(parts, n, expect=None if search else range(units))
    return puzzles if count is None else puzzles[:count]
