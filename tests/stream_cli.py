#!/usr/bin/env python3
"""stream_cli.py NONET: nonet as a coprocess over pipes.

A program writes one record to `nonet solve` (or `count`, `rate`) through
a pipe and waits for its answer before it writes the next. Each answer
must come while the input stays open (within 20 s; it takes
milliseconds), a solution must obey the rules and keep the givens, a bad
record's message must reach standard error at once, and at the end of
input the command exits with the status of the whole batch.
"""
import os
import select
import subprocess
import sys

NONET = sys.argv[1]
WAIT = 20.0

# puzzles the test states itself (the answers are checked by the rules)
PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
]
# a 4x4 variant (2x2 boxes) in the line form of docs/variants.md
VARIANT = "size=4 box=2x2 cells=3..4.4....13...."


def read_line(f, what):
    """One line from the pipe `f`, failing if none comes within WAIT."""
    ready, _, _ = select.select([f], [], [], WAIT)
    if not ready:
        sys.exit("FAIL: no %s within %g s while the input stays open"
                 % (what, WAIT))
    line = f.readline()
    if not line:
        sys.exit("FAIL: %s: end of output" % what)
    return line.rstrip("\n")


def check_solution(puzzle, sol):
    if len(sol) != 81 or not all(c in "123456789" for c in sol):
        sys.exit("FAIL: not a grid: %r" % sol)
    for i, c in enumerate(puzzle):
        if c != "." and sol[i] != c:
            sys.exit("FAIL: r%dc%d given %s, answer %s"
                     % (i // 9 + 1, i % 9 + 1, c, sol[i]))
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + r) * 9 + b % 3 * 3 + c
               for r in range(3) for c in range(3)] for b in range(9)]
    for u in units:
        if sorted(sol[i] for i in u) != list("123456789"):
            sys.exit("FAIL: a house breaks the rules in %s" % sol)


def check_variant(sol):
    # the 4x4 answer: the puzzle with every cell filled, keeping givens
    cells = sol.split("cells=")[-1]
    if len(cells) != 16 or not all(c in "1234" for c in cells):
        sys.exit("FAIL: not a 4x4 grid: %r" % sol)
    given = VARIANT.split("cells=")[-1]
    for i, c in enumerate(given):
        if c != "." and cells[i] != c:
            sys.exit("FAIL: 4x4 given changed in %r" % sol)
    g = [cells[r * 4:r * 4 + 4] for r in range(4)]
    houses = [list(row) for row in g]
    houses += [[g[r][c] for r in range(4)] for c in range(4)]
    houses += [[g[br + r][bc + c] for r in range(2) for c in range(2)]
               for br in (0, 2) for bc in (0, 2)]
    for h in houses:
        if sorted(h) != list("1234"):
            sys.exit("FAIL: a 4x4 house breaks the rules in %r" % sol)


def run(args, steps):
    p = subprocess.Popen([NONET] + args, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, bufsize=1)
    for record, check in steps:
        p.stdin.write(record + "\n")
        p.stdin.flush()
        check(p)
    p.stdin.close()
    rest = p.stdout.read()
    p.wait(timeout=WAIT)
    return p, rest


def answer(puzzle):
    def check(p):
        check_solution(puzzle, read_line(p.stdout, "solution"))
    return check


def bad(p):
    if read_line(p.stdout, "answer to a bad record") != "invalid":
        sys.exit("FAIL: a bad record is not answered 'invalid'")
    msg = read_line(p.stderr, "message for a bad record")
    if not msg.startswith("<stdin>:") or "80" not in msg:
        sys.exit("FAIL: message %r does not name <stdin>:LINE and the "
                 "80 cells" % msg)


def variant(p):
    check_variant(read_line(p.stdout, "4x4 solution"))


steps = [(q, answer(q)) for q in PUZZLES[:2]]
steps.append((PUZZLES[2][:80], bad))  # 80 characters: an error
steps.append((VARIANT, variant))
steps.append((PUZZLES[2], answer(PUZZLES[2])))
for threads in ("1", "2"):
    p, rest = run(["solve", "--threads", threads], steps)
    if rest:
        sys.exit("FAIL: output after the last answer: %r" % rest)
    if p.returncode != 1:
        sys.exit("FAIL: exit status %d, 1 expected (one bad record)"
                 % p.returncode)

# count: one number a record, as they come
def counted(p):
    if read_line(p.stdout, "count") != "1":
        sys.exit("FAIL: count of a unique puzzle is not 1")
p, rest = run(["count"], [(q, counted) for q in PUZZLES])
if rest or p.returncode != 0:
    sys.exit("FAIL: count: rest %r, status %d" % (rest, p.returncode))
print("ok: answers came one record at a time over pipes (solve, count)")
