# SPDX-License-Identifier: MIT
# tests/cpu_models/cpu_models.mk - the x86-64 build on older CPUs, under
# qemu-user's CPU models (included by tests/tests.mk):
#
#   make check-cpu-models   for each of CPU_MODELS, under qemu-x86_64 -cpu
#                           MODEL: check_model.sh (--list-impls against the
#                           model's features, --selftest, every refused row
#                           forced, auto against generic), the unit tests in
#                           CPU_MODEL_UNIT_TESTS and the CLI tests in
#                           CPU_MODEL_CLI_TESTS, on the rows the model runs
#
# SIMDSUM_CPU_DISABLE masks features, but on a CPU that has them a kernel
# that uses more than its row's needs still runs. An emulated model's
# CPUID has only the model's features, and any instruction outside them
# is SIGILL: an AVX2 or BMI2 instruction in an avx kernel, EVEX in avx2,
# SHA or SSE4.1 in ssse3 fails here. Needs qemu-user; Debian 12's (7.2)
# emulates up to AVX2, BMI1/2 and PCLMULQDQ (VEX.128 included), not
# SHA-NI, AVX-512 or VPCLMULQDQ on ymm/zmm, so the shani, avx512, vpclmul
# and hybrid rows are only ever refused here (make check-isa reads their
# instructions instead: tests/isa/isa.mk).

# Each model tests what the one above it cannot: Haswell every row up to
# AVX2; SandyBridge the avx rows without AVX2 and BMI; Westmere the sse42
# and pclmul rows without AVX; Nehalem SSE4.2 without PCLMULQDQ (the
# CRC-32C rows refused); core2duo the ssse3 rows without SSE4.1.
CPU_MODELS ?= Haswell SandyBridge Westmere Nehalem core2duo
# What simdsum must detect on each, as its --list-impls "CPU features:"
# line names them (from the processors' specifications). A model added to
# CPU_MODELS needs its line here.
CPU_MODEL_FEATURES_Haswell = sse2 ssse3 sse4.1 sse4.2 pclmulqdq avx avx2 bmi1 bmi2
CPU_MODEL_FEATURES_SandyBridge = sse2 ssse3 sse4.1 sse4.2 pclmulqdq avx
CPU_MODEL_FEATURES_Westmere = sse2 ssse3 sse4.1 sse4.2 pclmulqdq
CPU_MODEL_FEATURES_Nehalem = sse2 ssse3 sse4.1 sse4.2
CPU_MODEL_FEATURES_core2duo = sse2 ssse3

# The unit tests that drive every row with vectors, every length, every
# lane and the ABI checks (under a minute per model emulated); test_oracle
# (OpenSSL and ISA-L, emulated too) adds half a minute per model and
# nothing the differential test does not check on these rows.
CPU_MODEL_UNIT_TESTS ?= test_vectors test_differential test_multibuffer test_abi test_crosscheck
# The CLI tests: impl_matrix forces every row --list-impls calls
# supported, which under the wrapper is every row the model runs. (Other
# files may need the fault shim and crc32c_ref: make check-cli builds them.)
CPU_MODEL_CLI_TESTS ?= tests/cli/impl_matrix.bats

# check=off: no warnings for the model's features qemu's TCG lacks (pcid,
# x2apic... none of them used by simdsum).
CPU_MODEL_QEMU = qemu-x86_64 -cpu $*,check=off
CPU_MODEL_ENV = CPU_MODEL=$* CPU_MODEL_SIMDSUM=$(abspath $(SIMDSUM_BIN)) \
	SIMDSUM=$(abspath tests/cpu_models/qemu/simdsum)

ifeq ($(ENABLE_ASM),yes)
check-cpu-models: $(CPU_MODELS:%=check-cpu-model-%)

check-cpu-model-%: $(SIMDSUM_BIN) $(CPU_MODEL_UNIT_TESTS:%=$(BUILD)/tests/%)
	$(if $(CPU_MODEL_FEATURES_$*),,$(error no CPU_MODEL_FEATURES_$* in tests/cpu_models/cpu_models.mk))
	$(CPU_MODEL_ENV) tests/cpu_models/check_model.sh $* "$(CPU_MODEL_FEATURES_$*)"
	@set -e; ulimit -c 0; for t in $(CPU_MODEL_UNIT_TESTS); do echo "== $*: $$t"; \
		$(CPU_MODEL_QEMU) $(BUILD)/tests/$$t; done
	$(CPU_MODEL_ENV) $(BATS_RUN) $(BATS_FLAGS) $(CPU_MODEL_CLI_TESTS)
else
check-cpu-models:
	@echo "check-cpu-models: x86-64 asm builds only (ENABLE_ASM=$(ENABLE_ASM))"
endif

.PHONY: check-cpu-models
