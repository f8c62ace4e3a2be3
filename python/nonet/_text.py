"""Text: parsing every input format, reading files record by record or
into arrays, and writing a grid in an output format."""
import os
from typing import Iterator, Union

from . import _nonet
from ._puzzle import numpy, resolve, to_str
from ._results import Loaded, Record
from ._variant import Variant


def parse(text) -> Union[str, Variant]:
    """The first puzzle of `text`, in any input format (81 cells on a line,
    a 9-line grid, JSON, CSV), as an 81-character string ('.' for empty);
    a variant record (a `size=...` line or grid, a JSON object with "size";
    a dict is taken as its JSON object) as a nonet.Variant. Raises
    ParseError with the reader's message ("too few cells: 80 of 81",
    "region 7 has 10 cells, expected 9")."""
    if isinstance(text, dict):
        return Variant.parse(text)
    if not isinstance(text, (str, bytes)):
        raise TypeError("parse() takes text, not %s" % type(text).__name__)
    v, classic = resolve(text)
    if v is not None:
        return v
    return to_str(_nonet.cells(classic))


def format_grid(puzzle, fmt: str = "line", *, zero: bool = False) -> str:
    """`puzzle` written as `nonet solve --format` writes it: line, grid (11
    lines with box rules), json or csv. zero=True writes empty cells as 0
    rather than '.'. A variant puzzle is written in the variant formats
    (Variant.format)."""
    v, classic = resolve(puzzle)
    if v is not None and (classic is None or isinstance(puzzle, Variant)):
        return v.format(fmt, zero=zero)
    return _nonet.format(classic, fmt, zero)


def _reader(path, text):
    if text is not None:
        if path is not None:
            raise TypeError("give a path or a text, not both")
        return _nonet.Reader(text=text)
    if path is None:
        raise TypeError("give a path or a text")
    if hasattr(path, "read"):  # an open file
        return _nonet.Reader(text=path.read())
    return _nonet.Reader(path=os.fspath(path))


def read(path=None, *, text=None) -> Iterator[Record]:
    """The records of a file (a path or an open file) or of `text`, in
    every input format, detected record by record, as the command reads
    them: each a Record with its puzzle (81 characters, or a nonet.Variant
    for a variant record: plain 9x9 rules written as a variant record give
    81 characters, as parse() does), or with what is wrong and its line
    (reading goes on after a malformed record). Blank lines and `#` lines
    are skipped."""
    r = _reader(path, text)
    for index, line, raw, error, fmt, tail in r:
        puzzle: Union[None, str, Variant] = None
        if isinstance(raw, tuple):
            puzzle = Variant._of(*raw)
        elif raw is not None:
            puzzle = to_str(raw)
        yield Record(index, line, puzzle, error, fmt, tail, r.source)


def load(path=None, *, text=None) -> Loaded:
    """A whole file (or text) read at once, in C: Loaded(puzzles, records,
    lines, errors) with the puzzles as a uint8 array (n, 81) for the batch
    calls, each puzzle's record number and line, and the malformed records
    (Record objects; str() gives "FILE:LINE: what is wrong"). The arrays
    hold classic puzzles, plain 9x9 rules written as a variant record
    included (as in the command); any other variant record is one of the
    errors ("a variant puzzle: only classic 9x9 puzzles are read here");
    read() gives them."""
    np = numpy()
    r = _reader(path, text)
    raw, records, lines, errors = r.read_all()
    src = r.source
    return Loaded(
        np.frombuffer(raw, np.uint8).reshape(-1, 81),
        np.frombuffer(records, np.int64), np.frombuffer(lines, np.int64),
        [Record(i, ln, None, msg, "", "", src) for i, ln, msg in errors])
