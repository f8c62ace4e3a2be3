"""Generating puzzles: every option of `nonet generate`, read by the
library under the command's names (nonet_gen_options_parse; for variant
puzzles nonet_variant_gen_parse), with the command's messages; jobs run in
job order, so the puzzles depend on the seed alone, whatever the threads
or shards."""
import collections
import os
import secrets
import threading
import time
from typing import (Any, Deque, Generic, Iterator, Literal, Optional,
                    Sequence, Tuple, TypeVar, Union, cast, overload)

from . import _nonet
from ._puzzle import numpy, to_str
from ._results import GeneratedBatch, GeneratedPuzzle, GeneratedVariant
from ._solve import _integer, _threads
from ._variant import Variant
from .shards import parse_shard

#: Jobs one call into C runs per thread for plain generation (one puzzle
#: a job, a fraction of a millisecond each).
PLAIN_BATCH = 64
#: The most jobs a call runs per thread for variant puzzles (one a job,
#: milliseconds to seconds each): 1 in the first call (the first puzzles
#: come soon), doubling each call up to this. A call waits for its
#: slowest job, so one job a thread a call left threads idle: 16x16, 96
#: puzzles on two threads were 1.61x one thread's speed, 1.85x at 4 a
#: thread, 1.95x at 16 (2026-12-05).
VARIANT_BATCH = 8


class GenerateTimeout(_nonet.Error, TimeoutError):
    """Fewer puzzles than asked were found before the timeout; the message
    is the command's, `partial` holds what was found (generate_many)."""

    __module__ = "nonet"
    partial = None


def _rating_text(band):
    """A band given as (min, max) with None for no bound: "7.0-"."""
    lo, hi = band
    return "%s-%s" % ("" if lo is None else "%.1f" % lo,
                      "" if hi is None else "%.1f" % hi)


#: The options that are switches (True or False), by their keyword names.
FLAGS = ("minimal", "filter", "prove_minimal", "jigsaw", "killer",
         "killer_givens")


def _valued(key, value):
    """TypeError for True or False given to an option that takes a value
    (seed=True), which the command would read as the option without
    one."""
    if isinstance(value, bool) and key not in FLAGS:
        raise TypeError("%s takes a value, not %r" % (key, value))


def options(**kw) -> "_nonet.GenOptions":
    """The generator's options from keywords named as the command's options
    (max_clues for --max-clues): True switches a flag on (minimal, filter),
    minimal=False is --no-minimal; pattern is the pattern's text or a path
    (os.PathLike) to a file holding it; rating takes "7.0-" or (7.0, None).
    Raises OptionError with the command's message."""
    o = _nonet.GenOptions()
    for key, value in kw.items():
        _valued(key, value)
        name = key.replace("_", "-")
        # classic puzzles are always proven minimal: prove_minimal is for
        # the variant generator's proofs
        if value is None or (value is False and name == "filter") or (
                name == "prove-minimal"):
            continue
        if name == "minimal" and value is False:
            o.parse("no-minimal")
        elif value is True:
            o.parse(name)
        elif name == "pattern" and isinstance(value, os.PathLike):
            with open(value) as f:
                text = f.read()
            try:
                o.parse(name, text)
            except _nonet.OptionError as e:
                raise _nonet.OptionError("%s: %s" % (os.fspath(value), e)) \
                    from None
        elif name == "rating" and isinstance(value, tuple):
            o.parse(name, _rating_text(value))
        else:
            o.parse(name, str(value))
    return o


#: The options that ask for variant puzzles, by their keyword names.
VARIANT_OPTIONS = ("size", "box", "jigsaw", "constraints", "killer",
                   "killer_givens", "cage_size")
#: The options variant puzzles take as well.
_SHARED = ("seed", "symmetry", "timeout", "clues", "min_clues", "max_clues")
#: The levels of variant puzzles (the variant techniques' scale).
_VLEVELS = ("easy", "medium", "hard", "expert", "extreme")


def variant_level(kw) -> int:
    """The level keyword for variant puzzles: 0 (easy) to 4 (extreme), or
    -1 when none; OptionError with the command's message for an unknown
    one."""
    value = kw.get("level")
    if value is None:
        return -1
    name = str(value).lower()
    if name in _VLEVELS:
        return _VLEVELS.index(name)
    options(level=value)  # an unknown level: the classic options' message
    # a guard, should the classic options ever take a name _VLEVELS lacks
    raise _nonet.OptionError("unknown level %r" % value)


def _variant_value(name, value):
    """A keyword's value as the command's option text."""
    if name == "box" and isinstance(value, tuple):
        return "%dx%d" % value
    if name == "cage-size" and isinstance(value, tuple):
        return "%d-%d" % value
    if name == "constraints" and not isinstance(value, str):
        return ",".join(value)
    return str(value)


def variant_options(kw) -> "Optional[_nonet.VariantGenOptions]":
    """The variant generator's options when the keywords ask for variant
    puzzles (a variant option, and not the plain 9x9 rules alone: size=9 by
    itself is the classic puzzle, with all of its options), else None.
    Raises OptionError with the command's messages: a bad value, or a
    classic-only option with a variant one."""
    o = _nonet.VariantGenOptions()
    given = False
    for key in VARIANT_OPTIONS:
        value = kw.get(key)
        _valued(key, value)
        if value is None or value is False:
            continue
        name = key.replace("_", "-")
        if value is True:
            o.parse(name)
        else:
            o.parse(name, _variant_value(name, value))
        given = True
    if not given or o.is_classic:
        return None
    for key, value in kw.items():
        if key in VARIANT_OPTIONS or key == "level" or value is None or (
                value is False and key in ("filter", "prove_minimal")) or (
                value is True and key == "minimal"):
            continue
        if key == "prove_minimal":
            o.parse("prove-minimal")
            continue
        if key not in _SHARED:
            name = "no-minimal" if key == "minimal" else key.replace("_", "-")
            raise _nonet.OptionError(
                "--%s works on classic 9x9 puzzles only, not with --size, "
                "--box, --jigsaw, --constraints or --killer" % name)
        o.parse(key.replace("_", "-"), str(value))
    return o


_G = TypeVar("_G")


class Generation(Iterator[_G], Generic[_G]):
    """The puzzles of a generate() call, made as they are asked for (a few
    jobs at a time, on `threads` threads): GeneratedPuzzle, or
    GeneratedVariant for variant puzzles. `seed` is the seed used (drawn
    when none was given: pass it back to repeat the run). Python threads
    may share one iterator: they take its puzzles in turn (one batch of
    jobs runs at a time, the GIL released) and each comes out once."""

    def __init__(self, count=None, *, jobs=None, shard=None, threads=1,
                 **kw):
        vo = variant_options(kw)
        self.variant = vo is not None
        # variant clue bounds: a job may give up (VARIANT_CLUE_DRAWS)
        self._bounded = self.variant and any(
            kw.get(k) is not None for k in ("clues", "min_clues", "max_clues"))
        self._vlevel = variant_level(kw) if self.variant else -1
        o: Any = vo if vo is not None else options(
            **{k: v for k, v in kw.items() if k not in VARIANT_OPTIONS})
        self._pattern = kw.get("pattern")
        if jobs is not None and count is not None:
            raise _nonet.OptionError("--jobs and --count cannot be combined")
        if count is not None:
            count = _integer(count, "count")
        if jobs is not None:
            jobs = _integer(jobs, "jobs")
        threads = _threads(threads)
        self.count = 1 if count is None and jobs is None else count
        if self.count is not None and not 1 <= self.count <= 1000000000:
            raise _nonet.OptionError(
                "--count needs a whole number from 1 to 1000000000, not "
                "'%s'" % count)
        o.check()
        self.shard = (0, 1) if shard is None else parse_shard(shard)
        if shard is not None and jobs is None:
            # one puzzle a job: -n N is jobs 0 .. N-1
            if o.is_search and not self.variant:
                raise _nonet.OptionError(
                    "--shard with clue bounds, a pattern or a rating band "
                    "needs --jobs J (each job gives any number of puzzles: "
                    "the shards run jobs 0 .. J-1 between them; merge their "
                    "outputs and keep the first N)")
            jobs, self.count = self.count, None
        self.jobs = jobs
        if not o.has_timeout and o.is_search:
            # the library's default, as the command's (120 s; 600 s
            # for 25x25 killers)
            o.timeout = o.search_timeout
        if not o.has_seed:
            o.seed = secrets.randbelow(10 ** 12)
        self.options = o
        self.seed = o.seed
        self.threads = threads
        self._search = o.is_search
        k, n = self.shard
        # items: this shard's jobs, item i being job k + i * n
        self._items = None if jobs is None else max(0, (jobs - k + n - 1) // n)
        self._next_item = 0
        self._variant_per = 1  # variant jobs a thread in the next call
        self._made = 0
        self._buffer: Deque[tuple] = collections.deque()
        self._start = time.monotonic()
        self._timed_out = False
        self._clock_out = False  # the timeout's clock ran out
        # one thread at a time takes puzzles (and runs the next jobs, the
        # GIL released): an iterator shared by threads gives each once
        self._lock = threading.Lock()

    def __iter__(self):
        return self

    def _left(self):
        """Puzzles still wanted (count), or None (jobs)."""
        return None if self.count is None else self.count - self._made

    def _batch(self):
        threads = _nonet_threads(self.threads)
        per = PLAIN_BATCH
        if self._search:
            per = 1
        elif self.variant:
            per = self._variant_per
        size = threads * per
        left = self._left()
        if left is not None and not self._search:
            size = min(size, left)
        if self._items is not None:
            size = min(size, self._items - self._next_item)
        return size, threads

    def _fill(self):
        """Runs the next jobs; False when there are none left."""
        left = self._left()
        if (left is not None and left <= 0) or self._timed_out:
            return False
        size, threads = self._batch()
        if size <= 0:
            return False
        seconds = 0.0
        timeout = self.options.timeout
        if timeout > 0:
            seconds = timeout - (time.monotonic() - self._start)
            if seconds <= 0:
                self._timed_out = self._clock_out = True
                return False
        k, n = self.shard
        results: Any
        if self.variant:
            try:
                results, timed_out, cut = _nonet.run_variant_jobs(
                    self.options, self._next_item, size, k, n, threads,
                    seconds, self._vlevel)
            except _nonet.OptionError as e:  # a job's proof: no grid
                raise _nonet.OptionError("no %s: %s" % (
                    self.options.describe(False), e)) from None
        else:
            results, timed_out, cut = _nonet.run_jobs(
                self.options, self._next_item, size, k, n,
                left if left is not None else 0, threads, seconds)
        self._next_item += size
        self._variant_per = min(VARIANT_BATCH, 2 * self._variant_per)
        for _job, puzzles in results:
            for p in puzzles:
                if left is not None and len(self._buffer) >= left:
                    break
                self._buffer.append(p)
        if cut or timed_out:
            self._timed_out = True
        self._clock_out = self._clock_out or bool(timed_out)
        return True

    def _next_raw(self):
        with self._lock:
            return self._next_locked()

    def _next_locked(self):
        while not self._buffer:
            if not self._fill():
                if self._timed_out:
                    raise GenerateTimeout(self._shortfall())
                raise StopIteration
        self._made += 1
        return self._buffer.popleft()

    def __next__(self) -> _G:
        if self.variant:
            rules, p, s, clues, cages, sym, job, unproven = self._next_raw()
            return cast(_G, GeneratedVariant(
                Variant._of(rules, p), Variant._of(rules, s), clues, cages,
                sym, job, unproven))
        p, s, clues, sym, job, er, ep, ed = self._next_raw()
        band = er > 0  # rated: a rating band was asked for
        return cast(_G, GeneratedPuzzle(to_str(p), to_str(s), clues, sym, job,
                                        er / 10 if band else None,
                                        ep / 10 if band else None,
                                        ed / 10 if band else None))

    def _shortfall(self):
        """What was not generated before the timeout, as the command says
        it."""
        t = self.options.timeout
        if self.count is None:
            return ("the jobs were not all done within %g s (--timeout %g): "
                    "%d puzzles made" % (t, t, self._made))
        what = self.options.describe(self.count > 1)
        if self._vlevel >= 0:
            what += " of level %s" % _VLEVELS[self._vlevel].capitalize()
            if not self._clock_out:
                return ("no %s found: a job gives up after %d puzzles that "
                        "do not come to the level (rare for these rules)"
                        % (what, _nonet.VLOGIC_LEVEL_TRIES)
                        if self._made == 0 else
                        "only %d of %d %s found: a job gave up"
                        % (self._made, self.count, what))
        if self.variant and not self._clock_out and self._bounded:
            return ("%s %s found: a job gives up after %d puzzles whose "
                    "givens are not within the bounds"
                    % ("not enough" if self._made else "no", what,
                       _nonet.VARIANT_CLUE_DRAWS))
        if isinstance(self._pattern, os.PathLike):
            what = what.replace("the pattern",
                                "'%s'" % os.fspath(self._pattern))
        if self._made == 0:
            return "no %s found within %g s (--timeout %g)%s" % (
                what, t, t,
                "; nonet could not tell whether any grid keeps these rules"
                if self.variant and self.options.is_undecided else "")
        return "only %d of %d %s found within %g s (--timeout %g)" % (
            self._made, self.count, what, t, t)


def _nonet_threads(threads):
    """The threads `threads` asks for (None or 0: every processor this
    process may run on)."""
    if threads:
        return threads
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


_Box = Union[None, str, Tuple[int, int]]
_Range = Union[None, int, str, Tuple[int, int]]
_Shard = Union[str, Tuple[int, int], None]


@overload
def generate(count: Optional[int] = None, *, jobs: Optional[int] = None,
             shard: _Shard = None, threads: Optional[int] = 1,
             size: None = None, box: None = None,
             jigsaw: Literal[False] = False, constraints: None = None,
             killer: Literal[False] = False,
             killer_givens: Literal[False] = False, cage_size: None = None,
             **options: Any) -> "Generation[GeneratedPuzzle]": ...


@overload
def generate(count: Optional[int] = None, *, jobs: Optional[int] = None,
             shard: _Shard = None, threads: Optional[int] = 1,
             size: Optional[int] = None, box: _Box = None,
             jigsaw: bool = False,
             constraints: Union[None, str, Sequence[str]] = None,
             killer: bool = False, killer_givens: bool = False,
             cage_size: _Range = None,
             **options: Any) -> "Generation[Any]": ...


def generate(count: Optional[int] = None, *, jobs: Optional[int] = None,
             shard: _Shard = None, threads: Optional[int] = 1,
             **options: Any) -> "Generation[Any]":
    """Puzzles with exactly one solution, as `nonet generate` makes them: an
    iterator of GeneratedPuzzle(puzzle, solution, clues, symmetry, job, er,
    ep, ed), in job order, so the same seed gives the same puzzles whatever
    `threads` is.

    Options, named as the command's (a dash becomes an underscore): seed,
    symmetry ("rot180", ...), clues, min_clues, max_clues, per_grid,
    pattern (text, or a path as pathlib.Path), minimal (False:
    --no-minimal), timeout (seconds; searches default to 120), rating
    ("7.0-", "2.0-3.4" or (7.0, None)), level ("hard"), filter. count
    (default 1) is how many puzzles; jobs=J runs jobs 0 .. J-1 and gives
    all their puzzles instead; shard="K/N" (or (K, N)) runs only the jobs
    j with j % N == K, so N shards together make exactly the one-process
    puzzles (merge them by `job`).

    Variant puzzles: size (4..25), box ("2x3" or (2, 3)), jigsaw=True
    (random regions), constraints (a list or "diagonals,anti-knight"),
    killer=True (cages, no givens), killer_givens=True (cages and the
    givens needed), cage_size ("2-4", (2, 4) or 3), with seed, symmetry
    (not with killer), clues, min_clues and max_clues (bounds on the
    givens; not with killer, whose puzzles have none), timeout (random
    jigsaw regions with constraints and clue bounds default to 120 s) and
    prove_minimal=True (every given proven needed
    however long it takes; by default a proof from 12x12 up has a budget
    and `unproven` counts the givens it gave up on), as `nonet generate
    --size ...`: an iterator of
    GeneratedVariant(puzzle, solution, clues, cages, symmetry, job,
    unproven), puzzle and solution nonet.Variant objects, one per job.
    size=9 alone is the classic puzzle. The classic-only options are
    refused with a variant option, as by the command.

    Raises OptionError for options the command refuses (with its message),
    and GenerateTimeout, after the puzzles found, when the timeout passes
    first."""
    return Generation(count, jobs=jobs, shard=shard, threads=threads,
                      **options)


def generate_many(count: Optional[int] = None, *,
                  threads: Optional[int] = None, **kw) -> GeneratedBatch:
    """generate() on `threads` threads (None: every processor) into arrays:
    GeneratedBatch(puzzles, solutions, jobs, er, ep, ed), the puzzles and
    solutions uint8 (n, 81), the ratings NaN without a rating band. The
    same options and errors as generate(); on a timeout the exception's
    `partial` holds the puzzles found."""
    np = numpy()
    g = generate(count, threads=threads, **kw)
    if g.variant:
        raise _nonet.OptionError(
            "generate_many makes classic 9x9 puzzles into arrays: variant "
            "puzzles (size, box, jigsaw, constraints, killer) come from "
            "generate()")
    raw = []
    try:
        while True:
            raw.append(g._next_raw())
    except StopIteration:
        pass
    except GenerateTimeout as e:
        e.partial = _batch(np, raw)
        raise
    return _batch(np, raw)


def _batch(np, raw):
    n = len(raw)
    puzzles = np.frombuffer(b"".join(r[0] for r in raw), np.uint8)
    solutions = np.frombuffer(b"".join(r[1] for r in raw), np.uint8)
    ratings = np.array([r[5:8] for r in raw], np.float64).reshape(n, 3) / 10
    ratings[ratings[:, 0] == 0] = np.nan  # not rated: no rating band
    return GeneratedBatch(puzzles.reshape(n, 81), solutions.reshape(n, 81),
                          np.array([r[4] for r in raw], np.uint64),
                          ratings[:, 0].copy(), ratings[:, 1].copy(),
                          ratings[:, 2].copy())
