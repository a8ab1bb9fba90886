# tests/tests.mk - unit tests (cmocka), CLI tests (bats), man page lint.
# Included by the top-level Makefile.

VECTORS ?= $(abspath ../shared/vectors)
TEST_CFLAGS = -DVECTORS_DIR='"$(VECTORS)"' -Itests/unit
TEST_LIBS = -lcmocka -lcrypto -lisal

UNIT_TESTS = test_vectors test_differential test_oracle test_parts
UNIT_BINS = $(UNIT_TESTS:%=$(BUILD)/tests/%)
TESTLIB_OBJ = $(BUILD)/tests/testlib.o

$(BUILD)/tests/%.o: tests/unit/%.c | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(TEST_CFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes -MMD -MP -c -o $@ $<

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TESTLIB_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(LIBS)

unit-tests: $(UNIT_BINS)

# Each unit test program prints cmocka's report; skipped implementations
# show as [  SKIPPED ] with the missing CPU features.
check-unit: $(UNIT_BINS)
	@set -e; for t in $(UNIT_BINS); do echo "== $$t"; $$t; done

check-cli: simdsum
	bats tests/cli

check-man:
	@out=$$(mandoc -T lint -W warning man/simdsum.1 2>&1); \
	if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "man/simdsum.1: mandoc lint clean"

check: check-unit check-cli check-man

.PHONY: unit-tests check check-unit check-cli check-man

FAULT_SHIM = $(BUILD)/tests/fault_shim.so
$(FAULT_SHIM): tests/cli/fault_shim.c | $(BUILD)
	$(CC) -shared -fPIC -O2 -Wall -o $@ $< -ldl

check-cli: $(FAULT_SHIM)
