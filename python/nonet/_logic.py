"""The logic engines and the raters: hint, explain, rate, techniques.
Classic puzzles go to the classic engine (HoDoKu's techniques, Sudoku
Explainer's ratings), variant puzzles to the variant engine
(nonet_vlogic_*), as in the command."""
import json
from typing import List, Optional, Union

from . import _nonet
from ._puzzle import resolve, to_str
from ._results import Explanation, Rating, Technique, TechniqueRating
from ._solve import _seconds

_HINT_LEVELS = ("nudge", "pattern", "step", "full")


def hint(puzzle, level: Optional[str] = None, *, techniques=None,
         exclude=None, uniqueness: bool = True,
         timeout: Optional[float] = None) -> Union[dict, str, None]:
    """The next step a person would take: the easiest technique that
    applies. A puzzle in progress works too (filled cells count as placed).

    Without `level`: the step as a dict, the object `nonet explain --format
    jsonl` writes, with every detail ("technique", "placements",
    "eliminations", "text", and "key", "level", "nudge", "pattern",
    "words", "cells", "units"). With `level` ("nudge", "pattern", "step" or
    "full"): the text `nonet hint --level` prints. None when the grid is
    full. Variant puzzles get the variant engine's steps (cages, the 45
    rule, regions and diagonals as houses; rows, columns and digits 1-based
    in the dict, as for classic steps).

    `techniques` (only these, in this order) and `exclude` (all but these)
    take keys or names, as a comma-separated string or a list (names of
    either engine, as the command takes them: each engine uses those it
    knows); uniqueness=False never uses uniqueness techniques (the variant
    engine has none). Raises ConflictError, NoSolutionError ("no solution:
    some digit is wrong"), MultipleSolutionsError ("no step found (the
    puzzle has several solutions)"), Error ("no step found") and OptionError
    ("unknown technique 'x'").

    `timeout` (seconds): a variant puzzle not done in time raises
    SearchTimeout ("no answer within 5 s (timeout)"), as `nonet hint
    --timeout`: the time counts from the call, for the search for its
    solution and then the path (before each step and in trial and error's
    searches); classic puzzles (milliseconds) are not timed. Ctrl-C stops
    a variant's search for its solution and its path within a tenth of a
    second (KeyboardInterrupt). The same for explain() and rate()."""
    seconds = _seconds(timeout)
    if level is not None and level not in _HINT_LEVELS:
        raise _nonet.OptionError(
            "unknown level '%s' (nudge, pattern, step, full)" % level)
    v, classic = resolve(puzzle)
    if classic is not None:
        text = _nonet.hint(classic, techniques, exclude, uniqueness, True)
    else:
        assert v is not None
        text = _nonet.vhint(v._rules, v._cells, techniques, exclude,
                            uniqueness, timeout=seconds, details=True)
    if text is None:
        return None
    step = json.loads(text)
    if level is None:
        return step
    if level == "full":
        return "%s\n  %s" % (step["text"], step["words"])
    return step["text" if level == "step" else level]


def explain(puzzle, *, techniques=None, exclude=None, uniqueness: bool = True,
            details: bool = False,
            timeout: Optional[float] = None) -> Explanation:
    """The whole solving path, always the easiest step: a list of step
    dicts, the objects `nonet explain --format jsonl` writes
    ({"technique", "placements": [[row, col, digit], ...], "eliminations",
    "text"}, 1-based), with `.solved` (False when the chosen techniques get
    stuck), `.stats` (steps per technique) and `.puzzle` (81 characters; a
    variant's one-line text). details=True adds the members hint() gives.
    When no technique applies the path takes a step labelled "Trial and
    Error" (a search, not logic) unless `techniques` or `exclude` leave it
    out. Variant puzzles get the variant engine's path.

    Raises ConflictError, NoSolutionError, MultipleSolutionsError and
    OptionError, with the command's messages; SearchTimeout as hint()."""
    seconds = _seconds(timeout)
    v, classic = resolve(puzzle)
    if classic is not None:
        raw = _nonet.cells(classic)
        lines, solved, stats = _nonet.explain(raw, techniques, exclude,
                                              uniqueness, details)
        text = to_str(raw)
    else:
        assert v is not None
        lines, solved, stats = _nonet.vexplain(
            v._rules, v._cells, techniques, exclude, uniqueness,
            timeout=seconds, details=details)
        text = v.format("line", solution=False)
    return Explanation([json.loads(s) for s in lines.splitlines()], text,
                       solved, stats)


def rate(puzzle, *, by: Optional[str] = None, techniques=None, exclude=None,
         uniqueness: bool = True,
         timeout: Optional[float] = None) -> Union[Rating, TechniqueRating]:
    """The difficulty of `puzzle`, as `nonet rate`.

    by="se" (the default): Rating(er, ep, ed, level, technique, steps) on
    Sudoku Explainer's scale (ER 1.0 .. 11.9; 20.0 when SE's techniques
    cannot solve it). by="technique": TechniqueRating(level, technique,
    stats), the hardest technique of the logic engine's path, which takes
    the options of explain(); `techniques`, `exclude` and
    uniqueness=False each imply it, as the command's --techniques,
    --exclude and --no-uniqueness imply --by technique. Variant puzzles
    are always rated by technique, with the variant engine (SE's scale is
    the classic 9x9's), whatever `by` says, as in the command.

    Raises ConflictError, NoSolutionError or MultipleSolutionsError for a
    puzzle without exactly one solution; by technique, Error ("not solved
    with the chosen techniques"); SearchTimeout as hint(); OptionError for
    by="se" with the technique options."""
    seconds = _seconds(timeout)
    if by is not None and by not in ("se", "technique"):
        raise _nonet.OptionError("unknown by=%r (se, technique)" % (by,))
    chosen = (techniques is not None or exclude is not None or
              not uniqueness)
    v, classic = resolve(puzzle)
    if classic is None:
        assert v is not None
        return TechniqueRating(*_nonet.vrate(v._rules, v._cells, techniques,
                                             exclude, uniqueness,
                                             timeout=seconds))
    if by == "se" and chosen:
        raise _nonet.OptionError(
            "techniques=, exclude= and uniqueness=False rate by technique: "
            "they need by='technique' (or no by), not by='se'")
    if by == "technique" or chosen:
        return TechniqueRating(*_nonet.rate_technique(
            classic, techniques, exclude, uniqueness))
    er, ep, ed, level, steps, technique = _nonet.rate(classic)
    return Rating(er / 10, ep / 10, ed / 10, level, technique, steps)


def techniques(variant: bool = False) -> List[Technique]:
    """The logic engine's techniques in their default order (easiest first,
    trial and error last), as `nonet hint --list-techniques` lists them;
    variant=True: the variant engine's (none relies on uniqueness)."""
    if variant:
        return [Technique(*t) for t in _nonet.vtechniques()]
    return [Technique(*t) for t in _nonet.techniques()]
