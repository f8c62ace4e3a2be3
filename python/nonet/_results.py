"""The records nonet's functions return (named tuples: they unpack, print
and pickle, so Dask can ship them)."""
from typing import Any, Dict, List, NamedTuple, Optional, Union

from ._variant import Variant

#: Level names, indexed by the level codes of rate_many.
LEVELS = ("Easy", "Medium", "Hard", "Expert", "Extreme", "Trial-and-error")


class Rating(NamedTuple):
    """A rating on Sudoku Explainer's scale, as `nonet rate` prints it."""

    er: float  #: the hardest step of the path
    ep: float  #: the hardest step up to the first placement
    ed: float  #: the first step
    level: str  #: Easy, Medium, Hard, Expert or Extreme (by ER)
    technique: str  #: the step that decided ER
    steps: int  #: steps on the path


class TechniqueRating(NamedTuple):
    """The hardest technique of the logic engine's path (`nonet rate --by
    technique`)."""

    level: str
    technique: str
    stats: Dict[str, int]  #: steps per technique key


class Verdict(NamedTuple):
    """What `nonet check` says of a puzzle; str() gives its line."""

    status: str  #: unique, multiple solutions, no solution, or invalid
    conflicts: List[str]  #: the rules the givens break (invalid)
    removable: Optional[List[int]]  #: givens (cells 0..80) not needed

    @property
    def minimal(self) -> Optional[bool]:
        """With check(minimal=True) on a unique puzzle: every given is
        needed; else None."""
        return None if self.removable is None else not self.removable

    def __str__(self) -> str:
        if self.status == "invalid":
            return "invalid: " + "; ".join(self.conflicts)
        if self.removable is None:
            return self.status
        if not self.removable:
            return self.status + ", minimal"
        n = len(self.removable)
        size = self._size()
        cells = " ".join("r%dc%d" % (i // size + 1, i % size + 1)
                         for i in self.removable)
        return "%s, not minimal: %d given%s can be removed (%s)" % (
            self.status, n, "s" if n > 1 else "", cells)

    def _size(self) -> int:
        return 9


class VariantVerdict(Verdict):
    """The Verdict of a variant puzzle: `removable` numbers the cells of its
    N x N grid (row-major from 0), and str() names them on it."""

    size: int  #: N

    def __new__(cls, status: str, conflicts: List[str],
                removable: Optional[List[int]], size: int = 9):
        self = super().__new__(cls, status, conflicts, removable)
        self.size = size
        return self

    def __getnewargs__(self):
        return tuple(self) + (self.size,)

    def _size(self) -> int:
        return getattr(self, "size", 9)


class Record(NamedTuple):
    """One record read from a file or text: a puzzle, or what is wrong."""

    record: int  #: its number in the input, from 0 (malformed ones too)
    line: int  #: the line it starts on (for an error: the line at fault)
    #: 81 characters, '.' for empty; a Variant for a variant record; None
    #: if malformed
    puzzle: Union[str, Variant, None]
    error: Optional[str]  #: what is wrong ("too few cells: 80 of 81")
    format: str  #: line, grid, json or csv
    tail: str  #: text after the 81st cell, or a grid/JSON solution
    source: str  #: the file name, or "<text>"

    def __str__(self) -> str:
        if self.error is None:
            return str(self.puzzle or "")
        return "%s:%d: %s" % (self.source, self.line, self.error)


class Loaded(NamedTuple):
    """A whole input read into arrays (nonet.load)."""

    puzzles: Any  #: uint8 array (n, 81)
    records: Any  #: int64 array (n,): each puzzle's record number
    lines: Any  #: int64 array (n,): each puzzle's line
    errors: List[Record]  #: the malformed records, in input order


class GeneratedPuzzle(NamedTuple):
    """A generated puzzle with its unique solution."""

    puzzle: str
    solution: str
    clues: int
    symmetry: str  #: the symmetry asked for (random resolved), or none
    job: int  #: the job that made it: its puzzles depend on (seed, job)
    er: Optional[float]  #: with a rating band, its ratings; else None
    ep: Optional[float]
    ed: Optional[float]


class GeneratedVariant(NamedTuple):
    """A generated variant puzzle (nonet.generate with size, box, jigsaw,
    constraints, killer or killer_givens)."""

    puzzle: Variant  #: the rules and the givens
    solution: Variant  #: the same rules, every cell filled
    clues: int  #: givens
    cages: int  #: killer cages
    symmetry: str  #: of the givens (random resolved), or none
    job: int  #: the job that made it: it depends on (seed, job) alone
    unproven: int  #: givens kept without proof that they are needed (0:
    #: minimal; above 0, 12x12 and larger: unique, maybe not minimal)


class GeneratedBatch(NamedTuple):
    """Generated puzzles as arrays (nonet.generate_many)."""

    puzzles: Any  #: uint8 (n, 81)
    solutions: Any  #: uint8 (n, 81)
    jobs: Any  #: uint64 (n,)
    er: Any  #: float64 (n,); NaN without a rating band
    ep: Any
    ed: Any


class Technique(NamedTuple):
    """A technique of the logic engine (nonet.techniques())."""

    key: str  #: the short key used in options ("x-wing")
    name: str  #: the community's name ("X-Wing")
    level: str  #: the level a path gets when it is the hardest used
    uniqueness: bool  #: relies on the puzzle having one solution


class Explanation(list):
    """The steps of a solving path: a list of step dicts, the objects of
    `nonet explain --format jsonl`, with the path's outcome."""

    puzzle: str  #: the puzzle, 81 characters
    solved: bool  #: False when the chosen techniques got stuck
    stats: Dict[str, int]  #: steps per technique name

    def __init__(self, steps, puzzle, solved, stats):
        super().__init__(steps)
        self.puzzle = puzzle
        self.solved = solved
        self.stats = stats

    def __reduce__(self):
        return (Explanation, (list(self), self.puzzle, self.solved,
                              self.stats))
