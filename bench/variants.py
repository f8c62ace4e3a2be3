#!/usr/bin/env python3
"""variants.py BUILD [--gecode DIR] [--killers DIR] [--iss DIR] [--hard-killers N]
                  [--timeout S] [--gecode-bin FILE [--gecode-timeout S]]
                  [--quick]

Benchmarks of nonet's variant solver and generator (docs/benchmarks.md).

Solving, whole process per puzzle, against a SAT encoding of the same
puzzle (bench/variant_sat.c, ours) solved by Debian's cadical: "first" is
`nonet solve --first` against encode + cadical; "unique" is `nonet solve`
(a second solution is looked for) against encode + cadical + encode with a
clause blocking the solution found + cadical (UNSAT proves uniqueness).
Both sides run alternately on each puzzle, five times each (once when a
run takes over a second), and the medians are added up; each run has the
same timeout, and a puzzle that either side did not finish counts as a
timeout and is left out of the ratio.

The instances are read from checkouts the user fetched (nothing of them is
kept in the project):
  --gecode DIR   a checkout of https://github.com/Gecode/gecode: the 55
                 16x16 puzzles of janko.at and the 18 minimal 25x25 puzzles
                 of Alain Frisch in examples/sudoku-instances.hh
  --killers DIR  a checkout of https://github.com/Wikunia/ConstraintSolver.jl:
                 the 7 killer puzzles (niallsudoku.com, Wikipedia) in
                 benchmark/killer_sudoku/data
  --hard-killers N  N killers made by the build's own generator, cages of
                 4 to 8 cells and no givens (`nonet generate --killer
                 --cage-size 4-8 --seed 11 -n N`): published killers are
                 made for people and fall to propagation; these need
                 search. Builds whose generators differ get other puzzles
                 from the same seed, so compare their ratios, not times.

  --iss DIR      a checkout of https://github.com/sigh/Interactive-Sudoku-
                 Solver: from its data/collections.js, the hard killers of
                 tarek's thread on rcbroughton.co.uk's forum (TAREK_ALL,
                 42; the 9 with cages joined diagonally or without a total
                 are left out: nonet's cages are joined by their sides and
                 have totals) and the hardest killers made by Mathemagic
                 (forum.enjoysudoku.com "The hardest killers",
                 MATHEMAGIC_KILLERS, 14); read from the snarfable
                 shorthand
                 That solver (JavaScript, the best-known killer solver,
                 whose derived sums nonet's innies less outies follow) is
                 also a peer: every killer set above is solved again
                 against its own command-line solver
                 (tools/perf/benchmark_puzzles.js, run by Debian's node),
                 the puzzles written in its constraint syntax.

A second peer for the 16x16 and 25x25 puzzles (issue 16: "ahead of any
other peer you can build here"), Gecode's own examples/sudoku.cpp, built
against Debian's libgecode-dev (bench/gecode_peer.sh builds it in /tmp):
  --gecode-bin FILE      that program; each puzzle is run by its instance
                         number, to one solution ("first") or two
                         ("unique"), alternately with nonet as above
  --gecode-timeout S     its timeout (default 10 s: Gecode's depth-first
                         search takes minutes on some 25x25 puzzles)

Generating: `nonet generate -t 1` wall time per puzzle for the three goals
of issue 16 (unique minimal 16x16 under 1 s, cages-only killer 9x9 under
100 ms, minimal jigsaw 9x9 with random regions under 10 ms).
"""
import json
import os
import re
import signal
import subprocess
import sys
import threading
import tempfile
import time


def gecode_instances(path):
    """{size: [(index in Gecode's examples[], puzzle text line)]} from
    Gecode's sudoku-instances.hh (the index is the instance number its
    examples/sudoku takes)."""
    text = open(os.path.join(path, "examples", "sudoku-instances.hh")).read()
    body = text[text.index("const char* examples[] = {"):text.index("};")]
    body = "\n".join(l for l in body.split("\n")
                     if not l.strip().startswith("//"))
    out = {}
    index = 0
    for entry in body.split(","):
        cells = "".join(re.findall(r'"([^"]*)"', entry))
        if not cells:
            continue
        n = int(round(len(cells) ** 0.5))
        if n * n == len(cells):
            out.setdefault(n, []).append(
                (index, "size=%d cells=%s" % (n, cells)))
        index += 1
    return out


def killer_instances(path):
    """The killer puzzles of ConstraintSolver.jl, as nonet text lines."""
    data = os.path.join(path, "benchmark", "killer_sudoku", "data")
    out = []
    for name in sorted(os.listdir(data)):
        cages = json.load(open(os.path.join(data, name)))
        parts = ["%d:%s" % (c["result"], ",".join(
            "r%dc%d" % (r, col) for r, col in c["indices"])) for c in cages]
        out.append((name, "size=9 cages=" + ";".join(parts)))
    return out


# The "snarfable" killer shorthand (forum.enjoysudoku.com, "Understandable
# snarfable killer cages"): 81 characters, a cage's total at one of its
# cells (0-9, A-Z for 10-35, a-j for 36-45), every other cell an arrow to
# a neighbour of the same cage: < > ^ v, or ` ' , . diagonally.
SNARF_STEP = {"v": 9, "^": -9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8,
              ".": 10}


def snarf_to_nonet(s):
    """A nonet text line, or (None, why) for what nonet's killers do not
    take: cages joined only diagonally, cages without a total (0)."""
    if any(ch in "`',." for ch in s):
        return None, "a cage joined diagonally"
    cages = {}
    for i in range(81):
        c, k = i, 0
        while s[c] in SNARF_STEP:
            c += SNARF_STEP[s[c]]
            k += 1
            if k > 81 or not 0 <= c < 81:
                return None, "arrows that lead nowhere"
        cages.setdefault(c, []).append(i)
    parts = []
    for head, cells in sorted(cages.items()):
        ch = s[head]
        total = (int(ch) if ch.isdigit() else
                 ord(ch) - 55 if "A" <= ch <= "Z" else ord(ch) - 61)
        if total == 0:
            return None, "a cage without a total"
        parts.append("%d:%s" % (total, ",".join(map(str, cells))))
    return "size=9 cages=" + ";".join(parts), None


def iss_killers(path, name):
    """The killers of collection `name` in data/collections.js of a
    checkout of sigh/Interactive-Sudoku-Solver, as nonet text lines, and
    how many were left out (and why)."""
    text = open(os.path.join(path, "data", "collections.js")).read()
    start = text.index("export const %s =" % name)
    body = text[start:text.index("\n);", start)]
    out, left = [], {}
    for s in re.findall(r"'([0-9A-Za-j^<v>`',.]{81})'", body):
        line, why = snarf_to_nonet(s)
        if line:
            out.append(line)
        else:
            left[why] = left.get(why, 0) + 1
    return out, left


def run(steps, timeout):
    """Wall seconds of a list of processes run one after the other, each
    (argv, stdin path or None, stdout path or None) started directly (no
    shell: its start-up would be counted against the side with the
    shortest run); an argument that is a callable is called just before
    its step (it reads what an earlier step wrote). Returns (wall, cpu):
    cpu is the processes' user + system time (steadier than the wall
    clock on a shared machine), read from each one's own rusage. None
    after the timeout.

    Each process is waited for by a blocking wait4(), and a timer kills
    it at the timeout: Popen.wait(timeout=...) polls with sleeps of 1, 2,
    4 ... 50 ms, which rounded every wall time up to the next poll (a
    process of 1.3 ms counted 3 ms, one of 16 ms counted 31 ms)."""
    wall = cpu = 0.0
    t0 = time.perf_counter()
    for argv, fin, fout in steps:
        argv = [a() if callable(a) else a for a in argv]
        left = timeout - (time.perf_counter() - t0)
        if left <= 0:
            return None
        with open(fin or os.devnull, "rb") as i, \
                open(fout or os.devnull, "wb") as o:
            killed = []
            lock = threading.Lock()
            start = time.perf_counter()
            proc = subprocess.Popen(argv, stdin=i, stdout=o,
                                    stderr=subprocess.DEVNULL,
                                    start_new_session=True)

            def kill():
                with lock:
                    if proc.returncode is None:
                        killed.append(1)
                        os.killpg(proc.pid, signal.SIGKILL)
            timer = threading.Timer(left, kill)
            timer.start()
            _, status, usage = os.wait4(proc.pid, 0)
            end = time.perf_counter()
            with lock:
                proc.returncode = os.waitstatus_to_exitcode(status)
            timer.cancel()
            if killed:
                return None
            wall += end - start
            cpu += usage.ru_utime + usage.ru_stime
    return wall, cpu


def median_pair(a_cmd, b_cmd, timeout, repeats):
    """Runs the two commands alternately `repeats` times (once only when
    one takes over a second); the median (wall, cpu) of each, None after
    a timeout."""
    a, b = [], []
    for k in range(repeats):
        x = run(a_cmd, timeout)
        y = run(b_cmd, timeout)
        if x is None or y is None:
            return x, y
        a.append(x)
        b.append(y)
        if x[0] > 1 or y[0] > 1:
            break
    med = lambda v: sorted(v)[len(v) // 2]
    return ((med([t for t, _ in a]), med([c for _, c in a])),
            (med([t for t, _ in b]), med([c for _, c in b])))


def sat_steps(sat):
    """The peer's steps for a puzzle file f: encode + cadical ("first");
    encode + cadical + decode + encode with the solution blocked + cadical
    ("unique")."""
    def steps(f, index, mode, tmp):
        cnf, out = os.path.join(tmp, "p.cnf"), os.path.join(tmp, "p.out")
        if mode == "first":
            return [([sat], f, cnf), (["cadical", "-q", cnf], None, out)]
        sol = f + ".sol"
        return [([sat], f, cnf), (["cadical", "-q", cnf], None, out),
                ([sat, "--decode", f], out, sol),
                ([sat, "--block", lambda: open(sol).read().strip()], f, cnf),
                (["cadical", "-q", cnf], None, None)]
    return steps


def gecode_steps(binary):
    """The peer's steps for Gecode's own example (examples/sudoku.cpp,
    built against Debian's libgecode-dev): its instance `index` of
    sudoku-instances.hh, one solution ("first") or two ("unique"), its
    default model (domain-consistent distinct, AFC/size branching)."""
    def steps(f, index, mode, tmp):
        return [([binary, "-solutions", "1" if mode == "first" else "2",
                  str(index)], None, None)]
    return steps


def iss_text(line):
    """A 9x9 nonet killer line (cages, givens) in the constraint syntax of
    the Interactive Sudoku Solver: .Cage~SUM~R1C1~... and .Given~R1C1_D."""
    fields = dict(f.split("=", 1) for f in line.split())
    out = []
    for cage in fields.get("cages", "").split(";"):
        if not cage:
            continue
        total, cells = cage.split(":")
        names = []
        for c in cells.split(","):
            rc = re.fullmatch(r"r(\d)c(\d)", c)
            names.append("R%sC%s" % rc.groups() if rc else
                         "R%dC%d" % (int(c) // 9 + 1, int(c) % 9 + 1))
        out.append(".Cage~%s~%s" % (total, "~".join(names)))
    for i, ch in enumerate(fields.get("cells", "")):
        if ch.isdigit() and ch != "0":
            out.append(".Given~R%dC%d_%s" % (i // 9 + 1, i % 9 + 1, ch))
    return "".join(out)


def iss_steps(iss_dir):
    """The steps of the Interactive Sudoku Solver (JavaScript, run by
    node): its own command-line solver, tools/perf/benchmark_puzzles.js,
    to one solution ("first") or two ("unique"), unlimited backtracks."""
    tool = os.path.join(iss_dir, "tools", "perf", "benchmark_puzzles.js")

    def steps(f, index, mode, tmp):
        g = os.path.join(tmp, "p.iss")
        with open(f) as src, open(g, "w") as dst:
            dst.write(iss_text(src.read().strip()) + "\n")
        return [(["node", tool, "--max-backtracks", "none", "--input-file",
                  g, "--solutions", "1" if mode == "first" else "2"],
                 None, None)]
    return steps


def solve_set(name, puzzles, nonet, peer, peer_name, tmp, timeout):
    """`puzzles`: (peer's index or None, nonet text line) pairs."""
    rows = []
    for mode in ("first", "unique"):
        ours = theirs_t = ours_cpu = peer_cpu = 0.0
        both = timeouts_ours = timeouts_peer = 0
        for index, p in puzzles:
            f = os.path.join(tmp, "p.txt")
            open(f, "w").write(p + "\n")
            args = ["solve", "--first"] if mode == "first" else ["solve"]
            mine = [([nonet] + args + ["-t", "1", f], None, None)]
            a, b = median_pair(mine, peer(f, index, mode, tmp), timeout, 5)
            timeouts_ours += a is None
            timeouts_peer += b is None
            if a is not None and b is not None:
                ours += a[0]
                theirs_t += b[0]
                ours_cpu += a[1]
                peer_cpu += b[1]
                both += 1
        rows.append((name, mode, len(puzzles), both, ours, theirs_t,
                     timeouts_ours, timeouts_peer))
        print("  %-22s %-6s %3d puzzles, %3d by both: nonet %8.3f s, "
              "%s %8.3f s, ratio %6.1fx (cpu %.3f s / %.3f s: %.1fx); "
              "timeouts nonet %d, %s %d"
              % (name, mode, len(puzzles), both, ours, peer_name, theirs_t,
                 theirs_t / ours if ours else 0, ours_cpu, peer_cpu,
                 peer_cpu / ours_cpu if ours_cpu else 0, timeouts_ours,
                 peer_name, timeouts_peer),
              flush=True)
    return rows


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        sys.exit(2)
    build = args[0]
    opts = {"--gecode": None, "--killers": None, "--hard-killers": None,
            "--timeout": "60", "--gecode-bin": None,
            "--gecode-timeout": "10", "--iss": None}
    quick = "--quick" in args
    for k in opts:
        if k in args:
            opts[k] = args[args.index(k) + 1]
    timeout = float(opts["--timeout"])
    nonet = os.path.join(build, "nonet")
    sat = sat_steps(os.path.join(build, "bench", "variant_sat"))
    with tempfile.TemporaryDirectory() as tmp:
        print("solving, whole process per puzzle, nonet (%s) against encode "
              "+ cadical; timeout %g s" % (
                  subprocess.run([nonet, "--version"], capture_output=True,
                                 text=True).stdout.strip(), timeout))
        killer_sets = []
        if opts["--killers"]:
            ks = [(None, p) for _, p in killer_instances(opts["--killers"])]
            solve_set("killer 9x9 (CS.jl)", ks, nonet, sat, "cadical", tmp,
                      timeout)
            killer_sets.append(("killer 9x9 (CS.jl)", ks))
        if opts["--hard-killers"]:
            made = subprocess.run(
                [nonet, "generate", "--killer", "--cage-size", "4-8",
                 "--seed", "11", "-n", opts["--hard-killers"]],
                capture_output=True, text=True, check=True).stdout.split("\n")
            hard = [(None, l) for l in made if l.strip()]
            solve_set("killer 9x9, cages 4-8", hard, nonet, sat, "cadical",
                      tmp, timeout)
            killer_sets.append(("killer 9x9, cages 4-8", hard))
        if opts["--iss"]:
            for coll, label in (("TAREK_ALL", "killer 9x9, tarek"),
                                ("MATHEMAGIC_KILLERS",
                                 "killer 9x9, Mathemagic")):
                ks, left = iss_killers(opts["--iss"], coll)
                if left:
                    print("  %s: left out %s" % (label, ", ".join(
                        "%d with %s" % (n, why) for why, n in left.items())))
                if quick:
                    ks = ks[:4]
                pairs = [(None, k) for k in ks]
                solve_set(label, pairs, nonet, sat, "cadical", tmp, timeout)
                killer_sets.append((label, pairs))
            print("the killers against the Interactive Sudoku Solver's own "
                  "solver (node, %s); timeout %g s" % (opts["--iss"], timeout))
            iss = iss_steps(opts["--iss"])
            for label, ks in killer_sets:
                solve_set(label, ks, nonet, iss, "iss", tmp, timeout)
        s16 = s25 = []
        if opts["--gecode"]:
            g = gecode_instances(opts["--gecode"])
            s16 = g.get(16, [])
            s25 = g.get(25, [])
            if quick:
                s16, s25 = s16[:10], s25[:3]
            solve_set("16x16 janko (Gecode)", s16, nonet, sat, "cadical", tmp,
                      timeout)
            solve_set("25x25 Frisch (Gecode)", s25, nonet, sat, "cadical",
                      tmp, timeout)
        if opts["--gecode-bin"] and (s16 or s25):
            gt = float(opts["--gecode-timeout"])
            print("the same puzzles against Gecode's examples/sudoku (%s); "
                  "timeout %g s" % (opts["--gecode-bin"], gt))
            gec = gecode_steps(opts["--gecode-bin"])
            solve_set("16x16 janko (Gecode)", s16, nonet, gec, "gecode", tmp,
                      gt)
            solve_set("25x25 Frisch (Gecode)", s25, nonet, gec, "gecode", tmp,
                      gt)
        print("generating, whole process, one thread (ms per puzzle)")
        for what, count, gen in (
                ("unique minimal 16x16", 4 if quick else 20, "--size 16"),
                ("cages-only killer 9x9", 20 if quick else 100, "--killer"),
                ("minimal jigsaw 9x9", 50 if quick else 500, "--jigsaw")):
            t, c = run([([nonet, "generate", "-t", "1", "-n", str(count),
                           "--seed", "1"] + gen.split(), None, None)], 3600)
            print("  %-24s %4d puzzles: %8.1f ms each (cpu %.1f ms)" % (
                what, count, t * 1000 / count, c * 1000 / count), flush=True)


if __name__ == "__main__":
    main()
