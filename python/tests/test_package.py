"""The package: its stubs match the extension (mypy's stubtest), its
annotations check (mypy), every public name is documented, and the
extension is a thin client: its C includes only the public header."""
import os
import re
import subprocess
import sys

import pytest

import nonet
from conftest import REPO

SRC = os.path.join(REPO, "python", "src")


def mypy(tmp, *args):
    """Runs a mypy tool on the installed package (its cache in `tmp`)."""
    pytest.importorskip("mypy", reason="Debian: python3-mypy")
    env = dict(os.environ, MYPY_CACHE_DIR=str(tmp))
    p = subprocess.run([sys.executable, "-m"] + list(args),
                       capture_output=True, text=True, cwd=tmp, env=env)
    assert p.returncode == 0, p.stdout + p.stderr


def test_stubs_match_the_extension(tmp_path):
    mypy(tmp_path, "mypy.stubtest", "nonet._nonet")


def test_annotations_check(tmp_path):
    mypy(tmp_path, "mypy", "--follow-imports=skip", "--check-untyped-defs",
         "-p", "nonet")


def test_public_names_documented():
    for name in nonet.__all__:
        obj = getattr(nonet, name)
        if callable(obj):
            assert obj.__doc__ and len(obj.__doc__) > 20, name
    assert nonet.__doc__ and "solve" in nonet.__doc__
    assert os.path.exists(os.path.join(os.path.dirname(nonet.__file__),
                                       "py.typed"))


def test_thin_client():
    """python/src includes nonet.h and its own header, nothing of src/;
    setup.py gets libnonet from the project's CMake, it compiles none of
    the library's files itself."""
    for f in os.listdir(SRC):
        with open(os.path.join(SRC, f)) as fh:
            for inc in re.findall(r'#include "([^"]+)"', fh.read()):
                assert inc in ("ext.h", "nonet.h"), (f, inc)
    with open(os.path.join(REPO, "python", "setup.py")) as fh:
        setup = fh.read()
    assert '"cmake"' in setup and "nonet_static" in setup
    assert "src/solver" not in setup and "../src" not in setup


def test_versions():
    assert nonet.__version__ == nonet.version()
    with open(os.path.join(REPO, "include", "nonet.h")) as fh:
        assert '"%s"' % nonet.version() in fh.read()
    assert nonet.solver_backend() in ("avx512", "avx512-zmm", "avx512-wide", "avx2", "portable")
