/* impl_sha256.c - the SHA256 registry rows, most preferred first. */
#include "impl.h"
#include "sha256.h"

/* Order and thresholds, measured on a Zen 5 (EPYC Turin) VM, core
 * cycles per 64-byte block, 1 / 2 / 256 blocks per call:
 *   shani  ~150 / ~140 / 130   latency of 32 dependent sha256rnds2
 *   avx2   ~395 / ~365 / 335   (rorx rounds, two-block schedule)
 *   avx    ~405 / ~380 / 345
 *   ssse3  ~420 / ~390 / 360
 *   generic ~590 / ~590 / 575
 * Every kernel is at least as fast as the ones below it at every call
 * size, a single block included (avx2 schedules one lone block in xmm
 * lanes), so no row needs an auto_min_len: the first one the CPU runs
 * takes all calls. */
const struct impl sha256_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA256, .name = "shani", .needs = CPUF(SHA) | CPUF(SSSE3),
	  .fn.sha256 = sha256_blocks_shani },
#endif
	{ .family = FAMILY_SHA256, .name = "avx2", .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2),
	  .fn.sha256 = sha256_blocks_avx2 },
	{ .family = FAMILY_SHA256, .name = "avx", .needs = CPUF(AVX), .fn.sha256 = sha256_blocks_avx },
	{ .family = FAMILY_SHA256, .name = "ssse3", .needs = CPUF(SSSE3), .fn.sha256 = sha256_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA256, .name = "generic", .fn.sha256 = sha256_blocks_generic },
	{ 0 }
};
