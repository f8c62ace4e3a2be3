"""nonet: a Sudoku engine (libnonet) for Python.

Solve, count, check, generate, rate, hint and explain 9x9 puzzles, one at
a time or as numpy arrays on threads, and split large runs over a Dask
cluster (nonet.dask). Puzzles are 81-character strings ('.' or '0' for
empty), text in any input format of the command (a 9-line grid, JSON,
CSV), lists of 81 numbers or 9 rows of 9, or numpy arrays; results come
back as the same kind of object. Variant puzzles (4x4 to 25x25, jigsaw,
extra regions, relations, killer cages) are nonet.Variant objects or
their text ("size=6 box=2x3 cells=..."), taken by the same functions.
Errors are nonet.Error subclasses with the messages of the `nonet`
command.

    >>> import nonet
    >>> nonet.solve('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......')
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
"""
from . import _nonet
from ._batch import RATING_DTYPE, isomorphs, rate_many, solve_many
from ._generate import GenerateTimeout, Generation, generate, generate_many
from ._logic import explain, hint, rate, techniques
from ._nonet import (ConflictError, Error, MultipleSolutionsError,
                     NoSolutionError, OptionError, ParseError, SearchTimeout)
from ._results import (LEVELS, Explanation, GeneratedBatch, GeneratedPuzzle,
                       GeneratedVariant, Loaded, Rating, Record, Technique,
                       TechniqueRating, VariantVerdict, Verdict)
from ._solve import candidates, check, count, solve
from ._text import format_grid, load, parse, read
from ._variant import Cage, Variant
from .shards import parse_shard

__version__ = _nonet.version()


def version() -> str:
    """The version of libnonet inside this module."""
    return _nonet.version()


def solver_backend() -> str:
    """The solver build picked for this CPU: avx512 (AMD's AVX-512 CPUs),
    avx512-zmm (other AVX-512 CPUs), avx2 or portable (avx512-wide when
    NONET_SOLVER names it)."""
    return _nonet.solver_backend()


__all__ = [
    "solve", "count", "check", "candidates", "parse", "format_grid", "read",
    "load", "hint", "explain", "rate", "techniques", "generate",
    "generate_many", "solve_many", "rate_many", "isomorphs", "parse_shard",
    "version", "solver_backend", "Error", "ParseError", "ConflictError",
    "NoSolutionError", "MultipleSolutionsError", "OptionError",
    "SearchTimeout", "GenerateTimeout", "Rating", "TechniqueRating", "Verdict", "Record",
    "Loaded", "GeneratedPuzzle", "GeneratedBatch", "Technique",
    "Explanation", "Generation", "LEVELS", "RATING_DTYPE", "Variant", "Cage",
    "GeneratedVariant", "VariantVerdict",
]
