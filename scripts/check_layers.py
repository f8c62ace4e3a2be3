#!/usr/bin/env python3
"""check_layers.py SRC_DIR BUILD_DIR: the architecture, checked.

Fails (exit 1, naming what is wrong) when
  - src/ holds anything but folders (and at most one config header);
  - two source files call each other, directly or around a circle (the
    calls are read from the compiled objects with `nm`: each object's
    defined and undefined symbols);
  - two files include each other around a circle;
  - a folder calls or includes a folder it may not (the table LAYERS
    below, which docs/ARCHITECTURE.md draws), or folders do so in a
    circle;
  - the command (src/cli) includes a library header other than the
    public ones (nonet.h, render/render.h);
  - a .c file declares a function of another file itself (a prototype
    at file scope): every internal function is declared once, in a
    header, with its real types, so the compiler checks each caller.
"""
import os
import re
import subprocess
import sys

# Each folder and the folders it may call or include. Calls go one way:
# down this list.
LAYERS = {
    "core": [],
    "solver": ["core"],
    "serate": ["core", "solver"],
    "logic": ["core", "solver"],
    "generate": ["core", "solver", "serate"],
    "variant": ["core", "solver"],
    "vlogic": ["core", "solver", "variant"],
    "render": ["core", "solver", "variant"],
    "wasm": ["core", "solver", "serate", "logic", "generate", "variant",
             "vlogic"],
    "cli": ["core", "solver", "serate", "logic", "generate", "variant",
            "vlogic", "render"],
}
# Headers the command may include from the library (the rest of its
# includes are its own, in src/cli).
CLI_PUBLIC = {"render/render.h"}


def fail(msgs):
    for m in msgs:
        print("check_layers: " + m, file=sys.stderr)
    sys.exit(1 if msgs else 0)


def sccs(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def folder(path):
    return path.split("/", 1)[0] if "/" in path else ""


def objects(build, srcdir):
    """(source path relative to src/, object file) for every object of the
    library, the render library and the command (objects whose source is
    gone, left in an old build tree, are not counted)."""
    found = []
    for root, _dirs, files in os.walk(os.path.join(build, "CMakeFiles")):
        for f in files:
            if not f.endswith(".c.o"):
                continue
            full = os.path.join(root, f)
            m = re.search(r"/src/(.*)\.o$", full.replace(os.sep, "/"))
            if m and ".dir/src/" in full.replace(os.sep, "/") and \
                    os.path.exists(os.path.join(srcdir, m.group(1))):
                found.append((m.group(1), full))
    return found


def call_graph(build, srcdir):
    defs, uses = {}, {}
    for src, obj in objects(build, srcdir):
        out = subprocess.run(["nm", obj], capture_output=True, text=True,
                             check=True).stdout
        d, u = set(), set()
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TDBR":
                d.add(parts[2])
            elif len(parts) == 2 and parts[0] == "U":
                u.add(parts[1])
        defs.setdefault(src, set()).update(d)
        uses.setdefault(src, set()).update(u)
    owner = {}
    for src, ds in defs.items():
        for s in ds:
            owner.setdefault(s, src)
    graph = {}
    for src, us in uses.items():
        graph.setdefault(src, set())
        for s in us:
            o = owner.get(s)
            if o and o != src:
                graph[src].add(o)
    return graph


def include_graph(srcdir):
    graph = {}
    inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    for root, _dirs, files in os.walk(srcdir):
        for f in files:
            if not f.endswith((".c", ".h")):
                continue
            full = os.path.join(root, f)
            rel = os.path.relpath(full, srcdir).replace(os.sep, "/")
            edges = graph.setdefault(rel, set())
            with open(full, encoding="utf-8", errors="replace") as fh:
                for name in inc.findall(fh.read()):
                    for cand in (os.path.join(os.path.dirname(rel), name),
                                 name):
                        cand = os.path.normpath(cand).replace(os.sep, "/")
                        if os.path.exists(os.path.join(srcdir, cand)):
                            edges.add(cand)
                            break
    return graph


PROTO = re.compile(
    r"^(?!static\b|typedef\b|return\b|else\b)[A-Za-z_][\w \t\*]*?\b(\w+)"
    r"\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*;", re.M)


def prototypes(srcdir):
    """Function prototypes at file scope in .c files."""
    found = []
    for root, _dirs, files in os.walk(srcdir):
        for f in files:
            if not f.endswith(".c"):
                continue
            full = os.path.join(root, f)
            with open(full, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"),
                          text, flags=re.S)
            text = re.sub(r"//[^\n]*", "", text)
            for m in PROTO.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                rel = os.path.relpath(full, srcdir).replace(os.sep, "/")
                found.append("%s:%d: %s" % (rel, line, m.group(1)))
    return found


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    top, build = sys.argv[1], sys.argv[2]
    srcdir = os.path.join(top, "src")
    msgs = []

    loose = [e for e in sorted(os.listdir(srcdir))
             if not os.path.isdir(os.path.join(srcdir, e))]
    if len(loose) > 1 or any(not e.endswith(".h") for e in loose):
        msgs.append("src/ must hold only folders (and at most one config "
                    "header): " + ", ".join(loose))
    for d in sorted(os.listdir(srcdir)):
        if os.path.isdir(os.path.join(srcdir, d)) and d not in LAYERS:
            msgs.append("src/%s is not in the layer table of "
                        "scripts/check_layers.py" % d)

    calls = call_graph(build, srcdir)
    if not calls:
        msgs.append("no objects found under %s/CMakeFiles" % build)
    incs = include_graph(srcdir)
    for what, graph in (("call", calls), ("include", incs)):
        for comp in sccs(graph):
            msgs.append("files that %s each other in a circle: %s"
                        % (what, " -> ".join(comp)))
        fgraph = {}
        for a, bs in graph.items():
            for b in bs:
                fa, fb = folder(a), folder(b)
                if fa == fb:
                    continue
                fgraph.setdefault(fa, set()).add(fb)
                if fa in LAYERS and fb not in LAYERS[fa]:
                    msgs.append("%s: src/%s %ss src/%s (%s), which it may "
                                "not" % (a, fa, what, fb, b))
        for comp in sccs(fgraph):
            msgs.append("folders that %s each other in a circle: %s"
                        % (what, ", ".join(comp)))

    for a, bs in incs.items():
        if folder(a) == "cli":
            for b in bs:
                if folder(b) != "cli" and b not in CLI_PUBLIC:
                    msgs.append("%s includes %s: the command uses only the "
                                "public headers" % (a, b))
    for proto in prototypes(srcdir):
        msgs.append("%s: declared in a .c file; declare it in a header"
                    % proto)
    n = len(calls)
    if not msgs:
        print("check_layers: %d objects, %d files: no circles, every call "
              "goes down the layers" % (n, len(incs)))
    fail(msgs)


main()
