# tests/tests.mk - unit tests (cmocka), CLI tests (bats), man page lint.
# Included by the top-level Makefile.

VECTORS ?= $(abspath ../shared/vectors)
TEST_CFLAGS = -DVECTORS_DIR='"$(VECTORS)"' -Itests/unit
TEST_LIBS = -lcmocka -lcrypto -lisal

UNIT_TESTS = test_vectors test_differential test_oracle test_parts test_multibuffer test_abi test_crosscheck
UNIT_BINS = $(UNIT_TESTS:%=$(BUILD)/tests/%)
TESTLIB_OBJ = $(BUILD)/tests/testlib.o

$(BUILD)/tests/%.o: tests/unit/%.c | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(TEST_CFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes -MMD -MP -c -o $@ $<

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TESTLIB_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(LIBS)

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

check-cli: $(SIMDSUM_BIN)
	SIMDSUM=$(abspath $(SIMDSUM_BIN)) FAULT_SHIM=$(abspath $(FAULT_SHIM)) bats tests/cli

check-man:
	@out=$$(mandoc -T lint -W warning man/simdsum.1 2>&1); \
	if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "man/simdsum.1: mandoc lint clean"

check: check-unit check-cli check-man

.PHONY: unit-tests check check-unit check-cli check-man

FAULT_SHIM = $(BUILD)/tests/fault_shim.so
$(FAULT_SHIM): tests/cli/fault_shim.c | $(BUILD)
	$(CC) -shared -fPIC -O2 -Wall -o $@ $< -ldl

check-cli: $(FAULT_SHIM)

# --- beyond make check: what .ci/run adds ---------------------------------

# ASan + UBSan build of everything, running the unit and CLI tests.
SANITIZE_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
		 -fno-sanitize-recover=all
check-sanitize:
	$(MAKE) BUILD=build-asan SIMDSUM_BIN=build-asan/simdsum CFLAGS="$(SANITIZE_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" unit-tests build-asan/simdsum
	ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		$(MAKE) BUILD=build-asan SIMDSUM_BIN=build-asan/simdsum CFLAGS="$(SANITIZE_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" check-unit check-cli

# The same tree built with clang, warnings as errors for both compilers
# (the benchmark programs too, so they do not rot between runs).
check-compilers:
	$(MAKE) BUILD=build-gcc SIMDSUM_BIN=build-gcc/simdsum CC=gcc CFLAGS="-O2 -Werror" all unit-tests \
		bench-programs
	$(MAKE) BUILD=build-clang SIMDSUM_BIN=build-clang/simdsum CC=clang CFLAGS="-O2 -Werror" all unit-tests \
		bench-programs check-unit

.PHONY: check-sanitize check-compilers
