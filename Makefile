# A thin wrapper over CMake for one-word tasks. The real build is
# CMakeLists.txt; every target here can also be run with cmake/ctest.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 60
PREFIX ?= /usr/local
CMAKE_FLAGS ?=
MAKEFLAGS += --no-print-directory

.PHONY: all run test asan tsan web clang abi-check fuzz fuzz-logic fuzz-variant bench bench-generate bench-rate bench-python bench-variants install deps format check-format clean

all:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNONET_BUILD_BENCH=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

# The main job, a demo: a new puzzle (seeded, so always the same), its
# rating on Sudoku Explainer's scale, the first hint, the solution.
run: all
	./$(BUILD)/nonet generate -n 1 --seed 2026 --level hard --symmetry rot180 --format grid | tee $(BUILD)/demo.txt
	./$(BUILD)/nonet rate $(BUILD)/demo.txt
	./$(BUILD)/nonet hint $(BUILD)/demo.txt
	./$(BUILD)/nonet solve --format grid $(BUILD)/demo.txt

deps:
	@sh scripts/deps.sh test

# The WebAssembly build of libnonet, the JavaScript package (BUILD/web/nonet)
# and the play page (BUILD/web/index.html), with Debian's emscripten.
web:
	@sh scripts/deps.sh web
	sh web/build.sh $(BUILD)/web

test: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DNONET_REQUIRE_TESTS=ON -DNONET_TEST_WEB=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j2

# The test suite under AddressSanitizer and UndefinedBehaviorSanitizer
# (data lists cut to their first 3000 puzzles and NONET_TEST_QUICK, one
# generated puzzle of each variant kind, to keep it quick), built
# with -O1 as the sanitizers' authors advise (-O0 made the run several
# times longer: the rating and CLI tests took minutes each). The command's
# golden cases run once (not again with the portable solver: the library
# tests do run it).
asan: deps
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1" -DNONET_SANITIZE=ON -DNONET_REQUIRE_TESTS=ON -DNONET_BUILD_BENCH=OFF >/dev/null
	@cmake --build build-asan -j$(JOBS)
	cd build-asan && NONET_DATA_LIMIT=3000 NONET_TEST_QUICK=1 ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j2 -E '^cli(_data)?_portable$$'

# The tests that run threads, under ThreadSanitizer: test_threads (the
# library from four threads at once on shared options and rules), the
# command's golden cases and generation (its pool of worker threads: two
# here, one per core), nonet as a coprocess on one and two threads, and
# shards. Any data race ends the process (halt_on_error) and fails the
# test. -O1 as for asan.
TSAN_TESTS ?= ^(test_threads|test_memo|cli|generate_cli|stream_cli|shards)$$
tsan: deps
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1" -DNONET_TSAN=ON -DNONET_REQUIRE_TESTS=ON -DNONET_BUILD_BENCH=OFF -DNONET_PYTHON_TESTS=OFF >/dev/null
	@cmake --build build-tsan -j$(JOBS)
	cd build-tsan && NONET_TEST_QUICK=1 TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --output-on-failure -j2 -R '$(TSAN_TESTS)'

# The same tests built by clang with every warning an error; the longest
# searches of the variant generator and the recipes' clusters, which
# the gcc, sanitizer and arm64 runs cover, are left out of its run.
CLANG_SKIP ?= ^(test_vlogic|test_variant|test_nomem|distributed_recipes|shards)$$
clang:
	@sh scripts/deps.sh clang
	@CC=clang cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-Werror -DNONET_REQUIRE_TESTS=ON -DNONET_BUILD_BENCH=ON -DNONET_PYTHON_TESTS=OFF >/dev/null
	@cmake --build build-clang -j$(JOBS)
	cd build-clang && NONET_DATA_LIMIT=3000 NONET_TEST_QUICK=1 ctest --output-on-failure -j2 -E '$(CLANG_SKIP)'

# libnonet's ABI against the last release's (abi/libnonet.so.1.abi):
# additions pass, any incompatible change fails (scripts/abi-check.sh).
abi-check:
	@sh scripts/deps.sh abi
	sh scripts/abi-check.sh build-abi

# libFuzzer over parse + solve + format, for FUZZ_SECONDS seconds. A
# failing input is kept as build-fuzz/crash-* (-artifact_prefix), never
# in the tree.
fuzz:
	@sh scripts/deps.sh fuzz
	@CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNONET_BUILD_FUZZ=ON -DNONET_BUILD_TESTS=OFF -DNONET_BUILD_BENCH=OFF >/dev/null
	@cmake --build build-fuzz -j$(JOBS) --target fuzz_parse_solve
	@mkdir -p build-fuzz/corpus
	./build-fuzz/fuzz/fuzz_parse_solve -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -timeout=10 -artifact_prefix=build-fuzz/ build-fuzz/corpus fuzz/seeds

# libFuzzer over the logic engine on arbitrary candidate grids.
fuzz-logic:
	@sh scripts/deps.sh fuzz
	@CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNONET_BUILD_FUZZ=ON -DNONET_BUILD_TESTS=OFF -DNONET_BUILD_BENCH=OFF >/dev/null
	@cmake --build build-fuzz -j$(JOBS) --target fuzz_logic
	@mkdir -p build-fuzz/corpus-logic
	./build-fuzz/fuzz/fuzz_logic -max_total_time=$(FUZZ_SECONDS) -max_len=256 -timeout=20 -artifact_prefix=build-fuzz/ build-fuzz/corpus-logic

# libFuzzer over the variant reader, formats, checks and solver.
fuzz-variant:
	@sh scripts/deps.sh fuzz
	@CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNONET_BUILD_FUZZ=ON -DNONET_BUILD_TESTS=OFF -DNONET_BUILD_BENCH=OFF >/dev/null
	@cmake --build build-fuzz -j$(JOBS) --target fuzz_variant
	@mkdir -p build-fuzz/corpus-variant
	./build-fuzz/fuzz/fuzz_variant -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 -artifact_prefix=build-fuzz/ build-fuzz/corpus-variant fuzz/seeds-variant

bench: all
	sh bench/run.sh $(BUILD)

# SE-scale rating throughput (and Sudoku Explainer itself with SE_CLASSPATH)
bench-rate: all
	sh bench/run_rate.sh $(BUILD)

# Generator throughput per option (peers when TDOKU_GENERATE / QQWING
# point at their programs; see bench/generate.sh).
bench-generate: all
	sh bench/generate.sh $(BUILD)

# nonet.solve_many against `nonet solve` on the same puzzles and threads
# (the Python package installed into $(BUILD)/python-venv first).
bench-python: all
	$$(sh python/install.sh $(BUILD) $(BUILD)/libnonet.a) bench/python_solve_many.py $(BUILD)/nonet

# Variant solving against a SAT encoding solved by cadical, and variant
# generation speed (bench/variants.py; GECODE and KILLERS: checkouts of
# Gecode/gecode and Wikunia/ConstraintSolver.jl fetched by the user;
# HARD_KILLERS, default 60: killers the build generates, cages of 4-8;
# with GECODE, Gecode's own examples/sudoku is built against Debian's
# libgecode-dev by bench/gecode_peer.sh and timed on the same 16x16 and
# 25x25 puzzles; ISS: a checkout of sigh/Interactive-Sudoku-Solver, for
# the hard killers of the forums it collects).
# (a Gecode peer that does not build stops the run, rather than leaving
# --gecode-bin without its program)
bench-variants: all
	@sh scripts/deps.sh bench-variants
	@set -e; gb=; \
	if [ -n "$(GECODE)" ]; then gb=$$(sh bench/gecode_peer.sh $(GECODE)); fi; \
	set -x; python3 bench/variants.py $(BUILD) $(if $(GECODE),--gecode $(GECODE) --gecode-bin "$$gb") $(if $(KILLERS),--killers $(KILLERS)) $(if $(ISS),--iss $(ISS)) --hard-killers $(or $(HARD_KILLERS),60)

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

# clang-format over every C file of the project (check-format: only look)
SOURCES_C = find include src tests bench fuzz examples web python/src -name '*.[ch]'
format:
	$(SOURCES_C) | xargs clang-format -i

check-format:
	$(SOURCES_C) | xargs clang-format --dry-run -Werror

clean:
	rm -rf $(BUILD) build-asan build-fuzz build-clang build-abi

# The portable build cross-compiled for 64-bit ARM (Debian's
# gcc-aarch64-linux-gnu, cmake/aarch64-linux-gnu.cmake) and its test suite
# run under qemu-user, data lists cut to their first ARM_DATA_LIMIT
# puzzles. (Correctness only: speed under an emulator means nothing.)
# Left out by default (ARM_SKIP): the *_portable repeats, the same build
# as the rest there, and test_nomem (no architecture-dependent code; 10
# minutes under qemu): ARM_SKIP='^$$' runs everything.
ARM_DATA_LIMIT ?= 200
ARM_SKIP ?= _portable$$|^test_nomem$$
.PHONY: test-arm
test-arm:
	@sh scripts/deps.sh arm
	@cmake -S . -B build-arm -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Release -DNONET_BUILD_BENCH=OFF >/dev/null
	@cmake --build build-arm -j$(JOBS)
	cd build-arm && NONET_DATA_LIMIT=$(ARM_DATA_LIMIT) NONET_TEST_QUICK=1 ctest --output-on-failure -j$(JOBS) -E '$(ARM_SKIP)'

# The solver as users run it: whole `nonet count` processes against tdoku
# built for each instruction set (NONET_BENCH_PEER_AVX512/AVX2/PORTABLE
# name the peers; see bench/whole.sh and docs/benchmarks.md).
.PHONY: bench-whole
bench-whole: all
	sh bench/whole.sh $(BUILD)
