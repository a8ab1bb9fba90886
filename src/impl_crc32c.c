/* impl_crc32c.c - the CRC-32C registry rows, most preferred first. */
#include "crc32c.h"
#include "impl.h"

const struct impl crc32c_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_VPCLMULQDQ
	{ .family = FAMILY_CRC32C, .name = "hybrid",
	  .needs = CPUF(SSE42) | CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512VL) | CPUF(AVX512BW) | CPUF(VPCLMULQDQ),
	  .fn.crc32c = crc32c_hybrid },
	{ .family = FAMILY_CRC32C, .name = "vpclmul",
	  .needs = CPUF(SSE42) | CPUF(PCLMUL) | CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512VL) | CPUF(AVX512BW) | CPUF(VPCLMULQDQ),
	  .fn.crc32c = crc32c_vpclmul },
#endif
	{ .family = FAMILY_CRC32C, .name = "sse42",
	  .needs = CPUF(SSE42) | CPUF(SSE41) | CPUF(PCLMUL),
	  .fn.crc32c = crc32c_sse42 },
	{ .family = FAMILY_CRC32C, .name = "pclmul",
	  .needs = CPUF(SSE42) | CPUF(SSE41) | CPUF(PCLMUL),
	  .fn.crc32c = crc32c_pclmul },
#endif
	{ .family = FAMILY_CRC32C, .name = "generic", .fn.crc32c = crc32c_generic },
	{ 0 }
};
