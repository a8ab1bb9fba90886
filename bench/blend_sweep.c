/* SPDX-License-Identifier: MIT */
/* blend_sweep.c - CRC-32C's crc32/VPCLMULQDQ blends at every proportion
 * this build assembled, beside the registry's CRC-32C rows and ISA-L's
 * crc32_iscsi, on this CPU.
 *
 * The best proportion of crc32q chains to vector accumulators is a
 * property of the microarchitecture (how many crc32 a cycle issue, how
 * wide the carry-less multiplier is); asm/crc32c_avx2blend.S takes it as
 * parameters. bench/bench.mk assembles that file once per proportion
 * listed in BLEND_VARIANTS, each under the name crc32c_blend_S_Q_V, and
 * lists them to this program through blend_variants.h. Every variant is
 * first checked against the portable CRC on many lengths and offsets (a
 * wrong one is reported and not timed); then all contestants run in
 * interleaved batches of about 250 us, in a new random order each round,
 * and the fastest batch of each is kept, as bench/peers.c does.
 *
 *   make blend-sweep        (build/bench/blend_sweep [--batches=N])
 */
#include <isa-l.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpu.h"
#include "crc32c.h"
#include "impl.h"

struct contestant {
	char name[40];
	uint32_t (*fn)(uint32_t crc, const uint8_t *data, size_t len);
	double best_ns[8];      /* per size: the fastest call seen */
};

/* The variants: BLEND_VARIANT(S, Q, V) lines, made by bench/bench.mk
 * (none where the assembler lacks VPCLMULQDQ: the kernel is then empty). */
#if SIMDSUM_ASM_X86 && HAVE_AS_VPCLMULQDQ
#define HAVE_BLENDS 1
#define BLEND_VARIANT(s, q, v) uint32_t crc32c_blend_##s##_##q##_##v(uint32_t, const uint8_t *, size_t);
#include "blend_variants.h"
#undef BLEND_VARIANT
#else
#define HAVE_BLENDS 0
#endif

static uint32_t isal_iscsi(uint32_t crc, const uint8_t *data, size_t len)
{
	/* ISA-L's crc32_iscsi keeps the register un-inverted too; its
	 * length is an int, so this harness never passes more than 1 MiB. */
	return crc32_iscsi((unsigned char *)data, (int)len, crc);
}

static const size_t sizes[] = { 1024, 4096, 16384, 65536, 1 << 20 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define BATCH_NS 250000.0

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Times one batch of independent calls of len bytes; returns ns a call. */
static double batch(const struct contestant *c, const uint8_t *buf, size_t len,
		    volatile uint32_t *sink)
{
	unsigned calls = (unsigned)(BATCH_NS / ((double)len / 16.0 + 20.0)) + 1;
	double t0 = now_ns();
	uint32_t acc = 0;
	for (unsigned i = 0; i < calls; i++)
		acc ^= c->fn(0xffffffffu, buf, len);
	double t = now_ns() - t0;
	*sink = acc;
	return t / calls;
}

/* A variant agrees with the portable CRC on lengths 0..2100, some long
 * odd ones, and every start offset mod 64. */
static bool agrees(const struct contestant *c, const uint8_t *buf)
{
	static const size_t longer[] = { 4095, 4096, 4097, 10000, 65535, 100003, 1 << 20 };
	for (size_t len = 0; len <= 2100; len++)
		if (c->fn(0x12345678u, buf + len % 64, len) !=
		    crc32c_generic(0x12345678u, buf + len % 64, len))
			return false;
	for (size_t i = 0; i < sizeof longer / sizeof longer[0]; i++)
		if (c->fn(0xffffffffu, buf + i, longer[i]) != crc32c_generic(0xffffffffu, buf + i, longer[i]))
			return false;
	return true;
}

int main(int argc, char **argv)
{
	unsigned batches = 25;
	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "--batches=", 10) == 0 && atoi(argv[i] + 10) > 0) {
			batches = (unsigned)atoi(argv[i] + 10);
		} else {
			fprintf(stderr, "usage: %s [--batches=N]\n", argv[0]);
			return 2;
		}
	}
	cpu_features have = cpu_features_get();
	struct contestant all[64];
	size_t n = 0;
	snprintf(all[n].name, sizeof all[n].name, "isa-l crc32_iscsi");
	all[n++].fn = isal_iscsi;
	for (const struct impl *k = crc32c_impls; k->name; k++) {
		if ((k->needs & have) != k->needs || strcmp(k->name, "generic") == 0)
			continue;
		snprintf(all[n].name, sizeof all[n].name, "row %s", k->name);
		all[n++].fn = k->fn.crc32;
	}
	size_t first_variant = n;
	cpu_features blend_needs = CPUF(SSE42) | CPUF(SSE41) | CPUF(PCLMUL) | CPUF(AVX) |
				   CPUF(AVX2) | CPUF(VPCLMULQDQ);
	bool blends = HAVE_BLENDS && (blend_needs & have) == blend_needs;
#if HAVE_BLENDS
#define BLEND_VARIANT(s, q, v)                                                  \
	if (blends && n < sizeof all / sizeof all[0]) {                          \
		snprintf(all[n].name, sizeof all[n].name, "blend S%d Q%d V%d", s, q, v); \
		all[n++].fn = crc32c_blend_##s##_##q##_##v;                      \
	}
#include "blend_variants.h"
#undef BLEND_VARIANT
#endif
	if (!blends)
		printf("blend variants: skipped (this CPU or assembler lacks AVX2 or VPCLMULQDQ)\n");

	size_t buf_size = (1 << 20) + 4096;
	uint8_t *buf = aligned_alloc(64, buf_size);
	if (!buf)
		return 1;
	srand(20261204);
	for (size_t i = 0; i < buf_size; i++)
		buf[i] = (uint8_t)rand();

	size_t m = first_variant;
	for (size_t i = first_variant; i < n; i++) {
		if (!agrees(&all[i], buf)) {
			printf("%s: WRONG RESULT, not timed\n", all[i].name);
			continue;
		}
		all[m++] = all[i];
	}
	n = m;

	volatile uint32_t sink;
	size_t order[64];
	for (size_t i = 0; i < n; i++) {
		order[i] = i;
		for (size_t s = 0; s < NSIZES; s++)
			all[i].best_ns[s] = 1e30;
	}
	for (unsigned b = 0; b < batches; b++) {
		for (size_t i = n - 1; i > 0; i--) {
			size_t j = (size_t)rand() % (i + 1), t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (size_t s = 0; s < NSIZES; s++)
			for (size_t i = 0; i < n; i++) {
				struct contestant *c = &all[order[i]];
				double ns = batch(c, buf, sizes[s], &sink);
				if (ns < c->best_ns[s])
					c->best_ns[s] = ns;
			}
	}

	char cpu[128];
	cpu_features_format(have, " ", cpu, sizeof cpu);
	printf("CRC-32C blends, GB/s (fastest of %u interleaved batches of independent calls, in cache)\n",
	       batches);
	printf("CPU: %s\n%-24s", cpu_brand(), "");
	for (size_t s = 0; s < NSIZES; s++)
		printf(" %9zu", sizes[s]);
	printf("   (x isa-l at 16 KiB, 1 MiB)\n");
	for (size_t i = 0; i < n; i++) {
		printf("%-24s", all[i].name);
		for (size_t s = 0; s < NSIZES; s++)
			printf(" %9.1f", (double)sizes[s] / all[i].best_ns[s]);
		printf("   %.2fx %.2fx\n", all[0].best_ns[2] / all[i].best_ns[2],
		       all[0].best_ns[NSIZES - 1] / all[i].best_ns[NSIZES - 1]);
	}
	free(buf);
	return 0;
}
