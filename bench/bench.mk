# SPDX-License-Identifier: MIT
# bench/bench.mk - benchmarks beyond `simdsum --benchmark` (never installed).
# Included by the top-level Makefile.
#
#   make bench           simdsum vs OpenSSL (EVP) and ISA-L: ratios per size
#   make bench-plot      bench/throughput.png from `simdsum --benchmark`
#   make bench-commands  whole commands with hyperfine (bench/commands.sh)
#   make bench-targets   the comparisons the speed goals are stated in
#   make bench-results   all of the above into this CPU's section of bench/RESULTS.md
#   make blend-sweep     CRC-32C's crc32/VPCLMULQDQ blend at each proportion below
#   make profile-regret  each built-in CPU's choices under every other profile
#   make crc-call-shapes short CRCs timed alone, chained and as whole messages
#
# On a lent machine that cannot build: bench/device/bundle.sh here, then
# devrun/run.sh there (bench/device/run.sh says what it measures).

BENCH_BUILD = $(BUILD)/bench
BENCH_PEERS = $(BENCH_BUILD)/peers
BENCH_GEN = $(BENCH_BUILD)/gen_data
BENCH_BATCHES ?= 41

$(BENCH_PEERS): bench/peers.c $(LIB) | $(BUILD)
	mkdir -p $(BENCH_BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) $(CPUID_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< \
		$(LIB) -lcrypto -lisal -lz $(LIBS)

$(BENCH_GEN): bench/gen_data.c | $(BUILD)
	mkdir -p $(BENCH_BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< -lm

# The proportions (S chains, Q qwords a chain, V ymm accumulators a round)
# blend_sweep races: Zen 3's neighbours of the shipped 4,3,3 (crc32 and
# the multiplier each 8 bytes a cycle: S Q = 4 V), and proportions for
# CPUs whose ymm multiplier does 16 bytes a cycle beside one crc32 a cycle
# (S Q = 2 V), and between.
BLEND_VARIANTS ?= 4,3,3 4,2,2 4,4,4 3,4,3 3,2,2 4,2,3 3,2,3 4,2,4 3,2,4 \
	4,3,4 4,3,5 4,3,6 3,4,6 5,2,4 5,2,5 4,4,6
BLEND_DIR = $(BENCH_BUILD)/blend
blend_id = $(subst $(comma),_,$(1))
comma := ,
BLEND_OBJ = $(foreach v,$(BLEND_VARIANTS),$(BLEND_DIR)/blend_$(call blend_id,$(v)).o)

# One header of constants for every proportion (the committed one has the
# shipped proportion only). The kernel is copied beside it, since a quoted
# #include looks in the including file's own directory first.
$(BLEND_DIR)/crc32c_fold256.h: asm/gen_crc32c_constants.py bench/bench.mk
	mkdir -p $(BLEND_DIR)
	python3 asm/gen_crc32c_constants.py $(foreach v,$(BLEND_VARIANTS),--blend $(v),64) \
		--lanes 24 > $@
$(BLEND_DIR)/blend_variants.h: bench/bench.mk
	mkdir -p $(BLEND_DIR)
	printf 'BLEND_VARIANT(%s)\n' $(BLEND_VARIANTS) > $@
$(BLEND_DIR)/crc32c_avx2blend.S: asm/crc32c_avx2blend.S
	mkdir -p $(BLEND_DIR)
	cp $< $@
$(BLEND_DIR)/blend_%.o: $(BLEND_DIR)/crc32c_avx2blend.S $(BLEND_DIR)/crc32c_fold256.h
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) -I$(BLEND_DIR) -Iasm $(CFLAGS) -Wa,--noexecstack -c \
		-DBLEND_S=$(word 1,$(subst _, ,$*)) -DBLEND_Q=$(word 2,$(subst _, ,$*)) \
		-DBLEND_V=$(word 3,$(subst _, ,$*)) -DBLEND_NAME=crc32c_blend_$* -o $@ $<
$(BENCH_BUILD)/blend_sweep: bench/blend_sweep.c $(BLEND_DIR)/blend_variants.h $(BLEND_OBJ) $(LIB)
	$(CC) $(ALL_CPPFLAGS) $(ASM_DEFS) -I$(BLEND_DIR) $(CPUID_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ \
		bench/blend_sweep.c $(BLEND_OBJ) $(LIB) -lisal $(LIBS)

blend-sweep: $(BENCH_BUILD)/blend_sweep
	$(BENCH_BUILD)/blend_sweep

$(BENCH_BUILD)/profile_regret: bench/profile_regret.c $(LIB) | $(BUILD)
	mkdir -p $(BENCH_BUILD)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

profile-regret: $(BENCH_BUILD)/profile_regret
	$(BENCH_BUILD)/profile_regret

$(BENCH_BUILD)/crc_call_shapes: bench/crc_call_shapes.c $(LIB) | $(BUILD)
	mkdir -p $(BENCH_BUILD)
	$(CC) $(ALL_CPPFLAGS) $(CPUID_CFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

crc-call-shapes: $(BENCH_BUILD)/crc_call_shapes
	$(BENCH_BUILD)/crc_call_shapes

bench-programs: $(BENCH_PEERS) $(BENCH_GEN) $(BENCH_BUILD)/blend_sweep $(BENCH_BUILD)/profile_regret \
	$(BENCH_BUILD)/crc_call_shapes

bench: $(BENCH_PEERS)
	$(BENCH_PEERS) --batches=$(BENCH_BATCHES)

bench-plot: $(SIMDSUM_BIN)
	bench/plot.sh $(abspath $(SIMDSUM_BIN)) bench/throughput.png

bench-commands: $(SIMDSUM_BIN) $(BENCH_GEN)
	SIMDSUM=$(abspath $(SIMDSUM_BIN)) GEN_DATA=$(abspath $(BENCH_GEN)) bench/commands.sh

bench-targets: $(SIMDSUM_BIN) $(BENCH_GEN)
	SIMDSUM=$(abspath $(SIMDSUM_BIN)) GEN_DATA=$(abspath $(BENCH_GEN)) bench/targets.sh

bench-results: $(SIMDSUM_BIN) $(BENCH_PEERS) $(BENCH_GEN)
	SIMDSUM=$(abspath $(SIMDSUM_BIN)) PEERS=$(abspath $(BENCH_PEERS)) \
		GEN_DATA=$(abspath $(BENCH_GEN)) BENCH_BATCHES=$(BENCH_BATCHES) bench/update-results.sh

.PHONY: blend-sweep profile-regret crc-call-shapes bench-programs bench bench-plot bench-commands bench-targets bench-results
