"""bench/python_solve_many.py NONET [LIST] [THREADS...]: nonet.solve_many
against the command on the same puzzles and threads.

Random isomorphs (seed 1) of every puzzle of LIST (default
../shared/data/17clue.txt, 49,158 puzzles) are written to a file; then,
alternating, the command solves the file (`NONET solve --threads T FILE
> /dev/null`, the whole process) and Python solves the same puzzles:
solve_many on the array already in memory (the call), load + solve_many
(reading the file in the same process), and a whole `python -c` process
that imports nonet, loads the file and solves it. Each figure is the
median of NONET_BENCH_RUNS (default 7) runs, after a warm-up run whose
solutions and counts are checked (every puzzle unique, every solution
obeying the rules and its givens). Ratios are Python / command
throughput: above 1.00 Python is faster. Run with the venv's python
(make bench-python)."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import nonet

UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)] +
         [[r * 9 + c for r in range(9)] for c in range(9)] +
         [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
          for b in range(9)])


def check(puzzles, solutions, counts):
    """Every count 1, every solution a valid grid with the givens."""
    assert (counts == 1).all(), "a puzzle without exactly one solution"
    s = solutions.astype(np.int64)
    assert ((puzzles == 0) | (puzzles == solutions)).all()
    for u in UNITS:
        assert (np.sort(s[:, u], axis=1) == np.arange(1, 10)).all()


def timed(fn):
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main():
    nonet_cli = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "shared", "data", "17clue.txt")
    path = sys.argv[2] if len(sys.argv) > 2 else default
    threads = [int(t) for t in sys.argv[3:]] or [1, 2]
    runs = int(os.environ.get("NONET_BENCH_RUNS", "7"))
    puzzles = nonet.isomorphs(nonet.load(path).puzzles, seed=1)
    n = len(puzzles)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for row in puzzles:
            f.write(nonet.format_grid(row.tobytes()) + "\n")
        iso = f.name
    script = ("import nonet,sys; p=nonet.load(sys.argv[1]).puzzles; "
              "nonet.solve_many(p, threads=int(sys.argv[2]))")
    print("nonet.solve_many against `nonet solve --threads T`: %d random "
          "isomorphs (seed 1) of %s, solver %s, median of %d runs"
          % (n, os.path.basename(path), nonet.solver_backend(), runs))
    print("%-7s %-40s %12s %7s" % ("threads", "what", "puzzles/s", "ratio"))
    try:
        for t in threads:
            sols, counts = nonet.solve_many(puzzles, threads=t)  # warm-up
            check(puzzles, sols, counts)
            cmd = [nonet_cli, "solve", "--threads", str(t), iso]
            py = [sys.executable, "-c", script, iso, str(t)]
            times = {k: [] for k in ("cli", "call", "load", "process")}
            for _ in range(runs):
                times["cli"].append(timed(lambda: subprocess.run(
                    cmd, stdout=subprocess.DEVNULL, check=True)))
                times["call"].append(timed(
                    lambda: nonet.solve_many(puzzles, threads=t)))
                times["load"].append(timed(lambda: nonet.solve_many(
                    nonet.load(iso).puzzles, threads=t)))
                times["process"].append(timed(
                    lambda: subprocess.run(py, check=True)))
            rate = {k: n / statistics.median(v) for k, v in times.items()}
            rows = [("cli", "nonet solve FILE (whole process)"),
                    ("call", "solve_many(array) (the call)"),
                    ("load", "load(FILE) + solve_many (in process)"),
                    ("process", "python -c: import, load, solve_many")]
            for key, what in rows:
                print("%-7d %-40s %12.0f %6.2fx" % (t, what, rate[key],
                                                   rate[key] / rate["cli"]))
    finally:
        os.unlink(iso)


if __name__ == "__main__":
    main()
