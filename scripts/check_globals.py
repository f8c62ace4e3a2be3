#!/usr/bin/env python3
"""check_globals.py LIBNONET.a: no writable global state in libnonet.

nonet.h promises no global mutable state. This reads every object of the
static library with `objdump -t` and fails (exit 1, naming the symbol)
when one has a symbol in a writable data section (.data, .bss, thread-local
or common), other than the documented atomics of ALLOWED below.
"""
import re
import subprocess
import sys
import tempfile
import os

# object file -> symbols allowed, each a documented atomic
ALLOWED = {
    # solver/solve.c: the solver build chosen for this CPU, an atomic_int
    # cache that every thread computes to the same value
    "solve.c.o": {"cache"},
}
WRITABLE = re.compile(r"^\.(data|bss|tdata|tbss)(\.|$)")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    lib = os.path.abspath(sys.argv[1])
    bad = []
    n = 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["ar", "x", lib], cwd=tmp, check=True)
        for obj in sorted(os.listdir(tmp)):
            n += 1
            out = subprocess.run(["objdump", "-t", os.path.join(tmp, obj)],
                                 capture_output=True, text=True,
                                 check=True).stdout
            for line in out.splitlines():
                parts = line.split()
                if len(parts) < 5 or "O" not in parts[1:3] and \
                        "*COM*" not in line:
                    continue
                sect = next((p for p in parts if p.startswith(".") or
                             p == "*COM*"), "")
                # gcc names a static local "cache.0", clang "chosen.cache"
                names = set(parts[-1].split("."))
                if sect == "*COM*" or (WRITABLE.match(sect) and
                                       ".rel.ro" not in sect):
                    if not names & ALLOWED.get(obj, set()):
                        bad.append("%s: %s in %s" % (obj, parts[-1], sect))
    for b in bad:
        print("check_globals: writable global state: " + b, file=sys.stderr)
    if not bad:
        print("check_globals: %d objects, no writable globals beyond the "
              "documented atomics" % n)
    sys.exit(1 if bad else 0)


main()
