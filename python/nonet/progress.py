"""Progress of a long run: how much is done, at what rate, and when it
will end."""
import sys
import time
from typing import Callable, NamedTuple, Optional, Union


class Progress(NamedTuple):
    """A report on a run; str() gives the line nonet.dask prints."""

    what: str  #: "rate" or "generate"
    unit: str  #: what is counted: "puzzles" or "jobs"
    done: int  #: puzzles (jobs) done
    total: int  #: puzzles (jobs) in all
    shards_done: int
    shards: int
    resumed: int  #: shards whose results came from the state folder
    elapsed: float  #: seconds since the run started
    rate: float  #: units a second in this run (resumed ones left out)
    eta: Optional[float]  #: seconds left at this rate, None before a rate

    def __str__(self) -> str:
        eta = "" if self.eta is None else ", ETA %.0f s" % self.eta
        resumed = (", %d resumed" % self.resumed) if self.resumed else ""
        return ("nonet.dask %s: %d/%d %s (%d/%d shards%s), %.1f/s%s"
                % (self.what, self.done, self.total, self.unit,
                   self.shards_done, self.shards, resumed, self.rate, eta))


Callback = Callable[[Progress], None]


def _print(p: Progress) -> None:
    end = "\n" if p.shards_done == p.shards else ""
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K%s%s" % (p, end))
    else:
        sys.stderr.write(str(p) + "\n")
    sys.stderr.flush()


class Reporter:
    """Counts a run's shards and puzzles and reports them: to a callable
    after every shard, or (progress=True) as a line on stderr at most once
    a second and at the end."""

    def __init__(self, what: str, unit: str, total: int, shards: int,
                 progress: Union[bool, Callback, None]):
        self.callback: Optional[Callback] = (
            _print if progress is True else progress or None)
        self.what, self.unit, self.total, self.shards = (what, unit, total,
                                                         shards)
        self.every = 1.0 if progress is True else 0.0
        self.done = self.shards_done = self.resumed = self.fresh = 0
        self.start = time.monotonic()
        self.last = -self.every

    def resume(self, units: int) -> None:
        """A shard's results taken from the state folder."""
        self.resumed += 1
        self.add(units, fresh=False)

    def add(self, units: int, fresh: bool = True) -> None:
        """A shard finished with this many puzzles (jobs)."""
        self.done += units
        self.shards_done += 1
        if fresh:
            self.fresh += units
        now = time.monotonic()
        if self.callback and (now - self.last >= self.every or
                              self.shards_done == self.shards):
            self.last = now
            self.callback(self.report(now))

    def report(self, now: Optional[float] = None) -> Progress:
        elapsed = (time.monotonic() if now is None else now) - self.start
        rate = self.fresh / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else None
        return Progress(self.what, self.unit, self.done, self.total,
                        self.shards_done, self.shards, self.resumed, elapsed,
                        rate, eta)
