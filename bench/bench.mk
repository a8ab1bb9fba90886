# SPDX-License-Identifier: MIT
# bench/bench.mk - benchmarks beyond `simdsum --benchmark` (never installed).
# Included by the top-level Makefile.
#
#   make bench           simdsum vs OpenSSL (EVP) and ISA-L: ratios per size
#   make bench-plot      bench/throughput.png from `simdsum --benchmark`
#   make bench-commands  whole commands with hyperfine (bench/commands.sh)
#   make bench-targets   the comparisons the speed goals are stated in
#   make bench-results   all of the above into this CPU's section of bench/RESULTS.md

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

bench-programs: $(BENCH_PEERS) $(BENCH_GEN)

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

.PHONY: bench-programs bench bench-plot bench-commands bench-targets bench-results
