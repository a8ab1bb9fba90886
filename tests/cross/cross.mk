# SPDX-License-Identifier: MIT
# tests/cross/cross.mk - the portable build on other architectures
# (included by tests/tests.mk):
#
#   make check-cross     for each of CROSS_ARCHES: cross-compile with
#                        Debian's <arch>-linux-gnu-gcc, then under
#                        qemu-user run cross_test.c (the test core's
#                        bodies, tests/core: NIST and CRC-32C vectors,
#                        splits, every row against generic, lanes, CRC
#                        models), --selftest, and the CLI tests in CROSS_CLI_TESTS
#                        with the emulated binary as SIMDSUM
#
# Needs (Debian 12): gcc-aarch64-linux-gnu gcc-s390x-linux-gnu
# libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-user. s390x is
# big-endian: the test of every byte-order assumption. No libcpuid is
# needed or linked on either (the check below makes sure); libxxhash's
# implementation is compiled from its header (XXHASH_INLINE=yes), as
# Debian has no cross package of the library.

CROSS_ARCHES ?= aarch64 s390x
# The CLI tests take about 7 minutes per architecture under emulation and
# exercise the same portable code on each, so by default only the
# big-endian one runs them (make check-cross CROSS_CLI_ARCHES="aarch64 s390x").
CROSS_CLI_ARCHES ?= s390x
# The CLI tests run emulated: every file but those that need an x86 binary
# or take minutes under emulation (impl_matrix: x86 rows; large_file: 5 GiB
# through an emulated CPU; many_files: trees of 2,000 files per
# implementation and -j). hostile_lists' million lines is skipped with
# SIMDSUM_SKIP_SLOW. Also left out, for now, the tests of choices made by
# measuring this machine (--tune, --check-auto, the I/O choice, the
# page-cache probe behind the default -j): under qemu-user they fail
# (RWF_NOWAIT and the timings are the emulator's); they run natively in
# make check, and endianness is not what they test.
CROSS_CLI_TESTS ?= $(filter-out tests/cli/impl_matrix.bats tests/cli/large_file.bats \
	tests/cli/many_files.bats tests/cli/tune.bats tests/cli/check_auto.bats \
	tests/cli/io_choice.bats tests/cli/jobs_default.bats,$(wildcard tests/cli/*.bats))

check-cross: $(CROSS_ARCHES:%=check-cross-%)

check-cross-%: $(FAULT_SHIM) $(CRC32C_REF)
	$(MAKE) CC=$*-linux-gnu-gcc AR=$*-linux-gnu-ar BUILD=build-$* SIMDSUM_BIN=build-$*/simdsum \
		CFLAGS="-O2 -g" XXHASH_INLINE=yes build-$*/simdsum build-$*/tests/cross_test build-$*/tests/fault_shim.so
	@if $*-linux-gnu-readelf -d build-$*/simdsum | grep -q 'NEEDED.*cpuid'; then \
		echo "build-$*/simdsum links libcpuid"; exit 1; fi
	qemu-$* -L /usr/$*-linux-gnu build-$*/tests/cross_test $(VECTORS)
	qemu-$* -L /usr/$*-linux-gnu build-$*/simdsum --selftest
	$(if $(filter $*,$(CROSS_CLI_ARCHES)),,@echo "check-cross-$*: CLI tests not run (CROSS_CLI_ARCHES=$(CROSS_CLI_ARCHES))"; exit 0;) \
	CROSS_ARCH=$* CROSS_SIMDSUM=$(abspath build-$*/simdsum) \
		CROSS_FAULT_SHIM=$(abspath build-$*/tests/fault_shim.so) SIMDSUM_SKIP_SLOW=1 \
		SIMDSUM=$(abspath tests/cross/qemu/simdsum) FAULT_SHIM=$(abspath $(FAULT_SHIM)) \
		CRC32C_REF=$(abspath $(CRC32C_REF)) $(BATS_RUN) $(BATS_FLAGS) $(CROSS_CLI_TESTS)

$(BUILD)/tests/cross_test: tests/cross/cross_test.c $(TEST_CORE_SRC) $(LIB) | $(BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) -DVECTORS_DIR='"$(VECTORS)"' -Itests/core $(ALL_CFLAGS) \
		$(LDFLAGS) -o $@ $^ $(LIBS)

.PHONY: check-cross
