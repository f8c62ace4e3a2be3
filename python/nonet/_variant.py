"""Variant puzzles: sizes 4x4 to 25x25, jigsaw regions, extra regions
(diagonals, windoku, disjoint groups), relations (anti-knight, anti-king,
nonconsecutive) and killer cages. A Variant holds the rules (the
library's nonet_variant, checked by the library as it is made) and the
cells; it is read from and written to the command's variant formats
(docs/variants.md) by the library."""
import json
import sys
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _nonet

#: The symbol of each cell value: '.' empty, 1-9, then A (10) to P (25).
SYMBOLS = ".123456789ABCDEFGHIJKLMNOP"
_EMPTY = "._*0"


class Cage(NamedTuple):
    """A killer cage: different digits adding up to `sum`."""

    sum: int
    cells: Tuple[int, ...]  #: row-major cell numbers from 0, increasing


def symbols(raw) -> str:
    """Cells (values 0..25) as a string of symbols: '.' for empty, 1-9, then
    A-P for 10-25, as the text format writes them."""
    return "".join(SYMBOLS[v] for v in raw)


def _digits_named(n):
    return "1-%d" % n if n <= 9 else "1-9, A-%s" % SYMBOLS[n]


def _numbers(text, n, lo, hi, what):
    """Comma-separated numbers lo..hi, as the text format reads them."""
    out = []
    for part in text.split(","):
        part = part.strip()
        try:
            v = int(part)
        except ValueError:
            raise _nonet.ParseError(
                "%s: '%s' is not a number" % (what, part)) from None
        if not lo <= v <= hi:
            raise _nonet.ParseError("%s: %d is out of range (%d to %d)"
                                    % (what, v, lo, hi))
        out.append(v)
    if len(out) != n * n:
        raise _nonet.ParseError("%s: %d numbers, expected %d (%dx%d)"
                                % (what, len(out), n * n, n, n))
    return out


def _flat(obj, n, what):
    """A sequence of N*N items or of N rows of N, flattened."""
    np = sys.modules.get("numpy")
    if np is not None and isinstance(obj, np.ndarray):
        obj = obj.ravel().tolist()
    items = list(obj)
    if len(items) == n and n * n != n and all(
            not isinstance(r, (int, str, bytes)) and r is not None
            and hasattr(r, "__len__") for r in items):
        rows = [list(r) for r in items]
        for i, r in enumerate(rows):
            if len(r) != n:
                raise _nonet.ParseError("%s: row %d has %d cells, expected %d"
                                        % (what, i + 1, len(r), n))
        items = [x for r in rows for x in r]
    if len(items) != n * n:
        raise _nonet.ParseError("%s: %d cells, expected %d (%dx%d)"
                                % (what, len(items), n * n, n, n))
    return items


def cells_of(obj, n: int, what: str = "cells") -> bytes:
    """N*N cells (bytes, 0 empty) from a string of symbols ('.' or '0'
    empty, 1-9, A-P; spaces and '|' ignored) or of comma-separated numbers,
    raw bytes, or a sequence (or array) of N*N numbers or N rows of N (0 or
    None empty). ParseError says what is wrong, as the text format says
    it."""
    if obj is None:
        return bytes(n * n)
    if isinstance(obj, str):
        if "," in obj:
            return bytes(_numbers(obj, n, 0, n, what))
        out: List[int] = []
        for ch in obj:
            if ch in " \t|\n":
                continue
            v = 0 if ch in _EMPTY else SYMBOLS.find(ch.upper())
            if v < 0 or v > n:
                k = len(out)  # the cell, as the library names it
                where = ("in r%dc%d" % (k // n + 1, k % n + 1) if k < n * n
                         else "(cell %d of %d)" % (k + 1, n * n))
                raise _nonet.ParseError(
                    "%s: '%s' %s is not a digit of a %dx%d grid (%s or '.')"
                    % (what, ch, where, n, n, _digits_named(n)))
            out.append(v)
        if len(out) != n * n:
            raise _nonet.ParseError("%s: %d cells, expected %d (%dx%d)"
                                    % (what, len(out), n * n, n, n))
        return bytes(out)
    out = []
    for i, x in enumerate(_flat(obj, n, what)):
        if x is None:
            x = 0
        try:
            v = x.__index__()
        except (AttributeError, TypeError):
            raise TypeError("cell r%dc%d is a %s: cells are integers 0..%d or "
                            "None" % (i // n + 1, i % n + 1, type(x).__name__,
                                      n)) from None
        if not 0 <= v <= n:
            raise _nonet.ParseError(
                "cell r%dc%d is %d: cells are 0 (empty) to %d"
                % (i // n + 1, i % n + 1, v, n))
        out.append(v)
    return bytes(out)


def _regions_of(obj, n):
    """A region map: N*N symbols, one per region (numbered by first
    appearance), N*N comma-separated numbers, or a sequence of N*N region
    numbers (or N rows of N)."""
    if isinstance(obj, str):
        if "," in obj:
            return bytes(_numbers(obj, n, 0, n - 1, "regions"))
        seen: dict = {}
        out = []
        for ch in obj:
            if ch in " \t\n":
                continue
            if ch not in seen:
                if len(seen) == n:
                    raise _nonet.ParseError(
                        "regions: more than %d different symbols" % n)
                seen[ch] = len(seen)
            out.append(seen[ch])
        if len(out) != n * n:
            raise _nonet.ParseError("regions: %d cells, expected %d (%dx%d)"
                                    % (len(out), n * n, n, n))
        return bytes(out)
    out = []
    for i, x in enumerate(_flat(obj, n, "regions")):
        v = _whole(x, "regions: the region of r%dc%d" % (i // n + 1,
                                                        i % n + 1))
        if not 0 <= v < n:
            raise _nonet.ParseError("regions: %s is out of range (0 to %d)"
                                    % (x, n - 1))
        out.append(v)
    return bytes(out)


def _whole(x, what):
    """An integer part of the rules (a cage's sum, a box's side, a region
    number): TypeError for a float or text, as for cells (3.9 is not cut
    to 3)."""
    try:
        return x.__index__()
    except (AttributeError, TypeError):
        raise TypeError("%s must be an integer, not %r (a %s)"
                        % (what, x, type(x).__name__)) from None


def _box_of(box):
    """(rows, cols) from "RxC" or a pair; (0, 0) for the usual boxes."""
    if box is None:
        return 0, 0
    if isinstance(box, str):
        parts = box.lower().split("x")
        if len(parts) == 2 and all(p.strip().isdigit() for p in parts):
            return int(parts[0]), int(parts[1])
        raise _nonet.ParseError("box: '%s' is not ROWSxCOLUMNS (3x3)" % box)
    rows, cols = box
    return _whole(rows, "box: its rows"), _whole(cols, "box: its columns")


def _cage_of(cage):
    """(sum, cells) from a Cage, a pair or a dict with "sum" and "cells"."""
    if isinstance(cage, dict):
        total, cells = cage["sum"], cage["cells"]
    else:
        total, cells = cage
    return (_whole(total, "a cage's sum"),
            [_whole(c, "a cage's cell") for c in cells])


def _constraints_of(constraints):
    if constraints is None:
        return None
    if isinstance(constraints, str):
        return constraints
    return ",".join(constraints)


class Variant:
    """A variant puzzle: its rules and its cells (and, when the text it was
    read from had one, its solution). Immutable; equal when they write the
    same JSON; pickles as its JSON.

    Made from keywords (each part checked by the library, ParseError with
    its message: "cage of sum 5 at r1c2 overlaps the cage of sum 10 at
    r1c2", "region 3 has 8 cells, expected 9"):

        Variant(6)                                  # 6x6, boxes of 2x3
        Variant(9, constraints=["diagonals", "anti-knight"], cells="..4...")
        Variant(9, regions="000000122330001112...")  # a jigsaw
        Variant(4, cages=[(3, [0, 1]), (7, [2, 3])])  # a killer

    or read from the command's text (Variant.parse: a `size=...` line, the
    grid form, a JSON object or a dict). str() is the one-line text
    format, to_json() the JSON object, format() every output format."""

    __slots__ = ("_rules", "_cells", "_solution")

    def __init__(self, size: int = 9, *, box: Union[None, str, Tuple[int, int]]
                 = None, regions: Any = None,
                 constraints: Union[None, str, Sequence[str]] = None,
                 cages: Optional[Sequence[Any]] = None, cells: Any = None,
                 solution: Any = None):
        rows, cols = _box_of(box)
        if not isinstance(size, int):
            raise TypeError("size must be an int, not %s"
                            % type(size).__name__)
        reg = None
        if regions is not None:
            if box is not None:
                raise _nonet.ParseError(
                    "a jigsaw has regions, not boxes: give one of them")
            if not 4 <= size <= 25:
                raise _nonet.ParseError("size %d is not supported (4 to 25)"
                                        % size)
            reg = _regions_of(regions, size)
        rules = _nonet.make_rules(
            size, rows, cols, reg, _constraints_of(constraints),
            [_cage_of(c) for c in cages or ()])
        self._rules = rules
        self._cells = cells_of(cells, size)
        self._solution = (None if solution is None
                          else cells_of(solution, size, "solution"))

    @classmethod
    def _of(cls, rules, cells: bytes,
            solution: Optional[bytes] = None) -> "Variant":
        v = cls.__new__(cls)
        v._rules = rules
        v._cells = bytes(cells)
        v._solution = None if solution is None else bytes(solution)
        return v

    @classmethod
    def parse(cls, text: Union[str, bytes, dict]) -> "Variant":
        """The first puzzle of `text` (or a dict, the JSON object), in any
        input format of the command: a variant record (`size=...` line,
        grid form, JSON object with "size") or a classic puzzle, which gets
        the plain 9x9 rules. Raises ParseError with the reader's message
        ("region 7 has 10 cells, expected 9")."""
        if isinstance(text, dict):
            text = json.dumps(text)
        if not isinstance(text, (str, bytes)):
            raise TypeError("Variant.parse() takes text or a dict, not %s"
                            % type(text).__name__)
        got = _nonet.resolve(text)
        if isinstance(got, bytes):
            return cls._of(classic_rules(), got)
        return cls._of(*got)

    # ---- the rules ----------------------------------------------------------

    @property
    def size(self) -> int:
        """N: the grid is N x N."""
        return self._rules.size

    @property
    def box(self) -> Optional[Tuple[int, int]]:
        """(rows, cols) of a box, or None for a jigsaw."""
        return self._rules.box

    @property
    def jigsaw(self) -> bool:
        """True when the grid has irregular regions instead of boxes."""
        return self._rules.box is None

    @property
    def regions(self) -> List[int]:
        """The box or region (0..N-1) of each cell, row-major."""
        return list(self._rules.regions)

    @property
    def constraints(self) -> Tuple[str, ...]:
        """The extra regions and relations by name ("diagonals",
        "anti-knight", ...)."""
        return tuple(self._rules.constraints)

    @property
    def cages(self) -> List[Cage]:
        """The killer cages, in the order given."""
        return [Cage(s, tuple(c)) for s, c in self._rules.cages]

    @property
    def is_classic(self) -> bool:
        """The plain 9x9 rules with nothing extra (the classic engine's)."""
        return self._rules.is_classic

    # ---- the cells ----------------------------------------------------------

    @property
    def cells(self) -> List[int]:
        """The givens: N*N numbers, row-major, 0 for empty."""
        return list(self._cells)

    @property
    def solution(self) -> Optional[List[int]]:
        """The solution the text carried (`solution=`), or None."""
        return None if self._solution is None else list(self._solution)

    @property
    def clues(self) -> int:
        """The number of givens."""
        return sum(1 for v in self._cells if v)

    def with_cells(self, cells: Any) -> "Variant":
        """The same rules with other cells (any form the constructor takes)
        and no solution."""
        return type(self)._of(self._rules, cells_of(cells, self.size))

    def is_solution(self, grid: Any) -> bool:
        """True when `grid` (cells in any form, or a Variant) is full, keeps
        every rule and every given of this puzzle
        (nonet_variant_is_solution)."""
        raw = grid._cells if isinstance(grid, Variant) else cells_of(
            grid, self.size)
        return _nonet.vis_solution(self._rules, self._cells, raw)

    # ---- text ---------------------------------------------------------------

    def format(self, fmt: str = "line", *, zero: bool = False,
               solution: Any = None) -> str:
        """The puzzle as `nonet solve --format` writes variants: "line" (the
        one-line text format), "grid" (the first line and N rows), "json"
        (one object) or "csv" (the line with numbers). The solution, when
        this Variant has one (or `solution` gives one: a Variant or cells),
        is written too (solution=False: never). zero=True writes empty
        cells as 0."""
        if solution is None:
            sol = self._solution
        elif solution is False:
            sol = None
        elif isinstance(solution, Variant):
            sol = solution._cells
        else:
            sol = cells_of(solution, self.size, "solution")
        return _nonet.vformat(self._rules, self._cells, sol, fmt, zero)

    def to_json(self) -> str:
        """The JSON object of the variant format, on one line."""
        return self.format("json")

    def __str__(self) -> str:
        return self.format("line")

    def __repr__(self) -> str:
        return "nonet.Variant.parse(%r)" % self.format("line")

    def __eq__(self, other) -> bool:
        if not isinstance(other, Variant):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __reduce__(self):
        return (_from_json, (type(self), self.to_json()))


def _from_json(cls, text):
    return cls.parse(text)


_CLASSIC: List[Any] = []


def classic_rules():
    """The plain 9x9 rules (one Rules object, made once)."""
    if not _CLASSIC:
        _CLASSIC.append(_nonet.make_rules(9))
    return _CLASSIC[0]
