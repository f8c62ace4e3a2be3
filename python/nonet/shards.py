"""Shards: work split so that the parts merge back into exactly the
one-process result, and runs that resume.

Records (or generator jobs) are numbered i = 0, 1, 2, ... in input order;
shard K of N takes those with i % N == K, as the command's `--shard K/N`
does. A shard's results carry their numbers, so merging them back is a
sort by number (stable within a number), and merge() checks that every
number came back exactly once. A State folder keeps each finished shard's
results (written to a temporary file and renamed, so a shard killed
before it finished leaves nothing), and a run started again over the same
folder runs only the shards it lacks."""
import collections
import hashlib
import json
import os
import pickle
from typing import (Any, Dict, Iterable, List, Mapping, Optional, Sequence,
                    Tuple)

from . import _nonet


def parse_shard(shard) -> Tuple[int, int]:
    """A shard as (K, N), from "K/N" or a pair: the jobs (records) whose
    number i has i % N == K."""
    try:
        if isinstance(shard, str):
            k, n = (int(x) for x in shard.split("/"))
        else:
            k, n = (int(x) for x in shard)
    except (TypeError, ValueError):
        k = n = -1
    if not (0 <= k < n <= 1000000):
        raise _nonet.OptionError(
            "--shard needs K/N with 0 <= K < N (N up to 1000000), such as "
            "0/4, not '%s'" % (shard,))
    return k, n


def merge(parts: Mapping[int, Sequence[Tuple[int, Any]]], n: int,
          expect: Optional[Iterable[int]] = None) -> List[Any]:
    """The items of shards 0 .. n-1, each a list of (number, item), in
    number order. Raises ValueError when a shard is missing, a number is in
    the wrong shard, or (with `expect`, the numbers there must be) a
    number is missing or comes twice."""
    missing = [k for k in range(n) if k not in parts]
    if missing:
        raise ValueError("shards missing: %s (of %d)" % (missing, n))
    numbered = []
    for k in range(n):
        for i, item in parts[k]:
            if i % n != k:
                raise ValueError("number %d in shard %d of %d" % (i, k, n))
            numbered.append((i, item))
    numbered.sort(key=lambda t: t[0])  # stable: a job's puzzles keep order
    if expect is not None:
        got = [i for i, _ in numbered]
        want = sorted(expect)
        if got != want:
            counts = collections.Counter(got)
            dup = sorted(i for i, c in counts.items() if c > 1)
            lost = sorted(set(want) - set(got))
            raise ValueError("lost %s, duplicated %s" % (lost[:10], dup[:10]))
    return [item for _, item in numbered]


def fingerprint(*parts: Any) -> str:
    """A short digest of what a run is (its input and options), to tell
    one run's state from another's."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else repr(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


class State:
    """A folder keeping the finished shards of one run. `manifest` says
    what the run is (kind, fingerprint, shards); a folder holding another
    run's shards is refused rather than mixed in."""

    def __init__(self, path, manifest: Dict[str, Any]):
        self.path = os.fspath(path)
        os.makedirs(self.path, exist_ok=True)
        mpath = os.path.join(self.path, "manifest.json")
        if os.path.exists(mpath):
            with open(mpath) as f:
                old = json.load(f)
            if old != manifest:
                raise ValueError(
                    "%s holds another run (%s), not this one (%s): give a "
                    "new folder" % (self.path, old, manifest))
        else:
            self._write(mpath, json.dumps(manifest, sort_keys=True).encode())
        self.manifest = manifest

    @staticmethod
    def peek(path) -> Optional[Dict[str, Any]]:
        """The manifest of the run a folder holds, or None."""
        try:
            with open(os.path.join(os.fspath(path), "manifest.json")) as f:
                return json.load(f)
        except FileNotFoundError:
            return None

    def _write(self, path, data: bytes):
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)

    def _shard(self, k: int) -> str:
        return os.path.join(self.path, "shard-%d-of-%d.pickle"
                            % (k, self.manifest["shards"]))

    def done(self) -> List[int]:
        """The shards whose results are kept."""
        return [k for k in range(self.manifest["shards"])
                if os.path.exists(self._shard(k))]

    def save(self, k: int, results: Any) -> None:
        self._write(self._shard(k), pickle.dumps(results))

    def load(self, k: int) -> Any:
        with open(self._shard(k), "rb") as f:
            return pickle.load(f)

    def forget(self, k: int) -> None:
        """Drops a shard's results (it runs again next time)."""
        os.remove(self._shard(k))
