"""Builds nonet's Python package: the extension nonet._nonet over libnonet.

libnonet is built by the project's own CMake (the folder above this one),
so its per-file instruction-set flags (the AVX2 and AVX-512 solver builds,
picked at run time) are the CMake's: setup.py configures a build in its
build folder and builds the static, position-independent library (target
nonet_static), then links it into the extension, keeping its symbols
private. NONET_LIBNONET=/path/to/libnonet.a links one already built
instead (`make test` passes build/libnonet.a); NONET_SOURCE_DIR names the
project's folder when this one was copied elsewhere.

    /usr/bin/python3 -m venv --system-site-packages ~/.venvs/nonet
    ~/.venvs/nonet/bin/pip install --no-build-isolation ./python
"""
import glob
import os
import re
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("NONET_SOURCE_DIR") or os.path.dirname(HERE)


def version():
    with open(os.path.join(ROOT, "include", "nonet.h")) as f:
        return re.search(r'#define NONET_VERSION_STRING "([^"]+)"',
                         f.read()).group(1)


class BuildExt(build_ext):
    """build_ext that first gets libnonet.a (built by CMake, or given)."""

    def run(self):
        lib = os.environ.get("NONET_LIBNONET") or self.build_libnonet()
        if not os.path.isfile(lib):
            raise SystemExit("nonet: no libnonet at %s" % lib)
        for ext in self.extensions:
            ext.extra_objects.append(lib)
        super().run()

    def build_libnonet(self):
        build = os.path.join(os.path.abspath(self.build_temp), "libnonet")
        jobs = str(os.environ.get("NONET_JOBS") or os.cpu_count() or 2)
        subprocess.check_call([
            "cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
            "-DNONET_BUILD_TESTS=OFF", "-DNONET_BUILD_BENCH=OFF",
            "-DNONET_WITH_CAIRO=OFF"])
        subprocess.check_call(["cmake", "--build", build, "--target",
                               "nonet_static", "-j", jobs])
        return os.path.join(build, "libnonet.a")


setup(
    version=version(),
    ext_modules=[Extension(
        "nonet._nonet",
        sources=sorted(glob.glob(os.path.join("src", "*.c"))),
        depends=glob.glob(os.path.join("src", "*.h")),
        include_dirs=[os.path.join(ROOT, "include")],
        extra_compile_args=["-Wextra", "-Wshadow", "-Wstrict-prototypes",
                            "-Wmissing-prototypes", "-Wno-unused-parameter",
                            "-Wno-missing-field-initializers",
                            "-fvisibility=hidden"],
        # libnonet's symbols stay inside the extension
        extra_link_args=["-Wl,--exclude-libs,ALL", "-pthread"],
        libraries=["m"],
    )],
    cmdclass={"build_ext": BuildExt},
)
