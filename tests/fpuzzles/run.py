#!/usr/bin/env python3
"""f-puzzles links and JSON (docs/variants.md): run.py NONET

Puzzles that nonet generates (every kind an f-puzzles link can carry:
boxes of several sizes, jigsaw, both diagonals, windoku, disjoint groups,
anti-knight, anti-king, nonconsecutive, killer cages with and without
givens) are written out again here as f-puzzles JSON and as links
(lzstring.py: LZ-string written for these tests), read back by `nonet
solve`, and must give the generated solution under the same rules; bad
links and unsupported constraints must be named, the rest of the file
still solved. Exit 1 on any failure."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lzstring  # noqa: E402

NONET = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(args, stdin):
    p = subprocess.run([NONET] + args, input=stdin, capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def cell_name(n, i):
    return "R%dC%d" % (i // n + 1, i % n + 1)


def windows(n, br, bc):
    """The windoku windows of a grid with boxes br x bc: the boxes one
    cell in from the box lines (only the usual 9x9 layout is used)."""
    assert (n, br, bc) == (9, 3, 3)
    out = []
    for r0 in (1, 5):
        for c0 in (1, 5):
            out.append([(r0 + r) * 9 + c0 + c for r in range(3)
                        for c in range(3)])
    return out


def to_fpuzzles(p):
    """nonet's variant JSON object to f-puzzles' JSON."""
    n = p["size"]
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = {}
            v = p["cells"][r * n + c]
            if v:
                cell = {"value": v, "given": True}
            if "regions" in p:
                cell["region"] = p["regions"][r * n + c]
            row.append(cell)
        grid.append(row)
    f = {"size": n, "title": "made by nonet's tests", "author": "tests",
         "grid": grid}
    cons = p.get("constraints", [])
    if "diagonals" in cons:
        f["diagonal+"] = f["diagonal-"] = True
    for name, key in (("anti-knight", "antiknight"), ("anti-king", "antiking"),
                      ("disjoint", "disjointgroups"),
                      ("nonconsecutive", "nonconsecutive")):
        if name in cons:
            f[key] = True
    if "windoku" in cons:
        f["extraregion"] = [{"cells": [cell_name(n, i) for i in w]}
                            for w in windows(n, *p["box"])]
    if p.get("cages"):
        f["killercage"] = [{"cells": [cell_name(n, i) for i in k["cells"]],
                            "value": str(k["sum"])} for k in p["cages"]]
    return f


def link(f, host="https://f-puzzles.com/"):
    return host + "?load=" + lzstring.compress_to_base64(
        json.dumps(f, separators=(",", ":")))


def same_rules(a, b):
    """The rules of two of nonet's JSON objects are the same."""
    def norm(p):
        cages = sorted((k["sum"], tuple(sorted(k["cells"])))
                       for k in p.get("cages", []))
        return (p["size"], tuple(p.get("box", [])), tuple(p.get("regions", [])),
                tuple(sorted(p.get("constraints", []))), tuple(cages))
    return norm(a) == norm(b)


KINDS = [
    ["--size", "4"], ["--size", "6"], ["--size", "8"], ["--size", "12"],
    [], ["--jigsaw"], ["--size", "6", "--jigsaw"],
    ["--constraints", "diagonals"], ["--constraints", "windoku"],
    ["--constraints", "disjoint"], ["--constraints", "anti-knight"],
    ["--constraints", "anti-king"], ["--constraints", "nonconsecutive"],
    ["--killer", "--cage-size", "2-4"], ["--killer-givens"],
    ["--size", "6", "--killer"],
    ["--killer", "--cage-size", "2-4", "--constraints", "diagonals"],
]

# 1. generated puzzles, as links (both hosts) and as f-puzzles JSON
records, expect = [], []
for k, kind in enumerate(KINDS):
    rc, out, err = run(["generate", "-n", "2", "--seed", str(100 + k), "-f",
                        "json", "--solution"] + kind, "")
    check(rc == 0, "generate %s: %s" % (kind, err))
    for line in out.splitlines():
        p = json.loads(line)
        if "puzzle" in p:  # the classic 9x9 in its own JSON
            p = {"size": 9, "box": [3, 3],
                 "cells": [v for row in p["puzzle"] for v in row],
                 "solution": [v for row in p["solution"] for v in row]}
        f = to_fpuzzles(p)
        records.append(link(f, "https://www.f-puzzles.com/" if k % 2 else
                            "https://f-puzzles.com/"))
        expect.append(p)
        records.append(json.dumps(f))
        expect.append(p)
rc, out, err = run(["solve", "-f", "json", "-"], "\n".join(records) + "\n")
lines = out.splitlines()
check(rc == 0 and len(lines) == len(records),
      "solve of %d f-puzzles records: exit %d, %d lines, %s" % (
          len(records), rc, len(lines), err[:300]))
for i, (line, p) in enumerate(zip(lines, expect)):
    try:
        got = json.loads(line)
    except ValueError:
        check(False, "record %d: %s" % (i + 1, line[:80]))
        continue
    check(got["cells"] == p["solution"],
          "record %d (%s): not the generated solution" % (i + 1, p.get(
              "constraints", p.get("size"))))
    check(same_rules(got, p), "record %d: rules differ: %s vs %s" % (
        i + 1, line[:200], json.dumps(p)[:200]))
print("%d f-puzzles records solved to the generated solutions" % len(lines))

# 1b. `nonet convert` writes each record as nonet's JSON: the generated
# puzzle's own givens and rules (not solved), and with --solution the
# generated solution beside them; the lines read back the same
rc, out, err = run(["convert", "-f", "json", "-"], "\n".join(records) + "\n")
lines = out.splitlines()
check(rc == 0 and len(lines) == len(records),
      "convert of %d f-puzzles records: exit %d, %d lines, %s" % (
          len(records), rc, len(lines), err[:300]))
for i, (line, p) in enumerate(zip(lines, expect)):
    got = json.loads(line)
    check(got["cells"] == p["cells"] and same_rules(got, p)
          and "solution" not in got,
          "convert record %d: %s vs %s" % (i + 1, line[:200],
                                           json.dumps(p)[:200]))
rc2, out2, err2 = run(["convert", "-f", "line", "-"], out)
rc3, out3, _ = run(["convert", "-f", "json", "--solution", "-"], out2)
lines3 = out3.splitlines()
check(rc2 == 0 and rc3 == 0 and len(lines3) == len(records),
      "convert to lines and back: exit %d/%d, %s" % (rc2, rc3, err2[:200]))
for i, (line, p) in enumerate(zip(lines3, expect)):
    got = json.loads(line)
    check(got["cells"] == p["cells"] and same_rules(got, p)
          and got.get("solution") == p["solution"],
          "convert --solution record %d: %s" % (i + 1, line[:200]))
print("%d f-puzzles records converted to the generated puzzles" % len(lines))

# 2. what nonet does not read is named; the rest of the batch still runs
p = expect[0]
base = to_fpuzzles(expect[8])  # a 9x9 with boxes
bad = [
    (dict(base, thermometer=[{"lines": [["R1C1", "R1C2"]]}]),
     "not supported: 'thermometer'"),
    (dict(base, arrow=[{"cells": ["R1C1"], "lines": [["R1C1", "R1C2"]]}],
          xv=[{"cells": ["R1C1", "R1C2"], "value": "X"}]),
     "not supported: 'arrow', 'xv'"),
    (dict(base, **{"diagonal+": True}), "'diagonal+' alone"),
    (dict(base, killercage=[{"cells": ["R1C1", "R1C2"]}]),
     "a killer cage without a sum"),
    (dict(base, killercage=[{"cells": ["R1C1", "R1C2"], "value": "18"}]),
     "impossible"),
    (dict(base, extraregion=[{"cells": ["R1C1", "R1C2", "R1C3"]}]),
     "not supported: 'extraregion'"),
    (dict(base, size=17), "size 17 is not supported"),
    # numbers beyond a 32-bit long's range (the wasm build's): refused
    # before they are converted (that was undefined: UBSan)
    (dict(base, killercage=[{"cells": ["R1C1", "R1C2"], "value": 1e300}]),
     "a killer cage's sum is not a number"),
    (dict(base, size=-1e300), '"size" is not a number'),
    (dict(base, size=3e9), '"size" is not a number'),
]
recs = [link(f) for f, _ in bad]
recs.append("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAN")  # cut short
recs.append("https://f-puzzles.com/?title=no+puzzle")
recs.append(link(base))  # a good one after the bad: still solved
rc, out, err = run(["solve", "-"], "\n".join(recs) + "\n")
errs = err.splitlines()
check(rc == 1, "bad links: exit %d, expected 1" % rc)
for i, (_, want) in enumerate(bad):
    mine = [e for e in errs if e.startswith("<stdin>:%d:" % (i + 1))]
    check(len(mine) == 1 and want in mine[0],
          "bad link %d: expected '%s', got %s" % (i + 1, want, mine))
n = len(bad)
check(any(e.startswith("<stdin>:%d:" % (n + 1)) and "LZ-string" in e
          for e in errs), "a link cut short: %s" % errs[n:n + 1])
check(any(e.startswith("<stdin>:%d:" % (n + 2)) and "load=" in e
          for e in errs), "a link without load=: %s" % errs[n + 1:n + 2])
last = (out.splitlines() or [""])[-1]
check("".join(str(v) for v in expect[8]["solution"]) in last.replace(
    "size=9 box=3x3 cells=", ""), "the good link after the bad: %s" % last)
print("%d bad links named, the batch went on" % (len(recs) - 1))
rc, out, err = run(["convert", "-f", "json", "-"], "\n".join(recs) + "\n")
lines = out.splitlines()
check(rc == 1 and len(lines) == len(recs) and
      lines[:-1] == ['"invalid"'] * (len(recs) - 1) and
      json.loads(lines[-1])["cells"] == expect[8]["cells"],
      "convert of bad links: exit %d, %s" % (rc, lines[:3]))
check(len(err.splitlines()) == len(recs) - 1,
      "convert of bad links: %d messages for %d bad records" % (
          len(err.splitlines()), len(recs) - 1))

if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("ok")
