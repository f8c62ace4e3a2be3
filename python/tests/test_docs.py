"""The examples of docs/python.md and python/README.md: each code block
runs as written (the 17-clue file is 200 generated puzzles), and
every line whose comment is a Python value (a string ending in '...' is
a prefix; text after ': ' explains) gives that value; the counts the
tour states are the referee's."""
import ast
import os
import re
import subprocess
import sys

import nonet
import vreferee
from conftest import REPO

GUIDE = os.path.join(REPO, "docs", "python.md")
README = os.path.join(REPO, "python", "README.md")


def blocks(path, lang):
    with open(path) as f:
        text = f.read()
    return re.findall(r"```%s\n(.*?)```" % lang, text, re.S)


def comment_value(line):
    """The Python value a line's comment states, or None when the comment
    is prose."""
    if "#" not in line:
        return None
    text = line.split("#", 1)[1].strip()
    for cut in (text, text.split(": ", 1)[0]):
        try:
            return (ast.literal_eval(cut),)
        except (ValueError, SyntaxError):
            continue
    return None


def same(got, want):
    if isinstance(want, str) and want.endswith("..."):
        return isinstance(got, str) and got.startswith(want[:-3])
    return got == want


def run_block(code, names):
    """Runs a block statement by statement; [(line, got, wanted)] for each
    expression whose comment states its value."""
    lines = code.splitlines()
    checked = []
    for node in ast.parse(code).body:
        src = "\n".join(lines[node.lineno - 1:node.end_lineno])
        if isinstance(node, ast.Expr):
            got = eval(compile(ast.Expression(node.value), "<doc>", "eval"),
                       names)
            want = comment_value(lines[node.end_lineno - 1])
            if want is not None:
                checked.append((src, got, want[0]))
        else:
            exec(compile(ast.Module([node], []), "<doc>", "exec"), names)
    return checked


def test_python_guide_examples(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    made = nonet.generate_many(200, seed=17)  # a file of puzzles to load
    (tmp_path / "17clue.txt").write_text(
        "".join(nonet._puzzle.to_str(p.tobytes()) + "\n"
                for p in made.puzzles))
    names = {}
    checked = []
    for code in blocks(GUIDE, "python"):
        # the tour's 100,000 puzzles take seconds: fewer do the same
        code = code.replace("generate_many(100000", "generate_many(1000")
        if "json." in code:
            code = "import json\n" + code
        checked += run_block(code, names)
    assert len(checked) >= 10  # the comments that state values
    wrong = [(src, got, want) for src, got, want in checked
             if not same(got, want)]
    assert wrong == []
    # the killer's count, by the referee's own search
    rules, cells, _ = vreferee.parse(str(names["k"]))
    assert nonet.count(names["k"], limit=100) == vreferee.count(rules, cells,
                                                                100)


def test_install_line_prints_what_the_guide_says():
    with open(GUIDE) as f:
        guide = f.read()
    shown = re.search(r"which prints\n`(\d{81})`", guide).group(1)
    for path in (GUIDE, README):
        for code in blocks(path, "sh"):
            for line in code.splitlines():
                m = re.search(r'-c "(import nonet; .*)"', line)
                if m:
                    out = subprocess.run([sys.executable, "-c", m.group(1)],
                                         capture_output=True, text=True)
                    assert out.stdout.strip() == shown, path
