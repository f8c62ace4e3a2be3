"""Fixtures of the Python tests: the project's own puzzles, the command to
compare with (NONET_CLI, set by `make test`; else build/nonet), the shared
data lists when present (NONET_DATA_LIMIT cuts them)."""
import os
import subprocess
import sys
import threading

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(os.path.dirname(REPO), "shared", "data")
sys.path.insert(0, HERE)  # the referee

#: puzzles stated in the project's own files (tests/cli/logic_known.txt)
KNOWN_FILE = os.path.join(REPO, "tests", "cli", "logic_known.txt")


def _known():
    with open(KNOWN_FILE) as f:
        return [ln.strip() for ln in f if ln.strip() and ln[0] != "#"]


@pytest.fixture(scope="session")
def known():
    """The project's own puzzles (each with exactly one solution: the
    tests establish it with the referee, never take it as given)."""
    return _known()


def cli_path():
    path = os.environ.get("NONET_CLI") or os.path.join(REPO, "build", "nonet")
    return path if os.access(path, os.X_OK) else None


@pytest.fixture(scope="session")
def cli():
    """Runs the command: cli(*args, input=None) -> (stdout, stderr,
    status)."""
    path = cli_path()
    if not path:
        pytest.skip("the nonet command is not built (NONET_CLI)")

    def run(*args, input=None):
        p = subprocess.run([path] + [str(a) for a in args], input=input,
                           capture_output=True, text=True)
        return p.stdout, p.stderr, p.returncode
    return run


def shared(gen, consumers=3):
    """What `consumers` Python threads take from one iterator between
    them."""
    got = []
    lock = threading.Lock()

    def eat():
        for g in gen:
            with lock:
                got.append(g)
    ts = [threading.Thread(target=eat) for _ in range(consumers)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return got


def data_lines(name):
    """The puzzles of a shared data list, cut to NONET_DATA_LIMIT; skips
    the test when the list is absent."""
    path = os.path.join(DATA, name)
    if not os.path.exists(path):
        pytest.skip("%s not present" % path)
    limit = int(os.environ.get("NONET_DATA_LIMIT", "0") or 0)
    out = []
    with open(path) as f:
        for ln in f:
            if ln.strip() and ln[0] != "#":
                out.append(ln.strip()[:81])
                if limit and len(out) >= limit:
                    break
    return out
