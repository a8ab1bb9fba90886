/* impl_sha512.c - the SHA512 registry rows. What auto makes of them comes
 * from their costs (src/profile_builtin.c) and src/cost_model.c. */
#include "impl.h"
#include "sha512.h"

/* Order, measured on the Zen 5 (EPYC Turin) development VM: one-shot
 * SHA-512 digests through the driver, contestants interleaved in one
 * process, 90th-percentile throughput of 401 short samples, GB/s:
 *
 *               64 B   1 KiB  16 KiB   1 MiB
 *   avx512     0.463   0.964   1.109   1.064
 *   avx2       0.456   0.962   1.103   1.064
 *   avx        0.426   0.880   1.018   0.977
 *   ssse3      0.414   0.838   0.962   0.932
 *   generic    0.269   0.512   0.583   0.555
 *   (OpenSSL 3.0 EVP, its AVX2 path: 0.165 0.739 1.005 0.964)
 *
 * (Measured before sha512_ymm.h loaded the next pair of blocks during
 * the rounds of the current one; since then avx512 and avx2 run about
 * 2% faster from a few blocks up: at 16 KiB 1.10-1.11x OpenSSL's best
 * in bench/peers, where it was 1.08x.)
 *
 * avx512 and avx2 run the same scalar rounds; avx512's cheaper message
 * schedule is worth ~0.5% on an idle core and 5-8% when the core is
 * shared (fewer operations to issue).  avx512 touches no ZMM register
 * (EVEX on YMM only): the clock and the speed of scalar code run right
 * after it measured the same as after avx2 or after no vector code. */
const struct impl sha512_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_AVX512
	{ .family = FAMILY_SHA512, .name = "avx512",
	  .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2) | CPUF(AVX512F) | CPUF(AVX512VL),
	  .fn.sha512 = sha512_blocks_avx512 },
#endif
	{ .family = FAMILY_SHA512, .name = "avx2", .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2),
	  .fn.sha512 = sha512_blocks_avx2 },
	{ .family = FAMILY_SHA512, .name = "avx", .needs = CPUF(AVX), .fn.sha512 = sha512_blocks_avx },
	{ .family = FAMILY_SHA512, .name = "ssse3", .needs = CPUF(SSSE3), .fn.sha512 = sha512_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA512, .name = "generic", .fn.sha512 = sha512_blocks_generic },

	/* Multi-buffer kernel for the lane scheduler (src/lanes.c): 8 lanes at
	 * 4.9 GB/s aggregate (16 KiB per lane) against about 1.0 for the best
	 * single stream (Zen 5). */
#if SIMDSUM_ASM_X86 && HAVE_AS_AVX512
	{ .family = FAMILY_SHA512, .name = "avx512x8", .lanes = 8,
	  .needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW),
	  .fn.sha512_mb = sha512_mblocks_avx512x8 },
#endif
	{ 0 }
};
