/* SPDX-License-Identifier: MIT */
/* impl_crc32c.c - the CRC-32C registry rows. What auto makes of them comes
 * from their costs (src/profile_builtin.c) and src/cost_model.c.
 *
 * Measured on the reference VM (AMD Zen 5 "Turin", 2 vCPUs),
 * one process, kernels interleaved in random order, best of 51 batches;
 * ratios are to ISA-L's crc32_iscsi in the same run.  "indep" = calls
 * on the same buffer that do not wait for each other, "chained" = each
 * call fed the previous register (a stream of updates).
 */
#include "crc32c.h"
#include "crc_model.h"
#include "impl.h"

uint32_t crc32c_generic(uint32_t crc, const uint8_t *data, size_t len)
{
	return (uint32_t)crc_model_update(&crc_model_crc32c, crc, data, len);
}

const struct impl crc32c_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_VPCLMULQDQ
	/* crc32q chains beside VPCLMULQDQ folding.  Tuned for CPUs that
	 * issue about two crc32 a cycle next to the vector unit (Zen 5).
	 * Where crc32 issues once a cycle (Intel), its chains would be the
	 * bottleneck and vpclmul faster: the profiles of such CPUs say so,
	 * and the default profile keeps auto on vpclmul.  From 1 KiB it
	 * beats vpclmul in both ways of calling (indep/chained, vs
	 * ISA-L): 1 KiB 1.66x/1.71x against 1.13x/1.66x, 2 KiB 1.76x/1.66x against 1.06x/1.15x, 4 KiB
	 * 1.88x/1.85x against 1.03x/1.03x, 1 MiB 1.59x/1.65x against
	 * 1.00x/1.01x; at 768 bytes chained calls still favour vpclmul
	 * (1.27x against 1.68x). */
	{ .family = FAMILY_CRC32C, .name = "hybrid",
	  .needs = CPUF(SSE42) | CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512VL) |
		   CPUF(AVX512BW) | CPUF(VPCLMULQDQ),
	  .fn.crc32 = crc32c_hybrid },
	/* AVX-512 folding: the folding template (asm/crc_fold.h) on zmm,
	 * ending with the crc32 instruction.  It replaced a hand-written
	 * kernel of the same steps up to 256 bytes, and measured equal to
	 * it (within 1%) on independent calls at every length from 64
	 * bytes, equal or faster on chained ones (1.7x at 100 bytes, 1.1x
	 * at 384).  The replaced kernel from 64 bytes, against sse42
	 * (indep/chained, ratios to ISA-L): 64 B 2.29x/2.30x against
	 * 1.69x/3.12x, 96 B 2.01x/2.82x against 1.72x/3.30x, 128 B
	 * 3.11x/3.25x against 1.91x/3.26x, 256 B 1.44x/2.02x against
	 * 0.85x/1.50x.  Below 64 bytes it runs the same crc32 chain as
	 * sse42 (measured equal, 1..63 bytes). */
	{ .family = FAMILY_CRC32C, .name = "vpclmul",
	  .needs = CPUF(SSE42) | CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512VL) |
		   CPUF(AVX512BW) | CPUF(VPCLMULQDQ),
	  .fn.crc32 = crc32c_vpclmul },
	/* crc32q chains beside 256-bit VPCLMULQDQ folding, for CPUs with
	 * VPCLMULQDQ but no AVX-512 (Zen 3, Alder Lake): 4 chains of 3
	 * qwords and 3 ymm accumulators a round (the proportion is a
	 * parameter of asm/crc32c_avx2blend.S, which lists the others
	 * measured).  On the Zen 3 VM (EPYC family 0x19 model 0x01; runs
	 * taken only while ISA-L did its undisturbed 24.7 GB/s, best of 33
	 * interleaved batches), against sse42 (indep/chained, ratios to
	 * ISA-L): 64 B 1.84x/1.87x against 2.06x/1.87x, 256 B 1.26x/1.67x
	 * against 1.17x/1.41x, 1 KiB 1.36x/1.49x against 1.08x/1.16x,
	 * 4 KiB 1.72x/1.77x against 1.00x/1.04x, 16 KiB 1.85x/1.86x
	 * against 0.99x/0.99x, 1 MiB 1.66x/1.71x against 0.87x/0.86x.
	 * Under 80 bytes it runs sse42's single chain, from 80 to 127 it
	 * tail-calls crc32c_sse42 (hence SSE41 in its needs). */
	{ .family = FAMILY_CRC32C, .name = "avx2blend",
	  .needs = CPUF(SSE42) | CPUF(SSE41) | CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX2) |
		   CPUF(VPCLMULQDQ),
	  .fn.crc32 = crc32c_avx2blend },
	/* The folding template on ymm alone, no crc32 instruction: for CPUs
	 * with 256-bit VPCLMULQDQ where avx2blend's crc32 chains do not pay
	 * (one crc32 a cycle, as on Intel); the profile decides.  Its
	 * vpshufb, vpextrd and vpinsrq are VEX forms: AVX's, not SSSE3's or
	 * SSE4.1's. */
	{ .family = FAMILY_CRC32C, .name = "vpclmul256",
	  .needs = CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX2) | CPUF(VPCLMULQDQ),
	  .fn.crc32 = crc32c_vpclmul256 },
#endif
	/* crc32 chains (one, or three from 80 bytes): the kernel for CPUs
	 * without AVX-512.  Against ISA-L (indep/chained): 7 B 7.5x/7.1x,
	 * 31 B 2.00x/3.22x, 63 B 1.82x/2.56x, 64 B 1.69x/3.12x, 1 KiB
	 * 0.73x/0.72x, from 4 KiB about 0.5x (8 bytes a cycle). */
	{ .family = FAMILY_CRC32C, .name = "sse42",
	  .needs = CPUF(SSE42) | CPUF(SSE41) | CPUF(PCLMUL),
	  .fn.crc32 = crc32c_sse42 },
	/* 128-bit folding, the template every reflected CRC shares
	 * (asm/crc_fold.h).  Zen 5 issues one pclmulqdq every other cycle,
	 * so it tops out near 14 GB/s, half of sse42 (about 28 GB/s from
	 * 4 KiB). */
	{ .family = FAMILY_CRC32C, .name = "pclmul",
	  .needs = CPUF(SSSE3) | CPUF(SSE41) | CPUF(PCLMUL),
	  .fn.crc32 = crc32c_pclmul },
#endif
	{ .family = FAMILY_CRC32C, .name = "generic", .fn.crc32 = crc32c_generic },
	{ 0 }
};
