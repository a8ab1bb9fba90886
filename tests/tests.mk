# SPDX-License-Identifier: MIT
# tests/tests.mk - unit tests (cmocka), CLI tests (bats), man page lint.
# Included by the top-level Makefile.

VECTORS ?= $(abspath ../shared/vectors)
TEST_CFLAGS = -DVECTORS_DIR='"$(VECTORS)"' -Itests/unit -Itests/core
TEST_LIBS = -lcmocka -lcrypto -lisal -lz

UNIT_TESTS = test_vectors test_differential test_oracle test_parts test_multibuffer test_abi \
	     test_cost_model test_huge_buffer test_read_buffer test_check_auto \
	     test_crosscheck test_selftest test_engine_config
UNIT_BINS = $(UNIT_TESTS:%=$(BUILD)/tests/%)
# The test core (tests/core/core.h): the bodies that the cmocka programs
# and the cross runner (tests/cross/cross.mk) both call.
TEST_CORE_SRC = $(wildcard tests/core/*.c)
TESTLIB_OBJ = $(BUILD)/tests/testlib.o $(TEST_CORE_SRC:tests/core/%.c=$(BUILD)/tests/%.o)

$(BUILD)/tests/%.o: tests/unit/%.c | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(TEST_CFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes -MMD -MP -c -o $@ $<
$(BUILD)/tests/%.o: tests/core/%.c | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(TEST_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TESTLIB_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(TEST_LIBS) $(LIBS)

# The ABI trampoline is x86-64 assembly; elsewhere test_abi has no rows.
ifeq ($(ENABLE_ASM),yes)
$(BUILD)/tests/test_abi: $(BUILD)/tests/abi_tramp.o
endif
$(BUILD)/tests/abi_tramp.o: tests/unit/abi_tramp.S | $(BUILD)
	$(CC) $(CFLAGS) -c -o $@ $<

unit-tests: $(UNIT_BINS)

# Each unit test program prints cmocka's report; skipped implementations
# show as [  SKIPPED ] with the missing CPU features.
check-unit: $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do echo "== $$t"; $$t; done

# CLI_TESTS: the .bats files to run (all by default). They run BATS_JOBS
# at a time (bats --jobs), one per CPU when GNU parallel, which --jobs
# needs, is installed; BATS_JOBS=1 runs them one by one. Every test works
# in its own directory, so they do not see each other; each test's time
# is printed (bats --timing: where CI's minutes go); BATS_FLAGS adds other
# options.
CLI_TESTS ?= tests/cli
BATS_JOBS ?= $(shell parallel --version 2>/dev/null | grep -q '^GNU parallel' && nproc || echo 1)
BATS_RUN = bats --timing $(if $(filter-out 1,$(BATS_JOBS)),--jobs $(BATS_JOBS))
check-cli: $(SIMDSUM_BIN)
	SIMDSUM=$(abspath $(SIMDSUM)) FAULT_SHIM=$(abspath $(FAULT_SHIM)) \
		CRC32C_REF=$(abspath $(CRC32C_REF)) $(BATS_RUN) $(BATS_FLAGS) $(CLI_TESTS)

check-man:
	@out=$$(mandoc -T lint -W warning man/simdsum.1 2>&1); \
	if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "man/simdsum.1: mandoc lint clean"

check: check-unit check-fuzz-corpus check-cli check-man check-layers check-isa

# src/'s include graph: no cycle, no include up a layer (the layers are in
# each header's first comment; see tests/layers/check_layers.py).
check-layers:
	python3 tests/layers/check_layers.py src

.PHONY: unit-tests check check-unit check-cli check-man check-layers


# What the CLI tests run: the binary (or a wrapper around it, such as
# the valgrind one), and two helpers built without sanitizers.
SIMDSUM ?= $(SIMDSUM_BIN)
FAULT_SHIM = $(BUILD)/tests/fault_shim.so
# I/O faults (fault_shim.c) and allocation failures (fault_alloc.c) in one
# library, for every build that preloads it (cross and valgrind included).
FAULT_SHIM_SRC = tests/cli/fault_shim.c tests/cli/fault_alloc.c
$(FAULT_SHIM): $(FAULT_SHIM_SRC) | $(BUILD)
	$(CC) -shared -fPIC -O2 -Wall -o $@ $(FAULT_SHIM_SRC) -ldl

# ISA-L's CRC-32C as an independent oracle for large files.
CRC32C_REF = $(BUILD)/tests/crc32c_ref
$(CRC32C_REF): tests/cli/crc32c_ref.c | $(BUILD)
	$(CC) -O2 -Wall -Wextra -o $@ $< -lisal

check-cli: $(FAULT_SHIM) $(CRC32C_REF)

# --- beyond make check: what .ci/run adds ---------------------------------

# ASan + UBSan build of everything, running the unit and CLI tests.
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
		 -fno-sanitize-recover=all
check-sanitize:
	$(MAKE) BUILD=build-asan SIMDSUM_BIN=build-asan/simdsum CFLAGS="$(SANITIZE_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" unit-tests build-asan/simdsum
	ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		$(MAKE) BUILD=build-asan SIMDSUM_BIN=build-asan/simdsum CFLAGS="$(SANITIZE_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" check-unit check-fuzz-corpus check-cli

# The same tree built with clang, warnings as errors for both compilers
# (the benchmark programs too, so they do not rot between runs; clang's
# with the shared libcpuid, gcc's with the default archive; check-isa on
# what clang's own assembler made of asm/), and the
# build with libcpuid and libxxhash linked statically (LIBCPUID_STATIC=yes:
# what a machine without them runs) with its self-test.
check-compilers:
	$(MAKE) BUILD=build-gcc SIMDSUM_BIN=build-gcc/simdsum CC=gcc CFLAGS="-O2 -Werror" all unit-tests \
		bench-programs test-programs
	$(MAKE) BUILD=build-clang SIMDSUM_BIN=build-clang/simdsum CC=clang CFLAGS="-O2 -Werror" \
		LIBCPUID_STATIC=no all unit-tests bench-programs test-programs check-unit check-isa
	$(MAKE) BUILD=build-static SIMDSUM_BIN=build-static/simdsum LIBCPUID_STATIC=yes \
		CFLAGS="-O2 -Werror" build-static/simdsum
	build-static/simdsum --selftest > /dev/null

# The other test programs built from C: fuzz targets with replay.c's
# main, the cross test (tests/fuzz/fuzz.mk, tests/cross/cross.mk).
test-programs: $(BUILD)/tests/replay_check_line $(BUILD)/tests/replay_stream $(BUILD)/tests/cross_test

.PHONY: check-sanitize check-compilers test-programs

# A -fcf-protection build, then readelf: IBT and SHSTK in every object
# (asm/asm.h emits the note for the .S files) and in the binary when the
# C library's start files allow it, no text relocations (the link also
# refuses them: -z text), a PIE with a non-executable stack; and the
# build passes its self-test.
check-elf:
ifeq ($(IS_X86_64),yes)
	$(MAKE) BUILD=build-cet SIMDSUM_BIN=build-cet/simdsum CFLAGS="-O2 -fcf-protection" \
		LDFLAGS="-Wl,-z,text" build-cet/simdsum
	tests/elf/check_elf.sh build-cet build-cet/simdsum $(CC)
	build-cet/simdsum --selftest | tail -1
else
	@echo "check-elf: x86-64 only (IBT/SHSTK are x86 properties)"
endif

.PHONY: check-elf

# valgrind's memcheck over the CLI tests, on a generic-only build
# (valgrind does not know every AVX-512 instruction): any error or leak
# in any process fails (tests/valgrind/simdsum keeps one log per
# process). Every process starts valgrind (1-2 s), so the tests that take
# minutes are skipped (SIMDSUM_SKIP_SLOW: the 5 GiB file, the million-line
# list, 3 million one-byte parts), and so are two files that run the same
# code hundreds of times: check_fuzz.bats (300 runs of the list parser,
# which the fuzzer checks under ASan and UBSan) and faults.bats (the read
# loop under every short read and EINTR; errors.bats runs it under short
# reads and EINTR once), and alloc_faults.bats (valgrind replaces malloc,
# and the wrapper script is a shell whose own allocations would fail). All
# files: make check-valgrind VALGRIND_SKIP=
VALGRIND_BUILD = build-valgrind
VALGRIND_SKIP ?= tests/cli/check_fuzz.bats tests/cli/faults.bats tests/cli/alloc_faults.bats
VALGRIND_CLI_TESTS ?= $(filter-out $(VALGRIND_SKIP),$(wildcard tests/cli/*.bats))
check-valgrind:
	$(MAKE) BUILD=$(VALGRIND_BUILD) SIMDSUM_BIN=$(VALGRIND_BUILD)/simdsum ENABLE_ASM=no \
		CFLAGS="-O1 -g" $(VALGRIND_BUILD)/simdsum $(VALGRIND_BUILD)/tests/fault_shim.so \
		$(VALGRIND_BUILD)/tests/crc32c_ref
	rm -rf $(VALGRIND_BUILD)/logs && mkdir -p $(VALGRIND_BUILD)/logs
	VALGRIND_SIMDSUM=$(abspath $(VALGRIND_BUILD)/simdsum) VALGRIND_LOGS=$(abspath $(VALGRIND_BUILD)/logs) \
		SIMDSUM_SKIP_SLOW=1 SIMDSUM=$(abspath tests/valgrind/simdsum) \
		FAULT_SHIM=$(abspath $(VALGRIND_BUILD)/tests/fault_shim.so) \
		CRC32C_REF=$(abspath $(VALGRIND_BUILD)/tests/crc32c_ref) $(BATS_RUN) $(BATS_FLAGS) $(VALGRIND_CLI_TESTS)
	@cd $(VALGRIND_BUILD)/logs && n=$$(ls *.log | wc -l) && bad=$$(find . -name '*.log' -size +0) && \
	if [ -n "$$bad" ]; then cat $$bad; echo "valgrind: errors in $$(echo $$bad | wc -w) of $$n processes"; exit 1; fi; \
	echo "valgrind: $$n processes, no errors, no leaks"

.PHONY: check-valgrind

# Last, so that the variables above (FAULT_SHIM, CRC32C_REF...) are set
# when their rules' prerequisites are read.
include tests/fuzz/fuzz.mk
include tests/cross/cross.mk
include tests/cpu_models/cpu_models.mk
include tests/isa/isa.mk
