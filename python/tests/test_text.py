"""parse, read, load, format_grid: every input format, malformed records
named with their line as the command names them, and the rest read."""
import json

import numpy as np
import pytest

import nonet
import referee

P = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5"
     "..2.....1.4......")


def mixed_text():
    """A file that mixes every input format with malformed records."""
    grid = nonet.format_grid(P, "grid")
    rows = json.loads(nonet.format_grid(P, "json"))
    return "\n".join([
        "# comment", P + "\tER 2.6", "12345",
        grid, "", json.dumps(rows), json.dumps({"puzzle": P}),
        "x" + P[1:], nonet.format_grid(P, "csv"),
        P.replace(".", "0") + "," + nonet.solve(P), "55" + P[2:],
    ]) + "\n"


def test_read_every_format_and_errors(tmp_path, cli):
    path = tmp_path / "mixed.txt"
    path.write_text(mixed_text())
    recs = list(nonet.read(path))
    assert [r.format for r in recs if r.error is None] == [
        "line", "grid", "json", "json", "line", "line", "line"]
    good = [r for r in recs if r.error is None]
    for r in good[:-1]:
        assert r.puzzle == P
    assert good[0].tail == "ER 2.6"
    assert good[5].tail == "," + nonet.solve(P)  # a data set's solution
    assert good[-1].puzzle == "55" + P[2:]  # read; its conflict is solve's
    assert [r.record for r in recs] == list(range(len(recs)))
    # the command names the same records, lines and reasons
    _, err, status = cli("solve", path)
    assert status == 1
    named = [ln for ln in err.splitlines() if "too few" in ln or
             "character" in ln]
    assert named == [str(r) for r in recs if r.error is not None]
    assert all(str(r).startswith(str(path) + ":") for r in recs if r.error)
    # the same from text and from an open file
    assert [r[:6] for r in nonet.read(text=mixed_text())] == \
        [r[:6] for r in recs]
    with open(path) as f:
        assert [r[:6] for r in nonet.read(f)] == [r[:6] for r in recs]


def test_load(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(mixed_text())
    loaded = nonet.load(path)
    recs = list(nonet.read(path))
    good = [r for r in recs if r.error is None]
    assert loaded.puzzles.shape == (len(good), 81)
    assert loaded.puzzles.dtype == np.uint8
    assert list(loaded.records) == [r.record for r in good]
    assert list(loaded.lines) == [r.line for r in good]
    assert [str(e) for e in loaded.errors] == \
        [str(r) for r in recs if r.error is not None]
    for row, r in zip(loaded.puzzles, good):
        assert referee.cells(row) == referee.cells(r.puzzle)
    empty = nonet.load(text="")
    assert empty.puzzles.shape == (0, 81) and empty.errors == []


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(FileNotFoundError):
        nonet.load(tmp_path / "absent.txt")
    with pytest.raises(IsADirectoryError):
        list(nonet.read(tmp_path))
    with pytest.raises(TypeError):
        nonet.load()


def test_parse_and_format(cli):
    assert nonet.parse(nonet.format_grid(P, "grid")) == P
    assert nonet.parse(P.replace(".", "0")) == P
    s = nonet.solve(P)
    assert referee.solution(P) == s
    for fmt in ("line", "grid", "json", "csv"):
        out, _, _ = cli("solve", "--format", fmt, P)
        assert nonet.format_grid(s, fmt) == out.rstrip("\n")
        assert nonet.parse(nonet.format_grid(P, fmt)) == P
    assert nonet.format_grid(P, zero=True) == P.replace(".", "0")
    with pytest.raises(nonet.OptionError, match="unknown format 'xml'"):
        nonet.format_grid(P, "xml")
    with pytest.raises(nonet.ParseError, match="no puzzle found"):
        nonet.parse("# only a comment\n")
    with pytest.raises(TypeError):
        nonet.parse([0] * 81)


def test_plain_rules_as_a_variant_record_are_classic(tmp_path, cli):
    """A variant record with the plain 9x9 rules (a size=9 line, the nonet
    JSON object, an f-puzzles JSON object) is a classic puzzle for read
    and load, as for the command; a true variant is a malformed record
    for load, and a Variant for read."""
    digits = [0 if ch == "." else int(ch) for ch in P]
    grid = [[{"value": d, "given": True} if d else {}
             for d in digits[r * 9:r * 9 + 9]] for r in range(9)]
    six = "size=6 box=2x3 cells=........3......6..2....5........1..."
    path = tmp_path / "s9.txt"
    path.write_text("\n".join([
        "size=9 cells=" + P, json.dumps({"size": 9, "cells": digits}),
        six, json.dumps({"size": 9, "grid": grid}), P]) + "\n")
    out, err, status = cli("rate", path)
    lines = out.splitlines()
    assert [ln.split("\t")[0] for ln in lines] == [P, P, six, P, P]
    recs = list(nonet.read(path))
    assert [r.puzzle for r in recs] == [P, P, nonet.Variant.parse(six), P, P]
    loaded = nonet.load(path)
    assert list(loaded.records) == [0, 1, 3, 4]
    assert list(loaded.lines) == [1, 2, 4, 5]
    assert all(referee.cells(row) == referee.cells(P)
               for row in loaded.puzzles)
    assert [(e.record, e.line) for e in loaded.errors] == [(2, 3)]
    assert "variant" in loaded.errors[0].error
    assert nonet.parse("size=9 cells=" + P) == P
