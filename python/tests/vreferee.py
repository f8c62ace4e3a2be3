"""An independent referee for variant puzzles, sharing nothing with
libnonet: it reads the one-line text format and the JSON object itself
(docs/variants.md), knows the rules from the docs (rows, columns, boxes or
jigsaw regions, diagonals, windoku windows, disjoint groups, anti-knight,
anti-king, nonconsecutive, killer cages), and counts solutions by plain
backtracking (the fewest-candidates cell first), for small grids."""
import json
import math

SYMBOLS = ".123456789ABCDEFGHIJKLMNOP"


def default_box(n):
    """The usual boxes: as square as N allows, no more rows than columns
    (None when N has no such factorisation: a jigsaw size)."""
    for r in range(int(math.isqrt(n)), 1, -1):
        if n % r == 0:
            return r, n // r
    return None


class Rules:
    def __init__(self, n, box=None, regions=None, constraints=(), cages=()):
        self.n = n
        self.box = box if box or regions else default_box(n)
        if regions is None:
            br, bc = self.box
            regions = [(i // n // br) * (n // bc) + i % n // bc
                       for i in range(n * n)]
        self.regions = list(regions)
        self.constraints = set(constraints)
        self.cages = [(s, sorted(c)) for s, c in cages]

    # ---- the houses and relations, from the docs ----------------------------

    def houses(self):
        n = self.n
        hs = [[r * n + c for c in range(n)] for r in range(n)]
        hs += [[r * n + c for r in range(n)] for c in range(n)]
        hs += [[i for i in range(n * n) if self.regions[i] == g]
               for g in range(n)]
        if "diagonals" in self.constraints:
            hs.append([k * n + k for k in range(n)])
            hs.append([k * n + n - 1 - k for k in range(n)])
        if "windoku" in self.constraints:
            wr, wc = self.box if self.box else default_box(n)
            for a in range(n // wr - 1):
                for b in range(n // wc - 1):
                    r0, c0 = 1 + a * (wr + 1), 1 + b * (wc + 1)
                    hs.append([r * n + c for r in range(r0, r0 + wr)
                               for c in range(c0, c0 + wc)])
        if "disjoint" in self.constraints:
            br, bc = self.box
            for p in range(n):
                hs.append([i for i in range(n * n)
                           if (i // n % br) * bc + i % n % bc == p])
        return hs

    def related(self):
        """Pairs of cells that must differ by a relation (knight, king)."""
        n, pairs = self.n, set()
        moves = []
        if "anti-knight" in self.constraints:
            moves += [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1),
                      (-1, -2), (-2, -1)]
        if "anti-king" in self.constraints:
            moves += [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0),
                      (0, -1), (-1, 0)]
        for i in range(n * n):
            r, c = divmod(i, n)
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    j = (r + dr) * n + c + dc
                    pairs.add((min(i, j), max(i, j)))
        return pairs

    def neighbours(self):
        """Orthogonal neighbours (nonconsecutive: they differ by more than
        1), as pairs."""
        if "nonconsecutive" not in self.constraints:
            return set()
        n = self.n
        return ({(i, i + 1) for i in range(n * n) if i % n < n - 1} |
                {(i, i + n) for i in range(n * n - n)})


def _cells(text, n):
    text = text.strip()
    if "," in text:
        return [int(x) for x in text.split(",")]
    return [0 if ch in "._*0" else SYMBOLS.index(ch.upper())
            for ch in text if ch not in " |\t"]


def _cage_cell(s, n):
    s = s.strip().lower()
    if s.startswith("r"):
        r, c = s[1:].split("c")
        return (int(r) - 1) * n + int(c) - 1
    return int(s)


def parse(text):
    """(rules, cells, solution or None) of a one-line text record or a JSON
    object (text or dict)."""
    if isinstance(text, dict) or text.lstrip().startswith("{"):
        o = json.loads(text) if isinstance(text, str) else text
        n = o["size"]
        cells = o.get("cells", [0] * n * n)
        if cells and isinstance(cells[0], list):
            cells = [x for row in cells for x in row]
        return (Rules(n, tuple(o["box"]) if "box" in o else None,
                      o.get("regions"), o.get("constraints", ()),
                      [(c["sum"], c["cells"]) for c in o.get("cages", ())]),
                cells, o.get("solution"))
    fields = dict(f.split("=", 1) for f in text.split())
    n = int(fields["size"])
    box = regions = None
    if "box" in fields:
        box = tuple(int(x) for x in fields["box"].lower().split("x"))
    if "regions" in fields:
        m = fields["regions"]
        if "," in m:
            regions = [int(x) for x in m.split(",")]
        else:
            names = {}
            regions = [names.setdefault(ch, len(names)) for ch in m]
    cons = fields.get("constraints", "")
    cages = []
    for part in filter(None, fields.get("cages", "").split(";")):
        s, cs = part.split(":")
        cages.append((int(s), [_cage_cell(c, n) for c in cs.split(",")]))
    cells = _cells(fields.get("cells", "." * n * n), n)
    sol = _cells(fields["solution"], n) if "solution" in fields else None
    return (Rules(n, box, regions, [c for c in cons.split(",") if c], cages),
            cells, sol)


def grid(obj, n):
    """Cells from a string of symbols or a sequence."""
    if isinstance(obj, str):
        return _cells(obj, n)
    return [int(x) for x in obj]


def is_solution(rules, puzzle, solution):
    """True when `solution` is full, keeps every rule and every given."""
    n, s = rules.n, list(solution)
    if len(s) != n * n or any(not 1 <= v <= n for v in s):
        return False
    if any(g and g != v for g, v in zip(puzzle, s)):
        return False
    if any(sorted(s[i] for i in h) != list(range(1, n + 1))
           for h in rules.houses()):
        return False
    if any(s[i] == s[j] for i, j in rules.related()):
        return False
    if any(abs(s[i] - s[j]) == 1 for i, j in rules.neighbours()):
        return False
    for total, cells in rules.cages:
        ds = [s[i] for i in cells]
        if len(set(ds)) != len(ds) or sum(ds) != total:
            return False
    return True


def breaks_rule(rules, cells):
    """True when two givens break a rule (a house, a relation, a cage's
    digits or sum)."""
    for h in rules.houses():
        ds = [cells[i] for i in h if cells[i]]
        if len(ds) != len(set(ds)):
            return True
    if any(cells[i] and cells[i] == cells[j] for i, j in rules.related()):
        return True
    if any(cells[i] and cells[j] and abs(cells[i] - cells[j]) == 1
           for i, j in rules.neighbours()):
        return True
    for total, cs in rules.cages:
        ds = [cells[i] for i in cs if cells[i]]
        if len(ds) != len(set(ds)) or sum(ds) > total or (
                len(ds) == len(cs) and sum(ds) != total):
            return True
    return False


class _Search:
    def __init__(self, rules, cells):
        n = self.n = rules.n
        nn = n * n
        self.peers = [set() for _ in range(nn)]
        for h in rules.houses():
            for i in h:
                self.peers[i].update(h)
        for i, j in rules.related():
            self.peers[i].add(j)
            self.peers[j].add(i)
        for i in range(nn):
            self.peers[i].discard(i)
        self.near = [set() for _ in range(nn)]
        for i, j in rules.neighbours():
            self.near[i].add(j)
            self.near[j].add(i)
        self.cage = [None] * nn
        for k, (_, cs) in enumerate(rules.cages):
            for i in cs:
                self.cage[i] = k
        self.cages = rules.cages
        self.g = list(cells)

    def options(self, i):
        g, n = self.g, self.n
        ok = set(range(1, n + 1)) - {g[j] for j in self.peers[i]}
        for j in self.near[i]:
            if g[j]:
                ok -= {g[j] - 1, g[j] + 1}
        k = self.cage[i]
        if k is not None:
            total, cs = self.cages[k]
            used = {g[j] for j in cs if g[j]}
            ok -= used
            left = total - sum(used)
            empty = sum(1 for j in cs if not g[j]) - 1  # after this one
            keep = set()
            for d in ok:
                rest = sorted(set(range(1, n + 1)) - used - {d})
                if len(rest) < empty:
                    continue
                lo, hi = sum(rest[:empty]), sum(rest[len(rest) - empty:])
                if lo <= left - d <= hi:
                    keep.add(d)
            ok = keep
        return ok

    def run(self, limit, found):
        g = self.g
        best, best_ok = None, None
        for i, v in enumerate(g):
            if v:
                continue
            ok = self.options(i)
            if best is None or len(ok) < len(best_ok):
                best, best_ok = i, ok
                if not ok:
                    return 0
        if best is None:
            found.append(list(g))
            return 1
        count = 0
        for d in sorted(best_ok):
            g[best] = d
            count += self.run(limit - count, found)
            g[best] = 0
            if count >= limit:
                break
        return count


def solutions(rules, cells, limit=2):
    """Up to `limit` solutions, by brute force (givens breaking a rule:
    none)."""
    if breaks_rule(rules, cells):
        return []
    found = []
    _Search(rules, cells).run(limit, found)
    return found


def count(rules, cells, limit=2):
    return len(solutions(rules, cells, limit))


def pencil(rules, cells):
    """The digits no house, relation or cage of a placed digit rules out,
    for each empty cell (an empty set for a filled one)."""
    n = rules.n
    s = _Search(rules, cells)
    out = []
    for i, v in enumerate(cells):
        if v:
            out.append(set())
            continue
        ok = set(range(1, n + 1)) - {cells[j] for j in s.peers[i]}
        for j in s.near[i]:
            if cells[j]:
                ok -= {cells[j] - 1, cells[j] + 1}
        k = s.cage[i]
        if k is not None:
            ok -= {cells[j] for j in rules.cages[k][1]}
        out.append(ok)
    return out
